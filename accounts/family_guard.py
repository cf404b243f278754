"""A child's session never opens a page about accounts, the admin or the review pages.

The parent manages the child's tag and settings (accounts/family.py); a child only plays. This
runs for every request, so a page added later under these prefixes is closed to children too.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

# Where a child never goes: allauth's pages, the member pages, the admin, the review pages, and
# reviewers' notices (their parent reads and appeals those).
CLOSED_PREFIXES = ("/accounts/", "/me/", "/admin/", "/review/", "/notices/")


def _open_to_children() -> tuple[str, ...]:
    """Pages under those prefixes a child may still use: signing out, and their own games."""
    return (reverse("account_logout"), reverse("my_games"))


def closed_to_children(path: str) -> bool:
    """Whether a child's session is refused this path."""
    return path.startswith(CLOSED_PREFIXES) and path not in _open_to_children()


class ChildrenKeepToTheTable:
    """Answers 403 with a kind word to any child's request for a closed page, GET or POST."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if (
            user is not None
            and user.is_authenticated
            and user.is_child
            and closed_to_children(request.path_info)
        ):
            return render(request, "accounts/family_grown_ups.html", status=403)
        return self.get_response(request)
