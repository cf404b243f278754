"""The only code that writes tables and games: one transaction each, messages after commit."""

from game.services.deadlines import expire_deadlines
from game.services.play import end_game, leave_table, play_move, react
from game.services.returning import let_back_in
from game.services.starting import start_now, start_table
from game.services.tables import create_private_table, join_by_code, join_by_invitation, play_again, play_now

__all__ = [
    "create_private_table",
    "end_game",
    "expire_deadlines",
    "join_by_code",
    "join_by_invitation",
    "leave_table",
    "let_back_in",
    "play_again",
    "play_move",
    "play_now",
    "react",
    "start_now",
    "start_table",
]
