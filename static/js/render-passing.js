// Passing a card face down, once a turn: to your partner at a teams table, to anyone in Together (V3).
// Fetched only at a table that passes, before its game is first drawn (table.js); render-actions.js
// puts the picker in the move panel.
import { h, plural } from "./dom.js";
import { tagName, tagsInText } from "./names.js";
import { cardChip } from "./cards.js";

/** Teams: pass one card to your partner. */
export function passPicker(app, passes, busy) {
  const mate = app.view.seats.find((s) => s.team === app.view.seats[app.me.seat - 1].team && s.seat !== app.me.seat);
  const mateName = mate ? app.seatName(mate.seat) : "your partner";
  if (!app.passing) {
    return h("button", { type: "button", class: "button button-secondary action-pass", disabled: busy, onclick: () => app.setPassing(true) }, tagsInText(`Pass a card to ${mateName}`));
  }
  return h(
    "fieldset",
    { class: "picker pass-picker", dataset: { passing: "" } },
    h("legend", {}, `Pass which card to ${mateName}? (face down, once a turn)`),
    h(
      "div",
      { class: "picker-options", "data-arrows": "" },
      passes.map(({ card }) =>
        h("button", { type: "button", class: "choice card-choice", disabled: busy, onclick: () => app.sendMove({ pass: { card } }) }, cardChip(app.card(card))),
      ),
    ),
    h("button", { type: "button", class: "link-button picker-back", onclick: () => app.setPassing(false) }, "Don't pass"),
  );
}

/** Together (V3): pass one card face down to any other person, once a turn: a person, then a card. */
export function sharePicker(app, shares, busy) {
  if (!app.passing) {
    return h("button", { type: "button", class: "button button-secondary action-pass", disabled: busy, onclick: () => app.setPassing(true) }, "Pass a card to someone");
  }
  const seats = [...new Set(shares.map((s) => s.seat))];
  if (typeof app.passing !== "number" || !seats.includes(app.passing)) {
    return h(
      "fieldset",
      { class: "picker seat-picker", dataset: { passing: "" } },
      h("legend", {}, "Pass a card to whom? (face down, once a turn)"),
      h(
        "div",
        { class: "picker-options", "data-arrows": "" },
        seats.map((seat) =>
          h(
            "button",
            { type: "button", class: "choice seat-choice", disabled: busy, onclick: () => app.setPassing(seat) },
            h("span", { class: "choice-title choice-who" }, h("span", {}, "Pass to"), tagName(app.seatName(seat))),
            h("span", { class: "choice-note" }, plural(app.view.seats[seat - 1].hand_size, "card")),
          ),
        ),
      ),
      h("button", { type: "button", class: "link-button picker-back", onclick: () => app.setPassing(false) }, "Don't pass"),
    );
  }
  const seat = app.passing;
  return h(
    "fieldset",
    { class: "picker pass-picker", dataset: { passing: "" } },
    h("legend", {}, "Pass which card to ", tagName(app.seatName(seat)), "?"),
    h(
      "div",
      { class: "picker-options", "data-arrows": "" },
      shares
        .filter((s) => s.seat === seat)
        .map(({ card }) =>
          h("button", { type: "button", class: "choice card-choice", disabled: busy, onclick: () => app.sendMove({ share: { seat, card } }) }, cardChip(app.card(card))),
        ),
    ),
    h("button", { type: "button", class: "link-button picker-back", onclick: () => app.setPassing(true) }, "Choose someone else"),
  );
}
