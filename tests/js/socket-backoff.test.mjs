// The table's socket after the server's own error (4500, issue 44): it keeps coming back, each
// wait longer than the last until a move is answered (a welcome alone does not start it again), and
// the page is told "unreachable", never a final close; any other close still starts again quickly.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

const timers = [];
globalThis.document = { visibilityState: "visible", addEventListener() {} };
globalThis.window = { addEventListener() {} };
globalThis.location = { protocol: "http:", host: "example.test" };
globalThis.setTimeout = (fn, ms) => {
  timers.push({ fn, ms });
  return timers.length;
};
globalThis.clearTimeout = () => {};
globalThis.setInterval = () => 0;
globalThis.clearInterval = () => {};

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static made = [];
  constructor() {
    this.readyState = FakeSocket.CONNECTING;
    this.listeners = {};
    this.sent = [];
    FakeSocket.made.push(this);
  }
  addEventListener(type, fn) {
    this.listeners[type] = fn;
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {}
  open() {
    this.readyState = FakeSocket.OPEN;
    this.listeners.open();
  }
  hear(message) {
    this.listeners.message({ data: JSON.stringify(message) });
  }
  shut(code) {
    this.readyState = 3;
    this.listeners.close({ code });
  }
}
globalThis.WebSocket = FakeSocket;

const { LiveSocket } = await import("../../static/js/socket.js");

function aSocket() {
  const statuses = [];
  const socket = new LiveSocket("/ws/table/ABCD/", { onMessage() {}, onStatus: (s) => statuses.push(s), lastVersion: () => 3 });
  socket.connect();
  return { socket, statuses };
}

/** The wait the socket chose for its next try, without the jitter (0.8 to 1.2 of it). */
const lastWait = () => timers.filter((t) => t.ms > 0 && t.ms !== 10000).at(-1).ms;

describe("after the server's own error", () => {
  beforeEach(() => {
    timers.length = 0;
    FakeSocket.made.length = 0;
  });

  it("waits longer each time, though each new socket is welcomed", () => {
    const { statuses } = aSocket();
    const waits = [];
    for (let k = 0; k < 6; k += 1) {
      const ws = FakeSocket.made.at(-1);
      ws.open();
      ws.hear({ type: "welcome", version: 3 });
      ws.shut(4500);
      waits.push(lastWait());
      timers.at(-1).fn(); // the wait is over: it connects again
    }
    for (let k = 1; k < 5; k += 1) assert.ok(waits[k] > waits[k - 1] * 1.3, `waits grow: ${waits}`);
    assert.ok(waits.at(-1) >= 12000, `and reach the longest wait: ${waits}`);
    assert.ok(statuses.includes("unreachable") && !statuses.includes("too_many"), String(statuses));
  });

  it("starts again quickly once a move is answered", () => {
    aSocket();
    for (let k = 0; k < 4; k += 1) {
      const ws = FakeSocket.made.at(-1);
      ws.open();
      ws.shut(4500);
      timers.at(-1).fn();
    }
    const ws = FakeSocket.made.at(-1);
    ws.open();
    ws.hear({ type: "ack", id: "m1", version: 4 });
    ws.shut(1006); // a plain drop afterwards: the first, short wait again
    assert.ok(lastWait() <= 600, String(lastWait()));
  });

  it("ends when a page with no move waiting hears a pong (a screen, a seat between moves)", () => {
    aSocket();
    for (let k = 0; k < 4; k += 1) {
      const ws = FakeSocket.made.at(-1);
      ws.open();
      ws.shut(4500);
      timers.at(-1).fn();
    }
    const ws = FakeSocket.made.at(-1);
    ws.open();
    ws.hear({ type: "pong", version: 3 });
    ws.shut(1006);
    assert.ok(lastWait() <= 600, String(lastWait()));
  });

  it("is never a final close", () => {
    const { socket, statuses } = aSocket();
    const ws = FakeSocket.made.at(-1);
    ws.open();
    ws.shut(4500);
    assert.equal(socket.stopped, false);
    assert.deepEqual(statuses, ["open", "unreachable"]);
  });
});
