// The start screen's live list of open public tables, from the /ws/lobby/ socket.
import { h, fill } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { withNodes } from "./names.js";
import { LiveSocket } from "./socket.js";

const root = document.getElementById("lobby");

function timeLeft(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return interpolate(pgettext("seconds left", "%(n)s s"), { n: s });
  return interpolate(pgettext("minutes and seconds left", "%(min)s min %(s)s s"), { min: Math.floor(s / 60), s: s % 60 });
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
        h("span", { class: "lobby-host" }, interpolate(gettext("%(name)s's table"), { name: t.host })),
        h("span", { class: "lobby-meta" }, withNodes(ngettext("%(n)s seat free · starts in %(time)s", "%(n)s seats free · starts in %(time)s", t.free_seats), { n: String(t.free_seats), time: h("span", { class: "lobby-time" }, timeLeft(left)) })),
      ),
      h(
        "form",
        { method: "post", action: root.dataset.joinUrl, class: "lobby-join" },
        h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: root.dataset.csrf }),
        h("input", { type: "hidden", name: "code", value: t.code }),
        h("button", { type: "submit", class: "button button-small", "aria-label": interpolate(gettext("Join %(name)s's table"), { name: t.host }) }, pgettext("join a table", "Join")),
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
