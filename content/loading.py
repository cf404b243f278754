"""Loading the default deck: creates what is missing, never touches what the team has edited."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_noop

from content import bible, review, revisions
from content.default_deck import DECK_NAME, DECK_SLUG, STORIES, SYSTEM_REVIEWER_EMAIL, StoryData
from content.default_deck_translations import TRANSLATIONS, StoryTranslation
from content.models import Card, Deck, Kind, ReviewStep, Status, Story, Translation

# Kept in the log in English, as written; the log says it in its reader's language (revisions.step_note).
LOADED_NOTE = gettext_noop("Approved by the system when the default deck was loaded.")


@dataclass
class LoadReport:
    """What one run of the loader did."""

    deck_created: bool = False
    created: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    translated: int = 0


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


def _loaded(subject: Card | Story | Translation, reviewer) -> None:
    """The system reviewer's approval of the revision just created."""
    ReviewStep.objects.create(
        **review.about(subject),
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


def _translate(story: Story, english: StoryData, language: str, data: StoryTranslation, reviewer) -> int:
    """The shipped translation of a default story and its cards, approved by the system, for each
    item that has none in that language yet and is approved as shipped; an item the team has
    changed keeps no shipped words (they translate the English as shipped). Returns how many were
    made."""
    shipped = {(c.kind, c.title, c.description) for c in _cards(english)}
    faces = {Kind.PERSON: data.person, Kind.PLACE: data.place, Kind.MOMENT: data.moment}
    items: list[tuple[Card | Story, str, str]] = [(story, data.title, "")]
    for card in story.cards.all():
        face = faces.get(card.kind)
        # A Word card's title is its reference, which its language's Bible says: only its line.
        items.append((card, face.title, face.description) if face else (card, "", data.word))
    made = 0
    for original, title, description in items:
        field_name = original._meta.model_name
        if Translation.objects.filter(language=language, **{field_name: original}).exists():
            continue
        as_shipped = (
            original.title == english.title
            if isinstance(original, Story)
            else ((original.kind, original.title, original.description) in shipped)
        )
        if not as_shipped or original.status != Status.APPROVED:
            continue
        translation = Translation(
            language=language,
            title=title,
            description=description,
            made_from=revisions.current_revision(original),
            status=Status.APPROVED,
            **{field_name: original},
        )
        translation._history_user = reviewer
        translation.save()
        _loaded(translation, reviewer)
        made += 1
    return made


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
    for data in STORIES:
        story = existing.filter(title=data.title, position=data.position).first()
        for language, shipped in TRANSLATIONS.items() if story else ():
            report.translated += _translate(story, data, language, shipped[data.position], reviewer)
    return report
