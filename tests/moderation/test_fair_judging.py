"""Issue 45, reports and fair judging: nobody judges a case about their own family (their child or
their guest; a managed account is never staff, so never a reviewer with a parent), nobody looks again at a decision they made themselves, and a decision
about some of a case's accounts keeps the reviewer's claim while the others wait."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Managed, User
from justalllowgod.lib.refusals import Code, Refusal
from moderation import services
from moderation.models import Appeal, Decision
from tests.moderation.conftest import reviewer

pytestmark = pytest.mark.django_db


def refused(code: Code, act, **kwargs) -> None:
    with pytest.raises(Refusal) as raised:
        act(**kwargs)
    assert raised.value.code == code


def _decide(case, by, user, action="warning"):
    return services.decide_case(
        case_id=case.pk, reviewer=by, user_ids=[user.pk], action=action, reason="Seen."
    )


@pytest.mark.parametrize("managed_as", [Managed.CHILD, Managed.GUEST])
def test_a_parent_or_host_who_reviews_never_judges_their_childs_or_guests_case(client, shared, managed_as):
    parent = reviewer()
    child, other = services.case_accounts(shared)
    User.objects.filter(pk=child.pk).update(managed_by=parent, managed_as=managed_as)
    # Not the child alone: nothing in a case their child is named in, the other account's included.
    for account in (child, other):
        refused(Code.FAMILYS_CASE, _decide, case=shared, by=parent, user=account)
    refused(Code.FAMILYS_CASE, services.claim_case, case_id=shared.pk, reviewer=parent)
    assert not Decision.objects.exists()
    # Another reviewer bans the child; the parent appeals from their notices, as a parent may, and
    # then, as a reviewer, may neither reverse the ban nor keep it.
    (ban,) = _decide(shared, reviewer(), child, "ban")
    services.appeal_decision(decision_id=ban.pk, user=parent, note="She shares the tablet with her brother.")
    refused(Code.FAMILYS_CASE, services.reverse_decision, decision_id=ban.pk, reviewer=parent, reason="Mine.")
    refused(
        Code.FAMILYS_CASE, services.keep_after_appeal, decision_id=ban.pk, reviewer=parent, reason="Fine."
    )
    assert Appeal.objects.get().answered_at is None
    assert User.objects.get(pk=child.pk).restriction() is not None
    # The case page says why, and offers the parent no judging form.
    client.force_login(parent)
    page = client.get(reverse("review_case", args=[shared.pk])).content.decode()
    assert "This case is about someone in your family, so another reviewer must judge it." in page
    assert f'action="{reverse("review_decide", args=[shared.pk])}"' not in page
    assert f'action="{reverse("review_reverse", args=[ban.pk])}"' not in page


def test_the_reviewer_who_made_a_decision_does_not_answer_its_appeal(client, shared):
    judge, colleague = reviewer(), reviewer()
    member, _other = services.case_accounts(shared)
    (warning,) = _decide(shared, judge, member)
    services.appeal_decision(decision_id=warning.pk, user=member, note="It was my brother.")
    refused(
        Code.OWN_RULING, services.keep_after_appeal, decision_id=warning.pk, reviewer=judge, reason="Stands."
    )
    refused(
        Code.OWN_RULING, services.reverse_decision, decision_id=warning.pk, reviewer=judge, reason="Oops."
    )
    assert Appeal.objects.get().answered_at is None and not Decision.objects.filter(reverses=warning).exists()
    client.force_login(judge)
    page = client.get(reverse("review_case", args=[shared.pk])).content.decode()
    assert "You made this decision, so another reviewer must look at it again." in page
    assert f'action="{reverse("review_keep", args=[warning.pk])}"' not in page
    assert f'action="{reverse("review_reverse", args=[warning.pk])}"' not in page
    # Another reviewer looks again.
    services.keep_after_appeal(decision_id=warning.pk, reviewer=colleague, reason="The games say otherwise.")
    assert Appeal.objects.get().answered_by == colleague


def test_a_decision_about_some_accounts_keeps_the_claim_until_the_last(shared):
    judge = reviewer()
    services.claim_case(case_id=shared.pk, reviewer=judge)
    member, other = services.case_accounts(shared)
    _decide(shared, judge, member)
    shared.refresh_from_db()
    assert shared.is_open and shared.claimed_by == judge
    _decide(shared, judge, other, "no_action")
    shared.refresh_from_db()
    assert not shared.is_open and shared.claimed_by is None


def test_the_queue_marks_a_case_whose_appeal_waits(client, shared):
    judge, colleague = reviewer(), reviewer()
    member, other = services.case_accounts(shared)
    services.decide_case(
        case_id=shared.pk, reviewer=judge, user_ids=[member.pk, other.pk], action="warning", reason="Seen."
    )
    client.force_login(colleague)
    queue = reverse("review_queue")
    assert "An appeal waits" not in client.get(queue, {"state": "all"}).content.decode()
    (warning,) = Decision.objects.filter(user=member)
    services.appeal_decision(decision_id=warning.pk, user=member, note="It was my brother.")
    page = client.get(queue).content.decode()  # the appeal opened the case again
    row = page[page.index(f'href="{reverse("review_case", args=[shared.pk])}"') :]
    assert "An appeal waits" in row[: row.index("</li>")]
    services.keep_after_appeal(decision_id=warning.pk, reviewer=colleague, reason="The games say otherwise.")
    assert "An appeal waits" not in client.get(queue, {"state": "all"}).content.decode()
