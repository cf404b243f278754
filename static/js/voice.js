// "Read aloud": the browser's own speech synthesis says what the page shows (issue 31). No server,
// no download. The switch is remembered per device and per kind of page (a table screen, a Young
// children table, any other table), so turning it off on the TV leaves the children's tablet as it
// was; the speed and the voice are chosen once per device. A page only ever passes it words it
// shows that device, so the voice can say nothing the page may not.
//
// Browsers say nothing until someone has touched the page (issue 46: a TV nobody tapped refused
// every sentence with `not-allowed` while its switch said "✓ Read aloud"). So the switch shows what
// is heard, not what is wished: until a touch, or after a `not-allowed`, it reads as off, and a page
// that asks for it shows a big "Tap here…" button; the first touch anywhere lets the voice speak.
import { h } from "./dom.js";
import { gettext, language, pgettext } from "./i18n.js";

const KEY = "jag.voice.";
// Sentences waiting their turn beyond the one being said: older ones are dropped, so the voice
// never falls far behind the table.
const MAX_WAITING = 3;
const RATES = [0.7, 0.85, 1, 1.15, 1.3];
// The events by which a browser lets a page speak (its "user activation").
const GESTURES = ["pointerdown", "pointerup", "touchend", "keydown", "click"];
// The language a voice speaks the page's words in, by the page's language (English as the page says it).
const SPEECH_LANGS = { es: "es-ES", pt: "pt-BR" };

/** The language tag for an utterance: "es-ES" on a Spanish page, "pt-BR" on a Portuguese one. */
export function speechLang(page = language()) {
  return SPEECH_LANGS[page] || page;
}

function stored(name) {
  try {
    return localStorage.getItem(KEY + name);
  } catch {
    return null; // storage may be switched off: the defaults then hold for this visit
  }
}

function store(name, value) {
  try {
    localStorage.setItem(KEY + name, value);
  } catch {
    /* as above */
  }
}

/** Voices in the page's language first (English on an English page), then the rest, each group by name. */
function voicesInOrder(synth) {
  const page = language().slice(0, 2).toLowerCase();
  const ours = (v) => (v.lang || "").toLowerCase().startsWith(page);
  return [...synth.getVoices()].sort((a, b) => ours(b) - ours(a) || a.name.localeCompare(b.name));
}

/** Whether the page has been touched (a browser that cannot say is trusted until it refuses). */
function touched() {
  return navigator.userActivation ? navigator.userActivation.hasBeenActive : true;
}

/**
 * Words as a voice should say them: a gamer tag's underscores as spaces and its camelCase apart, so
 * "Grandma_Ruth" and "GrandmaRuth" are both said "Grandma Ruth" (and "JagAI" as "Jag AI").
 * @param {string} text
 */
export function sayable(text) {
  return String(text || "")
    .replace(/_+/g, " ")
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Draw the switch into `mount` and return the voice: speak(text), stop(), `on` (wished) and
 * `heard` (wished and let speak). With `prompt`, a "Tap here…" button goes after `prompt.after`
 * while the browser refuses to speak (focused, with `prompt.focus`, for a TV remote's OK key);
 * `onAllowed` is called once speech comes back after a touch, to say what the page shows now.
 * @param {HTMLElement} mount
 * @param {{defaultOn?: boolean, context?: "screen" | "young" | "table", prompt?: {after: HTMLElement, words: string, focus?: boolean} | null, onAllowed?: () => void}} options
 */
export function setUpVoice(mount, { defaultOn = false, context = "table", prompt = null, onAllowed = null } = {}) {
  const synth = window.speechSynthesis;
  const canSpeak = !!synth && typeof window.SpeechSynthesisUtterance === "function";
  const saved = stored(`on.${context}`);
  const queue = [];
  let speaking = null;
  let allowed = touched();

  const voice = {
    on: canSpeak && (saved === null ? defaultOn : saved === "on"),
    get heard() {
      return voice.on && allowed;
    },
    speak(text) {
      const words = sayable(text);
      if (!voice.on || !words) return;
      if (!allowed) return; // nothing kept for later: it would be stale by the touch
      queue.push(words);
      while (queue.length > MAX_WAITING) queue.shift();
      next();
    },
    stop() {
      queue.length = 0;
      speaking = null;
      if (canSpeak) synth.cancel();
    },
  };
  if (!canSpeak) return voice; // no switch for a voice the browser does not have

  function chosenVoice() {
    const name = stored("name");
    return name ? synth.getVoices().find((v) => v.name === name) || null : null;
  }

  function next() {
    if (speaking || !queue.length || !voice.heard) return;
    const utterance = new window.SpeechSynthesisUtterance(queue.shift());
    utterance.rate = Number(stored("rate")) || 1;
    const chosen = chosenVoice();
    if (chosen) utterance.voice = chosen;
    utterance.lang = chosen?.lang || speechLang();
    const done = () => {
      if (speaking !== utterance) return;
      speaking = null;
      next();
    };
    utterance.onend = done;
    utterance.onerror = (event) => {
      if (event.error === "not-allowed") refused();
      done();
    };
    speaking = utterance;
    synth.speak(utterance);
  }

  /** The browser said no: show it, and ask for a touch again. */
  function refused() {
    allowed = false;
    queue.length = 0;
    speaking = null;
    show();
    if (prompt?.focus && !tap.hidden) tap.focus({ preventScroll: true });
  }

  /** A touch let the page speak. A press of the switch or the prompt says so; any touch then lets
   *  the page say what it shows now. Something is spoken inside the touch itself, as some browsers
   *  need for the first sentence: at the least a silent one, which also proves the voice allowed. */
  function allow(pressed) {
    allowed = true;
    show();
    if (pressed) voice.speak(gettext("Read aloud is on."));
    onAllowed?.();
    if (speaking) return;
    const silent = new window.SpeechSynthesisUtterance(" ");
    silent.volume = 0;
    silent.lang = speechLang();
    silent.onerror = (event) => {
      if (event.error === "not-allowed") refused();
    };
    synth.speak(silent);
  }

  const button = h("button", { type: "button", class: "button button-small voice-switch", "aria-pressed": "false" }, gettext("Read aloud"));
  button.addEventListener("click", () => {
    // The switch as it reads: off while the browser refuses, so a press turns it on (and, being a
    // touch, lets it speak).
    const wasHeard = voice.heard;
    voice.on = !wasHeard;
    store(`on.${context}`, voice.on ? "on" : "off");
    if (voice.on) allow(true);
    else {
      voice.stop();
      show();
    }
  });

  const tap = h("button", { type: "button", class: "button button-big voice-prompt", hidden: true }, prompt?.words || gettext("Tap here to read aloud"));
  tap.addEventListener("click", () => {
    if (!voice.heard) allow(true);
  });
  if (prompt) prompt.after.after(tap);

  // The first touch anywhere lets the voice speak; the switch's own press is its own.
  const onGesture = (event) => {
    if (allowed || !voice.on || event.target?.closest?.(".voice-switch, .voice-prompt")) return;
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return; // a touch still going on
    allow(false);
  };
  for (const type of GESTURES) window.addEventListener(type, onGesture, true);

  const speed = h("select", { class: "voice-speed", "aria-label": gettext("Speed") });
  const current = Number(stored("rate")) || 1;
  for (const rate of RATES) {
    const label = rate === 1 ? pgettext("a voice's speed", "Normal") : rate < 1 ? (rate < 0.8 ? pgettext("a voice's speed", "Slow") : gettext("A little slower")) : rate > 1.2 ? pgettext("a voice's speed", "Fast") : gettext("A little faster");
    speed.append(h("option", { value: String(rate), selected: rate === current }, label));
  }
  speed.addEventListener("change", () => store("rate", speed.value));

  const voices = h("select", { class: "voice-name", "aria-label": pgettext("the voice that reads aloud", "Voice") });
  const fillVoices = () => {
    const name = stored("name");
    voices.replaceChildren(
      h("option", { value: "" }, gettext("The device's own")),
      ...voicesInOrder(synth).map((v) => h("option", { value: v.name, selected: v.name === name }, `${v.name} (${v.lang})`)),
    );
  };
  fillVoices();
  synth.addEventListener?.("voiceschanged", fillVoices);
  voices.addEventListener("change", () => store("name", voices.value));

  const settings = h(
    "details",
    { class: "voice-settings" },
    h("summary", {}, pgettext("the voice that reads aloud", "Voice")),
    h("label", { class: "voice-field" }, gettext("Speed"), " ", speed),
    h("label", { class: "voice-field" }, pgettext("the voice that reads aloud", "Voice"), " ", voices),
  );

  /** The switch and the prompt as things are: pressed only while the voice is heard. */
  function show() {
    button.setAttribute("aria-pressed", String(voice.heard));
    settings.hidden = !voice.heard; // speed and voice matter only while it speaks
    tap.hidden = !(prompt && voice.on && !allowed);
  }

  mount.append(button, settings);
  show();
  if (prompt?.focus && !tap.hidden) tap.focus({ preventScroll: true });
  return voice;
}
