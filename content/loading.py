"""Loading the default deck: creates what is missing, never touches what the team has edited."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction

from content import bible, revisions
from content.default_deck import DECK_NAME, DECK_SLUG, STORIES, SYSTEM_REVIEWER_EMAIL, StoryData
from content.models import Card, Deck, Kind, ReviewStep, Status, Story

LOADED_NOTE = "Approved by the system when the default deck was loaded."


@dataclass
class LoadReport:
    """What one run of the loader did."""

    deck_created: bool = False
    created: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def system_reviewer():
    """The recorded reviewer of shipped content: a user who can never sign in."""
    user, created = get_user_model().objects.get_or_create(
        email=SYSTEM_REVIEWER_EMAIL, defaults={"is_active": False, "gamer_tag": ""}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def _deck() -> tuple[Deck, bool]:
    deck = Deck.objects.filter(slug=DECK_SLUG).first()
    if deck:
        return deck, False
    # Only the first load makes it live, and only if no other deck already is.
    live = not Deck.objects.filter(is_live=True).exists()
    return Deck.objects.create(name=DECK_NAME, slug=DECK_SLUG, is_live=live), True


def _cards(data: StoryData) -> list[Card]:
    verse = bible.parse_reference(data.reference)
    return [
        Card(kind=Kind.PERSON, title=data.person.title, description=data.person.description),
        Card(kind=Kind.PLACE, title=data.place.title, description=data.place.description),
        Card(kind=Kind.MOMENT, title=data.moment.title, description=data.moment.description),
        Card(
            kind=Kind.WORD,
            title=verse.reference,
            description=data.word,
            reference=verse.reference,
            verse_text=verse.text,
        ),
    ]


def _loaded(subject: Card | Story, reviewer) -> None:
    """The system reviewer's approval of the revision just created."""
    about = {"card": subject} if isinstance(subject, Card) else {"story": subject}
    ReviewStep.objects.create(
        **about,
        actor=reviewer,
        action=ReviewStep.Action.LOADED,
        note=LOADED_NOTE,
        revision=revisions.current_revision(subject),
    )


def _create_story(deck: Deck, data: StoryData, reviewer) -> Story:
    story = Story(
        deck=deck, position=data.position, title=data.title, summary=data.summary, status=Status.APPROVED
    )
    # The revision is the system's as well as the approval, so the history names one author.
    story._history_user = reviewer
    story.save()
    _loaded(story, reviewer)
    for card in _cards(data):
        card.story, card.status = story, Status.APPROVED
        card._history_user = reviewer
        card.save()
        _loaded(card, reviewer)
    return story


@transaction.atomic
def load_default_deck() -> LoadReport:
    """Create the shipped deck and any of its stories not there yet, approved by the system reviewer."""
    report = LoadReport()
    deck, report.deck_created = _deck()
    reviewer = system_reviewer()
    existing = Story.objects.in_deck(deck)
    for data in STORIES:
        if existing.filter(title=data.title).exists():
            report.kept.append(data.title)
        elif existing.filter(position=data.position).exists():
            # The team put another story in this place; theirs wins.
            report.skipped.append(data.title)
        else:
            _create_story(deck, data, reviewer)
            report.created.append(data.title)
    return report
