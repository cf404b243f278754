"""A reviewer suspended while a case is open in their browser cannot record a decision: the page
comes back saying why, with no judging forms, and nobody is restricted (review of issue 28)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import RestrictionKind, User
from moderation.models import Case, Decision
from tests.e2e.test_review_queue import DESKTOP, flagged, restriction_now, sign_in  # noqa: F401
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_reviewer_suspended_meanwhile_is_told_why_and_decides_nothing(live_server, new_page, flagged):  # noqa: F811
    reviewer = UserFactory(gamer_tag="Shepherd")
    reviewer.groups.add(Group.objects.get(name="Reviewers"))
    member = flagged.users[1]
    case = Case.objects.get(game=flagged.game)
    page = new_page(DESKTOP)
    sign_in(page, live_server.url, reviewer)

    page.goto(f"{live_server.url}/review/cases/{case.pk}/")
    page.get_by_role("checkbox", name=flagged.users[2].gamer_tag, exact=True).uncheck()
    page.get_by_role("radio", name="Ban").check()
    page.get_by_label("Reason", exact=True).fill("Five answers in a row under a tenth of a second.")
    # Another reviewer suspends this one while the form is being filled in.
    User.objects.filter(pk=reviewer.pk).update(
        restriction_kind=RestrictionKind.SUSPENSION, restricted_until=timezone.now() + timedelta(days=3)
    )
    page.get_by_role("button", name="Record the decision").click()

    expect(page.get_by_role("status").first).to_contain_text("Your own account is suspended or banned")
    expect(page.get_by_role("button", name="Record the decision")).to_have_count(0)
    expect(page.get_by_role("button", name="Claim this case")).to_have_count(0)
    assert not Decision.objects.exists()
    assert restriction_now(member) is None
