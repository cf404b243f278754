"""R44: which word is missing. The server may choose, for a seat, the word its Remember the Word
question blanks in a story's verse (a word the member is due to recall, in the Bible that seat
reads, R43). The choice is the state's "focus": one map a seat, story position (as text, for the
state is JSON) -> word, {} for a seat with none. A game keeps the key only when some seat has a
word, so a game dealt without one is the state it was before; no view but the reviewer's reads it.
"""

from __future__ import annotations

from typing import Any

from .types import SeatId, State, StoryId

Focus = list[dict[str, str]]


def check_focus(focus: Any, seats: int, stories: int) -> Focus | None:
    """One entry a seat (None or {} for no word), each mapping story positions "1".."S" to a word;
    None when no seat has a word. Raises ValueError for any other shape."""
    if focus is None:
        return None
    if not isinstance(focus, list | tuple) or len(focus) != seats:
        raise ValueError("focus has one entry a seat")
    positions = {str(position) for position in range(1, stories + 1)}
    out: Focus = []
    for entry in focus:
        entry = {} if entry is None else entry
        if not isinstance(entry, dict) or not all(
            type(key) is str and key in positions and type(word) is str and word
            for key, word in entry.items()
        ):
            raise ValueError(f"focus maps story positions 1..{stories} (as text) to a word")
        out.append(dict(entry))
    return out if any(out) else None


def focus_word(state: State, seat: SeatId, story: StoryId) -> str | None:
    """The word the server chose to blank for the seat in the story's verse, or None."""
    focus = state.get("focus")
    return focus[seat - 1].get(str(story)) if focus else None
