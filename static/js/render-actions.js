// Your move: buttons made only from view.legal_moves. Ask is two steps: a story, then a seat.
import { h, fill } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { fitVerse } from "./in-reach.js";
import { tagName, tagsInText, withNodes, wordSpan } from "./names.js";
import { cardCount, cardName, storyOf } from "./cards.js";

// Passing a card (render-passing.js), at the tables that pass: teams, and Together.
let passing = null;
export const tablePasses = (table) => !!table?.teams || table?.options?.variant === "together";
export const loadPassing = () => (passing ? null : import("./render-passing.js").then((m) => (passing = m)));

function movesOf(view, name) {
  return (view.legal_moves || []).filter((m) => name in m).map((m) => m[name]);
}

function prompt(app, view) {
  return timedOut(app, `${gettext("Your time ran out last turn.")} `) + promptFor(app, view);
}

function promptFor(app, view) {
  if (view.phase === "word") return gettext("Choose the missing word of the verse.");
  if (view.phase === "well") return `${whoHadNone(app)} ${gettext("Go to the Well and draw one card.")}`;
  if (view.phase === "ending") return drawn(app) + gettext("Your turn is ending. Lay a stone if you can, then tap Done.");
  if (view.asked) return drawn(app) + gettext("Ask again, lay a stone if you can, or tap Done.");
  if (!(view.legal_moves || []).some((m) => "ask" in m)) return gettext("Your turn!");
  const ask = app.table?.options?.ask_any ? gettext("Your turn! Ask someone for any story.") : gettext("Your turn! Ask someone for a story you hold a card of.");
  if (app.askStory !== null) return ask;
  return `${ask} ${gettext("Which story?")}`;
}

function timedOut(app, words) {
  return app.news?.type === "timeout" ? words : "";
}

/** What this seat just drew from the Well, as the start of the next prompt (the log says it too). */
function drawn(app) {
  const draw = app.news?.type === "well_draw" ? app.news : null;
  if (!draw || draw.card === undefined) return "";
  const values = { card: cardName(app.card(draw.card)), story: app.story(draw.story) };
  // A Word card already says its story; any other card is told as one of the story or not.
  if (draw.matched && app.card(draw.card)?.kind === "word") return `${interpolate(gettext("You drew %(card)s!"), values)} `;
  if (draw.matched) return `${interpolate(gettext("You drew %(card)s, a card of “%(story)s”!"), values)} `;
  return `${interpolate(gettext("You drew %(card)s, not a card of “%(story)s”."), values)} `;
}

/** "Kid_Jo has no card of “Jonah”." after your ask came back empty (the log says it too). */
function whoHadNone(app) {
  const ask = app.lastAsk;
  if (!ask || ask.seat !== app.me.seat) return gettext("They have none.");
  return interpolate(gettext("%(name)s has no card of “%(story)s”."), { name: app.seatName(ask.target), story: app.story(ask.story) });
}

// The panel keeps the room of its tallest turn at this width while others play, and the log's newest
// lines fill it (size-contained, so they never ask for more): nothing below it moves when the turn
// comes back.
let held = 0;
let heldAt = 0;

function holdRoom(app) {
  const panel = app.el.actions;
  if (heldAt !== innerWidth || panel.hidden) [held, heldAt] = [0, innerWidth];
  panel.style.minHeight = "";
  const mine = panel.classList.contains("is-mine");
  // Measured without the verse: the verse fits the room.
  const verse = app.el.verseMoment;
  const shown = !verse.hidden;
  verse.hidden = true;
  if (mine) held = Math.max(held, panel.offsetHeight);
  verse.hidden = !shown;
  if (held) panel.style.minHeight = `${held}px`;
  fitVerse(verse, panel);
  const lines = mine || app.view.result ? [] : [...app.el.log.querySelectorAll(".log-item:not(.log-turn)")].slice(0, 6);
  fill(
    app.el.meanwhile,
    lines.map((line) => {
      const copy = line.cloneNode(true);
      copy.removeAttribute("style"); // a line still rolling into the log (roll.js) stands still here
      return copy;
    }),
  );
}

export function renderActions(app) {
  fillActions(app);
  holdRoom(app);
}

function fillActions(app) {
  const view = app.view;
  const panel = app.el.actions;
  const mine = (view.legal_moves || []).length > 0;
  panel.classList.toggle("is-mine", mine);
  panel.hidden = !mine && !!view.result;
  app.el.actionsTitle.textContent = mine ? gettext("Your move") : gettext("Waiting");
  if (!mine) {
    app.askStory = null;
    app.passing = false;
    fill(app.el.actionsBody);
    fill(app.el.actionsPrompt, tagsInText(waitingText(app, view)));
    return;
  }
  fill(app.el.actionsPrompt, tagsInText(prompt(app, view)));
  const busy = app.pending !== null;
  const body = [];

  if (view.phase === "word") {
    body.push(h("button", { type: "button", class: "button", disabled: busy, onclick: () => app.openWord() }, gettext("Answer the question")));
  }
  for (const { story } of movesOf(view, "knock")) {
    const count = (view.hand || []).filter((c) => storyOf(c) === story).length;
    const label = interpolate(ngettext("Lay a stone: %(story)s (%(n)s card)", "Lay a stone: %(story)s (%(n)s cards)", count), { story: app.story(story), n: count });
    body.push(moveButton(app, { knock: { story } }, label, "button action-stone"));
  }
  for (const { story } of movesOf(view, "seal")) {
    body.push(moveButton(app, { seal: { story } }, interpolate(gettext("Seal your stone: %(story)s"), { story: app.story(story) }), "button action-stone"));
  }
  if (movesOf(view, "well").length) {
    body.push(moveButton(app, { well: {} }, gettext("Go to the Well"), "button button-big action-well"));
  }
  const asks = movesOf(view, "ask");
  if (asks.length) body.push(askPicker(app, asks, busy));
  const passes = movesOf(view, "pass");
  if (passes.length) body.push(passing?.passPicker(app, passes, busy));
  const shares = movesOf(view, "share");
  if (shares.length) body.push(passing?.sharePicker(app, shares, busy));
  if (movesOf(view, "done").length) {
    body.push(moveButton(app, { done: {} }, pgettext("the move that ends your turn", "Done"), "button button-secondary action-done"));
  }
  fill(app.el.actionsBody, body);
}

function waitingText(app, view) {
  if (view.result) return "";
  return timedOut(app, `${gettext("Your time ran out, so the turn passed.")} `) + waitingFor(app, view);
}

function waitingFor(app, view) {
  const me = view.seats[app.me.seat - 1];
  if (me && me.kind !== "person") return gettext("JagAI is playing your seat now.");
  if (!view.turn) return "";
  const facts = view.seats[view.turn - 1];
  const values = { name: app.seatName(view.turn) };
  if (facts && facts.kind !== "person") return interpolate(facts.taken_over ? gettext("%(name)s is taking a turn…") : gettext("%(name)s is taking its turn…"), values);
  if (view.turn === app.me.seat) return gettext("One moment…");
  return interpolate(gettext("Waiting for %(name)s…"), values);
}

function moveButton(app, move, label, cls) {
  return h("button", { type: "button", class: cls, disabled: app.pending !== null, onclick: () => app.sendMove(move) }, label);
}

function askPicker(app, asks, busy) {
  const stories = [...new Set(asks.map((a) => a.story))];
  if (app.askStory !== null && !stories.includes(app.askStory)) app.askStory = null;
  if (app.askStory === null) {
    return h(
      "fieldset",
      { class: "picker ask-picker" },
      h("legend", { class: "visually-hidden" }, gettext("Ask for which story?")),
      h(
        "div",
        { class: "picker-options", "data-arrows": "" },
        stories.map((story) => {
          const held = (app.view.hand || []).filter((c) => storyOf(c) === story);
          return h(
            "button",
            { type: "button", class: "choice story-choice", disabled: busy, onclick: () => app.chooseAskStory(story) },
            h("span", { class: "choice-title" }, app.story(story)),
            h("span", { class: "choice-note" }, interpolate(gettext("you hold %(n)s of 4"), { n: held.length })),
          );
        }),
      ),
    );
  }
  const targets = asks.filter((a) => a.story === app.askStory).map((a) => a.seat);
  return h(
    "fieldset",
    { class: "picker seat-picker" },
    h("legend", {}, interpolate(gettext("Ask who for “%(story)s”?"), { story: app.story(app.askStory) })),
    h(
      "div",
      { class: "picker-options", "data-arrows": "" },
      targets.map((seat) => {
        const facts = app.view.seats[seat - 1];
        return h(
          "button",
          { type: "button", class: "choice seat-choice", disabled: busy, onclick: () => app.sendMove({ ask: { seat, story: app.askStory } }) },
          h("span", { class: "choice-title choice-who" }, withNodes(pgettext("the move, on the button of the one you ask", "Ask %(name)s"), { name: tagName(app.seatName(seat)) }, wordSpan)),
          h("span", { class: "choice-note" }, `${cardCount(facts.hand_size)}${facts.kind === "person" ? "" : " · JagAI"}`),
        );
      }),
    ),
    h("button", { type: "button", class: "link-button picker-back", onclick: () => app.chooseAskStory(null) }, gettext("Choose another story")),
  );
}
