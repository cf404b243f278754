"""A decision about every account lets the claim go; an appeal mails the reviewers with a link straight to the case (#29)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from justalllowgod.lib.site_address import absolute_url
from moderation import services
from tests.moderation.conftest import reviewer

pytestmark = pytest.mark.django_db


def test_a_decision_releases_the_reviewers_claim(client, shared):
    """Once every account has its decision (one of two keeps the claim: tests/moderation/
    test_fair_judging.py)."""
    judge = reviewer()
    services.claim_case(case_id=shared.pk, reviewer=judge)
    member, other = services.case_accounts(shared)
    services.decide_case(
        case_id=shared.pk,
        reviewer=judge,
        user_ids=[member.pk, other.pk],
        action="warning",
        reason="Fair play.",
    )
    shared.refresh_from_db()
    assert shared.claimed_by is None and shared.claimed_at is None
    client.force_login(judge)
    assert "Claimed by" not in client.get(reverse("review_queue"), {"state": "all"}).content.decode()


def test_an_appeal_mails_the_reviewers_a_link_to_the_case(shared, django_capture_on_commit_callbacks):
    judge, colleague = reviewer(), reviewer()
    member, other = services.case_accounts(shared)
    services.decide_case(
        case_id=shared.pk, reviewer=judge, user_ids=[other.pk], action="no_action", reason="Fine."
    )
    (warning,) = services.decide_case(
        case_id=shared.pk, reviewer=judge, user_ids=[member.pk], action="warning", reason="Fair play."
    )
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.appeal_decision(decision_id=warning.pk, user=member, note="My brother used my phone.")
    sent = [m for m in mail.outbox if "second look" in m.subject]
    assert sorted(m.to[0] for m in sent) == sorted([judge.email, colleague.email])
    link = absolute_url(reverse("review_case", args=[shared.pk]))
    assert link.startswith("http") and all(link in m.body for m in sent)
    assert "My brother used my phone." in sent[0].body
