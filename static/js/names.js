// Gamer tags as every screen shows them: whole when they fit, else cut in the middle keeping both
// ends ("Grand…Ruth"), never so short that two seats at the table could look the same.
import { h } from "./dom.js";

// Fewer visible characters than this and a child cannot tell who it is.
const MIN_VISIBLE = 6;
const ELLIPSIS = "…";

// The tags at this table (every seat's name as the screen says it), for telling them apart.
let peers = [];

/** Tell the name rule which tags share the table (as tagAtSeat names them). */
export function setPeers(tags) {
  peers = [...new Set(tags.filter(Boolean))];
}

/** A gamer tag: screen readers get the whole tag once; the eyes get what fitNames leaves of it. */
export function tagName(text, cls = "") {
  return h(
    "span",
    { class: cls ? `tag ${cls}` : "tag", title: text, dataset: { tag: text } },
    h("span", { class: "visually-hidden" }, text),
    h("span", { class: "tag-shown", "aria-hidden": "true" }, text),
  );
}

/** The ways to show `tag` in `n` characters plus an ellipsis, balanced first, then leaning either way,
 *  keeping only those no other tag at the table could also show (same beginning and same end). */
export function cutsOf(tag, n, others = peers, maxLean = n) {
  const chars = Array.from(tag);
  const rivals = others.filter((o) => o !== tag).map((o) => Array.from(o));
  const out = [];
  const balanced = Math.ceil(n / 2);
  for (let lean = 0; lean < n && lean <= maxLean; lean += 1) {
    for (const head of lean ? [balanced + lean, balanced - lean] : [balanced]) {
      const tail = n - head;
      if (head < 1 || tail < 1) continue;
      const start = chars.slice(0, head).join("");
      const end = chars.slice(-tail).join("");
      const shared = rivals.some((r) => r.length > n && r.slice(0, head).join("") === start && r.slice(-tail).join("") === end);
      if (!shared) out.push([start, end]);
    }
  }
  return out;
}

let ruler = null;

function textWidth(el, text) {
  ruler = ruler || document.createElement("canvas").getContext("2d");
  const style = getComputedStyle(el);
  ruler.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return ruler.measureText(text).width;
}

/** Show one tag as the rule says, for the width its place gives it now. */
export function fitName(el) {
  const tag = el.dataset.tag;
  const shown = el.querySelector(".tag-shown");
  if (!tag || !shown) return;
  el.classList.remove("is-cut", "is-wrapped");
  shown.textContent = tag;
  if (el.classList.contains("is-whole")) return;
  const room = el.clientWidth;
  if (room === 0 || el.scrollWidth <= room + 0.5) return; // not drawn yet, or it fits whole
  const length = Array.from(tag).length;
  // Both ends about equal first ("Gran…Ruth"), a character shorter if need be; a lopsided cut
  // ("Leaver…0") only when no even one fits or tells the tag apart.
  for (const maxLean of [1, length]) {
    for (let n = length - 1; n >= MIN_VISIBLE; n -= 1) {
      for (const [start, end] of cutsOf(tag, n, peers, maxLean)) {
        const text = `${start}${ELLIPSIS}${end}`;
        if (textWidth(shown, text) > room) continue; // measured off-page first: cheaper than a layout
        shown.textContent = text;
        if (el.scrollWidth <= el.clientWidth + 0.5) {
          el.classList.add("is-cut");
          return;
        }
      }
    }
  }
  // Nothing short enough still tells it apart: the whole tag, over two lines if it must.
  shown.textContent = tag;
  el.classList.add("is-wrapped");
}

/** Fit every tag under `root` (after a redraw, and when the window changes size). */
export function fitNames(root = document) {
  for (const el of root.querySelectorAll(".tag[data-tag]")) fitName(el);
}

/** Refit on resize; a tap on a tag outside a button shows it whole, another tap fits it again. */
export function keepNamesFitted(root = document) {
  let queued = false;
  window.addEventListener("resize", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fitNames(root);
    });
  });
  // Web fonts arriving change every width.
  document.fonts?.ready.then(() => fitNames(root));
  root.addEventListener("click", (event) => {
    const tag = event.target.closest?.(".tag[data-tag]");
    if (!tag || tag.closest("button, a")) return;
    tag.classList.toggle("is-whole");
    fitName(tag);
  });
}
