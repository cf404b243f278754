"""Moves in words, for reviewers: the case evidence and the replay's timing strip never show raw moves."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

MOVE_WORDS = {
    "ask": _("an ask"),
    "well": _("going to the Well"),
    "knock": _("a knock (laying a stone)"),
    "seal": _("sealing a stone"),
    "done": _("tapping Done"),
    "answer": _("a Remember the Word answer"),
    "pass": _("passing a card to a partner"),
    "give": _("choosing a gift"),
    "timeout": _("the clock running out"),
    "takeover": _("JagAI taking over a seat"),
    "agent_timeout": _("choosing for an agent that took too long"),
    "end": _("the host ending the game"),
}


def move_words(move: Any) -> str:
    """A move (its name, or the recorded move) as a short phrase."""
    name = next(iter(move), "") if isinstance(move, dict) else str(move or "")
    return str(MOVE_WORDS.get(name, _("a move")))
