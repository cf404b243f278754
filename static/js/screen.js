// The family screen and the watcher's page: one socket with no seat, the table as everyone at it
// sees it, drawn from the server's messages (docs/protocol.md). Nothing here sends a move.
import { fitNames, keepNamesFitted, setPeers } from "./names.js";
import { FINAL_WORDS, LiveSocket } from "./socket.js";
import { describe } from "./render-log.js";
import { addToFeed, hideVerse, renderChips, renderEnd, renderRing, renderSeats, renderTurn, renderWaiting, seatTag, showVerse, storyTitle, updateCountdown } from "./screen-draw.js";
import { setUpVoice } from "./voice.js";
import { setUpChime } from "./chime.js";

const root = document.getElementById("screen-app");
const $ = (id) => document.getElementById(id);
const kind = root.dataset.kind; // "screen" or "watch"
// How long a verse stays large after its stone (or until the next one), and how long the screen
// shows "Next game" before it follows the table to its next game.
const VERSE_MS = 12000;
const NEXT_GAME_MS = 10000;

// Words for a socket closed for good; the rest are the table page's (static/js/socket.js).
const CLOSED = {
  turned_off:
    kind === "screen"
      ? ["This screen has been turned off", "The host can show the table again from the table page."]
      : ["You are no longer watching this table.", "The host has stopped your watching. You can still play at a table of your own."],
  replaced:
    kind === "screen"
      ? ["This screen was opened somewhere else.", "Only one screen shows the table at a time."]
      : ["This table is being watched in another tab.", "This page has stopped; the other one goes on."],
};

const app = {
  kind,
  code: root.dataset.code,
  audience: null,
  table: null,
  tableAt: performance.now(),
  cards: null,
  view: null,
  verses: {},
  clock: null,
  clockAt: 0,
  version: 0,
  logVersion: -1,
  waitingWord: new Set(), // stories whose Remember the Word question is open: their verse waits
  verseTimer: null,
  nextTimer: null,
  turnSaid: null, // the table and seat whose turn was last said out loud
  endSaid: null, // the code of the table whose end was said: a welcome again says it no more
  closed: null, // the final status, once the socket has closed for good
  socket: null,
  voice: null,
  chime: null,
  clockLeft() {
    if (!this.clock) return null;
    return Math.max(0, this.clock.seconds_left - (performance.now() - this.clockAt) / 1000);
  },
};
Object.seal(app);

// --- Saying ----------------------------------------------------------------------------------

function announce(text) {
  if (!text) return;
  const el = $("announcer");
  el.textContent = "";
  requestAnimationFrame(() => {
    el.textContent = text;
  });
}

function say(text) {
  announce(text);
  app.voice?.speak(text);
}

// --- Messages --------------------------------------------------------------------------------

function sentences(events) {
  // ctx.me null: no seat is this page's, so no sentence says "You".
  const ctx = { me: null, name: (s) => seatTag(app, s), card: (id) => app.cards?.[String(id)] ?? null, story: (n) => storyTitle(app, n) };
  const out = [];
  for (const event of events) {
    if (event.type === "turn") continue; // the big turn line says it, and the voice with it
    const text = describe(event, ctx);
    if (text) out.push({ text, type: event.type });
  }
  return out;
}

/** The verse moment (as table.js's moments): a stone's verse, but never while a Remember the Word
 *  question about that story is open; the answer brings it. */
function moments(events) {
  let verse = null;
  for (const event of events) {
    if (event.type === "word_question") app.waitingWord.add(event.story);
    if (event.type === "word_answer") {
      app.waitingWord.delete(event.story);
      verse = { story: event.story, seat: event.seat };
    }
  }
  for (const event of events) {
    if ((event.type === "knock" || event.type === "seal") && !app.waitingWord.has(event.story)) verse = { story: event.story, seat: event.seat };
  }
  if (events.some((e) => e.type === "knock" || e.type === "seal")) app.chime?.play();
  if (verse) {
    const words = showVerse(app, verse.story, verse.seat);
    if (words) {
      clearTimeout(app.verseTimer);
      app.verseTimer = setTimeout(hideVerse, VERSE_MS);
      return words;
    }
  }
  return null;
}

function applyGame(msg, events, live) {
  if (msg.view) app.view = msg.view;
  if (msg.verses) app.verses = msg.verses;
  if ("clock" in msg) {
    app.clock = msg.clock;
    app.clockAt = performance.now();
  }
  if (typeof msg.version === "number") app.version = Math.max(app.version, msg.version);
  const fresh = events.filter((e) => e.version === undefined || e.version > app.logVersion);
  app.logVersion = Math.max(app.logVersion, msg.version ?? 0, ...events.map((e) => e.version ?? 0));
  // The open questions, from the view as well: a page that arrives mid-question holds the verse too.
  for (const e of fresh) if (e.type === "word_question") app.waitingWord.add(e.story);
  const said = sentences(fresh);
  // A welcome or catchup fills the feed quietly with the last few; only live news is read out.
  addToFeed(said.slice(-4));
  if (!live) {
    for (const e of fresh) if (e.type === "word_answer") app.waitingWord.delete(e.story);
    return;
  }
  // The end screen says the end, once (render): its event only goes in the feed.
  for (const { text, type } of said) if (type !== "game_over") say(text);
  const verse = moments(fresh);
  if (verse) say(verse);
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      // A fresh start: after Play again the screen's next welcome is the new table's.
      app.audience = msg.audience || null;
      app.code = msg.audience?.code || msg.table?.code || app.code;
      app.cards = msg.cards || null;
      app.view = null;
      app.verses = {};
      app.version = 0;
      app.logVersion = -1;
      app.waitingWord.clear();
      clearTimeout(app.nextTimer);
      $("feed").replaceChildren();
      hideVerse();
      setTable(msg.table);
      if (msg.view) applyGame(msg, msg.events || [], false);
      render();
      break;
    case "table": {
      const before = app.table?.status;
      setTable(msg.table);
      if (before === "waiting" && msg.table.status === "playing" && !app.cards) app.socket.reconnect(); // the welcome brings the faces
      render();
      break;
    }
    case "update":
      if (msg.cards) app.cards = msg.cards;
      if (!app.cards) return;
      if (app.view && msg.version > app.version + 1) {
        app.socket.resyncIfBehind(app.version, msg.version); // lost updates: the catchup brings them
        return;
      }
      applyGame(msg, (msg.events || []).map((e) => ({ ...e, version: msg.version })), msg.version > app.logVersion);
      render();
      break;
    case "catchup":
      if (!msg.view || !app.cards) return;
      applyGame(msg, msg.events || [], false);
      render();
      break;
    case "reaction": {
      const text = `${msg.tag}: ${msg.label}`;
      if (app.view) addToFeed([{ text, type: "reaction" }]);
      say(`${msg.tag} says ${msg.label}`);
      break;
    }
    default:
      break;
  }
}

function setTable(table) {
  app.table = table;
  app.tableAt = performance.now();
}

// --- Drawing ---------------------------------------------------------------------------------

function show(state) {
  root.dataset.state = state;
  $("loading").hidden = state !== "loading";
  $("screen-waiting").hidden = state !== "waiting";
  $("screen-game").hidden = state !== "playing";
  $("screen-end").hidden = state !== "over";
  $("screen-closed").hidden = state !== "closed";
}

function render() {
  const table = app.table;
  if (!table || app.closed) return;
  const over = table.status === "finished" || table.status === "ended" || !!app.view?.result;
  const playing = !over && table.status === "playing" && app.view && app.cards;
  for (const el of document.querySelectorAll(".table-code-now, #watch-code")) el.textContent = app.code;
  setPeers((table.seats || []).map((s) => seatTag(app, s.seat)));
  renderChips(app);
  if (table.status === "waiting") {
    show("waiting");
    renderWaiting(app);
  } else if (playing) {
    show("playing");
    renderRing(app);
    renderSeats(app);
    renderTurn(app);
    // Each turn is said once, the first of a game too (a welcome again at the same turn says nothing).
    const turnKey = `${app.code}:${app.view.turn}`;
    if (app.turnSaid !== turnKey) {
      app.turnSaid = turnKey;
      app.voice?.speak(`It's ${seatTag(app, app.view.turn)}'s turn.`);
    }
  } else if (over && app.view) {
    show("over");
    const words = renderEnd(app);
    if (app.endSaid !== app.code) {
      app.endSaid = app.code;
      app.chime?.play();
      say(words);
    }
    renderNextGame();
  } else {
    show("loading");
  }
  fitNames(root);
}

/** Play again: the screen follows the table to its next game; a watcher is given the way there. */
function renderNextGame() {
  const next = app.table.next_code;
  const el = $("next-game");
  el.hidden = !next;
  if (!next || el.dataset.code === next) return;
  el.dataset.code = next;
  if (kind === "screen") {
    el.textContent = `Next game: ${next}`;
    say(`Next game: ${next.split("").join(" ")}`);
    clearTimeout(app.nextTimer);
    app.nextTimer = setTimeout(() => app.socket.reconnect(), NEXT_GAME_MS);
  } else {
    const link = document.createElement("a");
    link.className = "button button-big";
    link.href = `/t/${next}/`;
    link.textContent = `Go to the next game: ${next}`;
    el.replaceChildren(link);
  }
}

function closeForGood(status) {
  app.closed = status;
  clearTimeout(app.nextTimer);
  clearTimeout(app.verseTimer);
  app.voice?.stop();
  const [title, line] = CLOSED[status] || [FINAL_WORDS[status] || "This page has stopped.", "Reload the page to try again."];
  $("closed-title").textContent = title;
  $("closed-line").textContent = line;
  show("closed");
  root.dataset.closed = status;
  $("screen-closed").focus();
}

function onStatus(status) {
  const conn = $("conn-status");
  if (status === "open") {
    conn.hidden = true;
    return;
  }
  if (status === "reconnecting") {
    conn.hidden = false;
    return;
  }
  conn.hidden = true;
  closeForGood(status);
}

function tick() {
  if (app.closed || !app.table) return;
  if (app.table.status === "waiting") updateCountdown(app);
  if (app.view && !$("screen-game").hidden) renderTurn(app);
}

// --- Start -----------------------------------------------------------------------------------

const controls = $("screen-controls");
const full = $("full-screen");
if (full && document.documentElement.requestFullscreen) {
  full.hidden = false;
  full.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(() => {});
  });
  document.addEventListener("fullscreenchange", () => {
    full.textContent = document.fullscreenElement ? "Leave full screen" : "Full screen";
  });
}
/** Once a touch lets the page speak: whose turn it is now, so the room hears where the game is. */
function sayTurnNow() {
  if (app.view && !app.view.result && !$("screen-game").hidden) app.voice?.speak(`It's ${seatTag(app, app.view.turn)}'s turn.`);
}

// The table screen reads aloud by default, so does a Young children table (read_aloud option); the
// context is set from the data attribute now and the first welcome does not change the switch.
// Until someone touches the page the browser refuses to speak: a big button asks for the touch (on
// a TV it has the focus, so the remote's OK key is the touch).
app.voice = setUpVoice(controls, {
  defaultOn: root.dataset.voiceDefault === "true",
  context: kind === "screen" ? "screen" : root.dataset.voiceDefault === "true" ? "young" : "table",
  prompt: { after: controls, words: kind === "screen" ? "Tap here to let the TV read aloud" : "Tap here to let this page read aloud", focus: kind === "screen" },
  onAllowed: sayTurnNow,
});
app.chime = setUpChime(controls);
keepNamesFitted(root);
const socket = new LiveSocket(root.dataset.wsPath, { onMessage, onStatus, lastVersion: () => (app.view ? app.version : null) }, new Set(["ping", "hello"]));
app.socket = socket;
socket.connect();
setInterval(tick, 500);
window.jagScreen = app; // for the browser tests
