// Passing a card face down, once a turn: to your partner at a teams table, to anyone in Together (V3).
// Fetched only at a table that passes, before its game is first drawn (table.js); render-actions.js
// puts the picker in the move panel.
import { h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";
import { tagName, tagsInText, withNodes, wordSpan } from "./names.js";
import { cardChip, cardCount } from "./cards.js";

/** Teams: pass one card to your partner. */
export function passPicker(app, passes, busy) {
  const mate = app.view.seats.find((s) => s.team === app.view.seats[app.me.seat - 1].team && s.seat !== app.me.seat);
  const values = { name: mate ? app.seatName(mate.seat) : "" };
  if (!app.passing) {
    const label = mate ? interpolate(gettext("Pass a card to %(name)s"), values) : gettext("Pass a card to your partner");
    return h("button", { type: "button", class: "button button-secondary action-pass", disabled: busy, onclick: () => app.setPassing(true) }, tagsInText(label));
  }
  return h(
    "fieldset",
    { class: "picker pass-picker", dataset: { passing: "" } },
    h("legend", {}, mate ? interpolate(gettext("Pass which card to %(name)s? (face down, once a turn)"), values) : gettext("Pass which card to your partner? (face down, once a turn)")),
    h(
      "div",
      { class: "picker-options", "data-arrows": "" },
      passes.map(({ card }) =>
        h("button", { type: "button", class: "choice card-choice", disabled: busy, onclick: () => app.sendMove({ pass: { card } }) }, cardChip(app.card(card))),
      ),
    ),
    h("button", { type: "button", class: "link-button picker-back", onclick: () => app.setPassing(false) }, gettext("Don't pass")),
  );
}

/** Together (V3): pass one card face down to any other person, once a turn: a person, then a card. */
export function sharePicker(app, shares, busy) {
  if (!app.passing) {
    return h("button", { type: "button", class: "button button-secondary action-pass", disabled: busy, onclick: () => app.setPassing(true) }, gettext("Pass a card to someone"));
  }
  const seats = [...new Set(shares.map((s) => s.seat))];
  if (typeof app.passing !== "number" || !seats.includes(app.passing)) {
    return h(
      "fieldset",
      { class: "picker seat-picker", dataset: { passing: "" } },
      h("legend", {}, gettext("Pass a card to whom? (face down, once a turn)")),
      h(
        "div",
        { class: "picker-options", "data-arrows": "" },
        seats.map((seat) =>
          h(
            "button",
            { type: "button", class: "choice seat-choice", disabled: busy, onclick: () => app.setPassing(seat) },
            h("span", { class: "choice-title choice-who" }, withNodes(gettext("Pass to %(name)s"), { name: tagName(app.seatName(seat)) }, wordSpan)),
            h("span", { class: "choice-note" }, cardCount(app.view.seats[seat - 1].hand_size)),
          ),
        ),
      ),
      h("button", { type: "button", class: "link-button picker-back", onclick: () => app.setPassing(false) }, gettext("Don't pass")),
    );
  }
  const seat = app.passing;
  return h(
    "fieldset",
    { class: "picker pass-picker", dataset: { passing: "" } },
    h("legend", {}, withNodes(gettext("Pass which card to %(name)s?"), { name: tagName(app.seatName(seat)) })),
    h(
      "div",
      { class: "picker-options", "data-arrows": "" },
      shares
        .filter((s) => s.seat === seat)
        .map(({ card }) =>
          h("button", { type: "button", class: "choice card-choice", disabled: busy, onclick: () => app.sendMove({ share: { seat, card } }) }, cardChip(app.card(card))),
        ),
    ),
    h("button", { type: "button", class: "link-button picker-back", onclick: () => app.setPassing(true) }, gettext("Choose someone else")),
  );
}
