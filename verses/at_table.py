"""What a table does to the verses its members carry (issue 43, R44).

At the deal: for each member's seat at a private table or a class's, the word of each story's verse
their memory asks for (verses/focus.py); the engine blanks it when that seat answers the story's
question, and no view shows it (R44). Public tables ask everyone alike, never by a member's history.

After each move, inside its transaction: a stone laid, a question asked or a verse read together is
a meeting for the member concerned; a right answer is a review rated Good, a wrong one (or the
clock's) keeps the word as missed, to be asked again.
"""

from __future__ import annotations

from fsrs import Rating

from content import bible
from game.protocol.verses import dealt_words, words_of
from verses.focus import word_for
from verses.meeting import meet_all
from verses.models import Meeting, Review, VerseCard
from verses.reviewing import CARD_FIELDS, note_word, rescheduled
from verses.texts import Place

# The events that mean a seat met a story's verse, and how.
_MET = {"knock": Meeting.How.STONE, "seal": Meeting.How.STONE, "word_question": Meeting.How.QUESTION}


def place_of_word(word: dict) -> Place | None:
    """Where a dealt Word card's verse is, or None when the card names no verse."""
    book = bible.book_from_slug(word.get("book_slug") or "")
    if book is None or not word.get("chapter") or not word.get("verse"):
        return None
    return Place(book.value, word["chapter"], word["verse"])


def focus_for(table, seats, deck: list[dict], languages: list[str]) -> list[dict[str, str]] | None:
    """Each seat's words to blank by story position, or None when the table asks everyone alike."""
    if table.is_public:
        return None
    members = [s.user_id if s.user_id and s.kind == "person" else None for s in seats]
    if not any(members):
        return None
    places = {pos: place_of_word(word) for pos, word in words_of(deck).items()}
    cards = {
        (c.member_id, c.book, c.chapter, c.verse): c
        for c in VerseCard.objects.filter(member_id__in=[m for m in members if m])
    }
    focus: list[dict[str, str]] = []
    for member, language in zip(members, languages, strict=True):
        chosen: dict[str, str] = {}
        if member:
            texts = words_of(deck, language)
            for position, place in places.items():
                card = cards.get((member, place.book, place.chapter, place.verse)) if place else None
                word = word_for(card, texts[position].get("text") or "", language)
                if word:
                    chosen[str(position)] = word
        focus.append(chosen)
    return focus if any(focus) else None


def words_to_ask(sender, *, table, seats, deck, languages, **kwargs) -> list[dict[str, str]] | None:
    """game.signals.choosing_words' receiver."""
    return focus_for(table, seats, deck, languages)


def move_recorded(sender, *, game, table, seats, events, language_of, **kwargs) -> None:
    """game.signals.move_recorded's receiver."""
    after_move(game, table, seats, events, language_of)


def after_move(game, table, seats, events: list[dict], language_of) -> None:
    """Meetings and reviews for what this move's events did; `language_of(seat)` is the language
    the seat reads the game in. Runs inside the move's transaction: two queries for the meetings of
    a move, three for an answer (tests/game/test_queries.py bounds a move's)."""
    interesting = [e for e in events if e.get("type") in (*_MET, "read_aloud", "word_answer")]
    if not interesting:
        return
    by_position = {s.position: s for s in seats}
    verses = dealt_words().of(game)
    met: list[tuple[int, Place, str]] = []
    for event in interesting:
        place = place_of_word(verses.get(event.get("story"), {}))
        if place is None:
            continue
        kind = event["type"]
        if kind == "read_aloud":
            met += [(seat.user_id, place, Meeting.How.READ_ALOUD) for seat in seats if _member_seat(seat)]
            continue
        seat = by_position.get(event.get("seat"))
        if seat is None or not _member_seat(seat):
            continue
        if kind in _MET:
            met.append((seat.user_id, place, _MET[kind]))
        else:
            _answered(seat, place, event, language_of(seat))
    if met:
        meet_all(met, table_code=table.code, game=game)


def _answered(seat, place: Place, event: dict, language: str) -> None:
    """R44's memory of an answer: the word known or missed; a right answer a review rated Good."""
    card = (
        VerseCard.objects.select_for_update()
        .filter(member_id=seat.user_id, book=place.book, chapter=place.chapter, verse=place.verse)
        .first()
    )
    if card is None:
        return
    right = bool(event.get("right"))
    note_word(card, language, event.get("word") or "", right=right)
    review = rescheduled(card, Rating.Good, Review.Mode.TABLE) if right else None
    card.save(update_fields=CARD_FIELDS if right else ["words"])
    if review is not None:
        review.save()


def _member_seat(seat) -> bool:
    return bool(seat.user_id) and seat.kind == "person"
