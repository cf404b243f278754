// Your hand, one compact row per story (title, pips, the cards you hold); a tap opens the full cards.
import { h, fill } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";
import { cardCount, cardFace, heldWords, kindIcon, kindOf, KINDS, KIND_LABELS } from "./cards.js";
import { byStory } from "./table-model.js";

const WIDE = "(min-width: 60rem)";

/** Which stories show their full cards: all of them on a wide screen, the ones tapped on a phone. */
function isOpen(app, story) {
  if (app.openStories.has(story)) return app.openStories.get(story);
  return window.matchMedia(WIDE).matches;
}

export function renderHand(app) {
  const hand = app.view.hand || [];
  app.el.handCount.textContent = `(${cardCount(hand.length)})`;
  if (!hand.length) {
    fill(app.el.hand, h("p", { class: "muted hand-empty" }, gettext("Your hand is empty.")));
    return;
  }
  fill(
    app.el.hand,
    [...byStory(hand)].map(([story, ids]) => storyRow(app, story, ids)),
  );
}

function storyRow(app, story, ids) {
  const held = ids.map(kindOf);
  const first = app.card(ids[0]);
  // The summary's name is the story's title alone; what is held is its description, read from a
  // list outside the summary (a list inside one is not allowed, and made its name the pips' words).
  const heldId = `hand-story-${story}-held`;
  const details = h(
    "details",
    { class: "story-group", open: isOpen(app, story), dataset: { story: String(story) } },
    h(
      "summary",
      { class: "story-group-title", "aria-describedby": heldId },
      h("span", { class: "story-group-name" }, first.story_title),
      h(
        "span",
        { class: "game-card-pips", "aria-hidden": "true" },
        KINDS.map((kind) => h("span", { class: `pip pip-${kind}${held.includes(kind) ? " is-held" : ""}` })),
      ),
      h(
        "span",
        { class: "story-group-cards", "aria-hidden": "true" },
        ids.map((id) => {
          const face = app.card(id);
          return h("span", { class: `held-card held-card-${face.kind}` }, kindIcon(face.kind, 14), face.title);
        }),
      ),
    ),
    h(
      "div",
      { class: "visually-hidden", id: heldId },
      `${interpolate(gettext("Story %(story)s of %(count)s, %(n)s of 4:"), { story, count: first.stories, n: ids.length })} `,
      ids.map((id) => `${interpolate(gettext("%(kind)s: %(title)s."), { kind: KIND_LABELS[app.card(id).kind], title: app.card(id).title })} `),
      // No aria-label here: a label would be read instead of the held / not held words.
      h("ul", { class: "game-card-pips" }, KINDS.map((kind) => h("li", {}, `${heldWords(kind, held.includes(kind))}. `))),
    ),
    h("div", { class: "story-cards" }, ids.map((id) => cardFace(app.card(id), { held }))),
  );
  details.addEventListener("toggle", () => app.openStories.set(story, details.open));
  return details;
}
