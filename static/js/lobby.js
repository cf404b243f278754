// The start screen's live list of open public tables, from the /ws/lobby/ socket.
import { h, fill, plural } from "./dom.js";
import { LiveSocket } from "./socket.js";

const root = document.getElementById("lobby");

function timeLeft(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

if (root) {
  const list = document.getElementById("lobby-list");
  const empty = document.getElementById("lobby-empty");
  let tables = [];
  let receivedAt = performance.now();

  const row = (t) => {
    const left = Math.max(0, (t.seconds_left ?? 0) - (performance.now() - receivedAt) / 1000);
    return h(
      "li",
      { class: "lobby-table" },
      h(
        "div",
        { class: "lobby-info" },
        h("span", { class: "lobby-host" }, `${t.host}'s table`),
        h("span", { class: "lobby-meta" }, `${plural(t.free_seats, "seat")} free · starts in `, h("span", { class: "lobby-time" }, timeLeft(left))),
      ),
      h(
        "form",
        { method: "post", action: root.dataset.joinUrl, class: "lobby-join" },
        h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: root.dataset.csrf }),
        h("input", { type: "hidden", name: "code", value: t.code }),
        h("button", { type: "submit", class: "button button-small", "aria-label": `Join ${t.host}'s table` }, "Join"),
      ),
    );
  };

  const render = () => {
    empty.hidden = tables.length > 0;
    fill(list, tables.map(row));
  };

  const tick = () => {
    const spans = list.querySelectorAll(".lobby-time");
    tables.forEach((t, i) => {
      const left = Math.max(0, (t.seconds_left ?? 0) - (performance.now() - receivedAt) / 1000);
      if (spans[i]) spans[i].textContent = timeLeft(left);
    });
  };

  const socket = new LiveSocket(root.dataset.wsPath, {
    onMessage(msg) {
      if (msg.type !== "lobby") return;
      tables = msg.tables || [];
      receivedAt = performance.now();
      render();
    },
    onStatus() {},
    lastVersion: () => null,
  }, new Set()); // the lobby only listens: its pings keep the connection awake and get no answer
  socket.connect();
  setInterval(tick, 1000);
}
