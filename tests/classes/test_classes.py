"""Issue 48: a class: starting it, children joining by its code, the leader's buttons, its tables,
the board (which never shows a card a seat hides), and forgetting it on schedule."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.utils import timezone

from accounts.models import Managed, User
from classes import board, forgetting, joining, leading
from classes.models import Classroom, Pupil
from game import engine, services
from game.models import Game, Seat, Table
from justalllowgod.lib.refusals import Code, Refusal
from tests.deck import load_deck
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db


def refused(expected: Code, act, /, *args, **kwargs) -> None:
    with pytest.raises(Refusal) as raised:
        act(*args, **kwargs)
    assert raised.value.code == expected


def a_class(**options) -> tuple[Classroom, dict]:
    leader = UserFactory()
    classroom = joining.start_class(leader=leader, agreed=True, **options)
    return classroom, {"leader": leader, "session_key": signed_in_session(leader), "class_id": classroom.pk}


def children(classroom: Classroom, count: int, ip: str = "10.0.0.1") -> list[Pupil]:
    return [joining.join_class(code=classroom.code, name=f"Kid_{n}", ip=ip) for n in range(count)]


def test_a_grown_up_starts_a_class_only_with_the_parents_agreement_and_runs_one_at_a_time():
    leader = UserFactory()
    refused(Code.AGREEMENT_NEEDED, joining.start_class, leader=leader)
    assert not Classroom.objects.exists()
    classroom = joining.start_class(leader=leader, agreed=True, cap=12)
    assert len(classroom.code) == 6 and classroom.cap == 12 and classroom.takes_children
    assert joining.start_class(leader=leader, agreed=True) == classroom


def test_a_child_joins_with_a_code_in_any_case_and_a_name_and_is_the_leaders_to_manage():
    classroom, _ = a_class()
    UserFactory(gamer_tag="Sam")
    pupil = joining.join_class(code=f" {classroom.code.lower()} ", name="Sam")
    child = pupil.user
    assert child.gamer_tag == "Sam2"  # a name somebody plays as gets a number, never a refusal
    assert (child.managed_by, child.managed_as, child.email) == (classroom.leader, Managed.CLASS, None)
    assert child.is_class_child and child.is_child and not child.is_guest and not child.has_usable_password()


def test_a_wrong_code_is_a_counted_guess_and_a_flood_of_them_waits():
    classroom, _ = a_class()
    refused(Code.NO_SUCH_CLASS, joining.join_class, code="ZZZZZZ", name="Guess", ip="10.9.9.9")
    for _ in range(joining.GUESSES_PER_ADDRESS - 1):
        refused(Code.NO_SUCH_CLASS, joining.find_class, "ZZZZZZ", ip="10.9.9.9")
    refused(Code.TOO_MANY_TRIES, joining.join_class, code=classroom.code, name="Right", ip="10.9.9.9")
    joining.join_class(code=classroom.code, name="Elsewhere", ip="10.8.8.8")
    assert not User.objects.filter(gamer_tag__in=["Guess", "Right"]).exists()


def test_a_locked_class_a_full_class_a_refused_name_and_an_ended_class_make_nothing():
    classroom, leader = a_class()
    children(classroom, 30)
    refused(Code.CLASS_FULL, joining.join_class, code=classroom.code, name="Number_31")
    leading.set_locked(**leader, locked=True)
    refused(Code.CLASS_LOCKED, joining.join_class, code=classroom.code, name="Late")
    small, small_leader = a_class(cap=3)
    with pytest.raises(ValidationError):
        joining.join_class(code=small.code, name="JagAI")
    leading.end_all(**small_leader)
    refused(Code.NO_SUCH_CLASS, joining.join_class, code=small.code, name="After")
    assert not User.objects.filter(gamer_tag__in=["Number_31", "Late", "JagAI", "After"]).exists()
    assert classroom.pupils.count() == 30


def test_only_the_leader_uses_the_boards_buttons():
    classroom, leader = a_class()
    (pupil,) = children(classroom, 1)
    other = UserFactory()
    stranger = {"leader": other, "session_key": signed_in_session(other), "class_id": classroom.pk}
    for act, extra in (
        (leading.set_locked, {"locked": True}),
        (leading.make_tables, {}),
        (leading.remove_pupil, {"pupil_id": pupil.pk}),
        (leading.rename_pupil, {"pupil_id": pupil.pk, "name": "Hijack"}),
        (leading.end_all, {}),
    ):
        refused(Code.NOT_YOUR_CLASS, act, **stranger, **extra)
    refused(Code.SIGNED_OUT, leading.set_locked, **(leader | {"session_key": "gone"}), locked=True)
    classroom.refresh_from_db()
    assert classroom.stage == Classroom.Stage.JOINING and not classroom.locked
    refused(Code.NO_SUCH_PUPIL, leading.remove_pupil, **leader, pupil_id="nonsense")


def test_the_leader_renames_and_removes_a_child_whose_device_is_then_signed_out():
    from accounts import family

    classroom, leader = a_class()
    first, second = children(classroom, 2)
    assert leading.rename_pupil(**leader, pupil_id=first.pk, name="Ruth B") == "Ruth_B"
    session = signed_in_session(second.user)
    family.record_device(child=second.user, session_key=session)
    leading.remove_pupil(**leader, pupil_id=second.pk)
    assert not User.objects.filter(pk=second.user_id).exists()
    from django.contrib.sessions.models import Session

    assert not Session.objects.filter(session_key=session).exists()
    assert [c["name"] for c in board.board_state(classroom)["children"]] == ["Ruth_B"]


def test_twelve_children_make_three_tables_of_four_the_leader_moves_one_and_starts_them_all():
    load_deck()
    classroom, leader = a_class()
    pupils = children(classroom, 12)
    made = leading.make_tables(**leader)
    assert [place.table.seats.count() for place in made] == [4, 4, 4]
    assert all(place.table.led and place.table.host == classroom.leader for place in made)
    refused(Code.CLASS_LOCKED, joining.join_class, code=classroom.code, name="Too_Late")
    leading.move_pupil(**leader, pupil_id=pupils[0].pk, number=2)  # a fifth at a table of four
    assert [Seat.objects.filter(table=place.table).count() for place in made] == [3, 5, 4]
    refused(Code.TABLE_FULL, leading.move_pupil, **leader, pupil_id=pupils[1].pk, number=2)
    leading.start_all(**leader)
    tables = Table.objects.filter(class_table__classroom=classroom)
    assert set(tables.values_list("status", flat=True)) == {Table.Status.PLAYING}
    assert [state["state"] for state in map(board.pupil_state, (p.user for p in pupils))] == ["seated"] * 12


def test_a_class_table_is_nobody_elses_and_its_children_sit_nowhere_else():
    classroom, leader = a_class()
    (pupil,) = children(classroom, 1)
    (place,) = leading.make_tables(**leader)
    member = UserFactory()
    refused(Code.NO_SUCH_TABLE, services.join_by_code, user=member, code=place.table.code)
    refused(Code.NO_SUCH_TABLE, services.join_by_invitation, user=member, token=place.table.invite_token)
    elsewhere = services.create_private_table(user=member).table
    child = pupil.user
    refused(Code.IN_A_CLASS, services.join_by_code, user=child, code=elsewhere.code)
    refused(Code.IN_A_CLASS, services.join_by_invitation, user=child, token=elsewhere.invite_token)
    refused(Code.IN_A_CLASS, services.play_now, user=child)
    refused(Code.IN_A_CLASS, services.create_private_table, user=child)


def _no_open_answer_shown(shown: dict, place) -> None:
    """While a Remember the Word question waits, its verse (the answer) is not the board's latest."""
    question = engine.pending_question(engine.from_json(Game.objects.get(table=place.table).state))
    table = next(t for t in shown["tables"] if t["number"] == place.number)
    if question is not None and table["latest"] is not None:
        assert table["latest"]["story"] != question["story"]


def play_class_to_the_end(classroom: Classroom, rng: random.Random) -> list[str]:
    """Every child moves at random from their own legal moves until every table's game is over;
    the board's state is read after every move, as the board asks it."""
    boards = [json.dumps(board.board_state(classroom))]
    for place in classroom.tables.select_related("table"):
        sessions: dict[int, str] = {}
        for _ in range(3000):
            game = Game.objects.get(table=place.table)
            state = engine.from_json(game.state)
            if state["over"] is not None:
                break
            seat = Seat.objects.get(table=place.table, position=state["turn"])
            sessions.setdefault(seat.user_id, signed_in_session(seat.user))
            services.play_move(
                table_id=place.table_id,
                user=seat.user,
                session_key=sessions[seat.user_id],
                move_id=f"m{game.version}",
                version=game.version,
                move=rng.choice(engine.legal_moves(state, state["turn"])),
            )
            shown = board.board_state(classroom)
            boards.append(json.dumps(shown))
            _no_open_answer_shown(shown, place)
    return boards


# Every key the board's state may hold: a new one (a hand, the Well, a card) fails the test below.
BOARD_KEYS = {
    *("stage", "code", "locked", "cap", "teams", "children", "tables", "id", "name", "table"),
    *("number", "status", "stones", "latest", "seats", "over", "version", "together", "turn"),
    *("story", "title", "sealed", "verse", "verses", "words"),
    *("reference", "text", "book_slug", "chapter", "bible"),  # a laid verse, as the whole table saw it
}


def keys_in(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_in(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_in(v)}
    return set()


def test_the_board_follows_whole_games_and_never_shows_a_card_a_seat_hides():
    load_deck()
    classroom, leader = a_class()
    children(classroom, 6)
    leading.make_tables(**leader)
    leading.start_all(**leader)
    boards = play_class_to_the_end(classroom, random.Random(5))
    games = list(Game.objects.filter(table__class_table__classroom=classroom))
    assert all(engine.from_json(g.state)["over"] is not None for g in games)
    for text in boards:
        assert keys_in(json.loads(text)) <= BOARD_KEYS  # no hand, Well, seed, question or card id
    final = board.board_state(classroom)
    assert all(t["over"] and t["together"]["stones"] == len(t["stones"]) for t in final["tables"])


def test_ending_the_class_ends_every_game_and_the_board_says_what_the_class_did_together():
    load_deck()
    classroom, leader = a_class()
    children(classroom, 8)
    leading.make_tables(**leader)
    leading.start_all(**leader)
    ended = leading.end_all(**leader)
    assert ended.stage == Classroom.Stage.ENDED and ended.ended_at is not None
    statuses = set(Table.objects.filter(class_table__classroom=classroom).values_list("status", flat=True))
    assert statuses == {Table.Status.ENDED}
    state = board.board_state(classroom)
    assert all(set(t["together"]) == {"stones", "verses", "words"} for t in state["tables"])
    # Each child is told the class is over, and nothing else (no name, no table).
    told = [board.pupil_state(p.user) for p in classroom.pupils.all()]
    assert told == [{"state": "ended"}] * 8


def test_a_class_is_forgotten_on_schedule(capsys):
    classroom, _leader = a_class()
    children(classroom, 2)
    forgotten, _ = a_class()
    now = timezone.now()
    assert forgetting.forget_classes(now + timedelta(hours=11)) == 0
    forgetting.forget_classes(now + timedelta(hours=13))  # both end: nobody ended them
    assert Classroom.objects.get(pk=forgotten.pk).stage == Classroom.Stage.ENDED
    assert forgetting.forget_classes(now + timedelta(days=6)) == 0
    assert forgetting.forget_classes(now + timedelta(days=8)) == 2  # a moved clock
    assert not User.objects.filter(managed_as=Managed.CLASS).exists()
    assert Classroom.objects.filter(pk=classroom.pk).exists()  # the leader's summary stays a while
    forgetting.forget_classes(now + timedelta(days=31))
    assert not Classroom.objects.exists()
    call_command("forget_classes")
    assert "0 class child accounts deleted." in capsys.readouterr().out


def test_a_child_cannot_leave_a_class_table_before_the_deal():
    classroom, leader = a_class()
    (pupil,) = children(classroom, 1)
    (place,) = leading.make_tables(**leader)
    refused(Code.LEADER_SEATS, services.leave_table, user=pupil.user, code=place.table.code)
    assert place.table.seats.filter(user=pupil.user).exists()


def test_a_leader_who_deletes_their_account_ends_their_class_and_frees_its_devices():
    from accounts import family

    load_deck()
    classroom, leader = a_class()
    children(classroom, 3)
    leading.make_tables(**leader)
    leading.start_all(**leader)
    family.delete_account(user=leader["leader"])
    classroom.refresh_from_db()
    assert classroom.ended_at is not None and classroom.stage == Classroom.Stage.ENDED
    statuses = set(Table.objects.filter(class_table__classroom=classroom).values_list("status", flat=True))
    assert statuses <= {Table.Status.ENDED, Table.Status.FINISHED}


def test_a_reviewer_taking_back_a_class_childs_name_gives_them_a_friendly_one():
    from moderation import name_reports
    from tests.moderation.conftest import reviewer

    classroom, leader = a_class()
    first, second = children(classroom, 2)
    (place,) = leading.make_tables(**leader)
    report = name_reports.report_name(reporter=second.user, code=place.table.code, seat=1)
    name_reports.ask_for_new_tag(report_id=report.pk, reviewer=reviewer())
    first.user.refresh_from_db()
    assert first.user.gamer_tag not in ("", "Kid_0") and "_" in first.user.gamer_tag
