"""What the team sees before players do: a card's face and a sample Remember the Word question."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from content import bible
from content.models import Card, Kind, Story, in_kind_order

BLANK = "_____"
# Words too common to test anyone's memory.
_COMMON_WORDS = """a all also and are as at be but by did do for from had hast hath have he her him his i in
    into is it me my not now of on or our said saith shall she so that the thee their them then
    there they thou thy to unto up upon us was we were what when which who will with ye you your"""
_COMMON = frozenset(_COMMON_WORDS.split())
_TOKEN = re.compile(r"\[[^\]]*\]|[A-Za-z\u2019']+")


@dataclass(frozen=True)
class SampleQuestion:
    """A verse with one word blanked and three words to choose from, exactly one right."""

    prompt: str
    answer: str
    choices: tuple[str, ...]


def meaningful_words(verse_text: str) -> list[str]:
    """Words worth blanking: never a supplied [word], a small common word or the LORD in capitals."""
    words = []
    for token in _TOKEN.findall(verse_text):
        if token.startswith("[") or token.isupper() or len(token) < 3:
            continue
        if token.lower() not in _COMMON and token not in words:
            words.append(token)
    return words


def sample_question(verse_text: str, other_verses: list[str]) -> SampleQuestion | None:
    """Blank the longest meaningful word; two wrong words of similar length come from other verses."""
    words = meaningful_words(verse_text)
    if not words:
        return None
    answer = max(words, key=len)
    taken = {w.lower() for w in words}
    pool = sorted({w for v in other_verses for w in meaningful_words(v) if w.lower() not in taken})
    wrong = sorted(pool, key=lambda w: (abs(len(w) - len(answer)), w.lower()))[:2]
    if answer[0].islower():
        # A capital would give the answer away.
        wrong = [w.lower() for w in wrong]
    prompt = re.sub(rf"(?<![\w\[]){re.escape(answer)}(?![\w\]])", BLANK, verse_text, count=1)
    return SampleQuestion(
        prompt=prompt, answer=answer, choices=tuple(sorted([answer, *wrong], key=str.lower))
    )


def card_face(card: Card, *, position: int | None = None, total: int | None = None) -> dict[str, Any]:
    """A card as the shared card partial takes it; the preview shows this card held."""
    face: dict[str, Any] = {
        "kind": card.kind,
        "title": card.title,
        "description": card.description,
        "story_title": card.story.title if card.story_id else "",
        "position": position,
        "total": total,
        "holds": [card.kind],
    }
    if card.kind == Kind.WORD and card.reference:
        verse = bible.parse_reference(card.reference)
        face |= {
            "reference": card.reference,
            "verse_text": card.verse_text,
            "reader_url": bible.reader_url(verse.book_slug, verse.chapter, verse.verse, bible="kjv"),
        }
    return face


def story_position(story: Story) -> tuple[int, int]:
    """The story's place among all its deck's stories, for the preview's "Story 7 of 20"."""
    positions = list(Story.objects.in_deck(story.deck).values_list("position", flat=True))
    return positions.index(story.position) + 1, len(positions)


def render_card_preview(card: Card) -> SafeString:
    """The card partial rendered for the admin, with a sample question under Word cards."""
    position, total = story_position(card.story) if card.story_id else (None, None)
    question = None
    if card.kind == Kind.WORD and card.verse_text:
        others = Card.objects.words().filter(story__deck=card.story.deck).exclude(pk=card.pk)
        question = sample_question(card.verse_text, list(others.values_list("verse_text", flat=True)))
    context = {"card": card_face(card, position=position, total=total), "question": question}
    return render_to_string("content/admin_preview.html", context)


def render_story_preview(story: Story) -> SafeString:
    """A story's four cards side by side, as a player holding all four would see them."""
    position, total = story_position(story)
    cards = in_kind_order(story.cards.all())
    faces = [card_face(c, position=position, total=total) | {"holds": [c.kind for c in cards]} for c in cards]
    return render_to_string("content/admin_story_preview.html", {"faces": faces})
