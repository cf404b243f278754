// R40: the host of a private table lets a member who left back into their seat, with one tap.
// Its own module and its own place on the page (templates/game/_let_back.html); table.js only
// calls renderLetBack after each table message.
import { h } from "./dom.js";
import { gettext, interpolate, ngettext } from "./i18n.js";

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
    h("button", { type: "submit", class: "button button-small let-back-button" }, interpolate(gettext("Let %(name)s back in"), { name: seat.tag })),
  );
}

export function renderLetBack(app, box) {
  if (!box || !app.table) return;
  const away = seatsAway(app);
  const key = away.map((seat) => `${seat.seat}:${seat.tag}`).join(",");
  if (box.dataset.key === key) return; // redrawn only when it changes, so focus stays put
  box.dataset.key = key;
  box.hidden = away.length === 0;
  if (!away.length) {
    box.replaceChildren();
    return;
  }
  const names = away.map((seat) => seat.tag).reduce((all, last) => interpolate(gettext("%(names)s and %(last)s"), { names: all, last }));
  const words = interpolate(ngettext("%(names)s left the game. You can let them back into their seat:", "%(names)s left the game. You can let them back into their seats:", away.length), { names });
  box.replaceChildren(h("p", {}, words), ...away.map((seat) => letBackForm(app, seat)));
}
