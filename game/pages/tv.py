"""A TV that pairs, as pages: the TV's /tv/ with its code (no sign-in), what the TV asks while it
waits, and the host's "Show on TV" form at their table. The service decides
(game/services/pairing.py); these only word and draw."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from game.models import Table
from game.pages.tables import at_my_table, client_ip, member_view, table_url
from game.services import pairing
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Code, Refusal
from justalllowgod.lib.site_address import site_domain

# Refusals of the code itself: said beside the code box, with what was typed still in it.
CODE_REFUSALS = {Code.NO_SUCH_TV_CODE, Code.TV_CODE_LAPSED, Code.TV_CODE_USED}


def _private(response: HttpResponse) -> HttpResponse:
    """The TV's pages carry its screen secret: never kept by a cache, never sent on as a referrer."""
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "no-referrer"
    return response


def _code_json(made: pairing.TvCode) -> dict:
    return {"code": made.code, "shown": made.shown, "secret": made.secret, "ends_in": made.ends_in()}


@require_http_methods(["GET", "HEAD", "POST"])
def tv(request: HttpRequest) -> HttpResponse:
    """GET: the TV's page, with a new code. POST (from that page, once its code lapsed): a new one."""
    try:
        made = pairing.new_code(ip=client_ip(request))
    except Refusal as error:
        if request.method == "POST":
            return _private(
                JsonResponse({"error": error.code, "message": error.message}, status=error.status)
            )
        return _private(render(request, "game/tv.html", {"error": error}, status=error.status))
    if request.method == "POST":
        return _private(JsonResponse(_code_json(made)))
    context = {"made": made, "ends_in": made.ends_in(), "minutes": pairing.CODE_SECONDS // 60}
    return _private(render(request, "game/tv.html", context))


@sensitive_post_parameters("secret")
@post_only(go_to="tv")
def tv_state(request: HttpRequest) -> HttpResponse:
    """What the TV's page asks every few seconds: is its code still waiting, paired, or lapsed?"""
    found = pairing.tv_state(request.POST.get("secret", ""))
    return _private(JsonResponse({"state": found.state, "ends_in": found.ends_in}))


@sensitive_post_parameters("tv_code")
@member_view
@at_my_table
def pair_tv(request: HttpRequest, code: str) -> HttpResponse:
    """The host's "Show on TV": GET the form (the TV's code, or a link and QR code instead), POST
    the code their TV shows."""
    typed, error = "", None
    if request.method == "POST":
        typed = request.POST.get("tv_code", "")[:20]
        try:
            shown = pairing.pair_tv(
                user=request.user,
                session_key=request.session.session_key,
                code=code,
                tv_code=typed,
                ip=client_ip(request),
            )
        except Refusal as error_:
            if error_.code not in CODE_REFUSALS:
                raise
            error = error_
        else:
            messages.success(request, _("Table %(code)s is on the TV now.") % {"code": shown.table.code})
            return redirect(table_url(shown.table))
    table = Table.objects.by_code(code).filter(seats__user=request.user).first()
    context = {
        "code": code,
        "typed": typed,
        "watching_off": table.watching_off_at is not None,
        "error": error,
        "address": f"{site_domain()}/tv",
        "table_url": reverse("table", args=[code]),
    }
    response = render(request, "game/tv_pair.html", context, status=error.status if error else 200)
    response["Cache-Control"] = "no-store"
    return response
