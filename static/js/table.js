// The table page: one socket, one seat's view, and everything drawn from what the server sends.
import { arrowsInGroups, fill, h } from "./dom.js";
import { gettext, interpolate, pgettext } from "./i18n.js";
import { fitNames, keepNamesFitted, setPeers, tagName, tagsInText, withNodes } from "./names.js";
import { showConnection } from "./connection.js";
import { LiveSocket } from "./socket.js";
import { addToLog, sentences } from "./render-log.js";
import { renderHand } from "./render-hand.js";
import { renderSeats, updateClockRings } from "./render-seats.js";
import { renderCircle, showVerse } from "./render-circle.js";
import { loadPassing, renderActions, tablePasses } from "./render-actions.js";
import { renderWaiting, updateCountdown } from "./render-waiting.js";
import { dealWords, renderChips } from "./render-options.js";
import { showTurnInTab, vibrateSetting } from "./turn-signals.js";
import { bringMoveIntoView, focusInView, keepPlacedFocusInView } from "./in-reach.js";
import { applyMessage, clockLeft, faceOf, heldVersion, initialModel, reader, sayContext, seatName, seatTag, stage, startMove, storyTitle } from "./table-model.js";

const root = document.getElementById("table-app");
// Fetched when first needed, not on the first load: the end screen, and the host's box for letting a
// member back in (R40), which shows only once someone has left.
const later = {};
const loadEnd = () => (later.end ||= import("./render-end.js"));
const loadLetBack = () => (later.letBack ||= import("./render-let-back.js"));
// Whether the member the game waits on will be told (issue 46): once a tap is answered or a seat has no way.
const loadTold = () => (later.told ||= import("./told.js"));
// After the welcome: Read aloud, who watches; and the dialogs, there before one opens (a welcome that
// brings a question opens it as soon as they are).
const loadLater = () => (later.more ||= import("./table-later.js").then((m) => (app.more = m.start(app))));
const loadDialogs = () =>
  (later.dialogs ||= import("./dialogs.js").then((m) => {
    m.setUpDialogs();
    return (app.dialogs = m);
  }));
const withDialogs = (show) => (app.dialogs ? show(app.dialogs) : loadDialogs().then(show));
const $ = (id) => document.getElementById(id);

// The game as the server's messages made it (table-model.js); only onMessage and sendMove make a new one.
let model = initialModel(root.dataset.code);

// The page: the model's fields read-only (a drawing reads the game, never writes it), and its own.
const app = Object.assign(reader(() => model), {
  csrf: root.dataset.csrf,
  base: root.dataset.actionUrl,
  homeUrl: root.dataset.homeUrl,
  // A guest (their host asks others in) and a class's child (their leader seats everyone) share no code.
  mayInvite: root.dataset.mayInvite !== "no",
  // The languages the site offers now, [code, name] in the language's own words (a host says which
  // one a guest reads).
  languages: (root.dataset.languages || "").split(";").filter(Boolean).map((pair) => pair.split("=")),
  askStory: null,
  passing: false,
  moveCount: 0,
  socket: null, // the LiveSocket, once it is made below
  openStories: new Map(), // story -> whether its full cards are open (render-hand.js)
  focusPlaced: null, // the control the focus was last put on, kept in view (in-reach.js)
  gameDrawn: false, // the game's layout has been drawn once
  endShown: false, // the end screen has been shown
  turnKey: null, // whose turn and move the page last brought into reach
  footerKey: null, // what the footer last said
  baseTitle: document.title, // the tab's title when it is not your turn (turn-signals.js)
  wasMyTurn: false, // whether the last redraw was your turn, so the buzz comes once a turn
  more: null, // what table-later.js draws after the welcome
  dialogs: null, // dialogs.js, once it is here
  el: {
    loading: $("loading"),
    waiting: $("waiting"),
    game: $("game"),
    end: $("end"),
    conn: $("conn-status"),
    connText: $("conn-text"),
    announcer: $("announcer"),
    toasts: $("toasts"),
    waitingSeats: $("waiting-seats"),
    waitingNote: $("waiting-note"),
    waitingActions: $("waiting-actions"),
    countdown: $("countdown"),
    countdownNumber: $("countdown-number"),
    countdownText: $("countdown-text"),
    turnBanner: $("turn-banner"),
    turnPill: $("turn-pill"),
    turnClock: $("turn-clock"),
    seatTaken: $("seat-taken"),
    handPanel: $("hand-panel"),
    stoneList: $("stone-list"),
    circleNote: $("circle-note"),
    endVerse: $("end-verse"),
    wellCount: $("well-count"),
    stoneCount: $("stone-count"),
    seats: $("seats"),
    verseMoment: $("verse-moment"),
    meanwhile: $("meanwhile"),
    actions: $("actions"),
    actionsTitle: $("actions-title"),
    actionsPrompt: $("actions-prompt"),
    actionsBody: $("actions-body"),
    hand: $("hand"),
    handCount: $("hand-count"),
    circle: $("circle"),
    log: $("log"),
    footer: $("game-footer"),
    endTitle: $("end-title"),
    endReason: $("end-reason"),
    endRanking: $("end-ranking"),
    endPodium: $("end-podium"),
    endSummary: $("end-summary"),
    endTeams: $("end-teams"),
    endActions: $("end-actions"),
  },

  card: (id) => faceOf(model, id),
  story: (n) => storyTitle(model, n),
  seatName: (seat) => seatName(model, seat),
  clockLeft: () => clockLeft(model, performance.now()),

  sendMove(move) {
    if (model.pending) return;
    app.moveCount += 1;
    const id = `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}-${app.moveCount}`;
    if (!socket.send({ type: "move", id, version: model.version, move })) {
      const words = gettext("Not connected right now. Your move will be possible once we are back.");
      toast(words);
      announce([words]);
      return;
    }
    model = startMove(model, id, move);
    keepPending();
    app.askStory = null;
    app.passing = false;
    redrawActions();
  },
  chooseAskStory(story) {
    this.askStory = story;
    renderActions(this);
    fitNames(this.el.actions);
    const first = this.el.actionsBody.querySelector(".choice, button");
    if (first) focusInView(first);
  },
  setPassing(on) {
    this.passing = on;
    renderActions(this);
    fitNames(this.el.actions);
    // The focus goes where the tap went: into the passing choices, or back to Pass a card.
    const body = this.el.actionsBody;
    const first = body.querySelector("[data-passing] .choice, .action-pass") || body.querySelector(".choice, button");
    if (first) focusInView(first);
  },
  openWord() {
    const q = this.view?.question;
    if (q) withDialogs((d) => d.showQuestion(app, q, (choice) => app.sendMove({ answer: { choice } })));
  },
});
// Every field is declared above: a redraw reads state, it never adds any (a typo throws here instead).
Object.seal(app);

// --- Announcing -------------------------------------------------------------------------------

function announce(lines) {
  if (!lines.length) return;
  // Every sentence of the change, in the log's words: one move and what followed from it.
  const text = lines.join(" ");
  app.el.announcer.textContent = "";
  requestAnimationFrame(() => {
    app.el.announcer.textContent = text;
  });
}

function toast(text, kind = "info") {
  const item = h("p", { class: `toast toast-${kind}` }, tagsInText(text));
  app.el.toasts.append(item);
  setTimeout(() => item.remove(), 4500);
  while (app.el.toasts.children.length > 3) app.el.toasts.firstElementChild.remove();
}

// --- Messages ---------------------------------------------------------------------------------

function logEvents(events, speak) {
  const entries = sentences(events, sayContext(model));
  addToLog(app.el.log, entries);
  if (speak) announce(entries.map((e) => e.text));
}

// A move waiting for its answer is kept in the tab's session storage, so a reload (a page that
// could not reach the table for a while, say) sends it again with the same id, once the table is
// still at the version it was made at; the server applies a move id once.
// By table and seat: another member signed in on the same tab never sends it.
const pendingKey = () => `jag-pending:${root.dataset.wsPath}:${model.me?.seat ?? ""}:${model.me?.tag ?? ""}`;

function keepPending() {
  try {
    if (model.pending) sessionStorage.setItem(pendingKey(), JSON.stringify(model.pending));
    else sessionStorage.removeItem(pendingKey());
  } catch {
    // Storage refused (a private window's quota): the move is kept only while the page is.
  }
}

function resumeKeptMove() {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(pendingKey()) || "null");
  } catch {
    kept = null;
  }
  if (!kept || model.pending || !model.view || kept.version !== model.version) return keepPending();
  model = startMove(model, kept.id, kept.move);
  socket.send({ type: "move", ...model.pending });
}

function onMessage(msg) {
  const waited = model.pending;
  model = applyMessage(model, msg, performance.now());
  if (waited && !model.pending) keepPending();
  const { applied, events, live, verse, answer, behind, began, reconnect } = model.change;
  // Updates lost on the way: the catchup brings their events and the view.
  if (behind) socket.resyncIfBehind(behind.held, behind.version);
  if (reconnect) socket.reconnect();
  if (applied) {
    logEvents(events, live);
    // What just happened: a stone's verse, this seat's answer to its question.
    if (verse) showVerse(app, verse.story, { laidBy: verse.seat });
    if (answer) withDialogs((d) => d.showAnswer(app, answer));
    if (model.view.question && !document.getElementById("word-dialog").open) app.openWord();
  }
  switch (msg.type) {
    case "welcome": {
      // What the first drawing needs: the lines table-later.js draws at the top (who watches, a screen
      // following), so the game never jumps down under them; passing a card, at a table that passes.
      const first = [!app.more && drawnAtTheTop(msg) && loadLater(), tablePasses(msg.table) && loadPassing()];
      if (first.some(Boolean)) Promise.all(first).then(render, render);
      else render();
      loadLater();
      loadDialogs();
      resumeKeptMove();
      break;
    }
    case "table":
      if (began) announce([`${gettext("The game begins!")} ${dealWords(msg.table)}`]);
      render();
      break;
    case "update":
      if (!applied) break;
      app.focusPlaced = null;
      render();
      if ((model.view.legal_moves || []).length && !app.el.game.hidden) bringMoveIntoView(app);
      keepPlacedFocusInView(app);
      break;
    case "catchup":
      if (applied) render();
      break;
    case "error":
      toast(msg.message || gettext("That didn't work."), "error");
      announce([msg.message || gettext("That didn't work.")]);
      if (model.view) redrawActions();
      break;
    case "ack":
      if (waited && !model.pending && model.view) redrawActions();
      break;
    case "reaction": {
      const mine = msg.seat === model.me?.seat;
      const values = { name: msg.tag, reaction: msg.label };
      const line = interpolate(mine ? gettext("You: %(reaction)s") : gettext("%(name)s: %(reaction)s"), values);
      toast(line, "reaction");
      addToLog(app.el.log, [{ text: line, type: "reaction" }]);
      announce([interpolate(mine ? gettext("You says %(reaction)s") : gettext("%(name)s says %(reaction)s"), values)]);
      break;
    }
    case "nudge": // the answer to this member's own "Your turn" tap (told.js)
      loadTold().then((m) => m.showNudge(app, msg));
      break;
    default:
      break;
  }
}

/** Whether table-later.js draws lines above the game as soon as it starts (its rule, in short). */
function drawnAtTheTop(msg) {
  const table = msg.table || {};
  const host = msg.me?.seat === table.host_seat;
  return (table.watchers || []).length > 0 || (host && ((table.asking || []).length > 0 || !!table.screen_on));
}

// --- Drawing ----------------------------------------------------------------------------------

function render() {
  const { table, view } = model;
  const focusLost = !document.activeElement || document.activeElement === document.body;
  if (!table) return;
  root.classList.remove("is-loading");
  app.el.loading.hidden = true;
  const at = stage(model);
  const over = at === "over";
  const playing = at === "playing";
  app.el.waiting.hidden = table.status !== "waiting";
  app.el.game.hidden = !playing;
  app.el.end.hidden = !over;
  const myTurn = playing && (view.legal_moves || []).length > 0;
  document.body.classList.toggle("is-my-turn", myTurn);
  showTurnInTab(app, myTurn, root.dataset.turnIcon);
  renderChips(app);
  if (later.letBack || (table.seats || []).some((s) => s.left)) {
    loadLetBack().then((m) => m.renderLetBack(app, $("let-back")));
  }
  app.more?.render();
  setPeers((table.seats || []).map((s) => seatTag(model, s.seat)));
  if (table.status === "waiting") renderWaiting(app);
  if (playing) renderGame(focusLost);
  if (later.told || table.no_way_to_tell?.length) loadTold().then((m) => m.renderTold(app));
  if (over) {
    closeWordIfQuestionGone();
    loadEnd().then((m) => {
      m.renderEnd(app);
      fitNames(root);
      if (!app.endShown) {
        app.endShown = true;
        window.scrollTo(0, 0);
        app.el.endTitle.focus({ preventScroll: true });
      }
    });
  }
  fitNames(root);
}

// Once the game is over, closing the Remember the Word answer leads to the end screen's heading.
document.getElementById("word-dialog").addEventListener("close", () => {
  if (app.endShown) app.el.endTitle.focus({ preventScroll: true });
});

function closeWordIfQuestionGone() {
  const dialog = document.getElementById("word-dialog");
  if (dialog.open && dialog.dataset.state === "question" && !app.view?.question) dialog.close();
}

function renderGame(focusLost) {
  const view = app.view;
  const active = document.activeElement;
  const focusInActions = app.el.actions.contains(active);
  app.el.wellCount.textContent = String(view.well);
  renderTurnBanner();
  renderSeats(app);
  renderCircle(app);
  const laid = (view.stones || []).length > 0;
  app.el.circleNote.textContent = laid ? gettext("Tap a stone to see its verse.") : gettext("No stones yet.");
  app.el.circleNote.parentElement.parentElement.classList.toggle("has-stones", laid);
  const me = view.seats[app.me.seat - 1];
  const taken = !!me && me.kind !== "person";
  app.el.seatTaken.hidden = !taken;
  app.el.handPanel.hidden = taken;
  if (!taken) renderHand(app);
  renderActions(app);
  if (taken) app.el.actions.hidden = true; // the notice above says it once
  renderFooter();
  closeWordIfQuestionGone();
  // Not on the first drawing: a page that has just opened leaves the focus where the browser put it.
  const drawnBefore = app.gameDrawn;
  app.gameDrawn = true;
  if (!drawnBefore) return;
  const now = document.activeElement;
  const lostNow = focusInActions && !app.el.actions.contains(now);
  const parked = now === app.el.actionsTitle && app.el.actionsBody.querySelector("button:not([disabled])");
  if (focusLost || lostNow || parked) placeFocus();
}

/** Redraw the move panel; if that took away the focus it held, put it back in the panel. */
function redrawActions() {
  const held = app.el.actions.contains(document.activeElement) || document.activeElement === document.body;
  renderActions(app);
  fitNames(app.el.actions);
  if (held && !app.el.actions.contains(document.activeElement)) placeFocus();
}

/** After a redraw took the focus away: your next choice on your turn, else the move panel. */
function placeFocus() {
  if (document.querySelector("dialog[open]")) return;
  // The focus never lands out of view: a page is scrolled only as far as brings it in.
  app.focusPlaced = app.el.actionsBody.querySelector("button:not([disabled])") || app.el.actionsTitle;
  focusInView(app.focusPlaced);
}

function renderTurnBanner() {
  const view = app.view;
  const mine = (view.legal_moves || []).length > 0;
  const left = app.clockLeft();
  const clock = left !== null && app.clock.seat === view.turn ? interpolate(pgettext("seconds left", "%(n)s s"), { n: Math.ceil(left) }) : "";
  const yours = mine || view.turn === app.me.seat;
  const key = yours ? "you" : `seat-${view.turn}-${app.seatName(view.turn)}`;
  if (app.turnKey !== key) {
    app.turnKey = key;
    // Another seat's tag is cut like every tag, but "'s turn" always stays in view.
    if (yours) fill(app.el.turnBanner, gettext("Your turn"));
    else fill(app.el.turnBanner, withNodes(gettext("%(name)s's turn"), { name: tagName(app.seatName(view.turn), "turn-name") }, turnWords));
    fitNames(app.el.turnBanner);
  }
  app.el.turnClock.textContent = clock;
  app.el.turnPill.classList.toggle("is-mine", mine);
}

/** The words of the turn bar around a tag, kept whole: a space at their edge would fold away in the
 *  bar's flex line, so it is kept as a no-break space. */
const turnWords = (text) => h("span", { class: "turn-suffix" }, text.replace(/^ | $/g, "\u00a0"));

function renderFooter() {
  const isHost = app.me.seat === app.table.host_seat;
  const me = app.view.seats[app.me.seat - 1];
  const key = `${isHost}:${me?.kind}`;
  if (app.footerKey === key) return; // redrawn only when it changes, so focus stays put
  app.footerKey = key;
  // Each asks first (dialogs.js).
  const ask = (label, step) => h("button", { type: "button", class: "button button-secondary button-small", onclick: () => withDialogs((d) => d.confirmThen(step, app.base)) }, label);
  const buttons = [];
  if (isHost) buttons.push(ask(gettext("End game"), "end"));
  if (me && me.kind === "person") buttons.push(ask(gettext("Leave table"), "leave"));
  if (isHost && app.table.kind !== "public") buttons.push(h("a", { href: `${app.base}tv/`, class: "link-button" }, gettext("Show on TV")));
  if ("vibrate" in navigator) buttons.push(vibrateSetting());
  app.el.footer.replaceChildren(...buttons);
}

// --- Status and clocks ------------------------------------------------------------------------

function tick() {
  if (app.table?.status === "waiting") updateCountdown(app);
  if (app.view && !app.el.game.hidden) {
    updateClockRings(app);
    renderTurnBanner();
  }
}

// --- Start ------------------------------------------------------------------------------------

document.addEventListener("jag:focus-lost", () => {
  if (app.view && !app.el.game.hidden) placeFocus();
});
keepNamesFitted(root);
arrowsInGroups(root);
for (const button of document.querySelectorAll(".reaction")) {
  button.addEventListener("click", () => {
    if (socket.send({ type: "react", reaction: button.dataset.reaction })) {
      button.classList.add("is-sent");
      setTimeout(() => button.classList.remove("is-sent"), 600);
    }
  });
}
const copy = document.getElementById("copy-link");
if (navigator.clipboard && copy) {
  copy.hidden = false;
  copy.addEventListener("click", async () => {
    await navigator.clipboard.writeText(root.dataset.joinUrl);
    copy.textContent = gettext("Link copied");
  });
}

const onStatus = (status) => showConnection(root, app.el, status, model.pending !== null);
// After a reconnect, a move still waiting for its answer is sent again with the same id: the server
// applies a move id once, so a move lost with the socket is applied now and one already applied is
// only acknowledged. If the table moved on meanwhile, the answer is stale_version and its words.
const onReopen = () => model.pending && socket.send({ type: "move", ...model.pending });
const hasPending = () => model.pending !== null;
const socket = new LiveSocket(root.dataset.wsPath, { onMessage, onStatus, onReopen, hasPending, lastVersion: () => heldVersion(model) });
app.socket = socket;
socket.connect();
setInterval(tick, 500);
// For the curious, and the browser tests' one way in (tests/e2e/helpers.py): the model, and the page's acts.
window.jagTable = Object.freeze({ model: () => model, sendMove: app.sendMove, card: app.card, story: app.story, seatName: app.seatName, socket });
