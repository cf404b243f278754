// A list whose newest lines come first (the table's log, the family screen's feed) rolls down as
// they come: the lines the reader sees slide from where they were to their new places and the new
// ones come in over the list's top edge with them, instead of every line jumping down at once
// (issue 46: no layout shift while a game plays). A transform, stepped each frame, so a roll cut
// short by newer lines goes on from where it is.

// How long a roll takes.
const ROLL_MS = 250;
// The lines on their way: how far above their places each started (px), and when.
const rolls = new WeakMap();
const rolling = new Set();

/** Put `items` at the top of `list` in their order (the first one topmost), keeping `keep` lines at
 *  most, and roll the lines in view down to their new places. */
export function prependRolling(list, items, keep) {
  const box = list.getBoundingClientRect();
  const was = new Map();
  for (const line of list.children) {
    const top = line.getBoundingClientRect().top;
    if (top >= box.bottom) break; // below the list's edge: nobody sees it move
    was.set(line, top);
  }
  list.prepend(...items);
  while (list.children.length > keep) list.lastElementChild.remove();
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const now = performance.now();
  let by = null; // how far the lines in view start above their new places
  for (const [line, top] of was) {
    if (!line.isConnected) continue;
    line.style.transform = "";
    const from = top - line.getBoundingClientRect().top;
    by ??= from;
    start(line, from, now);
  }
  if (by) for (const line of items) start(line, by, now);
  if (!rolling.has(list)) {
    rolling.add(list);
    requestAnimationFrame((time) => step(list, time));
  }
}

function start(line, from, now) {
  if (Math.abs(from) < 0.5) {
    rolls.delete(line);
    line.style.transform = "";
    return;
  }
  rolls.set(line, { from, at: now });
  line.style.transform = `translateY(${from}px)`;
}

function step(list, now) {
  let more = false;
  for (const line of list.children) {
    const roll = rolls.get(line);
    if (!roll) continue;
    const left = 1 - Math.min(1, Math.max(0, (now - roll.at) / ROLL_MS));
    line.style.transform = left > 0 ? `translateY(${roll.from * left * left}px)` : ""; // easing out
    if (left > 0) more = true;
    else rolls.delete(line);
  }
  if (more) requestAnimationFrame((time) => step(list, time));
  else rolling.delete(list);
}
