"""An approval is of a revision: what the approver saw, by someone who edited none of it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from content import review
from content.default_deck import SYSTEM_REVIEWER_EMAIL
from content.groups import APPROVERS, EDITORS
from content.loading import load_default_deck
from content.models import Card, Kind, ReviewStep, Status, Story
from content.revisions import current_revision, editors_since_approval, review_log
from justalllowgod.lib.refusals import Refusal
from tests.factories import CardFactory, DealableStoryFactory, DeckFactory, StaffFactory

pytestmark = pytest.mark.django_db


def _both_groups():
    """A team member who both edits and approves, as small teams have."""
    user = StaffFactory()
    user.groups.add(*Group.objects.filter(name__in=[EDITORS, APPROVERS]))
    return user


def _edit(card, user, **fields):
    for name, value in fields.items():
        setattr(card, name, value)
    return review.save_card(card=card, user=user)


def _status(obj) -> str:
    obj.refresh_from_db()
    return obj.status


def test_every_edit_is_a_revision_with_who_and_the_old_and_new_values(editor, other_editor):
    card = CardFactory(status=Status.IN_REVIEW, description="A shepherd boy.")
    first = current_revision(card)
    _edit(card, editor, description="A shepherd boy with a sling.")
    _edit(card, other_editor, title="David the shepherd")
    records = list(card.history.order_by("history_id"))
    assert [r.history_user for r in records] == [None, editor, other_editor]
    delta = records[1].diff_against(records[0])
    assert [(c.field, c.old, c.new) for c in delta.changes] == [
        ("description", "A shepherd boy.", "A shepherd boy with a sling.")
    ]
    assert current_revision(card) > first


def test_saving_without_a_change_makes_no_revision(editor):
    card = CardFactory(status=Status.IN_REVIEW)
    before = current_revision(card)
    review.save_card(card=card, user=editor)
    assert current_revision(card) == before


def test_approve_is_refused_after_an_unseen_edit_and_the_approver_sees_the_difference(
    client, editor, approver
):
    card = CardFactory(status=Status.IN_REVIEW, description="He ran toward the giant.")
    client.force_login(approver)
    page = client.get(reverse("admin:content_card_change", args=[card.pk])).content.decode()
    seen = current_revision(card)
    assert f'name="revision" value="{seen}"' in page
    _edit(card, editor, description="He ran toward the army.")
    url = reverse("admin:content_card_review", args=[card.pk, "approve"])
    html = client.post(url, {"revision": seen}, follow=True).content.decode()
    assert _status(card) == Status.IN_REVIEW
    assert not card.review_steps.filter(action=ReviewStep.Action.APPROVED).exists()
    assert "changed since you opened it, so nothing was done" in html
    assert "He ran toward the giant." in html and "He ran toward the army." in html
    assert 'class="revision-diff"' in html


def test_request_changes_is_refused_too_when_the_card_changed(editor, approver):
    card = CardFactory(status=Status.IN_REVIEW)
    seen = current_revision(card)
    _edit(card, editor, title="New title")
    with pytest.raises(review.StaleRevision):
        review.request_changes(subject=card, user=approver, note="Shorter.", revision=seen)
    assert _status(card) == Status.IN_REVIEW


def test_a_edits_b_tweaks_neither_may_approve_and_c_may(client):
    a, b, c = _both_groups(), _both_groups(), _both_groups()
    card = CardFactory(status=Status.DRAFT)
    _edit(card, a, description="Written by A.")
    _edit(card, b, description="Written by A, tweaked by B.")
    review.submit_for_review(subject=card, user=b)
    assert editors_since_approval(card) == {a.pk, b.pk}
    for person in (a, b):
        with pytest.raises(Refusal, match="another approver"):
            review.approve(subject=card, user=person, revision=current_revision(card))
        client.force_login(person)
        html = client.get(reverse("admin:content_card_change", args=[card.pk])).content.decode()
        assert ">Approve</button>" not in html
        assert "Request changes" in html
    client.force_login(c)
    assert (
        ">Approve</button>"
        in client.get(reverse("admin:content_card_change", args=[card.pk])).content.decode()
    )
    review.approve(subject=card, user=c, revision=current_revision(card))
    assert _status(card) == Status.APPROVED


def test_four_eyes_looks_only_since_the_last_approval(approver, other_editor):
    both = _both_groups()
    card = CardFactory(status=Status.DRAFT)
    _edit(card, both, title="First words")
    review.submit_for_review(subject=card, user=both)
    review.approve(subject=card, user=approver, revision=current_revision(card))
    _edit(card, other_editor, title="Second words")
    assert _status(card) == Status.IN_REVIEW
    # The first author edited nothing since the approval, so may approve the new revision.
    review.approve(subject=card, user=both, revision=current_revision(card))
    assert _status(card) == Status.APPROVED


def test_moving_a_card_to_another_story_withdraws_its_approval_and_both_stories_dealability(
    client, editor, approver
):
    deck = DeckFactory(is_live=True)
    isaac, noah = (
        DealableStoryFactory(deck=deck, title="Isaac"),
        DealableStoryFactory(deck=deck, title="Noah"),
    )
    noah.cards.get(kind=Kind.WORD).delete()
    isaac_word = isaac.cards.get(kind=Kind.WORD)
    client.force_login(editor)
    url = reverse("admin:content_card_change", args=[isaac_word.pk])
    data = {
        "story": noah.pk,
        "kind": "word",
        "title": isaac_word.title,
        "description": isaac_word.description,
        "reference": isaac_word.reference,
    }
    assert client.post(url, data).status_code == 302
    assert _status(isaac_word) == Status.IN_REVIEW
    step = isaac_word.review_steps.get()
    assert (step.action, step.note) == (ReviewStep.Action.REOPENED, "Changed: story")
    assert not Story.objects.dealable().filter(pk__in=[isaac.pk, noah.pk]).exists()
    review.approve(subject=isaac_word, user=approver, revision=current_revision(isaac_word))
    assert list(Story.objects.dealable().filter(pk__in=[isaac.pk, noah.pk])) == [noah]
    client.force_login(approver)
    html = client.get(url).content.decode()
    assert "Nothing changed since it was last approved" in html


def test_the_review_page_shows_what_changed_since_the_last_approval_side_by_side(client, editor, approver):
    card = CardFactory(status=Status.IN_REVIEW, title="The valley of Elah")
    review.approve(subject=card, user=approver, revision=current_revision(card))
    _edit(card, editor, title="The valley of Elah, at dawn")
    client.force_login(approver)
    html = client.get(reverse("admin:content_card_change", args=[card.pk])).content.decode()
    assert "What changed since it was last approved" in html
    assert '<td class="diff-before">The valley of Elah</td>' in html
    assert '<td class="diff-after">The valley of Elah, at dawn</td>' in html
    assert editor.email in html


def test_the_dealable_column_is_right_under_a_search_that_joins_the_cards(client, editor):
    deck = DeckFactory()
    DealableStoryFactory(deck=deck, title="Jonah and the great fish")
    client.force_login(editor)
    url = reverse("admin:content_story_changelist")
    response = client.get(url, {"q": "Jonah"})
    story = response.context["cl"].result_list[0]
    assert story.approved_cards == 4
    assert 'alt="True"' in response.content.decode()
    # Searching a card title joins every card of the story; the count must not multiply.
    response = client.get(url, {"q": "Jonah and the great fish"})
    assert response.context["cl"].result_list[0].approved_cards == 4


def test_an_approval_that_names_no_revision_is_refused(client, approver):
    card = CardFactory(status=Status.IN_REVIEW)
    client.force_login(approver)
    url = reverse("admin:content_card_review", args=[card.pk, "approve"])
    html = client.post(url, follow=True).content.decode()
    assert "did not say which version" in html
    assert _status(card) == Status.IN_REVIEW


def test_the_review_history_shows_every_edit_between_the_steps(client, editor, approver):
    card = CardFactory(status=Status.DRAFT, last_edited_by=editor)
    review.submit_for_review(subject=card, user=editor)
    _edit(card, editor, description="Changed while in review.")
    client.force_login(approver)
    html = client.get(reverse("admin:content_card_change", args=[card.pk])).content.decode()
    log = html[html.index('class="decision-log"') :]
    assert log.index("Edited") < log.index("Submitted for review") < log.index("Written")
    assert "Changed: description" in log and editor.email in log


def test_an_edit_after_approval_is_one_row_of_the_history(editor, approver):
    card = CardFactory(status=Status.IN_REVIEW, description="A shepherd boy.")
    review.approve(subject=card, user=approver, revision=current_revision(card))
    _edit(card, editor, description="A shepherd boy with a sling.")
    log = review_log(card)
    assert [(e.who, e.what, e.note) for e in log[:2]] == [
        (editor.email, "Edited after approval, back to review", "Changed: description"),
        (approver.email, "Approved", ""),
    ]
    assert len(log) == 3


def test_the_default_deck_is_written_and_approved_by_the_system_in_one_row(client, editor):
    load_default_deck()
    card = Card.objects.get(story__position=1, kind=Kind.PERSON)
    log = review_log(card)
    assert [(e.who, e.what) for e in log] == [("the system", "Loaded and approved with the default deck")]
    client.force_login(editor)
    html = client.get(reverse("admin:content_card_change", args=[card.pk])).content.decode()
    assert SYSTEM_REVIEWER_EMAIL not in html
