// The member's gamer tag in the site's header (templates/base.html): whole where the header has room
// for it, else cut in the middle as every other place cuts a tag ("Dadd…reat", static/js/names.js),
// measured in place and again whenever the window changes size. The whole tag stays the link's
// name for a screen reader and its title for the eyes; with no script the browser's end cut shows.
import { fitName, tagName } from "./names.js";

// A tag only: "Choose a tag" (a member who has none yet) is a link with no title, and stays as it is.
const chip = document.querySelector(".site-header span.tag-chip, .site-header a.tag-chip[title]");
const drawn = chip?.querySelector(".tag:not([data-tag])");
const tag = drawn?.textContent.trim();

if (tag) {
  const fitted = tagName(tag);
  // The link's own title says whose settings these are ("Sam: your settings"); a tag outside a link
  // keeps its own.
  if (chip.matches("a")) fitted.removeAttribute("title");
  drawn.replaceWith(fitted);
  const fit = () => fitName(fitted);
  fit();
  let queued = false;
  window.addEventListener("resize", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fit();
    });
  });
  document.fonts?.ready.then(fit); // web fonts arriving change every width
}
