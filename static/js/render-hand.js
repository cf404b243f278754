// Your hand, grouped by story: every card face, "Story 7 of 20", and the four pips.
import { h, fill, plural } from "./dom.js";
import { cardFace, kindOf, storyOf } from "./cards.js";

export function renderHand(app) {
  const hand = app.view.hand || [];
  const groups = new Map();
  for (const id of hand) {
    const story = storyOf(id);
    if (!groups.has(story)) groups.set(story, []);
    groups.get(story).push(id);
  }
  app.el.handCount.textContent = `(${plural(hand.length, "card")})`;
  if (!hand.length) {
    fill(app.el.hand, h("p", { class: "muted hand-empty" }, "Your hand is empty."));
    return;
  }
  fill(
    app.el.hand,
    [...groups.entries()].map(([story, ids]) => {
      const held = ids.map(kindOf);
      const first = app.card(ids[0]);
      return h(
        "section",
        { class: "story-group", "aria-label": `${first.story_title}: ${plural(ids.length, "card")} of 4` },
        h(
          "h3",
          { class: "story-group-title" },
          h("span", { class: "story-group-name" }, first.story_title),
          h("span", { class: "story-group-count" }, `${ids.length} of 4 · Story ${story} of ${first.stories}`),
        ),
        h("div", { class: "story-cards" }, ids.map((id) => cardFace(app.card(id), { held }))),
      );
    }),
  );
}
