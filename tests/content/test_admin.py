"""The content admin over HTTP: editors write and submit, approvers decide, players stay out."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from content.groups import APPROVERS, EDITORS
from content.models import Card, Deck, Kind, ReviewStep, Status, Story
from content.review import approve_story_with_cards
from content.revisions import current_revision
from tests.factories import CardFactory, DealableStoryFactory, DeckFactory, FullStoryFactory, StaffFactory

pytestmark = pytest.mark.django_db

CARDS = reverse("admin:content_card_changelist")


def _act(client, action: str, *cards: Card, **extra: str):
    """A list action, sent with the revision each row showed (the page was just loaded)."""
    seen = {f"revision-{c.pk}": current_revision(c) for c in cards}
    data = {"action": action, "_selected_action": [c.pk for c in cards], **seen, **extra}
    return client.post(CARDS, data, follow=True)


def _approve_on_page(client, card: Card):
    """Approve from the card's own page, with the revision the page showed."""
    url = reverse("admin:content_card_review", args=[card.pk, "approve"])
    return client.post(url, {"revision": current_revision(card)}, follow=True)


def _status(card: Card) -> str:
    card.refresh_from_db()
    return card.status


def _inline_data(story: Story, **changes: str) -> dict[str, object]:
    """The story page's form as the browser would post it, with some card fields changed."""
    cards = list(story.cards.in_kind_order())
    data: dict[str, object] = {
        "deck": story.deck_id,
        "position": story.position,
        "title": story.title,
        "summary": story.summary,
        "cards-TOTAL_FORMS": len(cards),
        "cards-INITIAL_FORMS": len(cards),
        "cards-MIN_NUM_FORMS": 0,
        "cards-MAX_NUM_FORMS": 4,
    }
    for i, card in enumerate(cards):
        for field in ("kind", "title", "description", "reference"):
            data[f"cards-{i}-{field}"] = getattr(card, field)
        data[f"cards-{i}-id"] = card.pk
        data[f"cards-{i}-story"] = story.pk
    data.update(changes)
    return data


def test_a_player_is_sent_to_the_admin_login(client, player):
    client.force_login(player)
    response = client.get(CARDS)
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_a_player_cannot_approve_through_the_admin(client, player):
    card = CardFactory(status=Status.IN_REVIEW)
    client.force_login(player)
    _approve_on_page(client, card)
    assert _status(card) == Status.IN_REVIEW


def test_an_editor_edits_a_card_on_the_story_page_and_approval_resets(client, editor):
    story = DealableStoryFactory()
    client.force_login(editor)
    url = reverse("admin:content_story_change", args=[story.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert page.content.decode().count("status-badge status-approved") >= 5
    response = client.post(url, _inline_data(story, **{"cards-0-title": "A new name"}))
    assert response.status_code == 302, response.context["errors"] if response.context else ""
    person = story.cards.get(kind=Kind.PERSON)
    assert (person.title, person.status, person.last_edited_by) == ("A new name", Status.IN_REVIEW, editor)
    assert story.cards.filter(status=Status.APPROVED).count() == 3
    assert person.review_steps.get().action == ReviewStep.Action.REOPENED


def test_an_editor_adds_a_word_card_and_its_verse_is_looked_up(client, editor):
    story = FullStoryFactory()
    story.cards.filter(kind=Kind.WORD).delete()
    client.force_login(editor)
    response = client.post(
        reverse("admin:content_card_add"),
        {
            "story": story.pk,
            "kind": "word",
            "title": "Luke 2:11",
            "description": "Good news.",
            "reference": "luke 2:11",
        },
    )
    assert response.status_code == 302
    card = story.cards.get(kind=Kind.WORD)
    assert card.reference == "Luke 2:11"
    assert (
        card.verse_text
        == "For unto you is born this day in the city of David a Saviour, which is Christ the Lord."
    )
    assert card.last_edited_by == editor


def test_a_bad_reference_is_a_form_error_in_the_admin(client, editor):
    card = CardFactory(kind="word", reference="Genesis 1:1")
    client.force_login(editor)
    url = reverse("admin:content_card_change", args=[card.pk])
    data = {
        "story": card.story_id,
        "kind": "word",
        "title": "x",
        "description": "y",
        "reference": "Genesis 1:1-5",
    }
    response = client.post(url, data)
    assert response.status_code == 200
    assert "several verses" in response.content.decode()


def test_an_editor_submits_cards_but_cannot_approve_them(client, editor):
    card = CardFactory()
    client.force_login(editor)
    _act(client, "submit_selected", card)
    assert _status(card) == Status.IN_REVIEW
    _approve_on_page(client, card)
    assert _status(card) == Status.IN_REVIEW


def test_the_lists_offer_no_bulk_approve_so_approval_happens_beside_the_diff(client, approver):
    cards = CardFactory.create_batch(2, status=Status.IN_REVIEW)
    client.force_login(approver)
    for url in (CARDS, reverse("admin:content_story_changelist")):
        html = client.get(url).content.decode()
        assert 'value="request_changes_selected"' in html
        assert 'value="approve_selected"' not in html
    _act(client, "approve_selected", *cards)
    assert {_status(c) for c in cards} == {Status.IN_REVIEW}
    html = _approve_on_page(client, cards[0]).content.decode()
    assert "Approved: 1 card." in html
    assert _status(cards[0]) == Status.APPROVED


def test_an_approver_cannot_edit_or_submit(client, approver):
    card = CardFactory()
    client.force_login(approver)
    url = reverse("admin:content_card_change", args=[card.pk])
    data = {"story": card.story_id, "kind": "person", "title": "Changed", "description": "y", "reference": ""}
    assert client.post(url, data).status_code == 403
    _act(client, "submit_selected", card)
    assert _status(card) == Status.DRAFT


def test_four_eyes_in_the_admin_shows_a_clear_error(client, approver):
    card = CardFactory(status=Status.IN_REVIEW, last_edited_by=approver)
    client.force_login(approver)
    response = _approve_on_page(client, card)
    assert "another approver must approve it" in response.content.decode()
    assert _status(card) == Status.IN_REVIEW


def test_a_refused_step_shows_why(client, approver):
    card = CardFactory(status=Status.DRAFT)
    client.force_login(approver)
    response = _approve_on_page(client, card)
    assert "can only be approved while in review" in response.content.decode()


def test_request_changes_asks_for_a_note_first(client, approver):
    card = CardFactory(status=Status.IN_REVIEW)
    client.force_login(approver)
    page = client.post(CARDS, {"action": "request_changes_selected", "_selected_action": [card.pk]})
    assert page.status_code == 200
    assert "What should change?" in page.content.decode()
    assert _status(card) == Status.IN_REVIEW
    empty = _act(client, "request_changes_selected", card, apply="yes", note="  ")
    assert "What should change?" in empty.content.decode()
    assert _status(card) == Status.IN_REVIEW
    _act(client, "request_changes_selected", card, apply="yes", note="Shorter, please.")
    assert _status(card) == Status.CHANGES_REQUESTED
    assert card.review_steps.get().note == "Shorter, please."


def test_the_cards_page_lists_every_review_step_and_offers_the_next_steps(client, editor, approver):
    card = CardFactory(kind="word", reference="John 2:5", last_edited_by=editor)
    client.force_login(editor)
    client.post(reverse("admin:content_card_review", args=[card.pk, "submit"]))
    client.force_login(approver)
    url = reverse("admin:content_card_change", args=[card.pk])
    html = client.get(url).content.decode()
    assert "Approve" in html and "Request changes" in html
    changes = reverse("admin:content_card_review", args=[card.pk, "changes"])
    client.post(changes, {"note": "Give the line more warmth.", "revision": current_revision(card)})
    html = client.get(url).content.decode()
    assert "Asked for changes" in html and "Give the line more warmth." in html
    assert "Submitted for review" in html
    assert "do <em>it</em>." in html
    assert "[it]" not in html
    assert "Remember the Word" in html


def test_the_review_buttons_refuse_a_get(client, approver):
    card = CardFactory(status=Status.IN_REVIEW)
    client.force_login(approver)
    client.get(reverse("admin:content_card_review", args=[card.pk, "approve"]))
    assert _status(card) == Status.IN_REVIEW


def test_the_story_list_filters_and_searches(client, editor):
    deck = DeckFactory()
    FullStoryFactory(deck=deck, title="Ruth and Naomi")
    DealableStoryFactory(deck=deck, title="Jonah")
    client.force_login(editor)
    url = reverse("admin:content_story_changelist")
    assert "Jonah" not in client.get(url, {"status__exact": "draft"}).content.decode()
    assert "Ruth and Naomi" not in client.get(url, {"q": "Jonah"}).content.decode()
    assert "Ruth and Naomi" in client.get(url, {"deck__id__exact": deck.pk}).content.decode()


def test_the_deck_page_says_how_many_stories_are_dealable(client, admin_user):
    deck = DeckFactory()
    DealableStoryFactory.create_batch(2, deck=deck)
    FullStoryFactory(deck=deck)
    client.force_login(admin_user)
    html = client.get(reverse("admin:content_deck_change", args=[deck.pk])).content.decode()
    assert "2 of 3 stories dealable (a deck needs 8)" in html


def test_a_second_live_deck_is_refused_with_a_clear_error(client, admin_user):
    DeckFactory(is_live=True)
    client.force_login(admin_user)
    response = client.post(reverse("admin:content_deck_add"), {"name": "Two", "slug": "two", "is_live": "on"})
    assert response.status_code == 200
    assert "Another deck is already the main deck" in response.content.decode()


def test_the_groups_exist_with_their_permissions():
    from django.contrib.auth.models import Group

    editors = set(Group.objects.get(name="Content editors").permissions.values_list("codename", flat=True))
    approvers = set(
        Group.objects.get(name="Content approvers").permissions.values_list("codename", flat=True)
    )
    assert {"change_card", "submit_card", "submit_story"} <= editors
    assert not {"approve_card", "approve_story"} & editors
    assert {"approve_card", "approve_story", "view_card"} <= approvers
    assert not {"change_card", "submit_card"} & approvers


def test_a_player_cannot_use_the_review_buttons(client, player):
    card = CardFactory(status=Status.IN_REVIEW)
    client.force_login(player)
    response = client.post(reverse("admin:content_card_review", args=[card.pk, "approve"]))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
    assert _status(card) == Status.IN_REVIEW


def test_an_editor_cannot_approve_with_the_review_button(client, editor):
    card = CardFactory(status=Status.IN_REVIEW)
    client.force_login(editor)
    response = client.post(reverse("admin:content_card_review", args=[card.pk, "approve"]), follow=True)
    assert "permission to approve" in response.content.decode()
    assert _status(card) == Status.IN_REVIEW


def test_making_a_deck_live_takes_the_other_off(client, admin_user):
    old, new = DeckFactory(is_live=True), DeckFactory()
    client.force_login(admin_user)
    url = reverse("admin:content_deck_changelist")
    response = client.post(url, {"action": "make_live", "_selected_action": [new.pk]}, follow=True)
    assert "is now the main deck" in response.content.decode()
    old.refresh_from_db()
    new.refresh_from_db()
    assert (old.is_live, new.is_live) == (False, True)


def _story_page(client, story: Story) -> str:
    return client.get(reverse("admin:content_story_change", args=[story.pk])).content.decode()


def _approved_story(approver, **kwargs) -> Story:
    """A story and its four cards approved through the workflow, as the team's are."""
    story = FullStoryFactory(status=Status.IN_REVIEW, **kwargs)
    seen = {card.pk: current_revision(card) for card in story.cards.all()}
    approve_story_with_cards(
        story=story, user=approver, revision=current_revision(story), card_revisions=seen
    )
    return story


def test_an_inline_edit_says_which_cards_wait_for_approval_again(client, editor, approver):
    story = _approved_story(approver, title="Noah and the ark")
    client.force_login(editor)
    url = reverse("admin:content_story_change", args=[story.pk])
    data = _inline_data(story, **{"cards-0-description": "A just man who walked with God."})
    response = client.post(url, data, follow=True)
    said = [str(m) for m in response.context["messages"]]
    person = story.cards.get(kind=Kind.PERSON)
    assert any(f"Back in review after your edit: Person “{person.title}”" in m for m in said), said
    assert any("New games keep dealing “Noah and the ark” as it was last approved" in m for m in said), said
    html = _story_page(client, story)
    review = html[html.index('id="fieldset-0-1-heading"') : html.index('id="fieldset-0-2-heading"')]
    assert "Nothing changed since it was last approved" not in review
    assert "Live: revision 1 · In review: revision 2" in review
    assert "Person" in review and person.title in review
    assert '<td class="diff-after">A just man who walked with God.</td>' in review


def test_an_unchanged_dealable_story_says_whether_its_deck_deals_it(client, editor, approver):
    story = _approved_story(approver)
    deck = story.deck
    client.force_login(editor)
    html = _story_page(client, story)
    assert f"Not dealt in new games: its deck “{deck.name}” is not the live deck." in html
    assert "Nothing changed since it was last approved" in html

    Deck.objects.filter(pk=deck.pk).update(is_live=True)
    assert "Not dealt in new games: its deck has 1 dealable stories and needs 8." in _story_page(
        client, story
    )

    DealableStoryFactory.create_batch(7, deck=deck)
    html = _story_page(client, story)
    assert "Dealt in new games: the story and its four cards are approved, in the live deck." in html


def test_a_cards_description_is_a_textarea_and_stays_one_line(client, editor):
    story = DealableStoryFactory()
    client.force_login(editor)
    html = _story_page(client, story)
    assert '<textarea name="cards-0-description"' in html
    assert 'maxlength="140"' in html[html.index('<textarea name="cards-0-description"') :]
    url = reverse("admin:content_story_change", args=[story.pk])
    client.post(url, _inline_data(story, **{"cards-0-description": "Two lines\r\nmade one."}))
    assert story.cards.get(kind=Kind.PERSON).description == "Two lines made one."


def test_the_approvers_decision_sits_under_the_diff_as_the_pages_main_buttons(client, editor, approver):
    story = DealableStoryFactory()
    client.force_login(editor)
    url = reverse("admin:content_story_change", args=[story.pk])
    client.post(url, _inline_data(story, **{"cards-1-title": "The mountains of Ararat"}))
    client.force_login(approver)
    html = _story_page(client, story)
    tools = html[html.index('<ul class="object-tools">') : html.index("</ul>", html.index("object-tools"))]
    assert "Approve" not in tools and "Request changes" not in tools
    diff = html.index('class="revision-diff"')
    panel = html.index('class="submit-row review-decision"')
    history = html.index('class="decision-log"')
    assert diff < panel < history
    buttons = html[panel : html.index("</div>", panel)]
    assert (
        '<button type="submit" form="review-step-1" class="button default">Approve story with its cards'
        in buttons
    )
    assert ">Request changes to Place “The mountains of Ararat”</a>" in buttons


def test_an_approver_who_edited_a_card_is_told_why_there_is_no_approve_button(client, approver):
    story = _approved_story(approver)
    both = StaffFactory()
    both.groups.add(*Group.objects.filter(name__in=[EDITORS, APPROVERS]))
    client.force_login(both)
    url = reverse("admin:content_story_change", args=[story.pk])
    client.post(url, _inline_data(story, **{"cards-2-title": "A bow in the cloud"}))
    html = _story_page(client, story)
    panel = html[html.index('class="submit-row review-decision"') :]
    panel = panel[: panel.index("</div>")]
    assert "You edited Moment “A bow in the cloud” since it was last approved, so another approver" in panel
    assert "Approve" not in panel
