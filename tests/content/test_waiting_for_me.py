"""The admin home's "Waiting for me": each person sees the work that is theirs to do next."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from content import review
from content.models import Status
from content.revisions import current_revision
from tests.factories import CardFactory, StoryFactory, UserFactory

pytestmark = pytest.mark.django_db
HOME = reverse("admin:index")


def _waiting(client) -> str:
    html = client.get(HOME).content.decode()
    start = html.index('id="waiting-for-me"')
    return html[start : html.index("</section>", start)]


def test_an_approver_sees_work_in_review_they_did_not_edit(client, editor, approver):
    theirs = CardFactory(title="Written by the editor", last_edited_by=editor)
    review.submit_for_review(subject=theirs, user=editor)
    StoryFactory(title="Still a draft")
    client.force_login(approver)
    box = _waiting(client)
    assert "To approve (1)" in box and "Written by the editor" in box
    assert "Still a draft" not in box
    assert "To approve <strong>1</strong>" in client.get(HOME).content.decode()


def test_an_approver_does_not_see_their_own_edit_as_waiting(client):
    both = UserFactory(is_staff=True)
    both.groups.add(*Group.objects.filter(name__in=["Content editors", "Content approvers"]))
    card = CardFactory(title="My own words", last_edited_by=both)
    review.submit_for_review(subject=card, user=both)
    client.force_login(both)
    assert "My own words" not in _waiting(client)


def test_an_editor_sees_their_cards_sent_back(client, editor, other_editor, approver):
    mine = CardFactory(title="My card", last_edited_by=editor, status=Status.DRAFT)
    review.save_card(card=mine, user=editor)
    other = CardFactory(title="Their card", last_edited_by=other_editor, status=Status.IN_REVIEW)
    review.submit_for_review(subject=mine, user=editor)
    for card in (mine, other):
        review.request_changes(subject=card, user=approver, note="Again.", revision=current_revision(card))
    client.force_login(editor)
    box = _waiting(client)
    assert "Changes requested on your work (1)" in box and "My card" in box and "Their card" not in box
