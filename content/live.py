"""The live version of a deck: every story and card as it was last approved (a draft is never dealt).

An edit to approved content makes a new revision that waits for review; until it is approved the
game keeps dealing the approved revision, as Wagtail keeps a page's live version published.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from content.models import KIND_ORDER, Card, Deck, ReviewStep, Status, Story
from content.revisions import APPROVALS, approved_revision, number_of


@dataclass(frozen=True)
class LiveStory:
    """A story's approved revision with its four approved cards, in kind order."""

    story_id: int
    record: Any  # the Story row when approved, else its approved HistoricalStory
    cards: tuple[Any, ...]  # likewise for each card: Person, Place, Moment, Word

    @property
    def position(self) -> int:
        return self.record.position


def _approved(field: str, ids: set[int]) -> dict[int, int]:
    """subject pk -> the history id its latest approval was of (the order approved_revision uses)."""
    steps = ReviewStep.objects.filter(
        action__in=APPROVALS, revision__isnull=False, **{f"{field}__in": ids}
    ).order_by("-at", "-pk")
    found: dict[int, int] = {}
    for pk, revision in steps.values_list(field, "revision"):
        found.setdefault(pk, revision)
    return found


def live_rows(model: type[Any], field: str, **where: Any) -> list[Any]:
    """Each subject as it is live: the row itself when approved, else its last approved revision."""
    rows: list[Any] = list(model.objects.filter(status=Status.APPROVED, **where))
    waiting = set(model.objects.exclude(status=Status.APPROVED).values_list("pk", flat=True))
    approved = _approved(field, waiting)
    records = model.history.model.objects.filter(history_id__in=approved.values(), **where)
    return rows + [r for r in records if approved.get(r.id) == r.history_id]


def live_stories(deck: Deck) -> list[LiveStory]:
    """The deck's stories whose approved revision and four approved cards exist, in deck order: its
    own by position, then those it deals from other decks (R42) by their deck and position."""
    stories = {row.id: row for row in live_rows(Story, "story", deck_id=deck.pk)}
    more = set(deck.more_stories.values_list("pk", flat=True)) - set(stories) if deck.pk else set()
    if more:
        stories |= {row.id: row for row in live_rows(Story, "story", id__in=more) if row.id not in stories}
    cards = live_rows(Card, "card", story_id__in=stories.keys())
    current_story = dict(Card.objects.values_list("pk", "story_id"))
    # A card moved away keeps its approved place until the move is approved; if its old story has
    # since had another card of that kind approved, the card that is really there wins.
    ranked = sorted(cards, key=lambda r: current_story.get(r.id) != r.story_id)
    kinds: dict[int, dict[str, Any]] = {}
    for row in ranked:
        kinds.setdefault(row.story_id, {}).setdefault(row.kind, row)
    found = [
        LiveStory(story_id, row, tuple(kinds[story_id][k] for k in KIND_ORDER))
        for story_id, row in stories.items()
        if set(kinds.get(story_id, {})) == set(KIND_ORDER)
    ]
    own = deck.pk
    return sorted(
        found, key=lambda s: (s.record.deck_id != own, s.record.deck_id, s.record.position, s.story_id)
    )


def live_story(story: Story) -> LiveStory | None:
    """One story's live version in its approved deck, or None if new games cannot deal it."""
    if story.status == Status.APPROVED:
        deck_id: int | None = story.deck_id
    else:
        approved = approved_revision(story)
        deck_id = Story.history.filter(history_id=approved).values_list("deck_id", flat=True).first()
    deck = Deck.objects.filter(pk=deck_id).first() if deck_id else None
    if deck is None:
        return None
    return next((s for s in live_stories(deck) if s.story_id == story.pk), None)


def live_revisions(subject: Card | Story) -> tuple[int | None, int | None]:
    """(the revision number that is live, the revision number in review) for the admin's line."""
    current = subject.history.order_by("-history_id").values_list("history_id", flat=True).first()
    approved = current if subject.status == Status.APPROVED else approved_revision(subject)
    live = number_of(subject, approved) if approved else None
    waiting = number_of(subject, current) if current and current != approved else None
    return live, waiting
