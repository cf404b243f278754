"""The site's own pages: the start screen, how to play, the rules and privacy (table pages live in
game/pages/tables.py, a member's finished games in game/pages/history.py)."""

from __future__ import annotations

import random
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language

from classes.pages import class_home
from content import bibles
from content.deal import deck_choices, live_dealt_stories, live_deck
from content.models import Kind
from content.rules_version import rules_label
from game import engine
from game.pages.forms import JoinForm, PrivateTableForm
from game.pages.guests import guest_home
from game.pages.history import my_games
from game.pages.tables import JOIN_REFUSAL_KEY
from game.protocol import messages
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
        # R42: the decks a host may pick (none to pick while the main deck is the only live one).
        "decks": deck_choices(),
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
    return render(request, "home/how_to_play.html", _about_the_game())


def _about_the_game() -> dict[str, Any]:
    """What how to play and the rules show of the deck, in the reader's language and Bible."""
    language = messages.reading(get_language())
    return {
        "example": example_cards(language),
        "bible": bibles.for_language(get_language()).name,
        "rules_version": rules_label(),
    }


def example_cards(language: str) -> dict[str, Any] | None:
    """Four faces of one story from the live deck as a reader of `language` sees them at the table
    (its translation once approved, else the English, marked), held as a player might hold them,
    and the Remember the Word question the table would ask of its verse; None with no deck."""
    deck = live_deck()
    stories = live_dealt_stories(deck) if deck is not None else []
    if not stories:
        return None
    story = next((s for s in stories if s.title == EXAMPLE_STORY), stories[min(6, len(stories) - 1)])
    title, cards, english = story.in_language(language)
    held = [c["kind"] for c in cards[:3]]
    faces = [
        face | {"holds": held, "story_title": title, "position": story.position, "total": len(stories)}
        for face in cards
    ]
    # The question the table asks of this verse, in the reader's Bible (R43), always the same one.
    dealt = [s.as_engine_dict() for s in stories]
    verses = [
        next(c for c in s.in_language(language)[1] if c["kind"] == Kind.WORD)["verse_text"] for s in stories
    ]
    names = engine.title_names(dealt, language)
    question = engine.make_question(verses, story.position, random.Random(story.position), names, language)
    return {
        "story": title,
        "english": english,
        "position": story.position,
        "total": len(stories),
        "faces": faces,
        "question": question
        and {
            "prompt": question["text"],
            "choices": question["choices"],
        },
    }


def rules(request: HttpRequest) -> HttpResponse:
    """The full rules."""
    return render(request, "home/rules.html", _about_the_game())


def privacy(request: HttpRequest) -> HttpResponse:
    """What we keep about a member and a child, and how to delete it."""
    return render(request, "home/privacy.html")
