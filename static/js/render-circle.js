// The circle of twelve places, filling as stones are laid, and the verse shown after each stone.
import { h, fill } from "./dom.js";
import { gettext, interpolate, pgettext } from "./i18n.js";
import { tagName, tagsInText } from "./names.js";
import { verseBlock } from "./verse.js";
import { fitVerse, foldVerse } from "./in-reach.js";
import { ring } from "./table-model.js";

export function renderCircle(app) {
  const places = ring(app.view);
  const stones = places.filter(Boolean);
  // The ring is a picture; the list below it names each stone and opens its verse.
  fill(
    app.el.circle,
    places.map((stone, i) =>
      stone
        ? h(
            "li",
            { class: `place place-${i + 1} is-filled${stone.sealed ? " is-sealed" : " is-open"}` },
            h("span", { class: "stone", title: app.story(stone.story), onclick: () => showVerse(app, stone.story, { focus: true }) }, String(i + 1)),
          )
        : h("li", { class: `place place-${i + 1} is-empty` }),
    ),
    h("li", { class: "circle-center" }, h("strong", {}, String(stones.length)), h("span", {}, pgettext("the circle's count of stones: 3 of 12", "of 12"))),
  );
  fill(
    app.el.stoneList,
    stones.map((stone) => {
      const owner = app.seatName(stone.seat);
      const kind = stone.sealed ? pgettext("a stone", "sealed") : gettext("stone of three");
      return h(
        "li",
        { class: `stone-row${stone.sealed ? " is-sealed" : ""}` },
        h(
          "button",
          { type: "button", class: "stone-button", onclick: () => showVerse(app, stone.story, { focus: true }) },
          h("span", { class: "stone-badge" }, String(stone.place)),
          h("span", { class: "stone-row-title" }, app.story(stone.story)),
          // Owner and kind share a line when both fit, else the kind goes under the whole tag.
          h("span", { class: "stone-row-meta" }, h("span", { class: "stone-row-who" }, tagName(owner)), h("span", { class: "stone-row-kind" }, kind)),
        ),
      );
    }),
  );
  app.el.stoneCount.textContent = String(stones.length);
}

/** Show a story's verse above the actions, with links to the reader. */
export function showVerse(app, story, { focus = false, laidBy = null } = {}) {
  const verse = app.verses[String(story)];
  if (!verse || !verse.text) return;
  const stone = (app.view.stones || []).find((s) => s.story === story);
  const values = { name: app.seatName(laidBy), story: app.story(story) };
  let heading = interpolate(gettext("The stone of %(story)s"), values);
  if (laidBy !== null) heading = interpolate(laidBy === app.me?.seat ? gettext("Your stone: %(story)s") : gettext("%(name)s's stone: %(story)s"), values);
  const box = app.el.verseMoment;
  fill(
    box,
    h(
      "div",
      { class: "verse-moment-head" },
      h("span", { class: "stone-badge", "aria-hidden": "true" }, String(stone ? stone.place : "")),
      h("h2", { id: "verse-moment-title", class: "verse-moment-title", tabindex: "-1" }, tagsInText(heading)),
      // Shown when the verse was folded to keep your move on the first screen.
      h("button", { type: "button", class: "button button-small verse-read-it", "aria-expanded": "true", onclick: () => openVerse(box) }, gettext("Read it")),
      h("button", { type: "button", class: "icon-button", "aria-label": gettext("Close the verse"), onclick: () => hideVerse(app) }, "×"),
    ),
    // V1 Read aloud: the verse comes with a large prompt instead of a quiz.
    app.table?.options?.read_aloud ? h("p", { class: "read-together" }, gettext("Read it together")) : null,
    verseBlock(verse),
  );
  box.hidden = false;
  foldVerse(box, false);
  // One the member asked for (a tapped stone) opens whole; one that rose fits the panel's room.
  box.dataset.asked = String(focus);
  fitVerse(box, box.closest(".actions-panel"));
  box.classList.remove("is-new");
  void box.offsetWidth;
  box.classList.add("is-new");
  if (focus) box.querySelector("h2").focus();
}

function openVerse(box) {
  box.dataset.asked = "true";
  foldVerse(box, false);
  box.querySelector("h2").focus();
}

export function hideVerse(app) {
  app.el.verseMoment.hidden = true;
}
