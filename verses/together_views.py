"""A family's and a class's verses: a parent's read-only view of a child's verses and practising
with them on this device, the verse of the week for a family or a class, the daily reminder's
switch, and the export of a member's (or their child's) verses.

Who may look is asked inside every request: a child's verses are their own parent's to see, and
anyone else is told there is no such page (404), so a stranger learns nothing of a child.
"""

from __future__ import annotations

import json
from typing import Any

from django.apps import apps
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from accounts import family
from accounts.models import User
from game.pages.family import grown_ups_only
from justalllowgod.lib.methods import post_only
from verses import acting, export, reminders, schedule, together
from verses.models import Reminder, VerseCard
from verses.texts import Place, read
from verses.views import carried as my_verses_item  # My verses' own item, so both look alike
from verses.weekly import weekly_for


def _child_or_404(request: HttpRequest, child_id: int) -> User:
    child = acting.family_child(request.user, child_id)
    if child is None:
        raise Http404("No such page")
    return child


def _language_of(child: User) -> str:
    """The language the child reads the site in (their parent's choice), else the page's."""
    return child.language or get_language() or "en"


def verse_sections(member: User, language: str) -> list[tuple[str, str, str, list]]:
    """The member's verses as My verses shows them (verses/views.py, the same include): new,
    learning and known, each verse in the Bible of `language`; empty groups left out."""
    now = timezone.now()
    weekly_row = weekly_for(member, now)
    weekly = Place.of_row(weekly_row) if weekly_row else None
    groups: dict[str, list] = {str(standing): [] for standing in schedule.Standing}
    cards = VerseCard.objects.filter(member=member).prefetch_related("meetings").order_by("due", "pk")
    for card in cards:
        groups[str(schedule.standing(card.schedule, card.reviews))].append(
            my_verses_item(card, language, now, weekly)
        )
    sections = [
        (schedule.Standing.NEW, _("New"), _("Met at a table, not practised yet.")),
        (schedule.Standing.LEARNING, _("Learning"), _("Coming back often, until they stay.")),
        (schedule.Standing.KNOWN, _("Known"), _("Kept for three weeks and more.")),
    ]
    return [(str(key), title, about, groups[str(key)]) for key, title, about in sections if groups[str(key)]]


@grown_ups_only
def child_verses(request: HttpRequest, child_id: int) -> HttpResponse:
    """A parent's read-only view of one child's verses, in the child's own Bible."""
    child = _child_or_404(request, child_id)
    language = _language_of(child)
    practising, _with = acting.practising_for(request)
    context = {
        "child": child,
        "sections": verse_sections(child, language),
        "bible": read(Place(43, 3, 16), language).bible,
        "language": language,
        "weekly": together.weekly_read(weekly_for(child), language),
        "practising": practising.pk == child.pk,
    }
    return render(request, "verses/together_child.html", context)


@post_only(go_to=lambda child_id: reverse("verses:child", args=[child_id]))
@grown_ups_only
def practise_with(request: HttpRequest, child_id: int) -> HttpResponse:
    """This device practises as the child, with their parent, until the parent stops it."""
    child = _child_or_404(request, child_id)
    acting.start_practising_with(request, child)
    return redirect(acting.practice_path())


@post_only(go_to="verses:family")
@grown_ups_only
def stop_practising(request: HttpRequest) -> HttpResponse:
    """This device practises as the parent again."""
    child = acting.stop_practising_with(request)
    if child is not None:
        messages.success(request, _("You practise as yourself again."))
        return redirect("verses:child", child_id=child.pk)
    return redirect("verses:family")


def _download(member: User) -> HttpResponse:
    data = export.export_of(member)
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{export.file_name(member)}"'
    response["Cache-Control"] = "no-store"
    return response


@grown_ups_only
def export_mine(request: HttpRequest) -> HttpResponse:
    """The member's own verses as a JSON file."""
    return _download(request.user)


@grown_ups_only
def export_child(request: HttpRequest, child_id: int) -> HttpResponse:
    """A child's verses as a JSON file, for their own parent only."""
    return _download(_child_or_404(request, child_id))


def _weekly_context(user: User, language: str, error: str = "") -> dict[str, Any]:
    current = together.current_weekly(user)
    return {
        "weekly": together.weekly_read(current, language),
        "choices": together.weekly_choices(language),
        "weekly_error": error,
    }


def set_weekly_from(request: HttpRequest) -> str:
    """Set the verse of the week from the form (the family page's, the class board's); the error's
    words, or "" when it was set and said."""
    try:
        weekly = together.set_weekly(setter=request.user, key=request.POST.get("verse", ""))
    except ValidationError as error:
        return " ".join(error.messages)
    reference = read(Place.of_row(weekly), get_language() or "en").reference
    messages.success(request, _("The verse of the week is %(reference)s.") % {"reference": reference})
    return ""


@grown_ups_only
def family_verses(request: HttpRequest) -> HttpResponse:
    """A grown-up's family verses: the verse of the week for them and their children, and a way
    to each child's verses."""
    error = ""
    if request.method == "POST":
        error = set_weekly_from(request)
        if not error:
            return redirect("verses:family")
    language = get_language() or "en"
    context = {
        **_weekly_context(request.user, language, error),
        "children": list(family.children(request.user).filter(is_active=True).order_by("gamer_tag")),
        # The same verse goes to the class they lead (classes/ builds on verses: asked by name).
        "leads_a_class": apps.get_model("classes", "Classroom")
        .objects.running()
        .filter(leader=request.user)
        .exists(),
    }
    return render(request, "verses/together_family.html", context, status=400 if error else 200)


@post_only(go_to="accounts:settings")
@grown_ups_only
def reminder(request: HttpRequest) -> HttpResponse:
    """The settings page's "Remind me once a day when verses are due"."""
    daily = request.POST.get("daily") == "on"
    try:
        reminders.set_reminder(member=request.user, daily=daily)
    except PermissionDenied:
        return render(request, "accounts/family_grown_ups.html", status=403)
    if daily:
        messages.success(request, _("We'll remind you once a day when verses are due."))
    else:
        messages.success(request, _("No more verse reminders."))
    return redirect("accounts:settings")


# The signed token is the only authority, as for the turn mails' unsubscribe link (notices/views.py):
# a mail client's one-click POST carries no session and no CSRF token. A forged POST can do no more
# than the link's owner could: turn that member's verse reminders off. The token comes in the query
# string, which no log line writes (justalllowgod/lib/logs.py writes the path; nginx writes "?***").
@csrf_exempt
def reminder_stop(request: HttpRequest) -> HttpResponse:
    """A reminder mail's link: GET shows one button, POST turns the member's reminders off."""
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponse(status=405)
    member = reminders.member_of_token(request.GET.get("t") or request.POST.get("t") or "")
    if member is None:
        return render(request, "verses/together_reminder_stop.html", {"bad": True}, status=404)
    stopped = False
    if request.method == "POST":
        Reminder.objects.filter(member=member).update(daily=False)
        stopped = True
    return render(request, "verses/together_reminder_stop.html", {"member": member, "stopped": stopped})
