"""Shim: game's refusals are `justalllowgod.refusals.Refusal` now (the lead removes this file).

Importing it lends the engine's move-table words to `Refusal`, so a refusal with an engine code
(`not_your_turn`, ...) reads as the move table says.
"""

from __future__ import annotations

from game.engine import refusal_words
from justalllowgod.refusals import Code, Refusal, add_words

add_words(refusal_words)

GameError = Refusal

__all__ = ["Code", "GameError", "Refusal"]
