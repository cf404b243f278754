"""tests/deck.py puts the default deck back by its rows after its first load: the same rows, in
every table, as `manage.py load_default_deck` writes, whichever way a test gets it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from content.default_deck import SYSTEM_REVIEWER_EMAIL
from content.loading import load_default_deck
from content.models import Card, Deck, ReviewStep, Story, Translation
from content.revisions import current_revision
from tests import deck
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _email(user) -> str | None:
    return user.email if user else None


def _rows() -> dict[str, list[tuple]]:
    """Everything the deck is made of, each row named by what it is rather than by its keys."""
    stories = [
        (s.deck.slug, s.position, s.title, s.summary, s.status, _email(s.last_edited_by))
        for s in Story.objects.all()
    ]
    cards = [
        (
            c.story.title,
            c.kind,
            c.title,
            c.description,
            c.reference,
            c.verse_text,
            c.status,
            _email(c.last_edited_by),
        )
        for c in Card.objects.all()
    ]
    history = [
        (h.title, h.position, h.deck.slug, h.history_type, _email(h.history_user), h.instance.title)
        for h in Story.history.all()
    ] + [
        (h.title, h.kind, h.story.title, h.history_type, _email(h.history_user), h.instance.story.title)
        for h in Card.history.all()
    ]
    steps = []
    for step in ReviewStep.objects.all():
        subject = step.card or step.story or step.translation
        if step.translation:
            named = (subject.original_label, subject.language)
        else:
            named = (subject.story.title, subject.kind) if step.card else (subject.title,)
        steps.append(
            (named, _email(step.actor), step.action, step.note, step.revision == current_revision(subject))
        )
    return {
        "decks": sorted((d.name, d.slug, d.is_live) for d in Deck.objects.all()),
        "stories": sorted(stories),
        "cards": sorted(cards),
        "translations": sorted(
            (t.language, t.original_label, t.title, t.description, t.status)
            for t in Translation.objects.all()
        ),
        "history": sorted(history, key=repr),
        "steps": sorted(steps, key=repr),
    }


def _clear() -> None:
    """Back to a site with no deck (and a member on it, so the reviewer's key moves)."""
    Deck.objects.all().delete()
    for model in (Story.history.model, Card.history.model, ReviewStep):
        model._base_manager.all().delete()
    get_user_model()._base_manager.filter(email=SYSTEM_REVIEWER_EMAIL).delete()
    UserFactory()


def test_the_rows_put_back_are_the_rows_the_loader_writes(monkeypatch):
    load_default_deck()
    by_loader = _rows()
    assert len(by_loader["cards"]) == 80 and all(step[-1] for step in by_loader["steps"])
    _clear()

    monkeypatch.setattr(deck, "_kept", None)
    deck.load_deck()  # the first load in a process runs the loader and keeps its rows
    assert _rows() == by_loader
    kept = deck._kept
    assert kept is not None and {t.model for t in kept} >= {Deck, Story, Card, ReviewStep}

    _clear()
    deck.load_deck()  # put back by its rows
    assert deck._kept is kept
    assert _rows() == by_loader
    assert Story.objects.dealable().count() == 20
    # New content after it takes new keys (PostgreSQL's sequences were moved past the rows put back).
    story = Story.objects.create(deck=Deck.objects.get(), position=21, title="Ruth and Naomi")
    Card.objects.create(story=story, kind="person", title="Ruth")
    assert Story.history.filter(title="Ruth and Naomi").exists()


def test_a_database_with_content_of_its_own_gets_the_real_loader(monkeypatch):
    deck.load_deck()
    calls = []
    monkeypatch.setattr(deck, "load_default_deck", lambda: calls.append(1))
    deck.load_deck()  # the deck is there already: nothing is put back over it
    assert calls == [1]
    assert Story.objects.count() == 20
