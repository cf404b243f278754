// One WebSocket that comes back by itself: exponential backoff, and a hello naming the last version.
// A ping every PING_EVERY_MS is answered with the table's version; a newer one than the page holds
// means an update was lost on the way (docs/realtime.md), and the page asks for it with a hello.
// A socket that hears nothing within ANSWER_WAIT_MS of a ping, move or hello is taken as lost and
// replaced: a phone that loses its network keeps the socket "open" for minutes (docs/protocol.md).

import { gettext } from "./i18n.js";

// Close codes after which coming back cannot help (docs/protocol.md); any other close reconnects.
// Numbers and names are the server's Close and REASONS (game/sockets/closing.py), spelled alike:
// tests/realtime/test_close_codes_agree.py keeps them so.
const FINAL_CLOSES = {
  4401: "signed_out",
  4403: "not_seated",
  4404: "not_found",
  4409: "replaced",
  4410: "turned_off",
  4413: "too_big",
  4423: "restricted",
  4429: "too_many",
};

// What a person reads when the socket has closed for good, by status: the English, which
// tests/realtime/test_close_codes_agree.py reads, then the reader's own words, each in a gettext call
// of its own for makemessages to find.
export const FINAL_WORDS = {
  signed_out: "You signed out, so this table has stopped here. Sign in again to come back.",
  not_seated: "You don't have a seat at this table any more.",
  not_found: "We couldn't find this table.",
  replaced: "This table is open in another tab or window, so this one has stopped.",
  turned_off: "This screen has been turned off.",
  too_big: "Something went wrong with this page. Please reload it.",
  restricted: "Your account can't play right now, so JagAI has taken your seat. Your games are still in My games.",
  too_many: "Too many messages or wrong codes. Please wait a few minutes, then reload.",
};
Object.assign(FINAL_WORDS, {
  signed_out: gettext("You signed out, so this table has stopped here. Sign in again to come back."),
  not_seated: gettext("You don't have a seat at this table any more."),
  not_found: gettext("We couldn't find this table."),
  replaced: gettext("This table is open in another tab or window, so this one has stopped."),
  turned_off: gettext("This screen has been turned off."),
  too_big: gettext("Something went wrong with this page. Please reload it."),
  restricted: gettext("Your account can't play right now, so JagAI has taken your seat. Your games are still in My games."),
  too_many: gettext("Too many messages or wrong codes. Please wait a few minutes, then reload."),
});

export const PING_EVERY_MS = 10000;
export const ANSWER_WAIT_MS = 5000;
// A new socket still connecting after this long is given up too (a dead network can hold it).
const CONNECT_WAIT_MS = 10000;
// The messages a table's server always answers (docs/protocol.md); the lobby answers none.
export const TABLE_ANSWERS = new Set(["ping", "move", "hello"]);
const MAX_DELAY_MS = 15000;
// The server's own error (game/sockets/closing.py SERVER_ERROR): not final, but a page that comes
// back and sends its move again may meet it again (a broken upgrade, a bug), so the waits keep
// growing until a move is answered, instead of starting again at each welcome; and the page says
// the table can't be reached, never "too many messages", which the server's connect limit would
// say if it were asked every half second.
const SERVER_ERROR = 4500;
// A socket that was open this long before a server error meets a new trouble, not the same one.
const FRESH_AFTER_MS = 30000;

export class LiveSocket {
  /**
   * @param {string} path e.g. "/ws/table/ABCD/"
   * @param {object} hooks onMessage(msg), onStatus(status), lastVersion() -> number|null,
   *   onReopen() (optional: the socket came back; the hello is already sent), hasPending() (optional:
 *   a move of the page's own waits for its answer)
   * @param {Set<string>} answered the message types the server answers (a socket that sends one and
   *   hears nothing back within ANSWER_WAIT_MS is taken as lost)
   */
  constructor(path, hooks, answered = TABLE_ANSWERS) {
    this.answered = answered;
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
    this.hooks = hooks;
    this.attempts = 0;
    this.ws = null;
    this.timer = null;
    this.pinger = null;
    this.stopped = false;
    this.everOpened = false;
    this.askedFor = -1;
    this.lastHeard = 0;
    this.serverErrors = 0; // server errors in a row, until a move is answered
    this.openedAt = 0;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible" || this.stopped) return;
      // Back on screen: connect again, or ask an open socket at once whether it still answers.
      if (!this.isOpen()) this.connectSoon(0);
      else this.send({ type: "ping" });
    });
    window.addEventListener("online", () => !this.isOpen() && !this.stopped && this.connectSoon(0));
  }

  isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.timer);
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    setTimeout(() => ws.readyState === WebSocket.CONNECTING && this.giveUp(ws), CONNECT_WAIT_MS);
    ws.addEventListener("open", () => {
      const wasReconnect = this.everOpened;
      this.everOpened = true;
      this.openedAt = performance.now();
      this.hooks.onStatus("open");
      const last = this.hooks.lastVersion();
      if (wasReconnect && last !== null && last > 0) this.send({ type: "hello", version: last });
      if (wasReconnect && this.hooks.onReopen) this.hooks.onReopen();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS);
    });
    ws.addEventListener("message", (event) => {
      if (this.ws !== ws) return; // a socket given up as lost
      this.lastHeard = performance.now();
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      // A move answered (applied, or refused for a reason) ends a run of server errors; so does a
      // pong to a page with no move of its own waiting (a screen, a seat between moves).
      const answered = msg.type === "ack" || (msg.type === "error" && msg.id);
      if (answered || (msg.type === "pong" && !this.hooks.hasPending?.())) this.serverErrors = 0;
      // Only a socket that answers ends the backoff, not one that merely opens; after server
      // errors, only an answered move does.
      if (!this.serverErrors) this.attempts = 0;
      const held = this.hooks.lastVersion();
      if (msg.type === "error" && msg.code === "hello_too_soon") {
        // One catch-up a socket every few seconds (docs/protocol.md): the next pong asks again.
        this.askedFor = -1;
        return;
      }
      this.hooks.onMessage(msg);
      if (!("view" in msg)) this.resyncIfBehind(held, msg.version);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      this.ws = null;
      const final = FINAL_CLOSES[event.code];
      if (final) {
        this.stopped = true;
        this.hooks.onStatus(final);
        return;
      }
      if (this.stopped) return;
      // A socket that lasted a while meets a new trouble, not the same one: its waits start again.
      if (performance.now() - this.openedAt > FRESH_AFTER_MS) this.serverErrors = this.attempts = 0;
      if (event.code === SERVER_ERROR) {
        this.serverErrors += 1;
        this.hooks.onStatus("unreachable");
      } else {
        this.hooks.onStatus("reconnecting");
      }
      this.connectSoon();
    });
  }

  /**
   * Every server message names the table's version. A version newer than the page holds (`held`),
   * on a message that brings no view (a pong, an ack, an error), means an update was lost on its
   * way: ask for what was missed with a hello, once per version seen.
   */
  resyncIfBehind(held, version) {
    if (held === null || typeof version !== "number") return;
    if (held >= version || this.askedFor >= version) return;
    this.askedFor = version;
    this.send({ type: "hello", version: held });
  }

  connectSoon(delay = null) {
    clearTimeout(this.timer);
    const wait = delay ?? Math.min(MAX_DELAY_MS, 500 * 2 ** this.attempts) * (0.8 + Math.random() * 0.4);
    this.attempts += 1;
    this.timer = setTimeout(() => this.connect(), wait);
  }

  /** Drop the socket and open a fresh one now (a fresh welcome follows). */
  reconnect() {
    const ws = this.ws;
    this.ws = null;
    clearInterval(this.pinger);
    if (ws) ws.close(1000);
    this.attempts = 0;
    this.connect();
  }

  send(message) {
    if (!this.isOpen()) return false;
    this.ws.send(JSON.stringify(message));
    if (this.answered.has(message.type)) this.awaitAnswer(this.ws);
    return true;
  }

  /** Nothing heard on `ws` within ANSWER_WAIT_MS of now: the network is gone though the socket
   * still looks open, so give it up. A page that was asleep (a hidden or frozen tab, whose timers
   * run late) asks again with a ping instead: the answer may simply not have been read yet. */
  awaitAnswer(ws) {
    const sentAt = performance.now();
    setTimeout(() => {
      if (this.ws !== ws || this.lastHeard > sentAt || this.stopped) return;
      const late = performance.now() - sentAt > ANSWER_WAIT_MS + 1000;
      if (late || document.visibilityState === "hidden") this.send({ type: "ping" });
      else this.giveUp(ws);
    }, ANSWER_WAIT_MS);
  }

  /** Drop `ws` as lost and connect again after the backoff (a pending move is sent again on
   * reopen): a server too slow to answer is not asked again at once by every page. */
  giveUp(ws) {
    if (this.ws !== ws || this.stopped) return;
    this.ws = null;
    clearInterval(this.pinger);
    ws.close(1000);
    this.hooks.onStatus("reconnecting");
    this.connectSoon();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000);
  }
}
