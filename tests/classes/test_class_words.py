"""Issue 48's newcomer walkthrough: what a class's pages say after the class, to a child taken off
the list, for a code whose class has ended, for a refused name, to a parent signed out or with a
card used already; and the board's End button, which asks first."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from classes import claiming, joining, leading
from classes.models import ClaimedCard, Classroom, Pupil
from justalllowgod.lib.limits import limits as cache
from justalllowgod.lib.refusals import Code, Refusal
from tests.classes.test_class_pages import joined, leader_client, started
from tests.classes.test_classes import a_class, children, refused
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def main_of(page) -> str:
    """The page's own part: between <main> and its end (no header, no footer)."""
    words = page.content.decode()
    return words.split('<main id="main"', 1)[1].split("</main>", 1)[0]


def test_after_the_class_a_childs_page_says_it_has_ended_with_no_name_and_nothing_to_press():
    _leader, client = leader_client()
    classroom = started(client)
    _pupil, device = joined(classroom, "Bea")
    assert "You're in" in main_of(device.get(reverse("class_wait")))
    client.post(reverse("class_act", args=[classroom.pk, "end-all"]), {"sure": "yes"})
    assert device.get(reverse("class_state")).json() == {"state": "ended"}
    assert device.get(reverse("home"))["Location"] == reverse("class_wait")
    main = main_of(device.get(reverse("class_wait")))
    assert "Your class has ended" in main and "Thank you for playing!" in main
    assert "You're in" not in main and "Bea" not in main
    assert "<form" not in main and "<button" not in main and "<a " not in main
    assert "class-wait.js" not in device.get(reverse("class_wait")).content.decode()  # nothing left to ask


def test_the_waiting_page_keeps_a_long_name_and_its_bang_together():
    _leader, client = leader_client()
    classroom = started(client)
    _pupil, device = joined(classroom, "Daddy_Mike_the_Great")
    main = main_of(device.get(reverse("class_wait")))
    assert (
        '<span class="class-wait-name is-long"><span class="class-wait-tag">Daddy_Mike_the_Great</span>!</span>'
        in main
    )
    _pupil, short = joined(classroom, "Sam")
    assert '<span class="class-wait-name"><span class="class-wait-tag">Sam</span>!</span>' in main_of(
        short.get(reverse("class_wait"))
    )


def test_an_ended_classs_code_says_so_at_once_and_is_no_guess():
    classroom, leader = a_class()
    code = classroom.code
    leading.end_all(**leader)
    refused(Code.NO_SUCH_CLASS, joining.join_class, code=code.lower(), name="Late", ip="10.7.7.7")
    with pytest.raises(Refusal) as raised:
        joining.find_class(code, ip="10.7.7.7")
    assert raised.value.message == joining.CLASS_ENDED
    assert not cache.get("class-guess:ip:10.7.7.7")  # typed right: not counted against the room
    refused(Code.NO_SUCH_CLASS, joining.find_class, "ZZZZZZ", ip="10.7.7.7")
    assert cache.get("class-guess:ip:10.7.7.7") == 1

    by_qr = Client().get(reverse("class_join_code", args=[code]))
    main = main_of(by_qr)
    assert by_qr.status_code == 404
    assert "That class has ended" in main and "Ask your leader for the new code." in main
    assert "<form" not in main and "class-join-form" not in main  # nothing to fill in pointlessly
    assert classroom.leader.gamer_tag not in main  # and nothing else about that class
    typed = Client().post(reverse("class_join"), {"code": code, "name": "Late"})
    assert typed.status_code == 404 and joining.CLASS_ENDED in typed.content.decode().replace("&#x27;", "'")
    assert not User.objects.filter(gamer_tag="Late").exists()

    # The same code, given to a class running now, is that class's: its form, no word of the old one.
    running, _ = a_class()
    Classroom.objects.filter(pk=running.pk).update(code=code)
    assert not joining.has_ended(f"{code[:3]}-{code[3:]}".lower()) and not joining.has_ended("")
    assert 'id="class-join-form"' in Client().get(reverse("class_join_code", args=[code])).content.decode()


def test_a_refused_name_is_never_shown_again_and_is_called_a_name():
    _leader, client = leader_client()
    classroom = started(client)
    rude = Client().post(reverse("class_join"), {"code": classroom.code, "name": "N1gger"})
    words = rude.content.decode()
    assert rude.status_code == 400 and "Please choose a kinder name." in words
    assert "N1gger" not in words and "tag" not in main_of(rude).lower()
    assert 'name="name" value=""' in words
    # A name the filter would refuse is not echoed either when the code was what went wrong.
    wrong_code = Client().post(reverse("class_join"), {"code": "ZZZZZZ", "name": "N1gger"})
    assert wrong_code.status_code == 404 and "N1gger" not in wrong_code.content.decode()
    short = Client().post(reverse("class_join"), {"code": classroom.code, "name": "Al"})
    assert "A name is 3 to 20 characters long." in short.content.decode()
    # A name that passes stays in the box when something else was refused.
    Classroom.objects.filter(pk=classroom.pk).update(locked=True)
    locked = Client().post(reverse("class_join"), {"code": classroom.code, "name": "Ruth_B"})
    assert locked.status_code == 409 and 'value="Ruth_B"' in locked.content.decode()
    assert not Pupil.objects.exists()


def test_the_board_ends_the_class_only_on_the_second_answer():
    _leader, client = leader_client()
    classroom = started(client)
    joined(classroom, "Eli")
    once = client.post(reverse("class_act", args=[classroom.pk, "end-all"]), follow=True)
    assert "The class goes on" in once.content.decode()
    classroom.refresh_from_db()
    assert classroom.ended_at is None and classroom.stage == Classroom.Stage.JOINING
    client.post(reverse("class_act", args=[classroom.pk, "end-all"]), {"sure": "yes"})
    classroom.refresh_from_db()
    assert classroom.ended_at is not None
    # Another member's "yes" ends nothing: the leader's class and session are checked as before.
    other_classroom, _ = a_class()
    stranger = Client()
    stranger.force_login(UserFactory())
    stranger.post(reverse("class_act", args=[other_classroom.pk, "end-all"]), {"sure": "yes"})
    other_classroom.refresh_from_db()
    assert other_classroom.ended_at is None


def test_a_signed_out_parent_is_told_why_to_sign_in_and_comes_back_to_the_card():
    classroom, leader = a_class()
    children(classroom, 1)
    ((_, code),) = claiming.print_cards(**leader)
    leading.end_all(**leader)
    parent = Client()
    answer = parent.get(reverse("class_claim_code", args=[code]))
    assert answer.status_code == 302 and answer["Location"].startswith(reverse("account_login"))
    assert reverse("class_claim_code", args=[code]) in answer["Location"]  # back to this card after
    sign_in_page = parent.get(answer["Location"])
    assert "Sign in or sign up to keep your child&#x27;s games from class." in sign_in_page.content.decode()


def test_a_card_used_already_says_so_and_never_whose_child_it_was():
    classroom, leader = a_class()
    (pupil,) = children(classroom, 1)
    name = pupil.user.gamer_tag
    ((_, code),) = claiming.print_cards(**leader)
    leading.end_all(**leader)
    first = UserFactory()
    claiming.claim_child(parent=first, code=code)
    assert ClaimedCard.objects.filter(classroom=classroom).count() == 1
    for parent in (first, UserFactory()):  # the same parent again, or another
        with pytest.raises(Refusal) as raised:
            claiming.claim_child(parent=parent, code=claiming.spaced(code).lower(), ip="10.5.5.5")
        assert raised.value.code == Code.CARD_NOT_VALID and raised.value.message == claiming.CARD_USED
    assert not cache.get("card-guess:ip:10.5.5.5")  # a real card: no guess
    again = Client()
    again.force_login(UserFactory())
    page = again.post(reverse("class_claim"), {"code": code})
    words = page.content.decode()
    assert page.status_code == 400 and "This card has been used already." in words
    assert name not in words and "check the letters" not in words
    # A code no card ever carried still says to check the letters.
    wrong = again.post(reverse("class_claim"), {"code": "WRONGWRONG"})
    assert "check the letters" in wrong.content.decode()
    # The used card is forgotten with its class.
    Classroom.objects.filter(pk=classroom.pk).delete()
    assert not ClaimedCard.objects.exists()
