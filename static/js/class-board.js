// The class board (classes/pages.py, meant for the projector at 1920x1080 and usable on the leader's
// phone): it asks for the class's state every 2 seconds and draws the roster, the tables, and at
// the end what the class did together (by table and in all, never a ranking of children: the
// board shows whose turn it is, not who is ahead). Every button is a plain POST form (it works without this
// script too). Each table is drawn from its public view: never anybody's cards.
import { fill, h } from "./dom.js";
import { gettext, interpolate, language, ngettext, pgettext } from "./i18n.js";

const root = document.getElementById("class-board");
const EVERY_MS = 2000;
let drawn = "";
let drawnStage = "";
let last = null; // the state drawn last, drawn again when a button changes the board's own look
let reading = 0; // the table whose verses are read aloud (0: none)
let spoken = "";
let askingToEnd = false; // "End the class" pressed once: the board asks before ending everything
// The voice reads the verses in the page's language (English as the browser has it).
const SPEECH_LANGS = { es: "es-ES", pt: "pt-BR" };
// R42: the live decks the leader may deal from, the main deck first (none: only the main deck).
const DECKS = JSON.parse(document.getElementById("class-decks")?.textContent || "[]");
const tableName = (n) => interpolate(gettext("Table %(n)s"), { n });

function act(action, label, fields = {}, buttonClass = "button") {
  const url = root.dataset.actions.replace("ACTION", action);
  // `data-focus` names the button across redraws, so focus stays where the leader left it.
  const key = fields.pupil ? `${action}-${fields.pupil}` : action;
  return h(
    "form",
    { method: "post", action: url, class: "inline-post" },
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: root.dataset.csrf }),
    Object.entries(fields).map(([name, value]) => h("input", { type: "hidden", name, value })),
    h("button", { type: "submit", class: buttonClass, "data-focus": key }, label),
  );
}

/** Ending the class ends every game at once, so the first press only asks: "Yes, end the class"
 * posts (the server still checks the leader and their class, and the answer), "Keep playing" puts
 * the button back. No dialog: the question sits where the button was. */
function endControl(label) {
  if (!askingToEnd) {
    return h("button", { type: "button", class: "button button-secondary", "data-focus": "end-ask", onclick: () => askToEnd(true) }, label);
  }
  return h(
    "div",
    { class: "class-end-ask", role: "group", "aria-labelledby": "class-end-question" },
    h("p", { id: "class-end-question", class: "class-end-question" }, gettext("End the class for everyone?")),
    act("end-all", gettext("Yes, end the class"), { sure: "yes" }, "button button-danger"),
    h("button", { type: "button", class: "button button-secondary", "data-focus": "end-keep", onclick: () => askToEnd(false) }, gettext("Keep playing")),
  );
}

function askToEnd(asking) {
  askingToEnd = asking;
  draw(last, { again: true });
  // The safe answer has the focus: a second press (or Enter) never ends the class by itself.
  root.querySelector(`[data-focus="${asking ? "end-keep" : "end-ask"}"]`)?.focus();
}

const STAGE_WORDS = {
  joining: (s) =>
    interpolate(ngettext("%(n)s child of %(cap)s has joined", "%(n)s children of %(cap)s have joined", s.children.length), { n: s.children.length, cap: s.cap }) +
    (s.locked ? ` · ${gettext("joining is locked")}` : ""),
  tables: (s) => interpolate(ngettext("%(n)s table made: move a child if you like, then Start all", "%(n)s tables made: move a child if you like, then Start all", s.tables.length), { n: s.tables.length }),
  playing: (s) =>
    s.tables.every((t) => t.over)
      ? gettext("Every table has finished: tap End all to see what the class did together")
      : interpolate(ngettext("Playing at %(n)s table", "Playing at %(n)s tables", s.tables.length), { n: s.tables.length }),
  ended: () => gettext("The class has ended. Thank you for playing together!"),
};

function controls(s) {
  if (s.stage === "joining") {
    const make = act("make-tables", gettext("Make tables"), {}, "button button-big");
    make.classList.add("class-make");
    make.prepend(h("label", { class: "check-label" }, h("input", { type: "checkbox", name: "teams", id: "class-teams-box", checked: s.teams }), ` ${gettext("Teams of two")}`));
    if (DECKS.length) make.prepend(deckChoice());
    return [
      make,
      s.locked ? act("open", gettext("Open joining again"), {}, "button button-secondary") : act("lock", gettext("Lock joining"), {}, "button button-secondary"),
      endControl(gettext("End the class")),
    ];
  }
  if (s.stage === "tables") {
    return [
      act("start-all", gettext("Start all"), {}, "button button-big"),
      act("make-tables", gettext("Make tables again"), s.teams ? { teams: "on" } : {}, "button button-secondary"),
      endControl(gettext("End the class")),
    ];
  }
  if (s.stage === "playing") return [endControl(gettext("End all")), readAloud(s), cards(s)];
  return [cards(s), h("a", { class: "button button-secondary", href: "/" }, gettext("Back to the start"))];
}

/** Which deck the class's tables deal (R42): kept across redraws by the last choice made. */
let chosenDeck = "";
function deckChoice() {
  const select = h(
    "select",
    { name: "deck", id: "class-deck", onchange: (e) => { chosenDeck = e.target.value; } },
    DECKS.map((d) => h("option", { value: String(d.id), selected: String(d.id) === chosenDeck }, d.name)),
  );
  return h("label", { class: "class-deck", for: "class-deck" }, `${gettext("Deck")} `, select);
}

/** Take-home cards (a QR and a code per child, for a parent to keep their games): a new tab. */
function cards(s) {
  if (!s.children.length) return null;
  const form = h(
    "form",
    { method: "post", action: root.dataset.cards, target: "_blank", class: "inline-post" },
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: root.dataset.csrf }),
    h("button", { type: "submit", class: "button button-secondary", "data-focus": "print-cards" }, gettext("Print take-home cards")),
  );
  return form;
}

function readAloud(s) {
  if (!("speechSynthesis" in window)) return null;
  const select = h(
    "select",
    {
      id: "class-read",
      onchange: (e) => {
        reading = Number(e.target.value);
        spoken = "";
        speak(reading ? interpolate(gettext("Reading the verses of table %(n)s."), { n: reading }) : "");
      },
    },
    h("option", { value: "0" }, pgettext("reading verses aloud", "Off")),
    s.tables.map((t) => h("option", { value: String(t.number), selected: t.number === reading }, tableName(t.number))),
  );
  return h("label", { class: "class-read", for: "class-read" }, `${gettext("Read verses aloud:")} `, select);
}

function speak(words) {
  window.speechSynthesis.cancel();
  if (!words) return;
  const utterance = new SpeechSynthesisUtterance(words);
  const lang = SPEECH_LANGS[language()];
  if (lang) utterance.lang = lang;
  window.speechSynthesis.speak(utterance);
}

function roster(s) {
  if (s.stage !== "joining" && s.stage !== "tables") return [];
  const joining = s.stage === "joining";
  return [
    h("h2", { id: "class-roster-title", class: "class-section-title" }, joining ? gettext("Who has joined") : gettext("Who sits where")),
    s.children.length === 0 ? h("p", { class: "muted" }, gettext("Nobody yet: the children type the code above, or scan the QR.")) : null,
    h(
      "ul",
      { class: "class-children" },
      s.children.map((c) =>
        h(
          "li",
          { class: "class-child" },
          h("span", { class: "tag class-child-name" }, c.name),
          joining ? childControls(c) : moveControl(s, c),
        ),
      ),
    ),
  ];
}

function childControls(c) {
  const rename = act("rename", gettext("Rename"), { pupil: c.id }, "button button-small button-secondary");
  rename.prepend(
    h("label", { class: "visually-hidden", for: `rename-${c.id}` }, interpolate(gettext("A new name for %(name)s"), { name: c.name })),
    h("input", { type: "text", id: `rename-${c.id}`, name: "name", maxlength: 20, required: true, class: "class-rename", placeholder: gettext("New name") }),
  );
  return h(
    "details",
    { class: "class-child-more", "data-key": `child-${c.id}` },
    h("summary", { "data-focus": `change-${c.id}` }, h("span", { class: "visually-hidden" }, interpolate(pgettext("a child's name, read before the Change button", "%(name)s: "), { name: c.name })), gettext("Change")),
    rename,
    act("remove", interpolate(gettext("Remove %(name)s"), { name: c.name }), { pupil: c.id }, "button button-small button-secondary"),
  );
}

function moveControl(s, c) {
  const form = act("move", pgettext("move a child to another table", "Move"), { pupil: c.id }, "button button-small button-secondary");
  const select = h(
    "select",
    { name: "table", id: `move-${c.id}`, onchange: () => form.requestSubmit() },
    s.tables.map((t) => h("option", { value: String(t.number), selected: t.number === c.table }, tableName(t.number))),
  );
  form.prepend(h("label", { class: "visually-hidden", for: `move-${c.id}` }, interpolate(gettext("%(name)s's table"), { name: c.name })), select);
  return form;
}

function tableCard(t) {
  const latest = t.latest;
  return h(
    "article",
    { class: `class-table${t.over ? " is-over" : ""}`, "aria-labelledby": `class-table-${t.number}` },
    h("h2", { id: `class-table-${t.number}`, class: "class-table-title" }, tableName(t.number), t.over ? h("span", { class: "class-table-done" }, ` · ${pgettext("a class's table", "finished")}`) : null),
    circle(t),
    h(
      "ul",
      { class: "class-seats" },
      t.seats.map((seat) =>
        h(
          "li",
          { class: `class-seat${seat.turn ? " is-turn" : ""}` },
          seat.turn ? h("span", { class: "class-turn-dot", "aria-label": gettext("whose turn") }) : null,
          h("span", { class: "tag" }, seat.name),
        ),
      ),
    ),
    latest ? h("blockquote", { class: "class-verse" }, h("p", {}, latest.verse.text), h("footer", {}, `${latest.title} · ${latest.verse.reference}`)) : null,
  );
}

function circle(t) {
  const slots = [];
  for (let i = 0; i < 12; i++) {
    const stone = t.stones[i];
    const kind = `class-slot${stone ? " is-laid" : ""}${stone?.sealed ? " is-sealed" : ""}`;
    slots.push(h("li", { class: kind, title: stone ? stone.title : "" }));
  }
  const n = t.stones.length;
  const label = interpolate(ngettext("%(n)s stone of 12 in the circle", "%(n)s stones of 12 in the circle", n), { n });
  return h("div", { class: "class-circle-box" }, h("ol", { class: "class-circle", "aria-label": label }, slots), h("p", { class: "class-circle-count" }, interpolate(gettext("%(n)s of 12"), { n })));
}

function together(s) {
  if (s.stage !== "ended") return [];
  const sum = (key) => s.tables.reduce((n, t) => n + (t.together ? t.together[key] : 0), 0);
  return [
    h("h2", { id: "class-together-title", class: "class-section-title" }, gettext("What we did together")),
    h(
      "ul",
      { class: "class-totals" },
      // Each total's words follow its number, large above them (the same words for any number).
      h("li", {}, h("strong", {}, String(sum("stones"))), ` ${pgettext("the class's totals, after the number", "stones laid")}`),
      h("li", {}, h("strong", {}, String(sum("verses"))), ` ${pgettext("the class's totals, after the number", "verses met")}`),
      h("li", {}, h("strong", {}, String(sum("words"))), ` ${pgettext("the class's totals, after the number", "words remembered")}`),
    ),
  ];
}

/** What the leader has open, typed, ticked or focused on the board, put back after it is drawn
 * again (a child joining redraws it every few seconds). */
function remember() {
  const open = new Set([...root.querySelectorAll("details[open][data-key]")].map((d) => d.dataset.key));
  const typed = [...root.querySelectorAll("input[type=text][id]")].filter((i) => i.value).map((i) => [i.id, i.value]);
  const ticked = [...root.querySelectorAll("input[type=checkbox][id]")].map((i) => [i.id, i.checked]);
  const active = root.contains(document.activeElement) ? document.activeElement : null;
  const focused = active?.id ? `#${CSS.escape(active.id)}` : active?.dataset.focus ? `[data-focus="${active.dataset.focus}"]` : null;
  return () => {
    for (const details of root.querySelectorAll("details[data-key]")) if (open.has(details.dataset.key)) details.open = true;
    for (const [id, value] of typed) {
      const input = document.getElementById(id);
      if (input && !input.value) input.value = value;
    }
    for (const [id, checked] of ticked) {
      const box = document.getElementById(id);
      if (box) box.checked = checked;
    }
    if (focused && !root.contains(document.activeElement)) root.querySelector(focused)?.focus({ preventScroll: true });
  };
}

function draw(s, { again = false } = {}) {
  const text = JSON.stringify(s);
  last = s;
  // A box being typed in (or a list being chosen from) is never redrawn under the leader's hands.
  const busy = root.contains(document.activeElement) && document.activeElement.matches("input, select");
  if (!again && (text === drawn || busy)) return;
  if (s.stage !== drawnStage) askingToEnd = false; // the question was about the stage before
  drawn = text;
  drawnStage = s.stage;
  const putBack = remember();
  root.className = `class-board is-${s.stage}`;
  document.getElementById("class-join-box").hidden = s.stage !== "joining";
  document.getElementById("class-qr-box").hidden = s.stage !== "joining";
  document.getElementById("class-stage-line").textContent = STAGE_WORDS[s.stage](s);
  fill(document.getElementById("class-controls"), controls(s));
  fill(document.getElementById("class-roster"), roster(s));
  fill(document.getElementById("class-tables"), s.stage === "joining" ? [] : s.tables.map(tableCard));
  const done = document.getElementById("class-together");
  fill(done, together(s));
  done.hidden = s.stage !== "ended";
  putBack();
  const read = s.tables.find((t) => t.number === reading);
  const verse = read?.latest ? `${read.latest.verse.reference}. ${read.latest.verse.text}` : "";
  if (reading && verse && verse !== spoken) {
    spoken = verse;
    speak(verse);
  }
}

async function poll() {
  try {
    const response = await fetch(root.dataset.stateUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
    if (response.ok) draw(await response.json());
  } catch {
    // the network blinked: the next look tries again
  }
  setTimeout(poll, EVERY_MS);
}

draw(JSON.parse(document.getElementById("class-state").textContent));
setTimeout(poll, EVERY_MS);
