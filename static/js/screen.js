// The family screen and the watcher's page: one socket with no seat, the table as everyone at it
// sees it, drawn from the server's messages (docs/protocol.md). Nothing here sends a move.
import { fitNames, keepNamesFitted, setPeers } from "./names.js";
import { FINAL_WORDS, LiveSocket } from "./socket.js";
import { sentences } from "./render-log.js";
import { addToFeed, hideVerse, renderChips, renderEnd, renderRing, renderSeats, renderTurn, renderWaiting, showVerse, updateCountdown } from "./screen-draw.js";
import { applyMessage, clockLeft, heldVersion, initialModel, reader, sayContext, seatTag, stage } from "./table-model.js";
import { setUpVoice } from "./voice.js";
import { setUpChime } from "./chime.js";
import { gettext, interpolate, pgettext } from "./i18n.js";

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
      ? [gettext("This screen has been turned off"), gettext("The host can show the table again from the table page.")]
      : [gettext("You are no longer watching this table."), gettext("The host has stopped your watching. You can still play at a table of your own.")],
  replaced:
    kind === "screen"
      ? [gettext("This screen was opened somewhere else."), gettext("Only one screen shows the table at a time.")]
      : [gettext("This table is being watched in another tab."), gettext("This page has stopped; the other one goes on.")],
};

// The table as the messages made it (table-model.js, as the table page's); onMessage makes each new one.
let model = initialModel(root.dataset.code);

// The page: the model's fields read-only (screen-draw.js reads them), and its own.
const app = Object.assign(reader(() => model), {
  kind,
  audience: null, // the welcome's: the join link and its QR in the waiting room
  verseTimer: null,
  nextTimer: null,
  turnSaid: null, // the table and seat whose turn was last said out loud
  endSaid: null, // the code of the table whose end was said: a welcome again says it no more
  closed: null, // the final status, once the socket has closed for good
  socket: null,
  voice: null,
  chime: null,
  clockLeft: () => clockLeft(model, performance.now()),
});
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

/** Tell what the message brought: the newest few in the feed, and read out only what happens live:
 *  every sentence, the chime for a stone, and its verse, large, a while. */
function tell({ events, live, verse, stone }) {
  // No sentence says "You" (no seat is this page's); the big turn line says the turn, and the voice with it.
  const said = sentences(events.filter((e) => e.type !== "turn"), sayContext(model));
  addToFeed(said.slice(-4));
  if (!live) return;
  // The end screen says the end, once (render): its event only goes in the feed.
  for (const { text, type } of said) if (type !== "game_over") say(text);
  if (stone) app.chime?.play();
  const words = verse && showVerse(app, verse.story, verse.seat);
  if (words) {
    clearTimeout(app.verseTimer);
    app.verseTimer = setTimeout(hideVerse, VERSE_MS);
    say(words);
  }
}

function onMessage(msg) {
  model = applyMessage(model, msg, performance.now());
  const change = model.change;
  // Lost updates: the catchup brings them. A game begun before the faces came: the welcome brings them.
  if (change.behind) app.socket.resyncIfBehind(change.behind.held, change.behind.version);
  if (change.reconnect) app.socket.reconnect();
  if (change.reset) {
    // Another table's welcome: after Play again the screen starts over with the next game.
    clearTimeout(app.nextTimer);
    $("feed").replaceChildren();
    hideVerse();
  }
  if (msg.type === "welcome") app.audience = msg.audience || null;
  if (change.applied) tell(change);
  if (msg.type === "reaction") {
    const text = interpolate(pgettext("a reaction in the feed: who, then the reaction", "%(tag)s: %(label)s"), { tag: msg.tag, label: msg.label });
    if (model.view) addToFeed([{ text, type: "reaction" }]);
    say(interpolate(gettext("%(tag)s says %(label)s"), { tag: msg.tag, label: msg.label }));
  } else if (change.applied || msg.type === "welcome" || msg.type === "table") {
    render();
  }
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
  const { table, view, code } = model;
  if (!table || app.closed) return;
  const at = stage(model);
  for (const el of document.querySelectorAll(".table-code-now, #watch-code")) el.textContent = code;
  setPeers((table.seats || []).map((s) => seatTag(model, s.seat)));
  renderChips(app);
  if (at === "waiting") {
    show("waiting");
    renderWaiting(app);
  } else if (at === "playing") {
    show("playing");
    renderRing(app);
    renderSeats(app);
    renderTurn(app);
    // Each turn is said once, the first of a game too (a welcome again at the same turn says nothing).
    const turnKey = `${code}:${view.turn}`;
    if (app.turnSaid !== turnKey) {
      app.turnSaid = turnKey;
      app.voice?.speak(turnWords(seatTag(model, view.turn)));
    }
  } else if (at === "over" && view) {
    show("over");
    const words = renderEnd(app);
    if (app.endSaid !== code) {
      app.endSaid = code;
      app.chime?.play();
      say(words);
    }
    renderNextGame();
  } else {
    show("loading");
  }
  fitNames(root);
}

/** The turn, as the voice says it. */
function turnWords(name) {
  return interpolate(gettext("It's %(name)s's turn."), { name });
}

/** Play again: the screen follows the table to its next game; a watcher is given the way there. */
function renderNextGame() {
  const next = model.table.next_code;
  const el = $("next-game");
  el.hidden = !next;
  if (!next || el.dataset.code === next) return;
  el.dataset.code = next;
  if (kind === "screen") {
    el.textContent = interpolate(gettext("Next game: %(code)s"), { code: next });
    say(interpolate(gettext("Next game: %(code)s"), { code: next.split("").join(" ") }));
    clearTimeout(app.nextTimer);
    app.nextTimer = setTimeout(() => app.socket.reconnect(), NEXT_GAME_MS);
  } else {
    const link = document.createElement("a");
    link.className = "button button-big";
    link.href = `/t/${next}/`;
    link.textContent = interpolate(gettext("Go to the next game: %(code)s"), { code: next });
    el.replaceChildren(link);
  }
}

function closeForGood(status) {
  app.closed = status;
  clearTimeout(app.nextTimer);
  clearTimeout(app.verseTimer);
  app.voice?.stop();
  const [title, line] = CLOSED[status] || [FINAL_WORDS[status] || gettext("This page has stopped."), gettext("Reload the page to try again.")];
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
  if (status === "reconnecting" || status === "unreachable") {
    conn.hidden = false; // the screen comes back by itself either way
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
    full.textContent = document.fullscreenElement ? gettext("Leave full screen") : gettext("Full screen");
  });
}
/** Once a touch lets the page speak: whose turn it is now, so the room hears where the game is. */
function sayTurnNow() {
  if (model.view && !model.view.result && !$("screen-game").hidden) app.voice?.speak(turnWords(seatTag(model, model.view.turn)));
}

// The table screen reads aloud by default, so does a Young children table (read_aloud option); the
// context is set from the data attribute now and the first welcome does not change the switch.
// Until someone touches the page the browser refuses to speak: a big button asks for the touch (on
// a TV it has the focus, so the remote's OK key is the touch).
app.voice = setUpVoice(controls, {
  defaultOn: root.dataset.voiceDefault === "true",
  context: kind === "screen" ? "screen" : root.dataset.voiceDefault === "true" ? "young" : "table",
  prompt: { after: controls, words: kind === "screen" ? gettext("Tap here to let the TV read aloud") : gettext("Tap here to let this page read aloud"), focus: kind === "screen" },
  onAllowed: sayTurnNow,
});
app.chime = setUpChime(controls);
keepNamesFitted(root);
const socket = new LiveSocket(root.dataset.wsPath, { onMessage, onStatus, lastVersion: () => heldVersion(model) }, new Set(["ping", "hello"]));
app.socket = socket;
socket.connect();
setInterval(tick, 500);
window.jagScreen = app; // for the browser tests
