// The class board (classes/pages.py, meant for the projector at 1920x1080 and usable on the leader's
// phone): it asks for the class's state every 2 seconds and draws the roster, the tables, and at
// the end what the class did together (by table and in all, never a ranking of children: the
// board shows whose turn it is, not who is ahead). Every button is a plain POST form (it works without this
// script too). Each table is drawn from its public view: never anybody's cards.
import { fill, h, plural } from "./dom.js";

const root = document.getElementById("class-board");
const EVERY_MS = 2000;
let drawn = "";
let reading = 0; // the table whose verses are read aloud (0: none)
let spoken = "";

function act(action, label, fields = {}, buttonClass = "button") {
  const url = root.dataset.actions.replace("ACTION", action);
  return h(
    "form",
    { method: "post", action: url, class: "inline-post" },
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: root.dataset.csrf }),
    Object.entries(fields).map(([name, value]) => h("input", { type: "hidden", name, value })),
    h("button", { type: "submit", class: buttonClass }, label),
  );
}

const STAGE_WORDS = {
  joining: (s) =>
    `${plural(s.children.length, "child", "children")} of ${s.cap} ${s.children.length === 1 ? "has" : "have"} joined` +
    (s.locked ? " · joining is locked" : ""),
  tables: (s) => `${plural(s.tables.length, "table", "tables")} made: move a child if you like, then Start all`,
  playing: (s) =>
    s.tables.every((t) => t.over)
      ? "Every table has finished: tap End all to see what the class did together"
      : `Playing at ${plural(s.tables.length, "table", "tables")}`,
  ended: () => "The class has ended. Thank you for playing together!",
};

function controls(s) {
  if (s.stage === "joining") {
    const make = act("make-tables", "Make tables", {}, "button button-big");
    make.prepend(h("label", { class: "check-label" }, h("input", { type: "checkbox", name: "teams", checked: s.teams }), " Teams of two"));
    return [
      make,
      s.locked ? act("open", "Open joining again", {}, "button button-secondary") : act("lock", "Lock joining", {}, "button button-secondary"),
      act("end-all", "End the class", {}, "button button-secondary"),
    ];
  }
  if (s.stage === "tables") {
    return [
      act("start-all", "Start all", {}, "button button-big"),
      act("make-tables", "Make tables again", s.teams ? { teams: "on" } : {}, "button button-secondary"),
      act("end-all", "End the class", {}, "button button-secondary"),
    ];
  }
  if (s.stage === "playing") return [act("end-all", "End all", {}, "button button-secondary"), readAloud(s), cards(s)];
  return [cards(s), h("a", { class: "button button-secondary", href: "/" }, "Back to the start")];
}

/** Take-home cards (a QR and a code per child, for a parent to keep their games): a new tab. */
function cards(s) {
  if (!s.children.length) return null;
  const form = h(
    "form",
    { method: "post", action: root.dataset.cards, target: "_blank", class: "inline-post" },
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: root.dataset.csrf }),
    h("button", { type: "submit", class: "button button-secondary" }, "Print take-home cards"),
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
        speak(reading ? `Reading the verses of table ${reading}.` : "");
      },
    },
    h("option", { value: "0" }, "Off"),
    s.tables.map((t) => h("option", { value: String(t.number), selected: t.number === reading }, `Table ${t.number}`)),
  );
  return h("label", { class: "class-read", for: "class-read" }, "Read verses aloud: ", select);
}

function speak(words) {
  window.speechSynthesis.cancel();
  if (words) window.speechSynthesis.speak(new SpeechSynthesisUtterance(words));
}

function roster(s) {
  if (s.stage !== "joining" && s.stage !== "tables") return [];
  const joining = s.stage === "joining";
  return [
    h("h2", { id: "class-roster-title", class: "class-section-title" }, joining ? "Who has joined" : "Who sits where"),
    s.children.length === 0 ? h("p", { class: "muted" }, "Nobody yet: the children type the code above, or scan the QR.") : null,
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
  const rename = act("rename", "Rename", { pupil: c.id }, "button button-small button-secondary");
  rename.prepend(
    h("label", { class: "visually-hidden", for: `rename-${c.id}` }, `A new name for ${c.name}`),
    h("input", { type: "text", id: `rename-${c.id}`, name: "name", maxlength: 20, required: true, class: "class-rename", placeholder: "New name" }),
  );
  return h(
    "details",
    { class: "class-child-more" },
    h("summary", {}, h("span", { class: "visually-hidden" }, `${c.name}: `), "Change"),
    rename,
    act("remove", `Remove ${c.name}`, { pupil: c.id }, "button button-small button-secondary"),
  );
}

function moveControl(s, c) {
  const form = act("move", "Move", { pupil: c.id }, "button button-small button-secondary");
  const select = h(
    "select",
    { name: "table", id: `move-${c.id}`, onchange: () => form.requestSubmit() },
    s.tables.map((t) => h("option", { value: String(t.number), selected: t.number === c.table }, `Table ${t.number}`)),
  );
  form.prepend(h("label", { class: "visually-hidden", for: `move-${c.id}` }, `${c.name}'s table`), select);
  return form;
}

function tableCard(t) {
  const latest = t.latest;
  return h(
    "article",
    { class: `class-table${t.over ? " is-over" : ""}`, "aria-labelledby": `class-table-${t.number}` },
    h("h2", { id: `class-table-${t.number}`, class: "class-table-title" }, `Table ${t.number}`, t.over ? h("span", { class: "class-table-done" }, " · finished") : null),
    circle(t),
    h(
      "ul",
      { class: "class-seats" },
      t.seats.map((seat) =>
        h(
          "li",
          { class: `class-seat${seat.turn ? " is-turn" : ""}` },
          seat.turn ? h("span", { class: "class-turn-dot", "aria-label": "whose turn" }) : null,
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
  const label = `${plural(t.stones.length, "stone", "stones")} of 12 in the circle`;
  return h("div", { class: "class-circle-box" }, h("ol", { class: "class-circle", "aria-label": label }, slots), h("p", { class: "class-circle-count" }, `${t.stones.length} of 12`));
}

function together(s) {
  if (s.stage !== "ended") return [];
  const sum = (key) => s.tables.reduce((n, t) => n + (t.together ? t.together[key] : 0), 0);
  return [
    h("h2", { id: "class-together-title", class: "class-section-title" }, "What we did together"),
    h(
      "ul",
      { class: "class-totals" },
      h("li", {}, h("strong", {}, String(sum("stones"))), " stones laid"),
      h("li", {}, h("strong", {}, String(sum("verses"))), " verses met"),
      h("li", {}, h("strong", {}, String(sum("words"))), " words remembered"),
    ),
  ];
}

function draw(s) {
  const text = JSON.stringify(s);
  if (text === drawn || root.contains(document.activeElement) && document.activeElement.matches("input, select")) return;
  drawn = text;
  root.className = `class-board is-${s.stage}`;
  document.getElementById("class-join-box").hidden = s.stage !== "joining";
  document.getElementById("class-qr").hidden = s.stage !== "joining";
  document.getElementById("class-stage-line").textContent = STAGE_WORDS[s.stage](s);
  fill(document.getElementById("class-controls"), controls(s));
  fill(document.getElementById("class-roster"), roster(s));
  fill(document.getElementById("class-tables"), s.stage === "joining" ? [] : s.tables.map(tableCard));
  const done = document.getElementById("class-together");
  fill(done, together(s));
  done.hidden = s.stage !== "ended";
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
