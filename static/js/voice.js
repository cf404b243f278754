// "Read aloud": the browser's own speech synthesis says what the page shows (issue 31). No server,
// no download. The switch is remembered per device and per kind of page (a table screen, a Young
// children table, any other table), so turning it off on the TV leaves the children's tablet as it
// was; the speed and the voice are chosen once per device. A page only ever passes it words it
// shows that device, so the voice can say nothing the page may not.
import { h } from "./dom.js";

const KEY = "jag.voice.";
// Sentences waiting their turn beyond the one being said: older ones are dropped, so the voice
// never falls far behind the table.
const MAX_WAITING = 3;
const RATES = [0.7, 0.85, 1, 1.15, 1.3];

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

/** English voices first, then the rest, each group by name. */
function voicesInOrder(synth) {
  const english = (v) => (v.lang || "").toLowerCase().startsWith("en");
  return [...synth.getVoices()].sort((a, b) => english(b) - english(a) || a.name.localeCompare(b.name));
}

/**
 * Draw the switch into `mount` and return the voice: speak(text), stop(), and `on`.
 * @param {HTMLElement} mount
 * @param {{defaultOn?: boolean, context?: "screen" | "young" | "table"}} options
 */
export function setUpVoice(mount, { defaultOn = false, context = "table" } = {}) {
  const synth = window.speechSynthesis;
  const canSpeak = !!synth && typeof window.SpeechSynthesisUtterance === "function";
  const saved = stored(`on.${context}`);
  const queue = [];
  let speaking = null;

  const voice = {
    on: canSpeak && (saved === null ? defaultOn : saved === "on"),
    speak(text) {
      const words = String(text || "").trim();
      if (!voice.on || !words) return;
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
    if (speaking || !queue.length || !voice.on) return;
    const utterance = new window.SpeechSynthesisUtterance(queue.shift());
    utterance.rate = Number(stored("rate")) || 1;
    const chosen = chosenVoice();
    if (chosen) utterance.voice = chosen;
    utterance.lang = chosen?.lang || document.documentElement.lang || "en";
    const done = () => {
      if (speaking !== utterance) return;
      speaking = null;
      next();
    };
    utterance.onend = done;
    utterance.onerror = done;
    speaking = utterance;
    synth.speak(utterance);
  }

  const button = h(
    "button",
    { type: "button", class: "button button-small voice-switch", "aria-pressed": String(voice.on) },
    "Read aloud",
  );
  button.addEventListener("click", () => {
    voice.on = !voice.on;
    store(`on.${context}`, voice.on ? "on" : "off");
    button.setAttribute("aria-pressed", String(voice.on));
    settings.hidden = !voice.on; // speed and voice matter only while it speaks
    if (voice.on) voice.speak("Read aloud is on.");
    else voice.stop();
  });

  const speed = h("select", { class: "voice-speed", "aria-label": "Speed" });
  const current = Number(stored("rate")) || 1;
  for (const rate of RATES) {
    const label = rate === 1 ? "Normal" : rate < 1 ? (rate < 0.8 ? "Slow" : "A little slower") : rate > 1.2 ? "Fast" : "A little faster";
    speed.append(h("option", { value: String(rate), selected: rate === current }, label));
  }
  speed.addEventListener("change", () => store("rate", speed.value));

  const voices = h("select", { class: "voice-name", "aria-label": "Voice" });
  const fillVoices = () => {
    const name = stored("name");
    voices.replaceChildren(
      h("option", { value: "" }, "The device's own"),
      ...voicesInOrder(synth).map((v) => h("option", { value: v.name, selected: v.name === name }, `${v.name} (${v.lang})`)),
    );
  };
  fillVoices();
  synth.addEventListener?.("voiceschanged", fillVoices);
  voices.addEventListener("change", () => store("name", voices.value));

  const settings = h(
    "details",
    { class: "voice-settings" },
    h("summary", {}, "Voice"),
    h("label", { class: "voice-field" }, "Speed ", speed),
    h("label", { class: "voice-field" }, "Voice ", voices),
  );
  settings.hidden = !voice.on;
  mount.append(button, settings);
  return voice;
}
