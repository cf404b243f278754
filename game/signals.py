"""What the game tells other apps, so that it never imports them (moderation listens; see its apps.py)."""

from __future__ import annotations

from django.dispatch import Signal

# Sent by the service that finishes a game, inside its transaction: game_id.
game_finished = Signal()

# Sent by the service that records a move, inside its transaction, once its events are known:
# game, table, seats, events, language_of (seat -> the language it reads, R43). The verses app keeps
# what each member met and answered (verses/at_table.py).
move_recorded = Signal()

# Sent at the deal (R44), before the game is made: table, seats, deck, languages. A receiver may
# answer the words each seat's memory asks for (engine.new_game's `focus`); the first answer that
# is not None is used.
choosing_words = Signal()
