// Whether the member the table waits on will be told (issue 46), in one line above the reactions:
// for the one who tapped "Your turn", what the tap did ("Mum was told by email 4 minutes ago; we'll
// tell them again after 18:36", in this browser's own time), until the next move or a change of
// anyone's ways; for the host, "Dad has no way to be told" while the game waits on a member no
// notice would reach. The server sends the tap's answer to the tapper's sockets alone, and the
// table only "no_way_to_tell" (seat numbers): never how anyone is told.
import { fill, h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";
import { addToLog } from "./render-log.js";

// The page has one table: what this line last showed, and the tap's answer it holds (the table
// page's app object is sealed, so the line keeps its own).
const told = { line: null, key: null, answer: null, ways: "" };
const waysOf = (app) => JSON.stringify(app.table?.no_way_to_tell || []);

/** The moment as this browser shows a time, in its own time zone: "18:36", or "6:36 PM". */
export function clockTime(iso) {
  return new Date(iso).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
}

/** The answer's words as plain text, its "{again}" filled in. */
export function nudgeText(msg) {
  return msg.again_at ? msg.words.replace("{again}", clockTime(msg.again_at)) : msg.words;
}

// The same words with the time as a <time> element, for the line.
function nudgeParts(msg) {
  if (!msg.again_at || !msg.words.includes("{again}")) return [msg.words];
  const [before, after] = msg.words.split("{again}");
  return [before, h("time", { datetime: msg.again_at }, clockTime(msg.again_at)), after];
}

function line() {
  if (!told.line) {
    told.line = h("p", { id: "told-line", class: "message told-line", role: "status", hidden: true });
    document.querySelector(".reactions")?.before(told.line);
  }
  return told.line;
}

/** A tap's answer arrived: in the line by the reactions (kept until a move) and the table's log.
 * No toast: the words are long for one, and the line is where the tap was. */
export function showNudge(app, msg) {
  told.answer = msg;
  told.ways = waysOf(app);
  told.key = null;
  renderTold(app);
  const text = nudgeText(msg);
  addToLog(app.el.log, [{ text, type: "reaction" }]);
  return text;
}

/** Draw the line for the table as it is now; it changes only when what it says does. */
export function renderTold(app) {
  const view = app.view;
  const playing = app.table?.status === "playing" && !!view && !view.result;
  const waitingOn = playing ? view.turn : null;
  let key = "";
  let parts = [];
  const answer = told.answer;
  // Until a move, or until someone's ways change (the table says so again): then it may be stale.
  const fresh = answer && playing && app.version <= answer.version && told.ways === waysOf(app);
  if (fresh) {
    key = `answer:${answer.seat}:${answer.words}:${answer.again_at}`;
    parts = nudgeParts(answer);
  } else if (
    waitingOn !== null &&
    app.me?.seat === app.table.host_seat &&
    waitingOn !== app.me.seat &&
    (app.table.no_way_to_tell || []).includes(waitingOn)
  ) {
    key = `none:${waitingOn}`;
    parts = [interpolate(gettext("%(name)s has no way to be told."), { name: app.seatName(waitingOn) })];
  }
  if (answer && !fresh) told.answer = null;
  if (key === told.key) return;
  told.key = key;
  const el = line();
  el.hidden = !key;
  fill(el, ...parts);
}
