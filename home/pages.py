"""The site's own pages: the start screen, how to play, the rules and privacy (table pages live in
game/pages/tables.py, a member's finished games in game/pages/history.py)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from classes.pages import class_home
from content.deal import live_deck
from content.models import KIND_ORDER, Card, Story
from content.preview import card_face, sample_question
from content.rules_version import rules_label
from game.pages.forms import JoinForm, PrivateTableForm
from game.pages.guests import guest_home
from game.pages.history import my_games
from game.pages.tables import JOIN_REFUSAL_KEY
from game.services.over_days import your_tables
from notices.reach import reach_of

# The story the how-to-play pictures follow, by title, if the live deck has it.
EXAMPLE_STORY = "David and Goliath"


def home(request: HttpRequest) -> HttpResponse:
    """The start screen: a welcome for visitors, the tables for members."""
    if not request.user.is_authenticated:
        return render(request, "home/welcome.html")
    if request.user.is_guest:  # a guest's start is their table (or the page that waits for it)
        return redirect(guest_home(request.user))
    if request.user.is_class_child:  # a class child's, their class's table (or waiting for it)
        return redirect(class_home(request.user))
    if not request.user.gamer_tag:
        return redirect("accounts:choose_tag")
    context = {
        "private_form": PrivateTableForm(),
        "join_form": JoinForm(),
        # A refused code comes back here: said beside the box, with what was typed (game/pages/tables.py).
        "join_error": request.session.pop(JOIN_REFUSAL_KEY, ""),
        "typed_code": request.GET.get("code", "")[:12],
        "my_games": my_games(request.user),
        "restriction": request.user.restriction(),
        # Every open table they sit at, the ones waiting on them first (a seat JagAI took over
        # after the member left is no longer theirs to go back to).
        "your_tables": your_tables(request.user),
        # Children's accounts have no settings of their own: no invitation to choose.
        "told_of_turns": request.user.managed_by_id is not None or reach_of(request.user).anywhere,
        # A child whose grown-up has not said yes to Play now is not offered it, nor public tables
        # (game.services.access.check_may_play_public would refuse them).
        "family_tables_only": request.user.managed_by_id is not None and not request.user.may_play_public,
    }
    return render(request, "home/start.html", context)


def how_to_play(request: HttpRequest) -> HttpResponse:
    """How to play, step by step, with real cards from the live deck."""
    context = {"example": example_cards(), "rules_version": rules_label()}
    return render(request, "home/how_to_play.html", context)


def example_cards() -> dict[str, Any] | None:
    """Four faces of one story from the live deck, held as a player might hold them, or None."""
    deck = live_deck()
    if deck is None:
        return None
    stories = list(Story.objects.in_deck(deck).dealable().order_by("position"))
    if not stories:
        return None
    story = next((s for s in stories if s.title == EXAMPLE_STORY), stories[min(6, len(stories) - 1)])
    position = stories.index(story) + 1
    cards = sorted(story.cards.all(), key=lambda c: KIND_ORDER.index(c.kind))
    held = [c.kind for c in cards[:3]]
    faces = [
        card_face(card, position=position, total=len(stories)) | {"holds": held, "story_title": story.title}
        for card in cards
    ]
    word = next((c for c in cards if c.kind == "word"), None)
    question = None
    if word is not None and word.verse_text:
        others = Card.objects.words().filter(story__in=stories).exclude(pk=word.pk)
        question = sample_question(word.verse_text, list(others.values_list("verse_text", flat=True)))
    return {
        "story": story.title,
        "position": position,
        "total": len(stories),
        "faces": faces,
        "question": question,
    }


def rules(request: HttpRequest) -> HttpResponse:
    """The full rules."""
    return render(request, "home/rules.html", {"example": example_cards(), "rules_version": rules_label()})


def privacy(request: HttpRequest) -> HttpResponse:
    """What we keep about a member and a child, and how to delete it."""
    return render(request, "home/privacy.html")
