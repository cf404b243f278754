// R40: the host of a private table lets a member who left back into their seat, with one tap.
// Its own module and its own place on the page (templates/game/_let_back.html); table.js only
// calls renderLetBack after each table message.
import { h } from "./dom.js";

// Seats a member left while the game runs: JagAI plays them as a "Helper" (JagAI's own seats and a
// withdrawn agent's carry the "JagAI" badge and never come back).
function seatsAway(app) {
  const table = app.table;
  const isHost = !!app.me && app.me.seat === table.host_seat;
  if (!isHost || table.kind !== "private" || table.status !== "playing") return [];
  return table.seats.filter((seat) => seat.left && seat.badge === "Helper");
}

function letBackForm(app, seat) {
  return h(
    "form",
    { method: "post", action: `${app.base}let-back/`, class: "let-back-form" },
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: app.csrf }),
    h("input", { type: "hidden", name: "seat", value: String(seat.seat) }),
    h("button", { type: "submit", class: "button button-small let-back-button" }, `Let ${seat.tag} back in`),
  );
}

export function renderLetBack(app, box) {
  if (!box || !app.table) return;
  const away = seatsAway(app);
  const key = away.map((seat) => `${seat.seat}:${seat.tag}`).join(",");
  if (box.dataset.key === key) return; // redrawn only when it changes, so focus stays put
  box.dataset.key = key;
  box.hidden = away.length === 0;
  const words = away.length === 1 ? "left the game. You can let them back into their seat:" : "left the game. You can let them back into their seats:";
  const names = away.map((seat) => seat.tag).join(" and ");
  box.replaceChildren(...(away.length ? [h("p", {}, `${names} ${words}`), ...away.map((seat) => letBackForm(app, seat))] : []));
}
