"""Moves in words, for reviewers: the case evidence and the replay's timing strip never show raw moves."""

from __future__ import annotations

from typing import Any

MOVE_WORDS = {
    "ask": "an ask",
    "well": "going to the Well",
    "knock": "a knock (laying a stone)",
    "seal": "sealing a stone",
    "done": "tapping Done",
    "answer": "a Remember the Word answer",
    "pass": "passing a card to a partner",
    "give": "choosing a gift",
    "timeout": "the clock running out",
    "takeover": "JagAI taking over a seat",
    "agent_timeout": "choosing for an agent that took too long",
    "end": "the host ending the game",
}


def move_words(move: Any) -> str:
    """A move (its name, or the recorded move) as a short phrase."""
    name = next(iter(move), "") if isinstance(move, dict) else str(move or "")
    return MOVE_WORDS.get(name, "a move")
