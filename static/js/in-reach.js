// Keeping your move in reach: after an update that gives you a move, the move panel is on screen
// (the verse folds to one line when it would push the move off the first screen), and the focus is
// never put on something out of view.

/** The pinned turn bar's height: what covers the top of the screen once the page is scrolled. */
function pinnedHeight() {
  const bar = document.querySelector(".game-top");
  return bar ? bar.getBoundingClientRect().height : 0;
}

/** Scroll as little as brings `el` on screen, clear of the pinned bar as tall as it is now. */
function scrollClear(el, block = "nearest") {
  document.documentElement.style.setProperty("--pinned-bar", `${Math.ceil(pinnedHeight())}px`);
  el.scrollIntoView({ block });
}

/** Whether an element's box is wholly between the pinned bar and the bottom of the screen. */
export function inView(el) {
  const box = el.getBoundingClientRect();
  return box.height > 0 && box.top >= pinnedHeight() - 1 && box.bottom <= window.innerHeight + 1;
}

/** Your move's first control (or the panel's heading) on screen; the verse folds if it is in the way. */
export function bringMoveIntoView(app) {
  const panel = app.el.actions;
  if (panel.hidden || !panel.classList.contains("is-mine")) return;
  const first = app.el.actionsBody.querySelector("button:not([disabled])") || app.el.actionsTitle;
  const verse = app.el.verseMoment;
  // "Off the first screen": where the first control would sit with the page at its top.
  const bottom = () => first.getBoundingClientRect().bottom + window.scrollY;
  if (!verse.hidden && !verse.classList.contains("is-folded") && bottom() > window.innerHeight) {
    foldVerse(verse, true);
  }
  if (!inView(first)) {
    // The panel's heading and the first control together, under the pinned bar (scroll-margin).
    scrollClear(app.el.actionsTitle, "start");
    if (!inView(first)) scrollClear(first);
  }
}

/** Fold the verse to its heading line with a Read it button, or open it again. */
export function foldVerse(verse, folded) {
  verse.classList.toggle("is-folded", folded);
  const button = verse.querySelector(".verse-read-it");
  if (button) button.setAttribute("aria-expanded", String(!folded));
}

/** A verse that rose by itself folds if it would stretch the move panel's room (a corner card takes none). */
export function fitVerse(verse, panel) {
  if (!panel || verse.hidden || verse.dataset.asked === "true" || verse.classList.contains("is-folded")) return;
  if (getComputedStyle(verse).position === "fixed") return;
  if (panel.offsetHeight > (parseFloat(panel.style.minHeight) || 0)) foldVerse(verse, true);
}

/** Focus an element and make sure it is on screen, under the pinned bar, without a jump if it is. */
export function focusInView(el) {
  el.focus({ preventScroll: true });
  if (!inView(el)) scrollClear(el);
}

/** A focus this redraw placed stays in view when the rest of the redraw (names fitted, the verse
 *  folded) moved it; a focus the member put somewhere themselves is left alone. */
export function keepPlacedFocusInView(app) {
  const placed = app.focusPlaced;
  app.focusPlaced = null;
  if (placed && document.activeElement === placed && !inView(placed)) scrollClear(placed);
}
