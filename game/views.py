"""Pages of the game: the start screen and the rules pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render


def home(request: HttpRequest) -> HttpResponse:
    """The start screen: a welcome for visitors, the tables for members."""
    if not request.user.is_authenticated:
        return render(request, "home/welcome.html")
    if not request.user.gamer_tag:
        return redirect("accounts:choose_tag")
    return render(request, "home/start.html")


def how_to_play(request: HttpRequest) -> HttpResponse:
    """How to play, step by step."""
    return render(request, "home/how_to_play.html")


def rules(request: HttpRequest) -> HttpResponse:
    """The full rules."""
    return render(request, "home/rules.html")
