// One WebSocket that comes back by itself: exponential backoff, and a hello naming the last version.

const CLOSE_NOT_SIGNED_IN = 4401;
const CLOSE_NOT_SEATED = 4403;
const PING_EVERY_MS = 25000;
const MAX_DELAY_MS = 15000;

export class LiveSocket {
  /**
   * @param {string} path e.g. "/ws/table/ABCD/"
   * @param {object} hooks onMessage(msg), onStatus(status), lastVersion() -> number|null
   */
  constructor(path, hooks) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
    this.hooks = hooks;
    this.attempts = 0;
    this.ws = null;
    this.timer = null;
    this.pinger = null;
    this.stopped = false;
    this.everOpened = false;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.isOpen() && !this.stopped) this.connectSoon(0);
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
    ws.addEventListener("open", () => {
      const wasReconnect = this.everOpened;
      this.attempts = 0;
      this.everOpened = true;
      this.hooks.onStatus("open");
      const last = this.hooks.lastVersion();
      if (wasReconnect && last !== null && last > 0) this.send({ type: "hello", version: last });
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS);
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this.hooks.onMessage(msg);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      this.ws = null;
      if (event.code === CLOSE_NOT_SIGNED_IN || event.code === CLOSE_NOT_SEATED) {
        this.stopped = true;
        this.hooks.onStatus(event.code === CLOSE_NOT_SIGNED_IN ? "signed-out" : "not-seated");
        return;
      }
      if (this.stopped) return;
      this.hooks.onStatus("reconnecting");
      this.connectSoon();
    });
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
    return true;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000);
  }
}
