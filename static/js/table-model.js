// The table as a page knows it from the server's messages: pure, shared by the table, the screen and
// the replay; each message makes a new frozen model whose `change` says what it did (docs/architecture.md).
import { gettext, interpolate, pgettext } from "./i18n.js";

// This seat's own acts: they end what its move panel says of its last Well draw or timeout.
const OWN_ACTS = new Set(["ask", "knock", "seal", "done", "pass", "share"]);
const QUIET = Object.freeze({ type: null, applied: false, events: Object.freeze([]), live: false, verse: null, answer: null, stone: false, behind: null, began: false, reconnect: false, reset: false });

/** A page's model before its first message. */
export function initialModel(code = null) {
  return Object.freeze({
    code,
    me: null, // {seat, tag, is_host}; none on a screen
    table: null,
    tableAt: 0,
    cards: null,
    view: null,
    verses: {},
    clock: null,
    clockAt: 0,
    moveSeconds: 60,
    version: 0,
    logVersion: -1, // of the newest event told
    pending: null, // this page's move {id, version, move} till it is answered
    waitingWord: [], // stories whose Word question is open: their verse waits
    lastAsk: null,
    news: null, // this seat's Well draw or timeout, till its next own act
    change: QUIET,
  });
}

/** The model after one server message, come at `now`. */
export function applyMessage(model, msg, now = 0) {
  let m = { ...model, change: { ...QUIET, type: msg.type } };
  const c = m.change;
  if (msg.type === "welcome") {
    // Another table's welcome (a screen Play again moved on) starts over.
    const code = msg.audience?.code || msg.table?.code || m.code;
    if (code !== m.code) m = { ...initialModel(code), change: c };
    c.reset = code !== model.code;
    m.me = msg.me || null;
    m.table = msg.table;
    m.tableAt = now;
    if (msg.cards) m.cards = msg.cards;
    if (msg.view) game(m, msg, msg.events || [], false, now);
  } else if (msg.type === "table") {
    c.began = model.table?.status === "waiting" && msg.table.status === "playing";
    c.reconnect = c.began && !m.cards; // for the faces
    m.table = msg.table;
    m.tableAt = now;
  } else if (msg.type === "update") {
    if (msg.cards) m.cards = msg.cards;
    // Lost updates: a catchup brings them. Before the card faces: the welcome that follows.
    // One the page holds already (sent again, or brought by a catchup first) changes nothing.
    if (m.view && msg.version <= m.version) return Object.freeze({ ...model, change: Object.freeze(c) });
    if (m.view && msg.version > m.version + 1) c.behind = { held: m.version, version: msg.version };
    else if (m.cards) game(m, msg, (msg.events || []).map((e) => ({ ...e, version: msg.version })), msg.version > m.logVersion, now);
  } else if (msg.type === "catchup") {
    if (msg.view && m.cards && !(m.view && msg.version < m.version)) game(m, msg, msg.events || [], false, now);
  } else if (msg.type === "ack" || msg.type === "error") {
    // An error with no id answers any move.
    if (msg.id ? msg.id === m.pending?.id : msg.type === "error") m.pending = null;
  }
  Object.freeze(c);
  return Object.freeze(m);
}

/** A view and its events (each with its version), `live` as they happen. */
function game(m, msg, events, live, now) {
  if (msg.view) m.view = msg.view;
  if (msg.verses) m.verses = msg.verses;
  if ("clock" in msg) {
    m.clock = msg.clock;
    m.clockAt = now;
    if (msg.clock) m.moveSeconds = Math.max(5, msg.clock.seconds_left);
  }
  if (typeof msg.version === "number") m.version = Math.max(m.version, msg.version);
  const fresh = events.filter((e) => e.version === undefined || e.version > m.logVersion);
  m.logVersion = Math.max(m.logVersion, msg.version ?? 0, ...events.map((e) => e.version ?? 0));
  if (m.pending && m.version > m.pending.version) m.pending = null;
  const waiting = new Set(m.waitingWord);
  for (const e of fresh) {
    if (e.type === "word_question") waiting.add(e.story);
    if (e.type === "word_answer") waiting.delete(e.story);
    if (e.type === "ask") m.lastAsk = e;
    // A timeout that hands the turn straight back, or ends a question, is no act of the seat's.
    if (!m.me || e.seat !== m.me.seat) continue;
    if (e.type === "well_draw" || e.type === "timeout") m.news = e;
    else if (OWN_ACTS.has(e.type) || (e.type === "word_answer" && e.choice != null)) m.news = null;
  }
  m.waitingWord = [...waiting];
  Object.assign(m.change, { applied: true, events: fresh, live });
  if (!live) return;
  // A stone's verse waits while its question is open; the answer brings it.
  const answers = fresh.filter((e) => e.type === "word_answer");
  const stones = fresh.filter((e) => e.type === "knock" || e.type === "seal");
  const shown = [...answers, ...stones.filter((e) => !waiting.has(e.story))].filter((e) => m.verses[e.story]?.text);
  m.change.verse = shown.length ? { story: shown.at(-1).story, seat: shown.at(-1).seat } : null;
  m.change.answer = answers.findLast((e) => e.seat === m.me?.seat) || null;
  m.change.stone = stones.length > 0;
}

/** This page's move is sent: it waits for its answer. */
export const startMove = (model, id, move) => Object.freeze({ ...model, pending: { id, version: model.version, move } });

/** The version a hello names after a reconnect: the view's, none before one. */
export const heldVersion = (model) => (model.view ? model.version : null);

/** "loading", "waiting", "playing" or "over". */
export function stage({ table, view, cards }) {
  if (!table) return "loading";
  if (table.status === "finished" || table.status === "ended" || view?.result) return "over";
  if (table.status === "waiting") return "waiting";
  return table.status === "playing" && view && cards ? "playing" : "loading";
}

export const faceOf = (model, id) => model.cards?.[id] ?? null;

/** A story's title, from its first card's face. */
export const storyTitle = (model, n) => faceOf(model, (n - 1) * 4)?.story_title ?? interpolate(gettext("Story %(story)s"), { story: n });

/** A seat's tag, with its number when two share it (JagAI 3). */
export function seatTag(model, seat) {
  const seats = model.table?.seats || [];
  const tag = seats.find((s) => s.seat === seat)?.tag ?? interpolate(gettext("Seat %(seat)s"), { seat });
  return seats.filter((s) => s.tag === tag).length > 1 ? `${tag} ${seat}` : tag;
}

/** "You" for this page's seat. */
export const seatName = (model, seat) => (seat === model.me?.seat ? pgettext("a seat's name, when it is yours", "You") : seatTag(model, seat));

/** For render-log.js's sentences. */
export const sayContext = (model) => ({ me: model.me?.seat ?? null, led: !!model.table?.led, name: (s) => seatTag(model, s), card: (id) => faceOf(model, id), story: (n) => storyTitle(model, n) });

/** Seconds left on the clock; null with none. */
export const clockLeft = (model, now) => (model.clock ? Math.max(0, model.clock.seconds_left - (now - model.clockAt) / 1000) : null);

/** Whole seconds before a public table starts; null with none. */
export function countdownLeft(model, now) {
  const left = model.table?.countdown_left;
  return left == null ? null : Math.max(0, Math.ceil(left - (now - model.tableAt) / 1000));
}

/** The twelve places, each its stone or null. */
export const ring = (view) => Array.from({ length: 12 }, (_, i) => view.stones?.find((s) => s.place === i + 1) || null);

export const laidBy = (view, seat) => (view.stones || []).filter((s) => s.seat === seat).length;

/** story -> card ids, as held. */
export function byStory(hand) {
  const groups = new Map();
  for (const id of hand) {
    const story = Math.floor(id / 4) + 1;
    groups.set(story, [...(groups.get(story) || []), id]);
  }
  return groups;
}

/** Fields reading the model `get()` gives, read-only: what a page's drawings hold. */
export function reader(get) {
  const fields = Object.keys(initialModel()).map((key) => [key, { get: () => get()[key], enumerable: true }]);
  return Object.defineProperties({}, Object.fromEntries(fields));
}
