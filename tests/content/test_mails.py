"""The team hears of waiting work by mail, after the step commits; a broken mail server changes nothing."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from content import review
from content.models import Status
from content.revisions import current_revision
from justalllowgod.lib.site_address import absolute_url
from tests.factories import CardFactory

pytestmark = pytest.mark.django_db


class BrokenBackend:
    """A mail server that refuses every connection."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("mail server down")


def test_approvers_are_mailed_after_commit_when_work_is_submitted(
    editor, approver, other_approver, django_capture_on_commit_callbacks
):
    card = CardFactory(last_edited_by=editor, title="The valley of Elah")
    with django_capture_on_commit_callbacks(execute=False) as pending:
        review.submit_for_review(subject=card, user=editor)
    assert mail.outbox == []
    for callback in pending:
        callback()
    assert sorted(m.to[0] for m in mail.outbox) == sorted([approver.email, other_approver.email])
    assert "The valley of Elah" in mail.outbox[0].body


def test_the_editor_is_mailed_when_changes_are_requested_and_when_the_work_is_approved(
    editor, approver, django_capture_on_commit_callbacks
):
    card = CardFactory(status=Status.IN_REVIEW, last_edited_by=editor)
    with django_capture_on_commit_callbacks(execute=True):
        review.request_changes(
            subject=card, user=approver, note="Warmer, please.", revision=current_revision(card)
        )
    assert mail.outbox[-1].to == [editor.email] and "Warmer, please." in mail.outbox[-1].body
    review.submit_for_review(subject=card, user=editor)
    with django_capture_on_commit_callbacks(execute=True):
        review.approve(subject=card, user=approver, revision=current_revision(card))
    assert mail.outbox[-1].to == [editor.email]
    assert mail.outbox[-1].subject.startswith("Approved")


def test_a_team_member_who_turned_team_mails_off_gets_none(
    client, editor, approver, django_capture_on_commit_callbacks
):
    client.force_login(approver)
    client.post(reverse("accounts:team_mail"), {})
    approver.refresh_from_db()
    assert approver.team_mail is False
    with django_capture_on_commit_callbacks(execute=True):
        review.submit_for_review(subject=CardFactory(), user=editor)
    assert mail.outbox == []


def test_a_broken_mail_server_never_rolls_back_an_approval(
    editor, approver, settings, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "tests.content.test_mails.BrokenBackend"
    card = CardFactory(status=Status.IN_REVIEW, last_edited_by=editor)
    with django_capture_on_commit_callbacks(execute=True) as sent:
        review.approve(subject=card, user=approver, revision=current_revision(card))
    assert len(sent) == 1
    card.refresh_from_db()
    assert card.status == Status.APPROVED


def _link_to(card) -> str:
    return absolute_url(reverse("admin:content_card_change", args=[card.pk]))


def test_an_edit_that_reopens_approved_work_mails_the_approvers_a_link_to_it(
    editor, approver, django_capture_on_commit_callbacks
):
    card = CardFactory(status=Status.APPROVED, title="Noah")
    card.description = "A just man who walked with God."
    with django_capture_on_commit_callbacks(execute=True):
        review.save_card(card=card, user=editor)
    (sent,) = mail.outbox
    assert sent.to == [approver.email] and sent.subject == "Edited after approval: Noah"
    assert _link_to(card) in sent.body and _link_to(card).startswith(("http://", "https://"))
    assert "keep dealing the approved version" in sent.body


def test_every_mail_links_straight_to_the_item(editor, approver, django_capture_on_commit_callbacks):
    card = CardFactory(last_edited_by=editor)
    with django_capture_on_commit_callbacks(execute=True):
        review.submit_for_review(subject=card, user=editor)
    with django_capture_on_commit_callbacks(execute=True):
        review.approve(subject=card, user=approver, revision=current_revision(card))
    submitted, decided = mail.outbox
    assert decided.to == [editor.email]
    for sent in (submitted, decided):
        assert _link_to(card) in sent.body
        assert "Open the team admin: /" not in sent.body


def test_one_save_of_a_storys_page_mails_each_approver_once_with_a_link_to_the_story(
    client, editor, approver, django_capture_on_commit_callbacks
):
    from tests.content.test_admin import _approved_story, _inline_data

    story = _approved_story(approver, title="Noah and the ark")
    client.force_login(editor)
    url = reverse("admin:content_story_change", args=[story.pk])
    changes = {f"cards-{i}-description": f"A new line {i}." for i in range(4)}
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url, _inline_data(story, **changes)).status_code == 302
    (sent,) = [m for m in mail.outbox if m.subject.startswith("Edited after approval")]
    assert sent.to == [approver.email]
    assert sent.body.count("(Noah and the ark)") == 4
    assert absolute_url(url) in sent.body
