"""Translations the content team approves (issue 42): four eyes, the approved words dealt while new
ones wait, a story dealt in English until all five of its items are translated, the Word card's
verse always in the language's Bible, the dashboard's out-of-date mark, and the admin pages."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.urls import reverse

from content import deal, review, translations
from content.groups import EDITORS
from content.models import Kind, Status, Translation, in_kind_order
from content.revisions import current_revision
from justalllowgod.lib.refusals import Code, Refusal
from tests.content.test_live_version import approved_through_review
from tests.factories import DeckFactory

pytestmark = pytest.mark.django_db


def write(original, editor, language="es", title="", description=""):
    """A translator writes a translation and sends it for review."""
    field = original._meta.model_name
    found = Translation.objects.filter(language=language, **{field: original}).first()
    translation = found or Translation(language=language, **{field: original})
    translation.title, translation.description = title, description
    review.save_translation(translation=translation, user=editor)
    if translation.status in review.WAITING:
        review.submit_for_review(subject=translation, user=editor)
    return translation


def approve(translation, approver):
    return review.approve(subject=translation, user=approver, revision=current_revision(translation))


def translate_whole_story(story, editor, approver, language="es", word="Una línea"):
    items = [write(story, editor, language, title=f"{story.title} ({language})")]
    for card in in_kind_order(story.cards.all()):
        title = "" if card.kind == Kind.WORD else f"{card.title} ({language})"
        items.append(write(card, editor, language, title=title, description=f"{word} {card.kind}"))
    for item in items:
        approve(item, approver)
    return items


@pytest.fixture
def deck(editor, approver):
    deck = DeckFactory(is_live=True)
    approved_through_review(deck, editor=editor, approver=approver, count=8)
    return deck


def dealt(deck, language="es"):
    return {story.story_id: story.languages[language] for story in deal.dealable_stories(deck)}


def test_a_translator_never_approves_their_own_translation(deck, editor, other_editor, approver):
    story = deck.stories.first()
    translation = write(story, other_editor, title="Una historia")
    assert translation.status == Status.IN_REVIEW
    other_editor.groups.add(Group.objects.get(name="Content approvers"))
    other_editor = type(other_editor).objects.get(pk=other_editor.pk)  # its permissions read afresh
    with pytest.raises(Refusal) as refused:
        approve(translation, other_editor)
    assert refused.value.code == Code.OWN_EDIT
    assert Translation.objects.get(pk=translation.pk).status == Status.IN_REVIEW
    approve(translation, approver)
    assert Translation.objects.get(pk=translation.pk).status == Status.APPROVED


def test_a_translation_is_dealt_only_once_approved_and_whole(deck, editor, approver):
    story = deck.stories.order_by("position").first()
    # Nothing translated: the story deals in English for Spanish readers, with its verse in Spanish.
    before = dealt(deck)[story.pk]
    assert "words" not in before
    assert before["verse"]["bible"] == "rv1909" and before["verse"]["text"]
    items = translate_whole_story(story, editor, approver)
    # Four of five approved is not whole: take the last card's approval back by editing it.
    words = dealt(deck)[story.pk]["words"]
    assert words["title"] == f"{story.title} (es)"
    word_card = words["cards"][3]
    assert word_card["title"] == dealt(deck)[story.pk]["verse"]["reference"]  # "Salmos 119:..."
    assert word_card["title"].startswith("Salmos 119:")
    assert items[4].title == ""  # a Word card's translation is only its line


def test_the_approved_translation_is_dealt_while_a_new_one_waits(deck, editor, approver):
    story = deck.stories.order_by("position").first()
    translate_whole_story(story, editor, approver)
    title = write(story, editor, title="Un título nuevo")
    assert title.status == Status.IN_REVIEW
    assert dealt(deck)[story.pk]["words"]["title"] == f"{story.title} (es)"
    approve(title, approver)
    assert dealt(deck)[story.pk]["words"]["title"] == "Un título nuevo"


def test_a_story_with_an_untranslated_card_deals_in_english(deck, editor, approver):
    story = deck.stories.order_by("position").first()
    translate_whole_story(story, editor, approver, language="pt")
    person = in_kind_order(story.cards.all())[0]
    waiting = write(person, editor, language="pt", title="Outro", description="Outra linha")
    assert waiting.status == Status.IN_REVIEW
    assert "words" in dealt(deck, "pt")[story.pk]  # the approved words stay dealt
    Translation.objects.filter(pk=waiting.pk).delete()
    assert "words" not in dealt(deck, "pt")[story.pk]


def test_the_dashboard_marks_a_translation_whose_english_changed(deck, editor, approver):
    story = deck.stories.order_by("position").first()
    translate_whole_story(story, editor, approver)
    rows = translations.dashboard(deck, "es")
    first = next(r for r in rows if r.story == story)
    assert [c.state for c in first.cells] == [Status.APPROVED] * 5
    assert all(c.state == "missing" for r in rows if r.story != story for c in r.cells)
    # The English of the Place card changes and is approved: its translation is out of date.
    place = in_kind_order(story.cards.all())[1]
    place.description = "A new line in English"
    review.save_card(card=place, user=editor)  # approved, so straight back to review
    review.approve(subject=place, user=approver, revision=current_revision(place))
    first = next(r for r in translations.dashboard(deck, "es") if r.story == story)
    assert [c.state for c in first.cells] == [
        Status.APPROVED,
        Status.APPROVED,
        "out_of_date",
        "approved",
        "approved",
    ]
    stale = first.cells[2].translation
    assert next(str(c) for c in translations.english_changed(stale)).endswith("“A new line in English”")
    # The translator reads it again and saves: back through review, then up to date.
    again = write(place, editor, title=stale.title, description="Una línea nueva")
    approve(again, approver)
    first = next(r for r in translations.dashboard(deck, "es") if r.story == story)
    assert first.cells[2].state == Status.APPROVED
    assert translations.english_changed(Translation.objects.get(pk=again.pk)) == []


def test_a_waiting_change_withdrawn_puts_the_approved_words_back(deck, editor, approver):
    from content import reverting

    story = deck.stories.order_by("position").first()
    translate_whole_story(story, editor, approver)
    title = write(story, editor, title="Un borrador")
    reverting.withdraw_change(subject=title, user=editor)
    title.refresh_from_db()
    assert (title.title, title.status) == (f"{story.title} (es)", Status.APPROVED)


def test_bad_translations_are_refused_and_change_nothing(deck, editor):
    story = deck.stories.first()
    with pytest.raises(ValidationError, match="title in this language"):
        review.save_translation(translation=Translation(language="es", story=story, title="  "), user=editor)
    card = in_kind_order(story.cards.all())[0]
    with pytest.raises(ValidationError, match="line in this language"):
        review.save_translation(translation=Translation(language="es", card=card, title="Uno"), user=editor)
    with pytest.raises(ValidationError, match="fr"):
        review.save_translation(translation=Translation(language="fr", story=story, title="Une"), user=editor)
    assert Translation.objects.count() == 0


def test_someone_off_the_team_cannot_translate(deck, player):
    story = deck.stories.first()
    with pytest.raises(Refusal) as refused:
        review.save_translation(translation=Translation(language="es", story=story, title="Uno"), user=player)
    assert refused.value.code == Code.NO_PERMISSION
    assert Translation.objects.count() == 0


def test_the_admin_writes_a_translation_from_the_dashboard(client, deck, editor, approver):
    story = deck.stories.order_by("position").first()
    client.force_login(editor)
    page = client.get(reverse("admin:content_translation_dashboard") + "?language=pt")
    assert page.status_code == 200
    html = page.content.decode()
    add = f"{reverse('admin:content_translation_add')}?language=pt&amp;story={story.pk}"
    assert add in html and "Not translated" in html
    form = client.get(add.replace("&amp;", "&"))
    assert form.status_code == 200
    saved = client.post(
        reverse("admin:content_translation_add"),
        {"language": "pt", "story": story.pk, "card": "", "title": "Uma história", "description": ""},
    )
    assert saved.status_code == 302, saved.content.decode()[:2000]
    translation = Translation.objects.get(language="pt", story=story)
    assert translation.made_from == current_revision(story)
    assert translation.last_edited_by == editor
    page = client.get(reverse("admin:content_translation_change", args=[translation.pk]))
    assert story.title in page.content.decode()  # its English beside it


def test_the_dashboard_refuses_a_deck_that_is_not_there(client, deck, editor):
    client.force_login(editor)
    url = reverse("admin:content_translation_dashboard")
    for asked in ("abc", "999999", "1.5", "٣"):
        assert client.get(url, {"deck": asked}).status_code == 404
    assert client.get(url, {"language": "fr"}).status_code == 404
    assert client.get(url, {"deck": deck.pk, "language": "pt"}).status_code == 200


def test_messages_about_a_word_cards_translation_name_it(deck, editor, approver):
    story = deck.stories.first()
    word = next(c for c in in_kind_order(story.cards.all()) if c.kind == Kind.WORD)
    translation = write(word, editor, description="Una línea")
    with pytest.raises(Refusal) as refused:
        review.approve(subject=translation, user=approver, revision=None)
    assert "“”" not in str(refused.value) and "in Español" in str(refused.value)


def test_the_admin_refuses_a_translation_of_nothing_or_of_both(client, deck, editor):
    story = deck.stories.first()
    card = story.cards.first()
    client.force_login(editor)
    for what in ({"story": "", "card": ""}, {"story": story.pk, "card": card.pk}):
        page = client.post(
            reverse("admin:content_translation_add"),
            {"language": "es", "title": "Uno", "description": "x", **what},
        )
        assert page.status_code == 200
        assert "one of them" in page.content.decode()
    assert Translation.objects.count() == 0


def test_editors_and_approvers_have_the_translation_permissions(editor, approver):
    assert editor.has_perm("content.add_translation") and editor.has_perm("content.submit_translation")
    assert not editor.has_perm("content.approve_translation")
    assert approver.has_perm("content.approve_translation")
    assert Group.objects.get(name=EDITORS).permissions.filter(codename="change_translation").exists()


def test_the_default_deck_comes_translated(live_deck):
    for language in ("es", "pt"):
        stories = dealt(live_deck, language)
        assert len(stories) == 20
        assert all("words" in entry and entry["verse"]["text"] for entry in stories.values())
    assert Translation.objects.filter(status=Status.APPROVED).count() == 200
