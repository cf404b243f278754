"""A guest's way in (R41): from the invite link, a name, the host's yes, the seat; and the host's
answer at the table. The services are game/services/guests.py's; keeping one's games by adding an
email is accounts' page (accounts/keep_views.py)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts import family
from accounts.guests import name_problem, suggested_names
from game.pages.tables import at_my_table, client_ip, member_view, table_url
from game.services import guests
from game.services.access import find_invited_table
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Refusal

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
NAME_FIELD = "name"


def _private(response: HttpResponse) -> HttpResponse:
    """Pages that name a guest or carry the invite token are never cached or sent on as a referrer."""
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "same-origin"
    return response


def sit_as_guest(request: HttpRequest, token: str) -> HttpResponse:
    """One field and one button: a name (typed, or one of the friendly ones offered), and Ask to sit."""
    if request.user.is_authenticated:
        # A member joins as themselves; a guest already asked, and waits or plays.
        target = "guest_wait" if request.user.is_guest else "join_invite"
        return redirect(target, token=token)
    table = find_invited_table(token)
    if table is None or table.is_public:  # R41: never a public table
        return redirect("join_invite", token=token)  # says the game is over, or leads on
    # One of the offered names (its own button), else the typed one.
    name = (request.POST.get("pick") or request.POST.get(NAME_FIELD, "")).strip()
    error, status = None, 200
    if request.method == "POST":
        try:
            with transaction.atomic():
                # Kept on the guest's account only when their device chose it (the picker's
                # cookie); else their device's browser keeps deciding, as for any visitor.
                chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
                asked = guests.ask_to_sit(token=token, name=name, ip=client_ip(request), language=chosen)
                login(request, asked.guest, backend=MODEL_BACKEND)
                family.record_device(child=asked.guest, session_key=request.session.session_key)
        except (ValidationError, Refusal) as refused:
            error, status = name_problem(refused), getattr(refused, "status", 400)
        else:
            typed = "_".join(name.split())
            if asked.guest.gamer_tag != typed:  # someone plays as it: the next free one was taken
                messages.info(
                    request,
                    _("Someone here is already %(typed)s, so you're %(tag)s.")
                    % {"typed": typed, "tag": asked.guest.gamer_tag},
                )
            return redirect("guest_wait", token=token)
    context = {
        "table": table,
        "host": table.host.gamer_tag,
        "name": name,
        "suggestions": suggested_names(),
        "error": error,
        "token": token,
    }
    return _private(render(request, "game/guest_sit.html", context, status=status))


def _guest_only(request: HttpRequest) -> bool:
    return request.user.is_authenticated and request.user.is_guest


# The guest's page says the host's no here: by then the guest's account and session are gone.
SAID_NO = "said=no"


def guest_wait(request: HttpRequest, token: str) -> HttpResponse:
    """The asking guest's page: it waits for the host's answer and goes to the table once let in
    (static/js/guest-wait.js asks `guest_state`); a lapsed request may be asked again. After the
    host's no (`?said=no`) it says so to the signed-out visitor the guest is now, with a way on."""
    if not _guest_only(request):
        if request.GET.get("said") == "no":
            return _said_no(request, token)
        return redirect("join_invite", token=token)
    if request.method == "POST":
        try:
            guests.ask_again(guest=request.user, token=token)
        except Refusal as error:
            messages.error(request, error.message)
        return redirect("guest_wait", token=token)
    state, table = guests.guest_state(request.user)
    if state == "seated":
        return redirect(table_url(table))
    if state == "gone":  # nothing left to wait for
        return _said_no(request, token)
    context = {"state": state, "table": table, "token": token, "me": request.user.gamer_tag}
    return _private(render(request, "game/guest_wait.html", context))


def _said_no(request: HttpRequest, token: str) -> HttpResponse:
    table = find_invited_table(token)
    host = table.host.gamer_tag if table is not None else None
    context = {"state": "said_no", "table": table, "token": token, "host": host}
    return _private(render(request, "game/guest_wait.html", context))


def guest_state(request: HttpRequest, token: str) -> JsonResponse:
    """How the asking guest stands, for the waiting page: {"state", "url"}. "gone" (the host said
    no, and the guest's account went) leads to the page that says so, signed out."""
    said_no = f"{reverse('guest_wait', args=[token])}?{SAID_NO}"
    if not _guest_only(request):
        response = JsonResponse({"state": "gone", "url": said_no})
    else:
        state, table = guests.guest_state(request.user)
        url = table_url(table) if state == "seated" else reverse("guest_wait", args=[token])
        response = JsonResponse({"state": state, "url": said_no if state == "gone" else url})
    response["Cache-Control"] = "no-store"
    return response


def guest_home(guest) -> str:
    """Where a guest starts: the table they sit at (the latest), or the page that waits for it."""
    state, table = guests.guest_state(guest)
    if state == "seated":
        return table_url(table)
    if table is not None:
        return reverse("guest_wait", args=[table.invite_token])
    return reverse("account_logout")


def _table_page(code: str, **_ids: int) -> str:
    return reverse("table", args=[code])


@post_only(go_to=_table_page)
@member_view
@at_my_table
def answer_sit_request(request: HttpRequest, code: str, request_id: int) -> HttpResponse:
    """The host's "Let them sit" or "No" to a guest who asked by the invite link."""
    yes = request.POST.get("answer") == "yes"
    try:
        guests.answer_guest(
            user=request.user,
            session_key=request.session.session_key,
            code=code,
            request_id=request_id,
            yes=yes,
            language=request.POST.get("language", "") if yes else "",
        )
    except Refusal as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("Your guest is at the table.") if yes else _("Your guest won't sit this time.")
        )
    return redirect(_table_page(code))
