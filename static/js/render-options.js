// The table's options and variant (V1-V3) as chips: in the waiting room and at the top of the table.
import { fill, h } from "./dom.js";
import { gettext } from "./i18n.js";

/** Fill one chip list from the table's chips; hidden when the table plays the standard game. */
function chipList(list, chips) {
  if (!list) return;
  fill(
    list,
    chips.map((chip) => h("li", { class: `option-chip chip-${chip.key}`, title: chip.note }, chip.label)),
  );
  list.hidden = chips.length === 0;
}

export function renderChips(app) {
  const chips = app.table?.chips || [];
  chipList(document.getElementById("waiting-chips"), chips);
  // At the table, Remember the Word off (R24, older than the variants) needs no chip: the game shows
  // no quiz. It keeps the standard game's page within two phone screens at the deal (issue 17).
  chipList(document.getElementById("game-chips"), chips.filter((chip) => chip.key !== "word_off"));
}

const DEALT = { 3: gettext("Everyone has three cards."), 5: gettext("Everyone has five cards."), 7: gettext("Everyone has seven cards.") };

/** How many cards each seat is dealt at this table, in words (V1, V2). */
export function dealWords(table) {
  const options = table?.options || {};
  const count = options.deal_seven ? 7 : options.variant === "quick" ? 3 : 5;
  return DEALT[count];
}
