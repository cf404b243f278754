"""The big screen and watchers, as pages: the host's link and its QR, the screen itself (no
sign-in), a watcher's page, and the host's buttons. The services decide (game/services/screens.py,
watching.py); these only word and draw."""

from __future__ import annotations

import base64

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from game import codes
from game.models import Table
from game.pages.qr import qr_svg
from game.pages.tables import at_my_table, client_ip, invite_url, member_view, table_url
from game.services import screens, watching
from game.services.access import find_table
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Refusal
from justalllowgod.lib.site_address import absolute_url


def _table_page(code: str, **_ids: int) -> str:
    """Where a GET of one of the host's buttons goes: the table page, which has the button."""
    return reverse("table", args=[codes.normalize(code)])


def _no_store(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    return response


@post_only(go_to=_table_page)
@member_view
@at_my_table
def show_on_screen(request: HttpRequest, code: str) -> HttpResponse:
    """The host's "Make a link and QR code" (under "Show on TV", game/pages/tv.py): the link and its
    QR, shown once (only a hash is kept)."""
    shown = screens.show_on_screen(user=request.user, session_key=request.session.session_key, code=code)
    url = absolute_url(reverse("screen", args=[shown.secret]))
    # An image of our own URL, inline: an <img> address would put the secret in a second request.
    image = "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url)).decode()
    context = {"table": shown.table, "url": url, "qr": image}
    return _no_store(render(request, "game/screen_link.html", context))


@post_only(go_to=_table_page)
@member_view
@at_my_table
def turn_screen_off(request: HttpRequest, code: str) -> HttpResponse:
    table = screens.turn_screen_off(user=request.user, session_key=request.session.session_key, code=code)
    messages.success(request, _("The big screen is off. Its link no longer works."))
    return redirect(table_url(table))


def _screen_off(request: HttpRequest, status: int) -> HttpResponse:
    return _no_store(render(request, "game/screen_off.html", {}, status=status))


def screen(request: HttpRequest, secret: str) -> HttpResponse:
    """The table screen, for a TV or a projector: no sign-in, the link's secret is the key."""
    try:
        found = screens.find_screen(secret, ip=client_ip(request))
    except Refusal as error:
        return render(request, "game/refused.html", {"error": error}, status=error.status)
    if found is None:
        return _screen_off(request, 404)
    if screens.live_screen(found.pk) is None:
        return _screen_off(request, 410)
    context = {
        "kind": "screen",
        "ws_path": f"/ws/screen/{secret}/",
        "code": found.table.code,
        "voice_default": True,
        "home_url": reverse("home"),
        "title": _("Table %(code)s") % {"code": found.table.code},
    }
    response = render(request, "game/screen.html", context)
    # The link is the key: never sent on as a referrer, never kept by a shared cache.
    response["Referrer-Policy"] = "no-referrer"
    return _no_store(response)


def screen_join_qr(request: HttpRequest, secret: str) -> HttpResponse:
    """The join QR of the waiting table a live screen shows now, for latecomers in the room."""
    found = screens.find_screen(secret, ip=client_ip(request)) if secret else None
    live = screens.live_screen(found.pk) if found is not None else None
    if live is None or live.table.status != Table.Status.WAITING:
        raise Http404("No waiting table on this screen")
    return _no_store(HttpResponse(qr_svg(invite_url(live.table)), content_type="image/svg+xml"))


def _watch_post(request: HttpRequest, code: str) -> HttpResponse:
    try:
        table = watching.ask_to_watch(
            user=request.user, session_key=request.session.session_key, code=code, ip=client_ip(request)
        ).table
    except Refusal as error:
        if error.status == 429:
            raise
        messages.error(request, error.message)
        return redirect("home")
    return redirect("watch", code=table.code)


@member_view
def watch_invite(request: HttpRequest, token: str) -> HttpResponse:
    """POST from the invite link's page: watch at once, the host having shared the link."""
    if request.method != "POST":
        return redirect("join_invite", token=token)
    session_key = request.session.session_key
    table = watching.watch_by_invitation(user=request.user, session_key=session_key, token=token).table
    return redirect("watch", code=table.code)


@member_view
def watch(request: HttpRequest, code: str) -> HttpResponse:
    """POST: ask to watch a private table by its code. GET: the watcher's page, or while the host
    has not answered, a page that waits for them (`?state` answers how the request stands)."""
    if request.method == "POST":
        return _watch_post(request, code)
    table = find_table(code, user=request.user, ip=client_ip(request))
    if table is None:
        raise Http404("No such table")
    state = watching.request_state(table_id=table.pk, user=request.user)
    if "state" in request.GET:
        return _no_store(JsonResponse({"state": state}))
    if state == "none" or table.seats.filter(user=request.user).exists():
        return redirect("join_link", code=table.code)
    if state != "watching":
        context = {"table": table, "state": state, "ask_minutes": settings.GAME_WATCH_ASK_SECONDS // 60}
        return _no_store(render(request, "game/watch_asking.html", context))
    context = {
        "kind": "watch",
        "ws_path": f"/ws/watch/{table.code}/",
        "code": table.code,
        "voice_default": table.read_aloud,
        "home_url": reverse("home"),
        "table_url": table_url(table),
        "watcher_tag": request.user.gamer_tag,
        "title": _("Watching table %(code)s") % {"code": table.code},
    }
    return render(request, "game/screen.html", context)


@post_only(go_to=_table_page)
@member_view
@at_my_table
def set_watching(request: HttpRequest, code: str) -> HttpResponse:
    """The host's "Turn watching off" or "Let people watch again"."""
    allowed = request.POST.get("watching") == "on"
    session_key = request.session.session_key
    watching.set_watching(user=request.user, session_key=session_key, code=code, allowed=allowed)
    if allowed:
        messages.success(
            request, _("People with the table's link may watch again; with its code, they ask you.")
        )
    else:
        messages.success(request, _("Watching is off: nobody watches this table, and nobody can ask to."))
    return redirect(_table_page(code))


@post_only(go_to=_table_page)
@member_view
@at_my_table
def answer_request(request: HttpRequest, code: str, watcher_id: int) -> HttpResponse:
    """The host's "Let her watch" or "No" to a member who asked by the code."""
    yes = request.POST.get("answer") == "yes"
    session_key = request.session.session_key
    try:
        watching.answer_request(
            user=request.user, session_key=session_key, code=code, watcher_id=watcher_id, yes=yes
        )
    except Refusal as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("They can watch now.") if yes else _("They won't watch this table."))
    return redirect(_table_page(code))


@post_only(go_to=_table_page)
@member_view
@at_my_table
def remove_watcher(request: HttpRequest, code: str, watcher_id: int) -> HttpResponse:
    watching.remove_watcher(
        user=request.user, session_key=request.session.session_key, code=code, watcher_id=watcher_id
    )
    messages.success(request, _("They are no longer watching."))
    return redirect(_table_page(code))
