// Bible verses as the table shows them: KJV supplied words in italics, links to the reader.
import { h } from "./dom.js";
import { gettext, pgettext } from "./i18n.js";

/** Verse text as nodes: "[supplied]" words become <em> without brackets; "_____" becomes a blank. */
export function verseNodes(text, { blank = false } = {}) {
  const out = [];
  const pattern = blank ? /\[([^\[\]]*)\]|_{3,}/g : /\[([^\[\]]*)\]/g;
  let last = 0;
  for (const match of (text || "").matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    if (match[0].startsWith("_")) {
      out.push(h("span", { class: "word-blank" }, h("span", { class: "visually-hidden" }, pgettext("the missing word's place in a verse", "blank"))));
    } else {
      out.push(h("em", {}, match[1]));
    }
    last = match.index + match[0].length;
  }
  if (last < (text || "").length) out.push(text.slice(last));
  return out;
}

// The language each Bible is read in (content/bibles), for screen readers and the browser's voice.
const BIBLE_LANGUAGES = { kjv: "en", rv1909: "es", alm1911: "pt" };

export function chapterUrl(verse) {
  const bible = verse.bible ? `?bible=${verse.bible}` : "";
  return `/bible/${verse.book_slug}/${verse.chapter}/${bible}`;
}

/** The reader at the verse, in the Bible the table showed it from (its chapter and verse are that
 * Bible's own); a verse without one is in the KJV's numbering, and the reader finds where the
 * reader's own Bible prints it (content/views.py chapter). */
export function verseUrl(verse) {
  if (verse.bible) return `${chapterUrl(verse)}#v${verse.verse}`;
  return `${chapterUrl(verse)}?verse=${verse.verse}`;
}

/** The verse as a quotation with Read the verse and Read the chapter (new tab). */
export function verseBlock(verse) {
  const links = verse.book_slug
    ? h(
        "p",
        { class: "verse-links" },
        h("a", { href: verseUrl(verse), target: "_blank", rel: "noopener", class: "button button-small" }, gettext("Read the verse")),
        h("a", { href: chapterUrl(verse), target: "_blank", rel: "noopener", class: "button button-small button-secondary" }, gettext("Read the chapter")),
      )
    : null;
  return [h("blockquote", { class: "verse table-verse", lang: BIBLE_LANGUAGES[verse.bible] }, h("p", {}, verseNodes(verse.text)), h("cite", {}, verse.reference)), links];
}
