"""The editor's short path: a preset story form, one step to submit, a warning for a duplicate."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from content import review
from content.groups import APPROVERS, EDITORS
from content.models import Card, Kind, Status, Story
from content.revisions import current_revision
from tests.factories import DealableStoryFactory, DeckFactory, FullStoryFactory, StaffFactory

pytestmark = pytest.mark.django_db

ADD = reverse("admin:content_story_add")


def _new_story(deck, **changes):
    """The add form as a browser posts it: the story and its four preset rows filled in."""
    data = {
        "deck": deck.pk,
        "position": 21,
        "title": "Jonah and the great fish",
        "summary": "Jonah 1-4.",
        "cards-TOTAL_FORMS": 4,
        "cards-INITIAL_FORMS": 0,
        "cards-MIN_NUM_FORMS": 0,
        "cards-MAX_NUM_FORMS": 4,
    }
    rows = [
        ("person", "Jonah", "A prophet who ran from God.", ""),
        ("place", "Nineveh", "The great city he was sent to.", ""),
        ("moment", "Three days in the fish", "He prayed from inside.", ""),
        ("word", "Jonah 2:9", "The end of his prayer.", "Jonah 2:9"),
    ]
    for i, (kind, title, description, reference) in enumerate(rows):
        data |= {
            f"cards-{i}-kind": kind,
            f"cards-{i}-title": title,
            f"cards-{i}-description": description,
            f"cards-{i}-reference": reference,
        }
    return data | changes


def test_a_new_story_starts_with_the_only_deck_the_next_position_and_four_kinds_in_order(client, editor):
    deck = DeckFactory()
    DealableStoryFactory(deck=deck, position=19)
    client.force_login(editor)
    response = client.get(ADD)
    form = response.context["adminform"].form
    assert (form.initial["deck"], form.initial["position"]) == (deck.pk, 20)
    rows = response.context["inline_admin_formsets"][0].formset.forms
    assert [row.initial.get("kind") for row in rows] == ["person", "place", "moment", "word"]


def test_with_two_decks_the_editor_chooses(client, editor):
    DeckFactory.create_batch(2)
    client.force_login(editor)
    assert "deck" not in client.get(ADD).context["adminform"].form.initial


def test_submit_story_with_its_cards_submits_five_items_in_one_step(client, editor):
    deck = DeckFactory()
    client.force_login(editor)
    assert client.post(ADD, _new_story(deck)).status_code == 302
    story = Story.objects.get(title="Jonah and the great fish")
    page = client.get(reverse("admin:content_story_change", args=[story.pk])).content.decode()
    assert "Submit story with its cards" in page
    url = reverse("admin:content_story_together", args=[story.pk, "submit"])
    html = client.post(url, follow=True).content.decode()
    assert "Sent for review: the story and 4 cards." in html
    assert story.review_steps.get().action == "submitted"
    assert Card.objects.filter(story=story, status=Status.IN_REVIEW).count() == 4
    assert Story.objects.get(pk=story.pk).status == Status.IN_REVIEW


def test_a_story_already_in_the_deck_is_named_in_a_warning(client, editor):
    deck = DeckFactory()
    jonah = FullStoryFactory(deck=deck, title="Jonah", position=16)
    jonah.cards.filter(kind=Kind.PERSON).update(title="Jonah")
    client.force_login(editor)
    html = client.post(ADD, _new_story(deck), follow=True).content.decode()
    assert "“Jonah” (no. 16" in html and "may be the same story" in html
    assert Story.objects.filter(title="Jonah and the great fish").exists()


def test_a_story_unlike_any_other_is_saved_without_a_warning(client, editor):
    deck = DeckFactory()
    FullStoryFactory(deck=deck, title="Ruth and Naomi")
    client.force_login(editor)
    html = client.post(ADD, _new_story(deck), follow=True).content.decode()
    assert "may be the same story" not in html


def test_a_second_approver_approves_the_story_with_its_cards_from_its_page(client, editor, approver):
    deck = DeckFactory()
    client.force_login(editor)
    client.post(ADD, _new_story(deck))
    story = Story.objects.get(title="Jonah and the great fish")
    review.submit_story_with_cards(story=story, user=editor)
    client.force_login(approver)
    page = client.get(reverse("admin:content_story_change", args=[story.pk])).content.decode()
    assert "Approve story with its cards" in page
    data = {"revision": current_revision(story)}
    data |= {f"revision-card-{c.pk}": current_revision(c) for c in story.cards.all()}
    url = reverse("admin:content_story_together", args=[story.pk, "approve"])
    html = client.post(url, data, follow=True).content.decode()
    assert "Approved: the story and 4 cards." in html
    assert Story.objects.dealable().filter(pk=story.pk).exists()


def _seen_then_a_card_changed(client, editor) -> tuple[Story, dict, Card]:
    """A new story submitted with its cards, the revisions an approver's page shows of it, and then
    its Place card edited by the editor (what that page showed is no longer current)."""
    client.force_login(editor)
    client.post(ADD, _new_story(DeckFactory()))
    story = Story.objects.get(title="Jonah and the great fish")
    review.submit_story_with_cards(story=story, user=editor)
    seen = {"revision": current_revision(story)}
    seen |= {f"revision-card-{c.pk}": current_revision(c) for c in story.cards.all()}
    place = story.cards.get(kind=Kind.PLACE)
    place.description = "The city of Nineveh, changed meanwhile."
    review.save_card(card=place, user=editor)
    return story, seen, place


def test_approving_together_is_all_or_nothing_when_one_card_changed(client, editor, approver):
    story, data, _place = _seen_then_a_card_changed(client, editor)
    client.force_login(approver)
    url = reverse("admin:content_story_together", args=[story.pk, "approve"])
    html = client.post(url, data, follow=True).content.decode()
    assert "changed since you opened it" in html
    assert not Card.objects.filter(story=story, status=Status.APPROVED).exists()
    assert Story.objects.get(pk=story.pk).status == Status.IN_REVIEW


def test_the_editor_of_a_story_is_not_offered_approve_together(client):
    both = StaffFactory()
    both.groups.add(*Group.objects.filter(name__in=[EDITORS, APPROVERS]))
    deck = DeckFactory()
    client.force_login(both)
    client.post(ADD, _new_story(deck))
    story = Story.objects.get(title="Jonah and the great fish")
    review.submit_story_with_cards(story=story, user=both)
    page = client.get(reverse("admin:content_story_change", args=[story.pk])).content.decode()
    assert "Approve story with its cards" not in page


def test_the_card_list_is_in_game_order_and_filters_by_story(client, editor):
    deck = DeckFactory()
    first, second = FullStoryFactory(deck=deck, position=1), FullStoryFactory(deck=deck, position=2)
    client.force_login(editor)
    url = reverse("admin:content_card_changelist")
    listed = list(client.get(url).context["cl"].result_list)
    assert [(c.story_id, c.kind) for c in listed] == [
        (story.pk, kind) for story in (first, second) for kind in ("person", "place", "moment", "word")
    ]
    only = client.get(url, {"story__id__exact": second.pk}).context["cl"].result_list
    assert {c.story_id for c in only} == {second.pk}


def test_request_changes_to_the_story_sends_it_back_with_its_cards_in_one_step(
    client, editor, approver, mailoutbox, django_capture_on_commit_callbacks
):
    """Issue 45: the story's note page sends back the story and its four cards in review, each the
    revision the page showed, with one note and one mail; none stays "In review" in the queue."""
    deck = DeckFactory()
    client.force_login(editor)
    client.post(ADD, _new_story(deck))
    story = Story.objects.get(title="Jonah and the great fish")
    review.submit_story_with_cards(story=story, user=editor)
    mailoutbox.clear()
    client.force_login(approver)
    page = client.get(reverse("admin:content_story_change", args=[story.pk])).content.decode()
    changes = re.search(r'href="([^"]*/review/changes/[^"]*)"[^>]*>Request changes to the story<', page)
    note_page = client.get(html_lib.unescape(changes.group(1))).content.decode()
    assert "You are sending the story and 4 cards back to the editors:" in note_page
    hidden = dict(re.findall(r'<input type="hidden" name="(revision[^"]*)" value="([^"]*)"', note_page))
    assert set(hidden) == {"revision", *(f"revision-card-{c.pk}" for c in story.cards.all())}
    url = reverse("admin:content_story_review", args=[story.pk, "changes"])
    with django_capture_on_commit_callbacks(execute=True):
        html = client.post(url, hidden | {"note": "The Place card should say why Jonah ran."}, follow=True)
    assert "Sent back with your note: the story and 4 cards." in html.content.decode()
    assert Story.objects.get(pk=story.pk).status == Status.CHANGES_REQUESTED
    assert set(Card.objects.filter(story=story).values_list("status", flat=True)) == {
        Status.CHANGES_REQUESTED
    }
    assert len(mailoutbox) == 1  # one mail to the editor for the five items


def test_sending_the_story_back_is_all_or_nothing_when_one_card_changed(client, editor, approver):
    story, seen, place = _seen_then_a_card_changed(client, editor)
    client.force_login(approver)
    url = reverse("admin:content_story_review", args=[story.pk, "changes"])
    html = client.post(url, seen | {"note": "Why did Jonah run?"}, follow=True).content.decode()
    assert "changed since you opened it" in html
    assert Story.objects.get(pk=story.pk).status == Status.IN_REVIEW
    assert not Card.objects.filter(story=story, status=Status.CHANGES_REQUESTED).exists()
    # Without a note nothing is sent back either.
    seen[f"revision-card-{place.pk}"] = current_revision(place)
    client.post(url, seen | {"note": "  "})
    assert Story.objects.get(pk=story.pk).status == Status.IN_REVIEW
