// The table page's Read aloud (issue 31). It says what the page shows as the page shows it, so it
// can say nothing this device may not see: whose turn it is (the pinned bar), each change the live
// region words (#announcer), a verse when it comes up, and at a Young children table the card or
// story a child taps in their own hand. Fetched after the welcome, off the page's first load.
import { setUpVoice } from "./voice.js";

/** An element's words as a screen reader has them: what is hidden from it (aria-hidden) left out. */
export function spokenText(el) {
  const copy = el.cloneNode(true);
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"], button')) hidden.remove();
  return copy.textContent.replace(/\s+/g, " ").trim();
}

/** Call `say` with an element's words each time they change (and it is on screen). */
function onChange(el, say, words = spokenText) {
  let last = "";
  new MutationObserver(() => {
    const now = el.hidden ? "" : words(el);
    if (now && now !== last) say(now);
    last = now;
  }).observe(el, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["hidden"] });
}

export function startVoice(app, mount) {
  const young = !!app.table?.options?.read_aloud;
  const voice = setUpVoice(mount, { defaultOn: young, context: young ? "young" : "table" });
  const say = (text) => voice.speak(text);
  onChange(app.el.turnBanner, say);
  onChange(app.el.announcer, say, (el) => el.textContent.trim());
  // The verse as it is shown: its words and reference, not the buttons beside it.
  onChange(app.el.verseMoment, say, (el) => {
    const quote = el.querySelector("blockquote");
    return quote ? `${spokenText(quote.querySelector("p"))} ${spokenText(quote.querySelector("cite"))}` : "";
  });
  if (young) {
    app.el.hand.addEventListener("click", (event) => {
      const card = event.target.closest(".game-card");
      const story = event.target.closest("summary.story-group-title");
      if (card) say([card.getAttribute("aria-label"), card.querySelector(".game-card-desc")?.textContent].filter(Boolean).join(". "));
      else if (story) say(spokenText(story.querySelector(".story-group-name")));
    });
  }
  return voice;
}
