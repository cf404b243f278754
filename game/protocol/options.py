"""A table's options and variant (V1-V3) in words: the chips the waiting room, the table, the join page
and the agent API show, so everyone knows which game they are playing."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from game.models import Game, Table, Variant

# key -> (chip label, one sentence on what it changes); in the order the chips are shown.
CHIPS = {
    "quick": (_("Quick game"), _("Three cards each; the first to lay two stones ends the game.")),
    "together": (
        pgettext_lazy("the cooperative game", "Together"),
        _("Everyone plays as one side: fill the circle of twelve before the Well runs dry."),
    ),
    "deal_seven": (_("Deal 7"), _("Seven cards each instead of five.")),
    "ask_any": (_("Ask for any story"), _("You may ask for a story you hold no card of.")),
    # Not "Read aloud": that is the table page's and the big screen's voice (static/js/voice.js).
    "read_aloud": (_("Read the verse together"), _("Each verse is shown big to read out together; no quiz.")),
    "word_off": (_("Remember the Word off"), _("No verse quiz after a Word card.")),
    "over_days": (_("Over days"), _("The game waits for everyone; each is told when it's their turn.")),
}


def option_keys(table: Table) -> list[str]:
    """The table's options that change the standard game, as chip keys."""
    keys = [table.variant] if table.variant != Variant.STANDARD else []
    keys += [key for key in ("deal_seven", "ask_any", "read_aloud") if getattr(table, key)]
    if not table.remember_word and not table.read_aloud:
        keys.append("word_off")
    if table.over_days:
        keys.append("over_days")
    return keys


def option_chips(table: Table) -> list[dict[str, str]]:
    """The chips of a table: {"key", "label", "note"} for each option that changes the game."""
    keys = option_keys(table)
    # In the reader's language now (the words are lazy): the chips go out as JSON too.
    chips = [
        {"key": key, "label": str(CHIPS[key][0]), "note": str(CHIPS[key][1])} for key in CHIPS if key in keys
    ]
    return _deck_chip(table) + chips


def _deck_chip(table: Table) -> list[dict[str, str]]:
    """R42: a table dealing a deck other than the main deck names it first (the main deck is the
    standard game, and a table that chose none shows no chip)."""
    name = table.deck.name if table.deck_id and table.deck else ""
    if not name:
        return []
    return [
        {
            "key": "deck",
            "label": _("Deck: %(deck)s") % {"deck": name},
            "note": _("The stories of the deck “%(deck)s” are dealt.") % {"deck": name},
        }
    ]


def together_best(table: Table) -> int | None:
    """V3: the most stones a Together game of this table laid, over it and the tables before it that
    Play again opened; None before any Together game there has finished."""
    ids, current, seen = [], table.pk, 0
    while current is not None and seen < _CHAIN_LIMIT:
        ids.append(current)
        current = Table.objects.filter(pk=current).values_list("previous_id", flat=True).first()
        seen += 1
    best = None
    for result in Game.objects.filter(table_id__in=ids, table__variant=Variant.TOGETHER).values_list(
        "result", flat=True
    ):
        together = (result or {}).get("together")
        if together is not None and (best is None or together["stones"] > best):
            best = together["stones"]
    return best


_CHAIN_LIMIT = 100  # Play again tables looked back over; a family plays fewer in a sitting
