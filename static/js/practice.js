// The practice page (issue 43): today's verses one at a time, as the server chose them
// (verses/practice.py): the missing word, the next phrase, the first letters, or the whole verse.
// Each answer becomes fsrs's rating, is kept on the device and sent (practice-sync.js), so a
// session also runs with no network. Nothing here hurries or scolds: no timer, no streak.
import { registerWorker } from "./app-worker.js";
import { arrowsInGroups, h } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { AGAIN, GOOD, HARD, choose, makeReview, stillToAsk, wordsToSay } from "./practice-logic.js";
import { startSync } from "./practice-sync.js";
import { canSpeak, say, stopSaying } from "./practice-voice.js";
import { verseNodes } from "./verse.js";

const root = document.getElementById("practice-stage");
const items = JSON.parse(document.getElementById("practice-items").textContent);
const config = JSON.parse(document.getElementById("practice-config").textContent);
const saving = document.getElementById("practice-saving");
// The cache the service worker serves this page from offline (templates/notices/sw.js).
const PRACTICE_CACHE = "jag-practice";

const HEADINGS = {
  word: () => gettext("Which word is missing?"),
  phrase: () => gettext("What comes next?"),
  letters: () => gettext("Say the verse from its first letters"),
  whole: () => gettext("Say the whole verse"),
};

// The verses answered from this copy of the page (the app may show it again from its cache).
const doneKey = `jag.verses.done.${config.session}`;
function answeredHere() {
  try {
    return JSON.parse(localStorage.getItem(doneKey) || "[]");
  } catch {
    return [];
  }
}
function markAnswered(card) {
  try {
    localStorage.setItem(doneKey, JSON.stringify([...answeredHere(), card]));
    const sessions = JSON.parse(localStorage.getItem("jag.verses.sessions") || "[]").filter((s) => s !== config.session);
    sessions.push(config.session);
    for (const old of sessions.splice(0, Math.max(0, sessions.length - 5))) localStorage.removeItem(`jag.verses.done.${old}`);
    localStorage.setItem("jag.verses.sessions", JSON.stringify(sessions));
  } catch {
    // storage switched off: a reload from the cache would ask these again, nothing worse
  }
}

const sync = startSync(config, { onChange: showSaving });
const queue = stillToAsk(items, answeredHere());
let practised = items.length - queue.length;
// The page as the server sent it, before any verse is drawn: kept for offline use on a first visit.
const asSent = `<!doctype html>\n${document.documentElement.outerHTML}`;

/** Say under the page whether answers wait on this device (only when they do: no noise otherwise). */
function showSaving({ kept }) {
  const words = kept
    ? ngettext(
        "%(n)s answer is kept on this device. It will be saved when you're back online.",
        "%(n)s answers are kept on this device. They will be saved when you're back online.",
        kept,
      )
    : "";
  const text = interpolate(words, { n: kept });
  if (saving.textContent !== text) saving.textContent = text;
}

function keep(item, rating) {
  markAnswered(item.card);
  practised += 1;
  sync.add(makeReview(item, rating));
}

function heading(text) {
  return h("h2", { id: "practice-question", class: "practice-question", tabindex: "-1" }, text);
}

function verseQuote(item, nodes, extraClass = "") {
  return h("blockquote", { class: `verse practice-verse ${extraClass}`.trim(), lang: item.language }, h("p", {}, nodes));
}

function wholeVerse(item) {
  return h(
    "div",
    { class: "practice-whole" },
    h(
      "blockquote",
      { class: "verse practice-verse", lang: item.language },
      h("p", {}, verseNodes(item.text)),
      h("cite", {}, h("span", { class: "practice-ref" }, item.reference), " · ", h("span", { class: "practice-bible" }, item.bible)),
    ),
  );
}

function readButton(item, isShown) {
  if (!canSpeak()) return null;
  return h(
    "button",
    {
      type: "button",
      class: "button button-secondary button-small practice-read",
      onclick: () => say(wordsToSay(item, isShown(), pgettext("the missing word's place in a verse", "blank")), item.language),
    },
    gettext("Read it to me"),
  );
}

/** Show one item and move the focus to its question. */
function ask(index) {
  stopSaying();
  const item = queue[index];
  if (!item) return finish();
  const number = index + 1 + (items.length - queue.length);
  const top = h(
    "p",
    { class: "practice-where" },
    h("span", {}, interpolate(gettext("Verse %(n)s of %(total)s"), { n: number, total: items.length })),
    item.weekly ? h("span", { class: "practice-weekly" }, gettext("Verse of the week")) : null,
  );
  const next = () => ask(index + 1);
  const body = item.mode === "word" || item.mode === "phrase" ? choiceItem(item, next) : sayItem(item, next);
  root.replaceChildren(h("section", { class: "practice-item", "aria-labelledby": "practice-question", dataset: { mode: item.mode, card: item.card } }, top, ...body));
  root.querySelector("#practice-question").focus();
}

/** The missing word or the next phrase: three choices, a miss marked, two misses show the answer. */
function choiceItem(item, next) {
  const question = item.mode === "word" ? item.word : item.phrase;
  const shown =
    item.mode === "word"
      ? verseQuote(item, verseNodes(question.text, { blank: true }))
      : verseQuote(item, [...verseNodes(question.shown), " …"], "practice-shown");
  let state = { wrong: [], done: false };
  const feedback = h("p", { class: "practice-feedback", role: "status" });
  const after = h("div", { class: "practice-after", hidden: true });
  const buttons = question.choices.map((choice, i) =>
    h(
      "button",
      { type: "button", class: `button button-secondary practice-choice practice-choice-${item.mode}`, onclick: () => picked(i), lang: item.language },
      h("span", { class: "practice-choice-words" }, verseNodes(choice)),
    ),
  );
  const choices = h("div", { class: "practice-choices", role: "group", "aria-labelledby": "practice-question", "data-arrows": true }, buttons);

  function picked(i) {
    const made = choose(state, i, question.answer);
    if (made.outcome === "ignored") return;
    state = made.state;
    if (made.outcome === "wrong") {
      mark(buttons[i], false);
      buttons[i].setAttribute("aria-disabled", "true");
      feedback.textContent = gettext("Not that one. Have another go.");
      return;
    }
    if (made.outcome === "shown") mark(buttons[i], false);
    mark(buttons[question.answer], true);
    for (const button of buttons) button.setAttribute("aria-disabled", "true");
    feedback.textContent = made.outcome === "right" ? gettext("That's right!") : gettext("Here is the right one.");
    feedback.classList.toggle("is-right", made.outcome === "right");
    keep(item, made.rating);
    const last = queue.indexOf(item) === queue.length - 1;
    after.append(
      h("h3", { class: "practice-after-title" }, gettext("The whole verse")),
      wholeVerse(item),
      h("p", { class: "practice-next" }, h("button", { type: "button", class: "button", onclick: next }, last ? gettext("Finish") : gettext("Next verse"))),
    );
    after.hidden = false;
    after.querySelector(".practice-next button").focus();
  }

  return [heading(HEADINGS[item.mode]()), h("p", { class: "practice-ref-line" }, item.reference), shown, choices, feedback, after, h("p", { class: "practice-tools" }, readButton(item, () => state.done))];
}

function mark(button, right) {
  button.classList.add(right ? "is-right" : "is-wrong");
  const words = right ? gettext("right") : gettext("not this one");
  button.firstChild.append(h("span", { class: "practice-mark", "aria-hidden": "true" }, right ? " ✓" : " ✗"), h("span", { class: "visually-hidden" }, ` (${words})`));
}

/** The first letters or the whole verse: say it, show it, then say how it went. */
function sayItem(item, next) {
  let revealed = false;
  const prompt =
    item.mode === "letters"
      ? verseQuote(item, item.letters, "practice-letters")
      : h("p", { class: "practice-big-ref" }, item.reference);
  const hint = h("p", { class: "practice-hint muted" }, gettext("Say it aloud or in your head, then look."));
  const after = h("div", { class: "practice-after", hidden: true });
  const show = h(
    "button",
    {
      type: "button",
      class: "button practice-show",
      onclick: () => {
        if (revealed) return;
        revealed = true;
        show.hidden = true;
        hint.hidden = true;
        const rate = (rating) => () => {
          keep(item, rating);
          next();
        };
        after.append(
          wholeVerse(item),
          h("h3", { id: "practice-how", class: "practice-after-title", tabindex: "-1" }, gettext("How did it go?")),
          h(
            "div",
            { class: "practice-ratings", role: "group", "aria-labelledby": "practice-how", "data-arrows": true },
            h("button", { type: "button", class: "button", onclick: rate(GOOD) }, gettext("Every word")),
            h("button", { type: "button", class: "button button-secondary", onclick: rate(HARD) }, gettext("Nearly")),
            h("button", { type: "button", class: "button button-secondary", onclick: rate(AGAIN) }, gettext("Not yet")),
          ),
        );
        after.hidden = false;
        after.querySelector("#practice-how").focus();
      },
    },
    gettext("Show the verse"),
  );
  const reference = item.mode === "letters" ? h("p", { class: "practice-ref-line" }, item.reference) : null;
  return [heading(HEADINGS[item.mode]()), reference, prompt, hint, h("p", { class: "practice-show-line" }, show), after, h("p", { class: "practice-tools" }, readButton(item, () => revealed))];
}

function finish() {
  stopSaying();
  root.replaceChildren(
    h(
      "section",
      { class: "practice-end", "aria-labelledby": "practice-question" },
      heading(gettext("That's all for today")),
      h("p", { class: "lead" }, interpolate(ngettext("You practised %(n)s verse.", "You practised %(n)s verses.", practised), { n: practised })),
      h("p", {}, gettext("Each one comes back when it is time to practise it again.")),
      h("p", {}, h("a", { class: "button", href: config.mine }, gettext("Back to my verses"))),
    ),
  );
  root.querySelector("#practice-question").focus();
}

/** Keep this page as it came and what it loads, for offline use in the app. The worker keeps each
 *  page it serves; this one may have come before the worker did (a first visit), and a copy
 *  from before this visit's answers must not be the one kept (it would ask them again). */
async function keepForOffline() {
  if (!("serviceWorker" in navigator) || !("caches" in window)) return;
  registerWorker();
  try {
    const cache = await caches.open(PRACTICE_CACHE);
    await cache.put(location.pathname, new Response(asSent, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    const files = performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && (url.pathname.startsWith("/static/") || url.pathname.startsWith("/words/")))
      .map((url) => url.pathname + url.search);
    const missing = [];
    for (const file of new Set(files)) if (!(await cache.match(file))) missing.push(file);
    await cache.addAll(missing);
  } catch {
    // offline already, or storage refused: the next visit tries again
  }
}

arrowsInGroups(root);
if (items.length) ask(0);
sync.send();
keepForOffline();
