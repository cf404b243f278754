// The table's events in plain words: one sentence each, for the log and the live region.
import { h } from "./dom.js";
import { tagsInText } from "./names.js";
import { cardName } from "./cards.js";

const REASONS = {
  twelve_stones: "Twelve stones are laid: the circle is full.",
  no_more_stones: "The Well is empty and no more stones can be made.",
  ended_by_host: "The host ended the game early.",
  no_persons_left: "Everyone has left the table.",
  quick_goal: "Two stones laid: the Quick game is over.",
};

/** Why the game ended; at a class's table (`led`) the one who ends it is the leader, not a host. */
export function endReason(reason, led = false) {
  if (led && reason === "ended_by_host") return "Your leader ended the game.";
  return REASONS[reason] || "The game is over.";
}

/** Names and cards for sentences: ctx = {me, led, name(seat), card(id), story(n), isPerson(seat)} */
function words(ctx) {
  // A screen has no seat (ctx.me null): nobody is "you" there.
  const you = (seat) => ctx.me != null && seat === ctx.me;
  const who = (seat) => (you(seat) ? "You" : ctx.name(seat));
  const whom = (seat) => (you(seat) ? "you" : ctx.name(seat));
  const whose = (seat) => (you(seat) ? "your" : `${ctx.name(seat)}'s`);
  const verb = (seat, mine, theirs) => (you(seat) ? mine : theirs);
  const story = (n) => `“${ctx.story(n)}”`;
  const card = (id) => cardName(ctx.card(id));
  const cards = (ids) => ids.map(card).join(", ");
  return { you, who, whom, whose, verb, story, card, cards };
}

/** One event as a sentence, or null for events the table need not read out. */
export function describe(event, ctx) {
  const w = words(ctx);
  const e = event;
  switch (e.type) {
    case "turn":
      return w.you(e.seat) ? "It's your turn." : `It's ${w.whose(e.seat)} turn.`;
    case "ask":
      return `${w.who(e.seat)} asked ${w.whom(e.target)} for ${w.story(e.story)}.`;
    case "answer":
      if (!e.count) return `${w.who(e.seat)} ${w.verb(e.seat, "have", "has")} none of ${w.story(e.story)}.`;
      return `${w.who(e.seat)} handed ${w.whom(e.to)} ${e.count === 1 ? "1 card" : `${e.count} cards`}: ${w.cards(e.cards || [])}.`;
    case "well_draw":
      if (e.matched && ctx.card(e.card)?.kind === "word") return `${w.who(e.seat)} drew ${w.card(e.card)} from the Well, and ${w.verb(e.seat, "go", "goes")} on!`;
      if (e.matched) return `${w.who(e.seat)} drew ${w.card(e.card)} from the Well, a card of ${w.story(e.story)}, and ${w.verb(e.seat, "go", "goes")} on!`;
      if (e.card !== undefined) return `You drew ${w.card(e.card)} from the Well. It isn't from ${w.story(e.story)}, so your turn is ending.`;
      return `${w.who(e.seat)} drew a card from the Well. It wasn't from ${w.story(e.story)}.`;
    case "draw":
      if (e.why === "empty_hand") {
        if (w.you(e.seat)) return `Your hand was empty, so you drew ${e.card !== undefined ? w.card(e.card) : "a card"} from the Well.`;
        return `${w.whose(e.seat)} hand was empty, so they drew a card from the Well.`;
      }
      return e.card !== undefined ? `${w.who(e.seat)} drew ${w.card(e.card)} from the Well.` : `${w.who(e.seat)} drew a card from the Well.`;
    case "turn_passed":
      return `${w.who(e.seat)} ${w.verb(e.seat, "have", "has")} no cards and the Well is empty, so the turn passes.`;
    case "knock":
      return `${w.who(e.seat)} laid a ${e.sealed ? "sealed stone" : "stone of three"} of ${w.story(e.story)}: ${e.points} points. Place ${e.place} of 12 is filled.`;
    case "seal":
      return `${w.who(e.seat)} sealed ${w.whose(e.seat)} stone of ${w.story(e.story)} with ${w.card(e.card)}: ${e.points} more points.`;
    case "word_question":
      return w.you(e.seat) ? "Remember the Word: choose the missing word." : `Remember the Word: ${w.who(e.seat)} is choosing the missing word.`;
    case "word_answer":
      if (e.choice === null || e.choice === undefined) return `Time ran out for the question. The missing word was “${e.word}”.`;
      if (e.right) return `${w.who(e.seat)} remembered the word “${e.word}”: 1 more point!`;
      return `The missing word was “${e.word}”. ${w.you(e.seat) ? "No harm done." : ""}`.trim();
    case "read_aloud":
      return `Read it together: the verse of ${w.story(e.story)}.`;
    case "gift":
      return `${w.who(e.giver)} gave ${w.whom(e.recipient)} ${w.card(e.card)}, ${giftReason(e, w)}.`;
    case "gift_kept":
      return e.recipient
        ? `${w.who(e.giver)} had no card to help ${w.whom(e.recipient)}, so the gift waits for ${w.you(e.giver) ? "your" : "its"} next turn.`
        : `${w.who(e.giver)} keeps the gift for ${w.you(e.giver) ? "your" : "its"} next turn.`;
    case "done":
      return `${w.who(e.seat)} ${w.verb(e.seat, "are", "is")} done.`;
    case "pass":
      if (e.card !== undefined) {
        return w.you(e.seat) ? `You passed ${w.card(e.card)} to ${w.whom(e.to)}.` : `${w.who(e.seat)} passed you ${w.card(e.card)}.`;
      }
      return `${w.who(e.seat)} passed a card face down to ${w.whom(e.to)}.`;
    case "timeout":
      return `${w.you(e.seat) ? "Your" : w.whose(e.seat)} time ran out, so the turn passes.`;
    case "takeover":
      return e.why === "left"
        ? `${w.who(e.seat)} left. JagAI plays ${w.verb(e.seat, "your", "their")} seat as a Helper now.`
        : `${w.who(e.seat)} missed two turns. JagAI plays ${w.verb(e.seat, "your", "their")} seat as a Helper now.`;
    case "let_back":
      return `${w.who(e.seat)} may come back: ${w.verb(e.seat, "your", "their")} seat is ${w.verb(e.seat, "yours", "theirs")} again from ${w.verb(e.seat, "your", "their")} next turn.`;
    case "back":
      return `${w.who(e.seat)} ${w.verb(e.seat, "are", "is")} back. Welcome back!`;
    case "agent_timeout":
      return `${w.who(e.seat)} took too long, so JagAI chose the gift.`;
    case "game_over":
      return `The game is over. ${endReason(e.reason, ctx.led)}`;
    default:
      return null;
  }
}

function giftReason(e, w) {
  if (e.reason === "asked") return `because ${w.whom(e.recipient)} asked for ${w.story(e.story)}`;
  if (e.reason === "seal") return `to seal ${w.whose(e.recipient)} stone of ${w.story(e.story)}`;
  return `a card of ${w.story(e.story)}`;
}

/** Each event's sentence with its type, leaving out the events that have none. */
export function sentences(events, ctx) {
  return events.map((e) => ({ text: describe(e, ctx), type: e.type })).filter((s) => s.text);
}

const MAX_LOG = 120;

/** Add sentences to the log (newest first), each tag in them kept on one line. */
export function addToLog(list, sentences) {
  for (const { text, type } of sentences) {
    list.prepend(h("li", { class: `log-item log-${type}` }, tagsInText(text)));
  }
  while (list.children.length > MAX_LOG) list.lastElementChild.remove();
}
