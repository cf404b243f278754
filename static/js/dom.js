// Small DOM helpers: build elements without innerHTML, so text from the server stays text.

/** h("button", {class: "x", onclick: fn}, "Label", child) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A plain POST form with the CSRF token and one submit button (works without JavaScript too). */
export function postForm(action, csrf, label, buttonClass = "button") {
  return h(
    "form",
    { method: "post", action, class: "inline-post" },
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf }),
    h("button", { type: "submit", class: buttonClass }, label),
  );
}

/** SVG from path data, for icons drawn in the site's line style. */
export function svgIcon(paths, size = 24, extraClass = "") {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("fill", "none");
  svg.setAttribute("stroke", "currentColor");
  svg.setAttribute("stroke-width", "2");
  svg.setAttribute("stroke-linecap", "round");
  svg.setAttribute("stroke-linejoin", "round");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  if (extraClass) svg.setAttribute("class", extraClass);
  for (const shape of paths) {
    const [name, attrs] = shape;
    const node = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    svg.append(node);
  }
  return svg;
}

/** "1 card", "3 cards". */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The first letter of a tag, for an avatar (whole characters, not halves of one). */
export function initial(text) {
  return (Array.from(text || "?")[0] || "?").toUpperCase();
}

/** Arrow keys move between the buttons of a group ([data-arrows]); Tab still visits each of them. */
export function arrowsInGroups(root = document) {
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  root.addEventListener("keydown", (event) => {
    const step = steps[event.key];
    const group = step && event.target.closest?.("[data-arrows]");
    if (!group || event.altKey || event.ctrlKey || event.metaKey) return;
    const buttons = [...group.querySelectorAll("button:not([disabled])")];
    const at = buttons.indexOf(event.target);
    if (at < 0) return;
    event.preventDefault();
    buttons[(at + step + buttons.length) % buttons.length].focus();
  });
}
