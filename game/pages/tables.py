"""HTTP doors to the table services: forms post here, pages render the table."""

from __future__ import annotations

from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from game import codes, engine, services
from game.models import Game, Seat, Table
from game.pages.forms import JoinForm, PrivateTableForm
from game.pages.qr import qr_svg
from game.protocol.messages import seat_name
from game.protocol.options import option_chips
from game.services import over_days, since, tellings, watching
from game.services.access import find_invited_table, find_seated_table, find_table, follow_invitation
from game.services.returning import may_ask_to_come_back
from game.services.starting import seat_list
from justalllowgod.lib.addresses import request_address
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Code, Refusal
from justalllowgod.lib.site_address import absolute_url


def client_ip(request: HttpRequest) -> str:
    return request_address(request.META)


def member_view(view):
    """Signed in, with a gamer tag; service refusals become a message on the start screen."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.gamer_tag:
            # A form's POST cannot be sent again from the tag page: come back to the start screen.
            back = request.path if request.method == "GET" else reverse("home")
            return redirect(f"{reverse('accounts:choose_tag')}?{urlencode({'next': back})}")
        try:
            return view(request, *args, **kwargs)
        except Refusal as error:
            if error.status == 429:
                return render(request, "game/refused.html", {"error": error}, status=429)
            messages.error(request, error.message)
            return redirect("home")

    return wrapper


def at_my_table(view):
    """A table button's door (inside member_view): the code must name a table the member sits at.
    Any other code is a counted wrong guess, answered as the join form answers it."""

    @wraps(view)
    def wrapper(request: HttpRequest, code: str, *args, **kwargs) -> HttpResponse:
        table = find_seated_table(code, user=request.user, ip=client_ip(request))
        return view(request, table.code, *args, **kwargs)

    return wrapper


# Where a refused code's words wait for the start screen, which says them beside the code box.
JOIN_REFUSAL_KEY = "join_refusal"


def table_url(table: Table) -> str:
    return reverse("table", args=[table.code])


@post_only(go_to=lambda: reverse("home") + "#private-title")
@member_view
def new_private_table(request: HttpRequest) -> HttpResponse:
    form = PrivateTableForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Please choose four or five seats and one of the games."))
        return redirect("home")
    waiting = Table.objects.waiting_hosted_by(request.user).first()
    if waiting is not None:
        messages.info(
            request, _("You already have a table waiting: %(code)s. Here it is.") % {"code": waiting.code}
        )
        return redirect(table_url(waiting))
    table = services.create_private_table(user=request.user, **form.cleaned_data).table
    return redirect(table_url(table))


@post_only(go_to=lambda: reverse("home") + "#join-title")
@member_view
def join_table(request: HttpRequest) -> HttpResponse:
    """Join by code. A refusal is said beside the code box, with what was typed still in it (on a
    phone the top of the start screen is out of sight)."""
    form = JoinForm(request.POST)
    code = form.data.get("code", "")
    try:
        table = services.join_by_code(user=request.user, code=code, ip=client_ip(request)).table
    except Refusal as error:
        if error.status == 429:
            raise
        request.session[JOIN_REFUSAL_KEY] = error.message
        return redirect(f"{reverse('home')}?{urlencode({'code': code[:12]})}#join-title")
    return redirect(table_url(table))


def _seats_by_name(seats: list[Seat]) -> list[dict[str, str]]:
    """Who sits at the table, each by the name the table shows: a tag, an agent's name, or JagAI."""
    named = []
    for seat in seats:
        if seat.agent_id:
            badge = pgettext("a seat's badge", "Agent")
        elif seat.user_id and seat.left_at is not None:
            badge = pgettext("a seat's badge", "JagAI plays now")
        else:
            badge = ""
        named.append({"name": seat_name(seat), "badge": badge})
    return named


def _table_facts(table: Table, seats: list[Seat]) -> dict:
    """What the join page says about a table: who hosts, who sits, what is free, its options."""
    return {
        "table": table,
        "seats": _seats_by_name(seats),
        "taken": len(seats),
        "free": max(0, table.seat_count - len(seats)),
        "chips": option_chips(table),
    }


def _join_page(
    request: HttpRequest, table: Table, *, invited: bool, action: str, watch_action: str
) -> HttpResponse:
    """The page that shows a table and asks before it seats you; a started game says why not."""
    seats = seat_list(table)
    if any(s.user_id == request.user.pk for s in seats):
        return redirect(table_url(table))
    if watching.request_state(table_id=table.pk, user=request.user) in ("watching", "asking"):
        return redirect("watch", code=table.code)
    # A private table may be watched instead (game/services/watching.py), by its invite link or
    # with the host's yes; a public one never.
    may_watch = not table.is_public and table.is_open and table.watching_off_at is None
    context = _table_facts(table, seats) | {
        "invited": invited,
        "action": action,
        "may_watch": may_watch,
        "watch_action": watch_action,
        # By the code the host is asked, unless the member's parent sits there (their leave).
        "watch_asks": not invited
        and not any(s.user_id == request.user.managed_by_id for s in seats if s.user_id),
    }
    return render(request, "game/join.html", context)


def _visitor_page(request: HttpRequest, *, table: Table | None, code: str) -> HttpResponse:
    """A signed-out visitor's join page: the invitation (by the QR's long token only: a typed code
    is guessable, so it shows no more than the code itself) and one short way in, email first.
    allauth's own sign-up (a code by email) and sign-in carry `next` back here for the last tap."""
    context = _table_facts(table, seat_list(table)) if table is not None else {"code": code}
    context |= {"visitor": True, "invited": table is not None, "next": request.get_full_path()}
    if table is not None and not table.is_public:  # R41: a guest comes by the invite link only
        context["guest_url"] = reverse("guest_sit", args=[table.invite_token])
    return render(request, "game/join.html", context)


def _signed_out(request: HttpRequest) -> bool:
    """A visitor opening a link (a POST still goes through member_view, to the sign-in page)."""
    return not request.user.is_authenticated and request.method == "GET"


def join_link(request: HttpRequest, code: str) -> HttpResponse:
    """A table named by its typed code; a signed-out visitor is shown the way in, and no lookup."""
    normal = codes.normalize(code)
    if _signed_out(request) and codes.is_well_formed(normal):
        return _visitor_page(request, table=None, code=normal)
    return _member_join_link(request, code)


@member_view
def _member_join_link(request: HttpRequest, code: str) -> HttpResponse:
    """A table named by its typed code (the table page sends a newcomer here): a page that shows
    the table and asks before it seats you. Only the POST of its Join button joins, so no other
    site can seat a visitor. Every code here is a counted guess unless it names an open table."""
    if request.method == "POST":
        table = services.join_by_code(user=request.user, code=code, ip=client_ip(request)).table
        return redirect(table_url(table))
    table = find_table(code, user=request.user, ip=client_ip(request), tables=Table.objects.unfinished())
    if table is None:
        raise Http404("No such table")
    action = reverse("join_link", args=[table.code])
    return _join_page(
        request, table, invited=False, action=action, watch_action=reverse("watch", args=[table.code])
    )


def join_invite(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code's and share link's page; a signed-out visitor sees who invited them, and to what."""
    if _signed_out(request):
        table = find_invited_table(token)
        if table is None:
            return _invitation_over(request, token)
        return _visitor_page(request, table=table, code=table.code)
    return _member_join_invite(request, token)


def _invitation_over(request: HttpRequest, token: str) -> HttpResponse:
    """An invite link whose table is no longer open (issue 46): a link that was once right leads
    on to the table Play again made from it (its join page, which seats, or says why not), or says
    kindly that the game is over (410). Only a token that never named a table is not found."""
    named, following = follow_invitation(token)
    if following is not None:
        messages.info(
            request,
            _("The game at table %(code)s is over: they play again at this table.") % {"code": named.code},
        )
        return redirect("join_invite", token=following.invite_token)
    if named is None:
        return render(request, "404.html", status=404)
    sat_here = request.user.is_authenticated and named.seats.filter(user=request.user).exists()
    context = {"table": named, "sat_here": sat_here, "visitor": not request.user.is_authenticated}
    return render(request, "game/invitation_over.html", context, status=410)


@member_view
def _member_join_invite(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code's and share link's page: the host's invitation, by the table's long token.
    Never a counted guess, so a member throttled for mistyped codes can still come in."""
    if request.method == "POST":
        if find_invited_table(token) is None:  # over since its page was shown: say where to go now
            return redirect("join_invite", token=token)
        table = services.join_by_invitation(user=request.user, token=token).table
        return redirect(table_url(table))
    table = find_invited_table(token)
    if table is None:
        return _invitation_over(request, token)
    action = reverse("join_invite", args=[token])
    return _join_page(
        request, table, invited=True, action=action, watch_action=reverse("watch_invite", args=[token])
    )


def invite_url(table: Table) -> str:
    """The absolute link a QR code and the share button carry."""
    return absolute_url(reverse("join_invite", args=[table.invite_token]))


@post_only(go_to="home")
@member_view
def play_now(request: HttpRequest) -> HttpResponse:
    return redirect(table_url(services.play_now(user=request.user).table))


@member_view
def table_page(request: HttpRequest, code: str) -> HttpResponse:
    """The waiting room and the game: one page, brought to life by static/js/table.js."""
    table = find_table(code, user=request.user, ip=client_ip(request))
    if table is None:
        raise Http404("No such table")  # unknown and finished-but-not-yours answer alike
    if not table.seats.filter(user=request.user).exists():
        return redirect("join_link", code=table.code)  # found, so open
    if (
        table.status == Table.Status.PLAYING
        and table.seats.filter(user=request.user, left_at__isnull=False).exists()
    ):
        # JagAI plays the seat now: say so once, and show none of the cards that went with it.
        ask = may_ask_to_come_back(table=table, user=request.user)  # R40
        return render(request, "game/seat_taken.html", {"table": table, "may_ask": ask})
    join_url = invite_url(table)
    context = {"table": table, "join_url": join_url, **away_context(table, request.user)}
    return render(request, "game/table.html", context)


def away_context(table: Table, user) -> dict:
    """Issue 32 on the table page: what happened since the member's page last showed the game, the
    host's way to hand a long-absent member's turn to JagAI, and an over-days table's end date
    once its members were warned."""
    game = (
        Game.objects.filter(table=table).select_related("deal").first()
        if table.status != Table.Status.WAITING
        else None
    )
    seat = table.seats.filter(user=user).first()
    context: dict = {"hand_over_days": settings.GAME_HAND_OVER_DAYS}
    if game is not None and seat is not None:
        context["since"] = since.account_for(game, seat)
    warned = table.idle_warned_at
    if table.over_days and table.is_open and warned is not None and warned >= tellings.last_move_at(table):
        context["ends_on"] = tellings.ends_on(table)
    if game is not None and table.host_id == user.pk:
        state = engine.from_json(game.state)
        names = {s.position: seat_name(s) for s in table.seats.select_related("user", "agent")}
        context["hand_over"] = [
            {"seat": p, "tag": names[p]} for p in over_days.may_hand_over(table, game, state)
        ]
    return context


def _let_back(request: HttpRequest, code: str) -> None:
    """R40: the host's "Let Sam back in"."""
    table = Table.objects.by_code(code).filter(seats__user=request.user).first()
    if table is None:
        raise Refusal(Code.NOT_SEATED)
    key = request.session.session_key
    _host_seat_act(
        request,
        lambda seat: services.let_back_in(host=request.user, table=table, seat=seat, session_key=key),
        _("They can come back: the seat is theirs again from its next turn."),
    )


def _hand_over(request: HttpRequest, code: str) -> None:
    """Issue 32: the host lets JagAI play a member's turn after days without a move."""
    key = request.session.session_key
    _host_seat_act(
        request,
        lambda seat: over_days.hand_over(host=request.user, code=code, seat=seat, session_key=key),
        _("JagAI plays that seat now. You can let them back in when they return."),
    )


def _host_seat_act(request: HttpRequest, act, done: str) -> None:
    """A host's button about one seat: a refusal is said on the table page, not the start screen."""
    seat = request.POST.get("seat", "")
    if not seat.isdigit():
        raise Refusal(Code.NOT_A_MEMBER)
    try:
        act(int(seat))
    except Refusal as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done)


@member_view
def table_qr(request: HttpRequest, code: str) -> HttpResponse:
    """The invite link's QR, for those at the table or watching it to show: it carries the link's
    long secret, so the four letters alone never fetch it (issue 49)."""
    try:
        table = find_seated_table(code, user=request.user, ip=client_ip(request), or_watching=True)
    except Refusal as error:
        if error.status == 429:
            raise
        raise Http404("No such table") from None  # an image: no words to show, as every code page
    if not table.is_open:
        raise Http404("No such table")
    svg = qr_svg(invite_url(table))
    return HttpResponse(svg, content_type="image/svg+xml")


# The table page's buttons, each a POST; a GET of one (a reload after Leave) shows the table page.
TABLE_ACTIONS = ("start", "start-now", "leave", "let-back", "hand-over", "end", "again")


def table_of_action(code: str, action: str) -> str:
    """Where a GET of a table button's address goes: the table page, which has the button."""
    if action not in TABLE_ACTIONS:
        raise Http404("No such action")
    return reverse("table", args=[codes.normalize(code)])


@post_only(go_to=table_of_action)
@member_view
@at_my_table
def table_action(request: HttpRequest, code: str, action: str) -> HttpResponse:
    """Start, Start now, Leave, Let back in, End game and Play again, from the table page's buttons."""
    user = request.user
    if action == "start":
        services.start_table(user=user, code=code)
    elif action == "start-now":
        services.start_now(user=user, code=code)
    elif action == "leave":
        services.leave_table(user=user, code=code)
        messages.info(request, _("You left the table."))
        return redirect("home")
    elif action == "let-back":
        _let_back(request, code)
    elif action == "hand-over":
        _hand_over(request, code)
    elif action == "end":
        services.end_game(user=user, code=code)
    elif action == "again":
        return redirect(table_url(services.play_again(user=user, code=code).table))
    else:
        raise Http404("No such action")
    return redirect(reverse("table", args=[code]))
