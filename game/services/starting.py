"""Starting a game: helpers fill the empty seats, the live deck is dealt and copied into the game."""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from content import translations
from content.deal import DeckNotReady, deck_to_deal, engine_deck
from game import engine
from game.models import Deal, Game, Seat, Table, Variant
from game.protocol import publish
from game.protocol.messages import error_message
from game.protocol.types import Addressed
from game.protocol.verses import dealt_words
from game.services.results import Started
from game.signals import choosing_words
from justalllowgod.lib.refusals import Code, Refusal

log = logging.getLogger(__name__)


def seat_list(table: Table) -> list[Seat]:
    """A table's seats in order, with their members."""
    return list(Seat.objects.filter(table=table).select_related("user", "agent").order_by("position"))


def seat_language(seat: Seat) -> str:
    """The language a seat plays Remember the Word in (R43): its member's table page's (English
    too), else the member's own choice while the site offers it, else English; a helper or an agent
    reads English."""
    offered = {code for code, _name in settings.LANGUAGES}
    chosen = seat.user.language if seat.user and seat.user.language in offered else ""
    for language in (seat.language, chosen):
        if language == "en" or language in translations.LANGUAGES:
            return language
    return "en"


def move_deadline(table: Table, state: dict) -> timezone.datetime | None:
    """Public tables give a person 60 seconds for each decision (R27); an agent has 10 (R19)."""
    if engine.is_over(state):
        return None
    role = engine.seat_role(state, engine.current_seat(state))
    if role is engine.SeatRole.AGENT:
        return timezone.now() + timedelta(seconds=settings.GAME_AGENT_SECONDS)
    if role is not engine.SeatRole.PERSON or not table.is_public:
        return None
    return timezone.now() + timedelta(seconds=settings.GAME_MOVE_SECONDS)


def _deck(table: Table | None = None) -> tuple[str, list[dict]]:
    """The deck a table deals (R42): the one its host chose, checked live again now (else refused,
    naming it: content/deal.py's deck_to_deal), or the main deck."""
    deck = deck_to_deal(table.deck if table is not None else None)
    if deck is None:
        raise Refusal(Code.DECK_NOT_READY)
    try:
        return deck.name, engine_deck(deck)
    except DeckNotReady as error:
        raise Refusal(Code.DECK_NOT_READY) from error


def require_deck_ready() -> None:
    """Refuse at once (Play now) when no game could be dealt, rather than seat people at a table
    that could never start."""
    _deck()


def close_for_unready_deck(table: Table, seats: list[Seat]) -> list[Addressed]:
    """A public table whose countdown ends on a deck that cannot be dealt is told, and closed;
    returns what it told the table (the lobby's update is read after commit)."""
    table.status = Table.Status.ENDED
    table.countdown_deadline = None
    table.save(update_fields=["status", "countdown_deadline"])
    error = Refusal(Code.DECK_NOT_READY)
    sent = publish.to_table(table.pk, error_message(error.code, error.message))
    sent += publish.table_update(table, seats)
    publish.lobby_update()
    # A warning, once per table: the content team must act, but the clock itself is fine.
    log.warning("table %s closed at its countdown: the live deck cannot be dealt", table.code)
    return sent


def begin_game(table: Table, seats: list[Seat]) -> Started:
    """Fill empty seats with JagAI (R3, R25), deal (R2), and tell everyone."""
    if table.teams and len(seats) != 4:
        raise Refusal(Code.TEAMS_NEED_FOUR)
    if table.variant == Variant.TOGETHER and sum(s.kind == Seat.Kind.PERSON for s in seats) < 2:
        raise Refusal(Code.TOGETHER_NEEDS_TWO)
    deck_name, deck = _deck(table)
    seats = _agents_after_people(seats)
    for position in range(len(seats) + 1, table.seat_count + 1):
        Seat.objects.create(table=table, position=position, kind=Seat.Kind.HELPER)
    seats = seat_list(table)
    seed = settings.GAME_FIXED_SEED or secrets.randbits(62)
    languages = [seat_language(s) for s in seats]
    try:
        state = engine.new_game(
            deck,
            [s.kind for s in seats],
            seed=seed,
            remember_word=table.remember_word,
            teams=table.teams,
            options=table.game_options(),
            languages=languages,
            # R44: at a private table, each member is asked the word their memory is ready for.
            focus=_words_to_ask(table, seats, deck, languages),
        )
    except engine.DeckTooSmall as error:  # Deal 7 at five seats needs a deck of nine stories or more
        raise Refusal(Code.DECK_NOT_READY) from error
    text = engine.to_json(state)
    now = timezone.now()
    game = Game.objects.create(
        table=table,
        seed=seed,
        deck_name=deck_name,
        state=text,
        decision_since=now,
        move_deadline=move_deadline(table, state),
    )
    Deal.objects.create(game=game, cards=deck, initial_state=text)
    table.status = Table.Status.PLAYING
    table.started_at = now
    table.countdown_deadline = None
    table.save(update_fields=["status", "started_at", "countdown_deadline"])
    dealt_words().of(game)  # this process keeps the verses; moves never read the deal
    sent = publish.table_update(table, seats)
    sent += publish.game_update(game, state, seats, [])
    if table.is_public:
        publish.lobby_update()
    return Started(game, sent)


def _words_to_ask(table: Table, seats: list[Seat], deck: list[dict], languages: list[str]) -> list | None:
    """R44: the words each seat's memory asks for, from whichever app keeps memories (verses)."""
    if not table.remember_word:
        return None
    answers = choosing_words.send(sender=Table, table=table, seats=seats, deck=deck, languages=languages)
    return next((focus for _receiver, focus in answers if focus is not None), None)


def _agents_after_people(seats: list[Seat]) -> list[Seat]:
    """People keep their join order; agents, who waited beyond the table, sit right after them (R3)."""
    people = [s for s in seats if s.kind == Seat.Kind.PERSON]
    agents = [s for s in seats if s.kind == Seat.Kind.AGENT]
    for position, seat in enumerate(agents, start=len(people) + 1):
        if seat.position != position:
            Seat.objects.filter(pk=seat.pk).update(position=position)
            seat.position = position
    return people + agents


def _locked_waiting_table(code: str, user: User) -> Table:
    table = Table.objects.select_for_update().by_code(code).filter(seats__user=user).first()
    if table is None:
        raise Refusal(Code.NO_SUCH_TABLE)
    if table.host_id != user.pk:
        raise Refusal(Code.NOT_HOST)
    if table.status != Table.Status.WAITING:
        raise Refusal(Code.NOT_WAITING)
    return table


@transaction.atomic
def start_table(*, user: User, code: str) -> Started:
    """The host of a private table starts the game (teams need four people, R4)."""
    table = _locked_waiting_table(code, user)
    return begin_game(table, seat_list(table))


@transaction.atomic
def start_now(*, user: User, code: str) -> Started:
    """The host of a public table starts before the countdown ends (R25)."""
    table = _locked_waiting_table(code, user)
    if not table.is_public:
        raise Refusal(Code.NOT_PUBLIC)
    return begin_game(table, seat_list(table))
