// The circle of twelve places, filling as stones are laid, and the verse shown after each stone.
import { h, fill } from "./dom.js";
import { verseBlock } from "./verse.js";

export function renderCircle(app) {
  const stones = app.view.stones || [];
  const places = [];
  for (let place = 1; place <= 12; place += 1) {
    const stone = stones.find((s) => s.place === place);
    if (!stone) {
      places.push(h("li", { class: `place place-${place} is-empty` }, h("span", { class: "visually-hidden" }, `Place ${place}: empty`)));
      continue;
    }
    const title = app.story(stone.story);
    const owner = app.seatName(stone.seat);
    const label = `Place ${place}: ${owner === "You" ? "your" : `${owner}'s`} ${stone.sealed ? "sealed stone" : "stone of three"} of ${title}. Show its verse`;
    places.push(
      h(
        "li",
        { class: `place place-${place} is-filled${stone.sealed ? " is-sealed" : " is-open"}` },
        h("button", { type: "button", class: "stone", "aria-label": label, title: title, onclick: () => showVerse(app, stone.story, { focus: true }) }, String(stone.story)),
      ),
    );
  }
  places.push(h("li", { class: "circle-center", "aria-hidden": "true" }, h("strong", {}, String(stones.length)), h("span", {}, "of 12")));
  fill(app.el.circle, places);
  app.el.stoneCount.textContent = String(stones.length);
}

/** Show a story's verse above the actions, with links to the reader. */
export function showVerse(app, story, { focus = false, laidBy = null } = {}) {
  const verse = app.verses[String(story)];
  if (!verse || !verse.text) return;
  const stone = (app.view.stones || []).find((s) => s.story === story);
  const heading = laidBy !== null ? `${app.seatName(laidBy) === "You" ? "Your" : `${app.seatName(laidBy)}'s`} stone: ${app.story(story)}` : `The stone of ${app.story(story)}`;
  const box = app.el.verseMoment;
  fill(
    box,
    h(
      "div",
      { class: "verse-moment-head" },
      h("span", { class: "stone-badge", "aria-hidden": "true" }, String(stone ? stone.place : "")),
      h("h2", { id: "verse-moment-title", class: "verse-moment-title", tabindex: "-1" }, heading),
      h("button", { type: "button", class: "icon-button", "aria-label": "Close the verse", onclick: () => hideVerse(app) }, "×"),
    ),
    verseBlock(verse),
  );
  box.hidden = false;
  box.classList.remove("is-new");
  void box.offsetWidth;
  box.classList.add("is-new");
  if (focus) box.querySelector("h2").focus();
}

export function hideVerse(app) {
  app.el.verseMoment.hidden = true;
}
