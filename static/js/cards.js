// Card faces drawn in the browser, mirroring templates/content/card.html and static/css/cards.css.
import { h, svgIcon } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";

export const KINDS = ["person", "place", "moment", "word"];
export const KIND_LABELS = {
  person: pgettext("card kind", "Person"),
  place: pgettext("card kind", "Place"),
  moment: pgettext("card kind", "Moment"),
  word: pgettext("card kind", "Word"),
};

// The same drawings as templates/content/icons/*.html.
const ICONS = {
  person: [
    ["circle", { cx: "12", cy: "7.5", r: "3.5" }],
    ["path", { d: "M4.5 20.5c.8-4.2 3.8-6.5 7.5-6.5s6.7 2.3 7.5 6.5" }],
  ],
  place: [
    ["path", { d: "M2.5 20h19L15 8.5l-3.5 6-2.5-3.5z" }],
    ["circle", { cx: "18", cy: "5", r: "1.8" }],
  ],
  moment: [
    ["path", { d: "M12 2.5l2.3 6.2 6.2 2.3-6.2 2.3-2.3 6.2-2.3-6.2-6.2-2.3 6.2-2.3z" }],
    ["path", { d: "M19 17.5v4M17 19.5h4" }],
  ],
  word: [
    ["path", { d: "M12 6.5C10 5 7.3 4.5 3 4.5v14c4.3 0 7 .5 9 2 2-1.5 4.7-2 9-2v-14c-4.3 0-7 .5-9 2z" }],
    ["path", { d: "M12 6.5v14" }],
  ],
};

export function kindIcon(kind, size = 24) {
  return svgIcon(ICONS[kind] || ICONS.person, size);
}

export function storyOf(cardId) {
  return Math.floor(cardId / 4) + 1;
}

export function kindOf(cardId) {
  return KINDS[cardId % 4];
}

/** The four pips of a story: which kinds the holder has. */
export function pips(heldKinds, thisKind = null) {
  return h(
    "ul",
    { class: "game-card-pips", "aria-label": gettext("Cards of this story held") },
    KINDS.map((kind) => {
      const held = heldKinds.includes(kind);
      const cls = `pip pip-${kind}${held ? " is-held" : ""}${kind === thisKind ? " is-this" : ""}`;
      return h("li", { class: cls }, h("span", { class: "visually-hidden" }, heldWords(kind, held)));
    }),
  );
}

/** "Story 3 of 12": a card's story and how many the deck has. */
function storyLine(face) {
  return interpolate(gettext("Story %(story)s of %(count)s"), { story: face.story, count: face.stories });
}

/** A kind's pip as a screen reader says it: "Person: held". */
export function heldWords(kind, held) {
  const values = { kind: KIND_LABELS[kind] };
  return held ? interpolate(gettext("%(kind)s: held"), values) : interpolate(gettext("%(kind)s: not held"), values);
}

/** A card face; `face` is one entry of the welcome message's `cards`. */
export function cardFace(face, { held = [], compact = true } = {}) {
  const label = KIND_LABELS[face.kind] || face.kind;
  return h(
    "article",
    { class: `game-card game-card-${face.kind}${compact ? " is-compact" : ""}`, "aria-label": interpolate(gettext("%(kind)s card: %(title)s"), { kind: label, title: face.title }) },
    h(
      "header",
      { class: "game-card-head" },
      h("span", { class: "game-card-icon", "aria-hidden": "true" }, kindIcon(face.kind)),
      h("span", { class: "game-card-kind" }, label),
      h("span", { class: "game-card-number", title: storyLine(face) }, String(face.story), h("span", { class: "visually-hidden" }, " ", interpolate(pgettext("a story's number, after it: 3 of 12", "of %(count)s"), { count: face.stories }))),
    ),
    h(
      "div",
      { class: "game-card-body" },
      h("span", { class: "game-card-mark", "aria-hidden": "true" }, kindIcon(face.kind)),
      h("p", { class: "game-card-title", lang: face.english ? "en" : null }, face.title),
      // R43: a story the deck has no translation of yet shows in English, and says so.
      face.english ? h("p", { class: "game-card-english" }, gettext("In English: not translated yet")) : null,
      face.kind === "word" && face.reference && face.reference !== face.title ? h("p", { class: "game-card-ref" }, face.reference) : null,
      face.description ? h("p", { class: "game-card-desc", lang: face.english ? "en" : null }, face.description) : null,
    ),
    h(
      "footer",
      { class: "game-card-foot" },
      h("span", { class: "game-card-story" }, face.story_title, h("span", { class: "game-card-of" }, storyLine(face))),
      pips(held, face.kind),
    ),
  );
}

/** "1 card", "3 cards". */
export function cardCount(n) {
  return interpolate(ngettext("%(n)s card", "%(n)s cards", n), { n });
}

/** A card as a sentence names it, so a child knows which: by its title; a Word card (titled by its
 *  verse's reference) as the Word card of its story with the reference after it. */
export function cardName(face) {
  if (!face) return gettext("a card");
  if (face.kind === "word") return interpolate(gettext("the Word card of “%(story)s” (%(reference)s)"), { story: face.story_title, reference: face.reference || face.title });
  return face.title;
}

/** A small inline chip for a card named in a button or a hand: icon + kind + title (a Word card:
 *  its story, then the reference). */
export function cardChip(face) {
  if (!face) return h("span", { class: "card-chip" }, gettext("a card"));
  const word = face.kind === "word";
  return h(
    "span",
    { class: `card-chip card-chip-${face.kind}` },
    kindIcon(face.kind, 16),
    h("span", { class: "card-chip-kind" }, word ? gettext("Word card:") : interpolate(pgettext("a card kind before a card's title", "%(kind)s:"), { kind: KIND_LABELS[face.kind] })),
    " ",
    h("span", { class: "card-chip-title" }, word ? face.story_title : face.title),
    word ? h("span", { class: "card-chip-ref" }, ` (${face.reference || face.title})`) : null,
  );
}
