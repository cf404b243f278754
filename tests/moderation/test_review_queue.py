"""The review queue: reviewers only; a person's decision is the only thing that restricts an account."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from game import services as game_services
from justalllowgod.lib.refusals import Refusal
from moderation.models import Case, Decision
from moderation.services import flag_game
from tests.factories import UserFactory
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db


def restriction_now(member):
    """The member's restriction as the database holds it now."""
    member.refresh_from_db()
    return member.restriction()


def reviewer(*, emails: bool = False):
    user = UserFactory()
    user.groups.add(Group.objects.get(name="Reviewers"))
    if emails:
        user.user_permissions.add(Permission.objects.get(codename="view_member_email"))
    return user


@pytest.fixture
def case(live_deck, clock) -> Case:
    played = play_game(clock=clock, think=lambda seat: 100 if seat == 1 else 2000)
    flag_game(game_id=played.game.pk)
    return Case.objects.get(game=played.game)


def fast_member(case: Case):
    return case.flags.get().users.get()


def decide(client, case: Case, **fields):
    data = {"accounts": [fast_member(case).pk], "action": "suspension", "days": "3", "reason": "Script-fast."}
    data.update(fields)
    return client.post(reverse("review_decide", args=[case.pk]), data)


def test_the_reviewers_group_can_review_but_emails_need_their_own_permission(db):
    codenames = set(Group.objects.get(name="Reviewers").permissions.values_list("codename", flat=True))
    assert codenames == {"review_case", "view_case", "view_flag", "view_decision", "view_appeal"}
    assert Permission.objects.filter(codename="view_member_email").exists()


def test_only_reviewers_reach_the_queue(client, case):
    urls = [reverse("review_queue"), reverse("review_case", args=[case.pk])]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(UserFactory())
    for url in urls:
        assert client.get(url).status_code == 403
    assert decide(client, case).status_code == 403
    client.force_login(reviewer())
    for url in urls:
        assert client.get(url).status_code == 200


def test_the_queue_lists_open_cases_oldest_first(client, case, live_deck, clock):
    later = play_game(clock=clock, think=lambda seat: 100, seed=3)
    flag_game(game_id=later.game.pk)
    client.force_login(reviewer())
    page = client.get(reverse("review_queue"))
    assert [c.pk for c in page.context["page"].object_list] == [case.pk, later.game.moderation_case.pk]
    assert b"Too fast" in page.content


def test_the_case_shows_the_evidence_and_every_hand(client, case):
    client.force_login(reviewer())
    page = client.get(reverse("review_case", args=[case.pk]))
    member = fast_member(case)
    assert member.gamer_tag.encode() in page.content
    assert member.email.encode() not in page.content
    assert page.context["replay"]["mode"] == "full"
    assert b'"hands"' in page.content and b"histogram-row is-fast" in page.content


def test_a_reviewer_with_the_permission_sees_the_email(client, case):
    client.force_login(reviewer(emails=True))
    page = client.get(reverse("review_case", args=[case.pk]))
    assert fast_member(case).email.encode() in page.content


def test_nothing_is_restricted_until_a_reviewer_decides(case):
    member = fast_member(case)
    assert restriction_now(member) is None
    assert game_services.play_now(user=member).table


def test_a_decision_needs_a_reason(client, case):
    client.force_login(reviewer())
    assert decide(client, case, reason="  ").status_code == 400
    assert not Decision.objects.exists()
    case.refresh_from_db()
    assert case.is_open


def test_a_decision_restricts_and_a_reversal_lifts_it_with_the_history_kept(client, case):
    member = fast_member(case)
    client.force_login(reviewer())
    assert decide(client, case).status_code == 302
    case.refresh_from_db()
    assert not case.is_open
    assert "suspended until" in restriction_now(member).message
    with pytest.raises(Refusal) as refused:
        game_services.create_private_table(user=member)
    assert refused.value.code == "restricted"

    suspension = Decision.objects.get(user=member)
    client.force_login(reviewer())  # another reviewer looks again: nobody reverses their own decision
    client.post(reverse("review_reverse", args=[suspension.pk]), {"reason": "Slow phone, fast fingers."})
    assert restriction_now(member) is None
    assert game_services.create_private_table(user=member).table
    history = list(Decision.objects.filter(user=member).order_by("created_at", "pk"))
    assert [d.action for d in history] == ["suspension", "reversal"]
    assert history[1].reverses == suspension
    page = client.get(reverse("review_case", args=[case.pk]))
    assert b"Reversal" in page.content and b"Script-fast." in page.content


def test_a_restricted_member_sees_a_clear_message_when_joining(client, case):
    member = fast_member(case)
    client.force_login(reviewer())
    decide(client, case, action="ban", days="")
    client.force_login(member)
    response = client.post(reverse("play_now"), follow=True)
    assert b"can&#x27;t join tables" in response.content or b"can't join tables" in response.content
    assert b"can" in client.get(reverse("my_games")).content


def test_a_suspension_ends_by_itself(client, case, clock):
    member = fast_member(case)
    client.force_login(reviewer())
    decide(client, case, days="2")
    assert restriction_now(member)
    clock.advance(2 * 24 * 3600, ms=1)
    assert restriction_now(member) is None


def test_a_warning_or_no_action_restricts_nobody(client, case):
    member = fast_member(case)
    client.force_login(reviewer())
    decide(client, case, action="warning", days="")
    assert restriction_now(member) is None
    assert Decision.objects.get(user=member).action == "warning"


def test_a_decided_case_cannot_be_decided_twice(client, case):
    client.force_login(reviewer())
    decide(client, case, action="no_action", days="")
    decide(client, case, action="ban", days="")
    assert list(Decision.objects.values_list("action", flat=True)) == ["no_action"]
