// Dialogs that manage focus: Remember the Word, and the confirm before ending or leaving. Fetched
// after the welcome (table.js), off the first load.
import { h, fill } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";
import { withNodes } from "./names.js";
import { verseBlock, verseNodes } from "./verse.js";
import { focusInView } from "./in-reach.js";

let returnFocus = null;

function open(dialog, focusTarget) {
  if (!dialog.open) {
    returnFocus = document.activeElement;
    dialog.showModal();
  }
  (focusTarget || dialog.querySelector("button, a, [tabindex]"))?.focus();
}

export function setUpDialogs() {
  for (const dialog of document.querySelectorAll("#word-dialog, #confirm-dialog")) {
    dialog.addEventListener("close", () => {
      // Back where it was, scrolled clear of the pinned bar if the game moved it meanwhile.
      if (returnFocus && returnFocus !== document.body && document.contains(returnFocus)) focusInView(returnFocus);
      else document.dispatchEvent(new CustomEvent("jag:focus-lost")); // the table finds a place for it
      returnFocus = null;
    });
  }
  document.getElementById("confirm-cancel").addEventListener("click", () => document.getElementById("confirm-dialog").close());
}

const CONFIRMS = {
  end: {
    title: gettext("End the game for everyone?"),
    text: gettext("The game stops now and nobody wins a game that was ended. Everyone sees the end screen."),
    ok: gettext("End the game"),
  },
  leave: {
    title: gettext("Leave the table?"),
    text: gettext("JagAI will play your seat as a Helper for the rest of the game, and your points will not count."),
    ok: gettext("Leave the table"),
  },
};

/** Ask before ending the game or leaving the table (`step`, "end" or "leave"), which cannot be undone;
 *  the form posts to the table's `${base}${step}/`. */
export function confirmThen(step, base) {
  const { title, text, ok } = CONFIRMS[step];
  const action = `${base}${step}/`;
  const dialog = document.getElementById("confirm-dialog");
  document.getElementById("confirm-title").textContent = title;
  document.getElementById("confirm-text").textContent = text;
  document.getElementById("confirm-ok").textContent = ok;
  document.getElementById("confirm-form").setAttribute("action", action);
  open(dialog, document.getElementById("confirm-cancel"));
}

/** The question: the verse with a blank and three words. `choose(i)` sends the answer. */
export function showQuestion(app, question, choose) {
  const dialog = document.getElementById("word-dialog");
  const body = document.getElementById("word-body");
  const buttons = question.choices.map((word, i) =>
    h(
      "button",
      {
        type: "button",
        class: "choice word-choice",
        onclick: (event) => {
          for (const b of body.querySelectorAll(".word-choice")) b.disabled = true;
          event.currentTarget.classList.add("is-chosen");
          choose(i);
        },
      },
      word,
    ),
  );
  fill(
    body,
    h("p", { class: "word-intro" }, interpolate(gettext("You laid the Word of “%(story)s”. Which word is missing?"), { story: app.story(question.story) })),
    h("blockquote", { class: "verse word-verse" }, h("p", {}, verseNodes(question.text, { blank: true }))),
    h("div", { class: "word-choices", role: "group", "aria-label": gettext("Choose the missing word"), "data-arrows": "" }, buttons),
    h("p", { class: "muted word-note" }, gettext("The right word is 1 more point. A wrong one costs nothing.")),
  );
  dialog.dataset.story = String(question.story);
  dialog.dataset.state = "question";
  open(dialog, buttons[0]);
}

/** After the answer: the right word and the whole verse. */
export function showAnswer(app, event) {
  const dialog = document.getElementById("word-dialog");
  const body = document.getElementById("word-body");
  const verse = app.verses[String(event.story)];
  const right = event.right;
  const timedOut = event.choice === null || event.choice === undefined;
  // R34: the stone that ends the game may ask its question first; then the end screen follows.
  const label = app.view?.result ? gettext("See how the game ended") : gettext("Back to the game");
  const close = h("button", { type: "button", class: "button", onclick: () => dialog.close() }, label);
  fill(
    body,
    h(
      "p",
      { class: `word-result ${right ? "is-right" : "is-wrong"}`, role: "status" },
      right ? gettext("Right! 1 more point.") : timedOut ? gettext("Time ran out.") : gettext("Not this time."),
      " ",
      h("span", {}, withNodes(gettext("The word is %(word)s."), { word: h("strong", { class: "word-answer" }, event.word) })),
    ),
    verse ? verseBlock(verse) : null,
    h("div", { class: "dialog-actions" }, close),
  );
  dialog.dataset.state = "answer";
  open(dialog, close);
}
