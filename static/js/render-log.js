// The table's events in plain words: one sentence each, for the log and the live region.
import { h } from "./dom.js";
import { gettext, interpolate, ngettext } from "./i18n.js";
import { tagsInText } from "./names.js";
import { cardName } from "./cards.js";
import { prependRolling } from "./roll.js";

const REASONS = {
  twelve_stones: gettext("Twelve stones are laid: the circle is full."),
  no_more_stones: gettext("The Well is empty and no more stones can be made."),
  ended_by_host: gettext("The host ended the game early."),
  no_persons_left: gettext("Everyone has left the table."),
  quick_goal: gettext("Two stones laid: the Quick game is over."),
};

/** Why the game ended; at a class's table (`led`) the one who ends it is the leader, not a host. */
export function endReason(reason, led = false) {
  if (led && reason === "ended_by_host") return gettext("Your leader ended the game.");
  return REASONS[reason] || gettext("The game is over.");
}

/** The values a sentence names: ctx = {me, led, name(seat), card(id), story(n), isPerson(seat)}.
 *  Each sentence is whole in the catalog, once with "You" (and "you") and once with names. */
function words(ctx, e) {
  // A screen has no seat (ctx.me null): nobody is "you" there.
  const you = (seat) => ctx.me != null && seat === ctx.me;
  const card = (id) => cardName(ctx.card(id));
  const values = {
    who: ctx.name(e.seat),
    whom: ctx.name(e.target ?? e.to),
    giver: ctx.name(e.giver),
    recipient: ctx.name(e.recipient),
    story: e.story === undefined ? "" : ctx.story(e.story),
    card: card(e.card),
    cards: (e.cards || []).map(card).join(", "),
    n: e.count,
    points: e.points,
    place: e.place,
    word: e.word,
  };
  const say = (format) => interpolate(format, values);
  return { you, say };
}

/** One event as a sentence, or null for events the table need not read out. */
export function describe(event, ctx) {
  const { you, say } = words(ctx, event);
  const e = event;
  const mine = you(e.seat);
  switch (e.type) {
    case "turn":
      return mine ? gettext("It's your turn.") : say(gettext("It's %(who)s's turn."));
    case "ask":
      if (mine) return say(gettext("You asked %(whom)s for “%(story)s”."));
      if (you(e.target)) return say(gettext("%(who)s asked you for “%(story)s”."));
      return say(gettext("%(who)s asked %(whom)s for “%(story)s”."));
    case "answer":
      if (!e.count) return mine ? say(gettext("You have none of “%(story)s”.")) : say(gettext("%(who)s has none of “%(story)s”."));
      if (mine) return say(ngettext("You handed %(whom)s %(n)s card: %(cards)s.", "You handed %(whom)s %(n)s cards: %(cards)s.", e.count));
      if (you(e.to)) return say(ngettext("%(who)s handed you %(n)s card: %(cards)s.", "%(who)s handed you %(n)s cards: %(cards)s.", e.count));
      return say(ngettext("%(who)s handed %(whom)s %(n)s card: %(cards)s.", "%(who)s handed %(whom)s %(n)s cards: %(cards)s.", e.count));
    case "well_draw":
      if (e.matched && ctx.card(e.card)?.kind === "word") {
        return mine ? say(gettext("You drew %(card)s from the Well, and go on!")) : say(gettext("%(who)s drew %(card)s from the Well, and goes on!"));
      }
      if (e.matched) {
        if (mine) return say(gettext("You drew %(card)s from the Well, a card of “%(story)s”, and go on!"));
        return say(gettext("%(who)s drew %(card)s from the Well, a card of “%(story)s”, and goes on!"));
      }
      if (e.card !== undefined) return say(gettext("You drew %(card)s from the Well. It isn't from “%(story)s”, so your turn is ending."));
      return mine ? say(gettext("You drew a card from the Well. It wasn't from “%(story)s”.")) : say(gettext("%(who)s drew a card from the Well. It wasn't from “%(story)s”."));
    case "draw":
      if (e.why === "empty_hand") {
        if (mine) return e.card !== undefined ? say(gettext("Your hand was empty, so you drew %(card)s from the Well.")) : gettext("Your hand was empty, so you drew a card from the Well.");
        return say(gettext("%(who)s's hand was empty, so they drew a card from the Well."));
      }
      if (e.card !== undefined) return mine ? say(gettext("You drew %(card)s from the Well.")) : say(gettext("%(who)s drew %(card)s from the Well."));
      return mine ? gettext("You drew a card from the Well.") : say(gettext("%(who)s drew a card from the Well."));
    case "turn_passed":
      return mine ? gettext("You have no cards and the Well is empty, so the turn passes.") : say(gettext("%(who)s has no cards and the Well is empty, so the turn passes."));
    case "knock":
      if (e.sealed) {
        if (mine) return say(ngettext("You laid a sealed stone of “%(story)s”: %(points)s point. Place %(place)s of 12 is filled.", "You laid a sealed stone of “%(story)s”: %(points)s points. Place %(place)s of 12 is filled.", e.points));
        return say(ngettext("%(who)s laid a sealed stone of “%(story)s”: %(points)s point. Place %(place)s of 12 is filled.", "%(who)s laid a sealed stone of “%(story)s”: %(points)s points. Place %(place)s of 12 is filled.", e.points));
      }
      if (mine) return say(ngettext("You laid a stone of three of “%(story)s”: %(points)s point. Place %(place)s of 12 is filled.", "You laid a stone of three of “%(story)s”: %(points)s points. Place %(place)s of 12 is filled.", e.points));
      return say(ngettext("%(who)s laid a stone of three of “%(story)s”: %(points)s point. Place %(place)s of 12 is filled.", "%(who)s laid a stone of three of “%(story)s”: %(points)s points. Place %(place)s of 12 is filled.", e.points));
    case "seal":
      if (mine) return say(ngettext("You sealed your stone of “%(story)s” with %(card)s: %(points)s more point.", "You sealed your stone of “%(story)s” with %(card)s: %(points)s more points.", e.points));
      return say(ngettext("%(who)s sealed %(who)s's stone of “%(story)s” with %(card)s: %(points)s more point.", "%(who)s sealed %(who)s's stone of “%(story)s” with %(card)s: %(points)s more points.", e.points));
    case "word_question":
      return mine ? gettext("Remember the Word: choose the missing word.") : say(gettext("Remember the Word: %(who)s is choosing the missing word."));
    case "word_answer":
      if (e.choice === null || e.choice === undefined) return say(gettext("Time ran out for the question. The missing word was “%(word)s”."));
      if (e.right) return mine ? say(gettext("You remembered the word “%(word)s”: 1 more point!")) : say(gettext("%(who)s remembered the word “%(word)s”: 1 more point!"));
      return mine ? say(gettext("The missing word was “%(word)s”. No harm done.")) : say(gettext("The missing word was “%(word)s”."));
    case "read_aloud":
      return say(gettext("Read it together: the verse of “%(story)s”."));
    case "gift":
      return say(giftSentence(e, you));
    case "gift_kept":
      if (!e.recipient) return you(e.giver) ? gettext("You keeps the gift for your next turn.") : say(gettext("%(giver)s keeps the gift for its next turn."));
      if (you(e.giver)) return say(gettext("You had no card to help %(recipient)s, so the gift waits for your next turn."));
      if (you(e.recipient)) return say(gettext("%(giver)s had no card to help you, so the gift waits for its next turn."));
      return say(gettext("%(giver)s had no card to help %(recipient)s, so the gift waits for its next turn."));
    case "done":
      return mine ? gettext("You are done.") : say(gettext("%(who)s is done."));
    case "pass":
      if (e.card !== undefined) return mine ? say(gettext("You passed %(card)s to %(whom)s.")) : say(gettext("%(who)s passed you %(card)s."));
      if (mine) return say(gettext("You passed a card face down to %(whom)s."));
      if (you(e.to)) return say(gettext("%(who)s passed a card face down to you."));
      return say(gettext("%(who)s passed a card face down to %(whom)s."));
    case "timeout":
      return mine ? gettext("Your time ran out, so the turn passes.") : say(gettext("%(who)s's time ran out, so the turn passes."));
    case "takeover":
      if (e.why === "left") return mine ? gettext("You left. JagAI plays your seat as a Helper now.") : say(gettext("%(who)s left. JagAI plays their seat as a Helper now."));
      return mine ? gettext("You missed two turns. JagAI plays your seat as a Helper now.") : say(gettext("%(who)s missed two turns. JagAI plays their seat as a Helper now."));
    case "let_back":
      return mine ? gettext("You may come back: your seat is yours again from your next turn.") : say(gettext("%(who)s may come back: their seat is theirs again from their next turn."));
    case "back":
      return mine ? gettext("You are back. Welcome back!") : say(gettext("%(who)s is back. Welcome back!"));
    case "agent_timeout":
      return mine ? gettext("You took too long, so JagAI chose the gift.") : say(gettext("%(who)s took too long, so JagAI chose the gift."));
    case "game_over":
      return interpolate(gettext("The game is over. %(reason)s"), { reason: endReason(e.reason, ctx.led) });
    default:
      return null;
  }
}

/** A gift and why it was given (R17), as one sentence for each of giver and recipient being you. */
function giftSentence(e, you) {
  const giver = you(e.giver);
  const recipient = !giver && you(e.recipient);
  if (e.reason === "asked") {
    if (giver) return gettext("You gave %(recipient)s %(card)s, because %(recipient)s asked for “%(story)s”.");
    if (recipient) return gettext("%(giver)s gave you %(card)s, because you asked for “%(story)s”.");
    return gettext("%(giver)s gave %(recipient)s %(card)s, because %(recipient)s asked for “%(story)s”.");
  }
  if (e.reason === "seal") {
    if (giver) return gettext("You gave %(recipient)s %(card)s, to seal %(recipient)s's stone of “%(story)s”.");
    if (recipient) return gettext("%(giver)s gave you %(card)s, to seal your stone of “%(story)s”.");
    return gettext("%(giver)s gave %(recipient)s %(card)s, to seal %(recipient)s's stone of “%(story)s”.");
  }
  if (giver) return gettext("You gave %(recipient)s %(card)s, a card of “%(story)s”.");
  if (recipient) return gettext("%(giver)s gave you %(card)s, a card of “%(story)s”.");
  return gettext("%(giver)s gave %(recipient)s %(card)s, a card of “%(story)s”.");
}

/** Each event's sentence with its type, leaving out the events that have none. */
export function sentences(events, ctx) {
  return events.map((e) => ({ text: describe(e, ctx), type: e.type })).filter((s) => s.text);
}

const MAX_LOG = 120;

/** Add sentences to the log (newest first), each tag in them kept on one line; the lines in view
 *  roll down as they come (roll.js), never jump. */
export function addToLog(list, sentences) {
  const items = sentences.map(({ text, type }) => h("li", { class: `log-item log-${type}` }, tagsInText(text)));
  prependRolling(list, items.reverse(), MAX_LOG);
}
