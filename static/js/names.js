// Gamer tags as every screen shows them: whole when they fit, else cut in the middle keeping both
// ends ("Grand…Ruth"), never so short that two seats at the table could look the same, never on two lines.
import { h } from "./dom.js";

// Fewer visible characters than this and a child cannot tell who it is.
const MIN_VISIBLE = 6;
const ELLIPSIS = "…";

// The tags at this table (every seat's name as the screen says it), for telling them apart.
let peers = [];

/** Tell the name rule which tags share the table (as seatTag in table-model.js names them). */
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

/** The longest cut of `from` to `to` characters that fits `room` and tells the tag apart: both ends
 *  about equal ("Gran…Ruth") first, a lopsided one ("Leaver…0") only when no even one will do. */
function fittingCut(el, shown, tag, room, from, to) {
  for (const maxLean of [1, from]) {
    for (let n = from; n >= to; n -= 1) {
      for (const [start, end] of cutsOf(tag, n, peers, maxLean)) {
        const text = `${start}${ELLIPSIS}${end}`;
        if (textWidth(shown, text) > room) continue; // measured off the page first: cheaper
        shown.textContent = text;
        if (el.scrollWidth <= el.clientWidth + 0.5) return text;
      }
    }
  }
  return null;
}

/** Show one tag as the rule says, for the width its place gives it now. */
export function fitName(el) {
  const tag = el.dataset.tag;
  const shown = el.querySelector(".tag-shown");
  if (!tag || !shown) return;
  el.classList.remove("is-cut");
  shown.textContent = tag;
  if (el.classList.contains("is-whole")) return;
  if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 0.5) return; // not drawn yet, or it fits whole
  const room = el.clientWidth; // what a whole tag is given
  const length = Array.from(tag).length;
  el.classList.add("is-cut");
  // Six characters or more (every place gives a tag that room); fewer only on a narrower screen still.
  if (fittingCut(el, shown, tag, room, length - 1, MIN_VISIBLE) || fittingCut(el, shown, tag, room, MIN_VISIBLE - 1, 2)) return;
  const [start, end] = cutsOf(tag, 2, peers, length)[0] || [tag, ""]; // clipped by its box
  shown.textContent = end ? `${start}${ELLIPSIS}${end}` : start;
}

/** A sentence (the log, a prompt, a heading) with each of the table's tags in it kept on one line. */
export function tagsInText(text) {
  const names = [...peers].sort((a, b) => b.length - a.length).map((t) => t.replace(/[^\w -]/g, "\\$&"));
  if (!names.length || !text) return [text];
  return String(text)
    .split(new RegExp(`(${names.join("|")})`))
    .map((part) => (peers.includes(part) ? h("span", { class: "tag-word" }, part) : part));
}

/** A sentence in the reader's words with elements in place of its %(key)s (a tag, a number in bold):
 *  withNodes(gettext("Let %(name)s sit"), { name: tagName(tag) }). The words around them come back as
 *  strings, or each through `wrap` (a span of its own, in a line laid out as flex items). */
export function withNodes(format, nodes, wrap = null) {
  const out = [];
  for (const piece of String(format).split(/(%\(\w+\)s)/)) {
    const key = /^%\((\w+)\)s$/.exec(piece)?.[1];
    if (key && key in nodes) out.push(nodes[key]);
    else if (piece) out.push(wrap ? wrap(piece) : piece);
  }
  return out.filter((part) => part !== null && part !== undefined);
}

/** The words beside a name on a choice (withNodes' `wrap`), trimmed in a span of their own: the
 *  choice's flex line spaces them. */
export const wordSpan = (text) => (text.trim() ? h("span", {}, text.trim()) : null);

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
