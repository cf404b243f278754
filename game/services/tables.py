"""Sitting down: private tables, codes, Play now, leaving, and Play again."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from accounts.models import User
from content.deal import chosen_deck, deck_to_deal
from game import codes
from game.models import Game, Seat, Table, Variant
from game.protocol import publish
from game.services.access import (
    check_guest_may_sit,
    check_may_play,
    check_may_play_public,
    find_invited_table,
    find_table,
    refuse_guests,
)
from game.services.results import Opened, Seated
from game.services.screens import follow_play_again
from game.services.starting import begin_game, require_deck_ready, seat_list
from game.services.watching import stop_watching_on_sitting
from justalllowgod.lib.limits import count
from justalllowgod.lib.refusals import Code, Refusal

MAX_CODE_TRIES = 20


def _require_table_allowance(host: User) -> None:
    """Tables a member may open in an hour: more than a family ever needs, fewer than a script."""
    if count(f"tables-opened:member:{host.pk}", window=3600) > settings.GAME_TABLES_PER_HOUR:
        raise Refusal(Code.TOO_MANY_TABLES)


def new_table(*, host: User, seat_host: bool = True, **fields: object) -> Table:
    """A table with a fresh code, the host in seat 1 (unless they lead it without sitting)."""
    if seat_host:
        _require_table_allowance(host)
    for _ in range(MAX_CODE_TRIES):
        code = codes.random_code()
        if Table.objects.unfinished().filter(code=code).exists():
            continue
        try:
            with transaction.atomic():
                table = Table.objects.create(code=code, host=host, **fields)
        except IntegrityError:
            continue  # another table took the code a moment ago
        if seat_host:
            Seat.objects.create(table=table, position=1, user=host)
        return table
    raise Refusal(Code.NO_FREE_CODE, gettext("Every table code is busy. Please try again in a moment."))


@transaction.atomic
def create_private_table(
    *,
    user: User,
    seats: int = 4,
    teams: bool = False,
    remember_word: bool = True,
    allow_agents: bool = False,
    variant: str = Variant.STANDARD,
    deal_seven: bool = False,
    ask_any: bool = False,
    read_aloud: bool = False,
    over_days: bool = False,
    deck: object = None,
) -> Opened:
    """A private table for family and friends (R24, V1-V3): never listed, joined by code; with
    `over_days`, its game waits for its members across days and tells them when it is their turn.
    `deck` is the id of the live deck its host picked (R42; none: the main deck)."""
    check_may_play(user)
    refuse_guests(user)  # a guest's host opens the tables
    chosen = chosen_deck(deck)  # a forged or ended deck is refused before anything changes
    if variant not in Variant.values:
        raise Refusal(Code.UNKNOWN_VARIANT)
    if variant == Variant.TOGETHER and teams:
        raise Refusal(Code.TOGETHER_WITHOUT_TEAMS)
    waiting = Table.objects.waiting_hosted_by(user).select_for_update().first()
    if waiting is not None:
        return Opened(waiting)  # one waiting table per host: the view says so
    if teams:
        seats = 4
    if seats not in (4, 5):
        raise Refusal(Code.BAD_SEAT_COUNT, gettext("A table has four or five seats."))
    table = new_table(
        host=user,
        kind=Table.Kind.PRIVATE,
        seat_count=seats,
        teams=teams,
        # V1: Read the verse together (read_aloud) shows each verse to read instead of the quiz.
        remember_word=remember_word and not read_aloud,
        allow_agents=allow_agents and not teams,
        variant=variant,
        deal_seven=deal_seven,
        ask_any=ask_any,
        read_aloud=read_aloud,
        over_days=over_days,
        deck=chosen,
    )
    return Opened(table)  # nobody is connected to a table not yet opened


def take_seat(table: Table, user: User) -> Seated:
    """Seat a member at a waiting table they are not yet at, in join order (R3); whether they may
    sit there is the caller's check."""
    seats = seat_list(table)
    if any(s.user_id == user.pk for s in seats):
        return Seated(table)
    if table.status != Table.Status.WAITING:
        raise Refusal(Code.ALREADY_STARTED if table.is_open else Code.TABLE_FINISHED)
    if len(seats) >= table.seat_count:
        raise Refusal(Code.TABLE_FULL)
    if table.is_public:
        check_may_play_public(user)
    people = sum(1 for s in seats if s.kind == Seat.Kind.PERSON)
    Seat.objects.create(table=table, position=people + 1, user=user)
    stop_watching_on_sitting(table, user)
    seats = seat_list(table)
    if table.is_public and len(seats) >= table.seat_count:
        sent = begin_game(table, seats).messages  # every seat is taken: no need to wait (R25)
    else:
        sent = publish.table_update(table, seats)
    if table.is_public:
        publish.lobby_update()
    return Seated(table, sent)


@transaction.atomic
def join_by_code(*, user: User, code: str, ip: str = "") -> Seated:
    """Join a table by its four letters, any case; wrong codes are throttled."""
    check_may_play(user)
    table = find_table(code, user=user, ip=ip, tables=Table.objects.select_for_update())
    if table is None:
        four = len(codes.normalize(code)) == codes.CODE_LENGTH  # "AB" is a slip, "ABCE" a wrong code
        raise Refusal(Code.NO_SUCH_TABLE if four else Code.BAD_CODE)
    if not table.is_open and not table.seats.filter(user=user).exists():
        raise Refusal(Code.TABLE_FINISHED)
    check_guest_may_sit(user, table)
    return take_seat(table, user)


@transaction.atomic
def join_by_invitation(*, user: User, token: str) -> Seated:
    """Join the table a QR code or share link names by its long token; never a counted guess."""
    check_may_play(user)
    table = find_invited_table(token, tables=Table.objects.select_for_update())
    if table is None:
        raise Refusal(Code.NO_SUCH_TABLE)
    check_guest_may_sit(user, table)
    return take_seat(table, user)


@transaction.atomic
def play_now(*, user: User) -> Seated:
    """Sit at the public table that starts soonest, or open one (R26); never at an undealable deck."""
    check_may_play(user)
    refuse_guests(user)  # R41: never at a public table
    check_may_play_public(user)
    require_deck_ready()
    mine = Table.objects.open_public().filter(seats__user=user).first()
    if mine is not None:
        return Seated(mine)
    for table in Table.objects.open_public().select_for_update():
        if table.seats.count() < table.seat_count:
            return take_seat(table, user)
    deadline = timezone.now() + timedelta(seconds=settings.GAME_PUBLIC_COUNTDOWN_SECONDS)
    table = new_table(host=user, kind=Table.Kind.PUBLIC, seat_count=4, countdown_deadline=deadline)
    sent = publish.table_update(table, seat_list(table))
    publish.lobby_update()
    return Seated(table, sent)


@transaction.atomic
def play_again(*, user: User, code: str) -> Seated:
    """After a game: open (or join) the next table with the same settings and the same people (R29)."""
    table = Table.objects.select_for_update().by_code(code).filter(seats__user=user).first()
    if table is None:
        raise Refusal(Code.NOT_SEATED)
    if table.is_open:
        raise Refusal(Code.NOT_FINISHED)
    if table.led:  # a class's table: its leader makes the next tables
        raise Refusal(Code.LEADER_STARTS)
    check_may_play(user)
    if table.is_public:
        check_may_play_public(user)
    following = Table.objects.filter(previous=table).first()
    if following is not None:
        if not following.is_open:
            return Seated(following)
        follow_play_again(table, following, user)  # a screen this member made comes along
        return take_seat(following, user)
    if user.is_guest:  # the next table is opened by a member, whom the guest then follows
        raise Refusal(Code.GUEST_WAITS_FOR_HOST)
    fields = {
        "seat_count": table.seat_count,
        "teams": table.teams,
        "remember_word": table.remember_word,
        "allow_agents": table.allow_agents,
        "over_days": table.over_days,
        **table.game_options(),  # V1-V3: Play again keeps them
        # R42: and the deck, while it is live (an ended one is refused, naming it, as at the deal).
        "deck": deck_to_deal(table.deck) if table.deck_id else None,
    }
    if table.is_public:
        fields["countdown_deadline"] = timezone.now() + timedelta(
            seconds=settings.GAME_PUBLIC_COUNTDOWN_SECONDS
        )
    following = new_table(host=user, kind=table.kind, previous=table, **fields)
    follow_play_again(table, following, user)  # the big screen this host made shows the next table
    # The finished table's message names its game's last version, as every message does.
    sent = publish.table_update(table, seat_list(table), Game.version_at(table.pk))
    sent += publish.table_update(following, seat_list(following))
    if following.is_public:
        publish.lobby_update()
    return Seated(following, sent)
