"""Issue 48's pages: starting a class, a child's way in by the code, the board's buttons, bad input,
and a class child's session kept to their class (every URL walked)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.family_guard import OPEN_TO_CLASS_CHILDREN, closed_to_class_children
from accounts.models import User
from classes import joining
from classes.models import Classroom, Pupil
from tests.deck import load_deck
from tests.factories import UserFactory
from tests.game.test_guest_pages import _sample_path, every_route

pytestmark = pytest.mark.django_db


def leader_client() -> tuple[User, Client]:
    leader = UserFactory()
    client = Client()
    client.force_login(leader)
    return leader, client


def started(client: Client, **form) -> Classroom:
    answer = client.post(reverse("class_new"), {"cap": "30", "agreed": "on", **form})
    assert answer.status_code == 302
    return Classroom.objects.get()


def joined(classroom: Classroom, name: str = "Sam") -> tuple[Pupil, Client]:
    device = Client()
    answer = device.post(reverse("class_join"), {"code": classroom.code, "name": name})
    assert answer.status_code == 302 and answer["Location"] == reverse("class_wait")
    return Pupil.objects.get(user__gamer_tag=name), device


def test_a_leader_starts_a_class_once_they_confirm_the_parents_agree():
    _leader, client = leader_client()
    assert client.get(reverse("class_new")).status_code == 200
    refused = client.post(reverse("class_new"), {"cap": "30"})
    assert (
        refused.status_code == 400 and b"parents agree" in refused.content and not Classroom.objects.exists()
    )
    too_many = client.post(reverse("class_new"), {"cap": "lots", "agreed": "on"})
    assert too_many.status_code == 400 and not Classroom.objects.exists()
    classroom = started(client)
    board = client.get(reverse("class_board", args=[classroom.pk]))
    assert board.status_code == 200 and classroom.code.encode() in board.content
    assert client.get(reverse("class_new"))["Location"] == reverse("class_board", args=[classroom.pk])
    assert Client().get(reverse("class_board", args=[classroom.pk])).status_code == 302  # sign in first
    stranger = Client()
    stranger.force_login(UserFactory())
    assert stranger.get(reverse("class_board", args=[classroom.pk])).status_code == 404
    assert stranger.get(reverse("class_board_state", args=[classroom.pk])).status_code == 404


def test_a_child_joins_by_the_boards_qr_with_one_name_and_waits_for_their_table():
    load_deck()
    _leader, client = leader_client()
    classroom = started(client)
    by_qr = Client().get(reverse("class_join_code", args=[classroom.code]))
    assert by_qr.status_code == 200 and by_qr.context["code"] == classroom.code
    _pupil, device = joined(classroom)
    assert device.get(reverse("class_state")).json()["state"] == "waiting"
    assert device.get(reverse("home"))["Location"] == reverse("class_wait")
    assert device.get(reverse("class_board_state", args=[classroom.pk])).status_code == 403
    actions = reverse("class_act", args=[classroom.pk, "make-tables"])
    client.post(actions, {})
    assert device.get(reverse("class_state")).json() == {"state": "waiting", "table": 1, "name": "Sam"}
    client.post(reverse("class_act", args=[classroom.pk, "start-all"]))
    seated = device.get(reverse("class_state")).json()
    assert seated["state"] == "seated" and device.get(seated["url"]).status_code == 200
    assert device.get(reverse("home"))["Location"] == seated["url"]


@pytest.mark.parametrize(
    ("form", "status", "words"),
    [
        ({"code": "ZZZZZZ", "name": "Sam"}, 404, b"No class is open with that code"),
        ({"code": "", "name": "Sam"}, 404, b"No class is open with that code"),
        ({"name": "x"}, 400, b"3 to 20 characters"),
        ({"name": "JagAI"}, 400, b"kept for the JustAllowGod team"),
    ],
)
def test_bad_input_at_the_childs_door_is_said_and_makes_nothing(form, status, words):
    _leader, client = leader_client()
    classroom = started(client)
    answer = Client().post(reverse("class_join"), {"code": classroom.code} | form)
    assert answer.status_code == status and words in answer.content
    assert not Pupil.objects.exists()


def test_a_locked_class_and_a_full_one_say_so():
    _leader, client = leader_client()
    classroom = started(client, cap="1")
    joined(classroom, "First")
    full = Client().post(reverse("class_join"), {"code": classroom.code, "name": "Second"})
    assert full.status_code == 409 and b"This class is full" in full.content
    Classroom.objects.filter(pk=classroom.pk).update(cap=5)
    client.post(reverse("class_act", args=[classroom.pk, "lock"]))
    locked = Client().post(reverse("class_join"), {"code": classroom.code, "name": "Second"})
    assert locked.status_code == 409 and b"isn" in locked.content and Pupil.objects.count() == 1


def test_a_removed_child_reconnecting_finds_their_class_gone_and_nothing_changes():
    _leader, client = leader_client()
    classroom = started(client)
    pupil, device = joined(classroom)
    client.post(reverse("class_act", args=[classroom.pk, "remove"]), {"pupil": pupil.pk})
    assert not User.objects.filter(gamer_tag="Sam").exists()
    # Signed out, the child's device still hears why, and nothing more: no name, no "You're in".
    assert device.get(reverse("class_state")).json() == {"state": "removed"}
    page = device.get(reverse("class_wait"))
    words = page.content.decode()
    assert page.status_code == 200 and "Your leader took you off the list" in words
    assert "You're in" not in words and "Sam" not in words and "<form" not in words.split("<main", 1)[1]
    assert Client().get(reverse("class_wait"))["Location"] == reverse("class_join")  # any other device
    again = client.post(reverse("class_act", args=[classroom.pk, "remove"]), {"pupil": pupil.pk}, follow=True)
    assert b"isn&#x27;t in this class any more" in again.content
    assert client.post(reverse("class_act", args=[classroom.pk, "explode"])).status_code == 404


def test_a_class_childs_session_opens_its_class_and_nothing_else_every_url_walked():
    _leader, client = leader_client()
    classroom = started(client)
    pupil, device = joined(classroom)
    assert {name for name, _ in every_route()} >= OPEN_TO_CLASS_CHILDREN
    walked = 0
    for name, route in every_route():
        path = _sample_path(route)
        if path is None:
            continue
        assert closed_to_class_children(path) == (name not in OPEN_TO_CLASS_CHILDREN), path
        if name in OPEN_TO_CLASS_CHILDREN:
            continue
        for method in (device.get, device.post):
            answer = method(path)
            assert answer.status_code == 403, (path, answer.status_code)
            assert b"part of your class" in answer.content
        walked += 1
    assert walked > 40
    pupil.user.refresh_from_db()
    assert pupil.user.is_class_child and pupil.user.gamer_tag == "Sam"
    for path in ("/sw.js", "/rules/", "/privacy/"):
        assert device.get(path).status_code == 200


def test_the_board_state_is_the_leaders_and_says_who_joined():
    _leader, client = leader_client()
    classroom = started(client)
    joined(classroom, "Ruth")
    state = client.get(reverse("class_board_state", args=[classroom.pk])).json()
    assert state["stage"] == "joining" and [c["name"] for c in state["children"]] == ["Ruth"]
    assert joining.normalize(" ab-cd ef ") == "ABCDEF"


def test_a_grown_up_signed_in_is_asked_to_sign_out_before_a_child_joins_on_that_device():
    leader, client = leader_client()
    classroom = started(client)
    answer = client.post(reverse("class_join"), {"code": classroom.code, "name": "Trying"})
    assert answer.status_code == 409 and b"sign out" in answer.content
    assert not Pupil.objects.exists() and int(client.session["_auth_user_id"]) == leader.pk


def test_the_leader_does_not_replay_a_class_childs_game_from_their_seat():
    from classes import leading as lead
    from game.models import Game, Table
    from tests.factories import signed_in_session

    load_deck()
    leader, client = leader_client()
    classroom = started(client)
    joined(classroom, "Ruth")
    common = {"leader": leader, "session_key": signed_in_session(leader), "class_id": classroom.pk}
    lead.make_tables(**common)
    lead.start_all(**common)
    lead.end_all(**common)
    game = Game.objects.get(table__class_table__classroom=classroom)
    assert Table.objects.get(pk=game.table_id).status == Table.Status.ENDED
    assert client.get(reverse("replay", args=[game.pk])).status_code == 404
