// The scripts' words in the reader's language (issue 42). A page in Spanish or Portuguese loads
// Django's JavaScript catalog first (/words/<lang>.js, home/catalog.py), which defines
// globalThis.django; an English page (and node's tests) has none, and every word is its own.
// makemessages -d djangojs finds the words by these names: gettext, ngettext, pgettext.

const catalog = () => globalThis.django;

/** One sentence in the reader's language. */
export function gettext(msgid) {
  return catalog()?.gettext ? catalog().gettext(msgid) : msgid;
}

/** A sentence whose words depend on a count: ngettext("%(n)s stone", "%(n)s stones", n). */
export function ngettext(singular, plural, count) {
  if (catalog()?.ngettext) return catalog().ngettext(singular, plural, count);
  return count === 1 ? singular : plural;
}

/** A word whose meaning needs a hint for translators ("Ask" the verb, "Word" the card). */
export function pgettext(context, msgid) {
  return catalog()?.pgettext ? catalog().pgettext(context, msgid) : msgid;
}

/** Fill %(name)s from `values`: interpolate(gettext("%(name)s's turn"), { name }). */
export function interpolate(format, values) {
  return String(format).replace(/%\((\w+)\)s/g, (_, key) => (key in values ? String(values[key]) : ""));
}

/** The reader's language, as the page was served in ("en", "es", "pt"). */
export function language() {
  return globalThis.document?.documentElement?.lang || "en";
}

// Remembered for the offline page (templates/notices/offline.html), which the service worker keeps
// once in every language and shows in the one the reader last read a page in.
try {
  if (globalThis.document) globalThis.localStorage?.setItem("jag-language", language());
} catch {
  // Storage refused (a private window): the offline page falls back to its own language.
}
