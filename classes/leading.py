"""What the leader does with their class: remove or rename a child, lock or open joining, make the
tables and move a child between them, start them all, end them all. Each act checks the leader's
session and their class inside its transaction, and refuses what the class's stage does not allow.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts import family, kid_devices
from accounts.guests import free_name, guest_name
from accounts.models import User
from accounts.services import tag_is_taken
from classes import joining
from classes.models import Classroom, ClassTable, Pupil
from classes.split import seats_for, split
from content.deal import chosen_deck
from game.services import led
from game.services.authority import require_may_act
from justalllowgod.lib.refusals import Code, Refusal

Stage = Classroom.Stage


def led_class(
    leader: User, session_key: str | None, class_id: int | str, *, running: bool = True
) -> Classroom:
    """The leader's class, locked (with `running`, only one not yet ended); any other class answers
    as one that does not exist."""
    require_may_act(user=leader, session_key=session_key)
    classes = Classroom.objects.running() if running else Classroom.objects.all()
    try:
        return classes.select_for_update().get(pk=int(class_id), leader=leader)
    except (Classroom.DoesNotExist, ValueError, TypeError):
        raise Refusal(Code.NOT_YOUR_CLASS) from None


def _pupil(classroom: Classroom, pupil_id: int | str) -> Pupil:
    try:
        return classroom.pupils.select_related("user", "place").get(pk=int(pupil_id))
    except (Pupil.DoesNotExist, ValueError, TypeError):
        raise Refusal(Code.NO_SUCH_PUPIL) from None


def _require_stage(classroom: Classroom, *stages: str) -> None:
    if classroom.stage not in stages:
        raise Refusal(Code.CLASS_STAGE)


@transaction.atomic
def remove_pupil(*, leader: User, session_key: str | None, class_id: int | str, pupil_id: int | str) -> str:
    """The child leaves the class: their devices are signed out, JagAI takes their seat, and their
    class account goes (a row their games hold stays with no name). Returns the name they had."""
    classroom = led_class(leader, session_key, class_id)
    pupil = _pupil(classroom, pupil_id)
    name = pupil.user.gamer_tag
    child = User.objects.select_for_update().get(pk=pupil.user_id)
    pupil.delete()
    family.delete_managed(child)
    return name


@transaction.atomic
def rename_pupil(
    *, leader: User, session_key: str | None, class_id: int | str, pupil_id: int | str, name: str
) -> str:
    """The leader gives a child another name (the same rules; a taken one gets a number)."""
    classroom = led_class(leader, session_key, class_id)
    pupil = _pupil(classroom, pupil_id)
    child = User.objects.select_for_update().get(pk=pupil.user_id)
    tag = guest_name(name)
    if tag.lower() != child.gamer_tag.lower():
        tag = free_name(tag) if tag_is_taken(tag) else tag
    child.gamer_tag, child.tag_changed_at = tag, timezone.now()
    child.save(update_fields=["gamer_tag", "tag_changed_at"])
    return tag


@transaction.atomic
def set_locked(*, leader: User, session_key: str | None, class_id: int | str, locked: bool) -> Classroom:
    """Lock the class (nobody new joins) or open it again."""
    classroom = led_class(leader, session_key, class_id)
    classroom.locked = locked
    classroom.save(update_fields=["locked"])
    return classroom


def _close_tables(classroom: Classroom) -> None:
    for place in classroom.tables.select_related("table"):
        led.end_led_table(leader=classroom.leader, table_id=place.table_id)
    classroom.tables.all().delete()


@transaction.atomic
def make_tables(
    *,
    leader: User,
    session_key: str | None,
    class_id: int | str,
    teams: bool | None = None,
    deck: object = None,
) -> list[ClassTable]:
    """Split the class into tables (classes/split.py), in the order the children joined; made again,
    the tables before are closed first. Joining stops once tables are made. Every table deals
    `deck`, the id of a live deck the leader picked (R42; none: the main deck)."""
    classroom = led_class(leader, session_key, class_id)
    _require_stage(classroom, Stage.JOINING, Stage.TABLES)
    chosen = chosen_deck(deck)  # a forged or ended deck is refused before anything changes
    if teams is not None:
        classroom.teams = teams
    pupils = list(classroom.pupils.select_related("user"))
    if not pupils:
        raise Refusal(Code.NOBODY_TO_SEAT)
    _close_tables(classroom)
    made = []
    for number, group in enumerate(split(pupils, teams=classroom.teams), start=1):
        table = led.open_led_table(
            leader=leader,
            people=[p.user for p in group],
            seat_count=seats_for(len(group), teams=classroom.teams),
            teams=classroom.teams,
            deck=chosen,
        )
        place = ClassTable.objects.create(classroom=classroom, table=table, number=number)
        Pupil.objects.filter(pk__in=[p.pk for p in group]).update(place=place)
        made.append(place)
    classroom.stage = Stage.TABLES
    classroom.save(update_fields=["stage", "teams"])
    return made


@transaction.atomic
def move_pupil(
    *, leader: User, session_key: str | None, class_id: int | str, pupil_id: int | str, number: int | str
) -> None:
    """Before Start all: the child moves to another of the class's tables with a free seat."""
    classroom = led_class(leader, session_key, class_id)
    _require_stage(classroom, Stage.TABLES)
    pupil = _pupil(classroom, pupil_id)
    try:
        target = classroom.tables.get(number=int(number))
    except (ClassTable.DoesNotExist, ValueError, TypeError):
        raise Refusal(Code.NO_SUCH_TABLE) from None
    if pupil.place_id is None or pupil.place_id == target.pk:
        return
    led.move_person(
        leader=leader, person=pupil.user, from_table=pupil.place.table_id, to_table=target.table_id
    )
    pupil.place = target
    pupil.save(update_fields=["place"])


@transaction.atomic
def start_all(*, leader: User, session_key: str | None, class_id: int | str) -> Classroom:
    """Deal every table's game at once (a table its children all left is closed instead)."""
    classroom = led_class(leader, session_key, class_id)
    _require_stage(classroom, Stage.TABLES)
    for place in classroom.tables.select_related("table"):
        if place.table.seats.exists():
            led.deal_led_table(leader=leader, table_id=place.table_id)
        else:
            led.end_led_table(leader=leader, table_id=place.table_id)
    classroom.stage, classroom.started_at = Stage.PLAYING, timezone.now()
    classroom.save(update_fields=["stage", "started_at"])
    return classroom


@transaction.atomic
def end_all(*, leader: User, session_key: str | None, class_id: int | str) -> Classroom:
    """End the class: every game still being played ends now, nobody winning (R23); the board then
    shows what the class did together. The children's accounts wait for the sweep (7 days)."""
    classroom = led_class(leader, session_key, class_id)
    end_class(classroom)
    return classroom


def end_class(classroom: Classroom) -> None:
    """End every table's game and the class (its row locked by the caller); its children's devices
    are anyone's again once signed out (accounts/kid_devices.py)."""
    for place in classroom.tables.all():
        led.end_led_table(leader=classroom.leader, table_id=place.table_id)
    classroom.stage, classroom.ended_at = Stage.ENDED, timezone.now()
    classroom.save(update_fields=["stage", "ended_at"])
    kid_devices.release_way_in(manager=classroom.leader, way_in=joining.way_in(classroom.code))
