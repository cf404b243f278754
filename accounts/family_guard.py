"""A child's session never opens a page about accounts, the admin or the review pages; a guest's
opens only the pages of the table they were let in at, and keeping their games; a class child's
only their class's and its tables'.

The parent manages the child's tag and settings (accounts/family.py); a child only plays. This
runs for every request, so a page added later under these prefixes is closed to children too.
A guest (accounts/guests.py) goes by a list of the pages open to them instead: a page added later
is closed to guests until it is named here.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse

# Where a child never goes: allauth's pages, the member pages, the admin, the review pages, and
# reviewers' notices (their parent reads and appeals those).
CLOSED_PREFIXES = ("/accounts/", "/me/", "/admin/", "/review/", "/notices/")


def _open_to_children() -> tuple[str, ...]:
    """Pages under those prefixes a child may still use: signing out, and their own games."""
    return (reverse("account_logout"), reverse("my_games"))


def closed_to_children(path: str) -> bool:
    """Whether a child's session is refused this path."""
    return path.startswith(CLOSED_PREFIXES) and path not in _open_to_children()


# The pages a guest may open, by URL name: the site's pages for everyone, the asking pages, the
# table's own page and buttons (each service checks the guest sits there), their games' replays,
# and keeping their games. Not: joining by a code, Play now, opening a table, watching, screens.
OPEN_TO_GUESTS = frozenset(
    {
        "home",
        "how_to_play",
        "rules",
        "privacy",
        "choose_language",
        "words",
        "content:bible_chapter",
        # The verses they met at the table, and practising them (issue 43).
        "verses:mine",
        "verses:practice",
        "verses:reviews",
        "join_invite",
        "guest_sit",
        "guest_wait",
        "guest_state",
        "table",
        "table_action",
        "my_games",
        "replay",
        "report_name",
        "report_play",
        "account_logout",
        "accounts:keep_games",
        "pwa:manifest",
        "pwa:service_worker",
        "pwa:offline",
        "pwa:apple_touch_icon",
    }
)


# The pages a class's child may open: the site's pages for everyone, their class's waiting page,
# and their class table's page and buttons. Nothing of accounts, families, other tables or replays.
OPEN_TO_CLASS_CHILDREN = frozenset(
    {
        "home",
        "how_to_play",
        "rules",
        "privacy",
        "choose_language",
        "words",
        "content:bible_chapter",
        # The verses they met at the table, and practising them (issue 43).
        "verses:mine",
        "verses:practice",
        "verses:reviews",
        "table",
        "table_action",
        "report_name",
        "report_play",
        "class_join",
        "class_join_code",
        "class_wait",
        "class_state",
        "account_logout",
        "pwa:manifest",
        "pwa:service_worker",
        "pwa:offline",
        "pwa:apple_touch_icon",
    }
)


def _closed(path: str, open_names: frozenset[str]) -> bool:
    try:
        match = resolve(path)
    except Resolver404:  # a path naming no page is left to its 404
        return False
    return match.view_name not in open_names


def closed_to_guests(path: str) -> bool:
    """Whether a guest's session is refused this path."""
    return _closed(path, OPEN_TO_GUESTS)


def closed_to_class_children(path: str) -> bool:
    """Whether a class child's session is refused this path."""
    return _closed(path, OPEN_TO_CLASS_CHILDREN)


class ManagedKeepToTheTable:
    """Answers 403 with a kind word to any child's request for a closed page, GET or POST, and to a
    guest's for any page not open to guests."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated or not user.is_managed:
            return self.get_response(request)
        if user.is_guest:
            if closed_to_guests(request.path_info):
                return render(request, "accounts/guest_elsewhere.html", status=403)
        elif user.is_class_child:
            if closed_to_class_children(request.path_info):
                return render(request, "accounts/class_elsewhere.html", status=403)
        elif closed_to_children(request.path_info):
            return render(request, "accounts/family_grown_ups.html", status=403)
        return self.get_response(request)
