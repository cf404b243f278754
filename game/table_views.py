"""HTTP doors to the table services: forms post here, pages render the table."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from game import codes, services
from game.errors import GameError
from game.forms import JoinForm, PrivateTableForm
from game.models import Table
from game.qr import qr_svg


def client_ip(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "")


def member_view(view):
    """Signed in, with a gamer tag; service refusals become a message on the start screen."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.gamer_tag:
            return redirect(f"{reverse('accounts:choose_tag')}?next={request.path}")
        try:
            return view(request, *args, **kwargs)
        except GameError as error:
            if error.status == 429:
                return render(request, "game/refused.html", {"error": error}, status=429)
            messages.error(request, error.message)
            return redirect("home")

    return wrapper


def table_url(table: Table) -> str:
    return reverse("table", args=[table.code])


@require_POST
@member_view
def new_private_table(request: HttpRequest) -> HttpResponse:
    form = PrivateTableForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Please choose four or five seats.")
        return redirect("home")
    table = services.create_private_table(user=request.user, **form.cleaned_data)
    return redirect(table_url(table))


@require_POST
@member_view
def join_table(request: HttpRequest) -> HttpResponse:
    form = JoinForm(request.POST)
    code = form.data.get("code", "")
    table = services.join_by_code(user=request.user, code=code, ip=client_ip(request))
    return redirect(table_url(table))


@member_view
def join_link(request: HttpRequest, code: str) -> HttpResponse:
    """The QR code's link: sign in if needed, then sit at the table."""
    if request.method == "POST" or not _is_seated(request, code):
        table = services.join_by_code(user=request.user, code=code, ip=client_ip(request))
        return redirect(table_url(table))
    return redirect(reverse("table", args=[codes.normalize(code)]))


def _is_seated(request: HttpRequest, code: str) -> bool:
    return Table.objects.unfinished().filter(code=codes.normalize(code), seats__user=request.user).exists()


@require_POST
@member_view
def play_now(request: HttpRequest) -> HttpResponse:
    return redirect(table_url(services.play_now(user=request.user)))


@member_view
def table_page(request: HttpRequest, code: str) -> HttpResponse:
    """The waiting room and the game: one page, brought to life by static/js/table.js."""
    normal = codes.normalize(code)
    table = Table.objects.by_code(normal).filter(seats__user=request.user).first()
    if table is None:
        if Table.objects.unfinished().filter(code=normal).exists():
            return redirect("join_link", code=normal)
        raise Http404("No such table")
    if (
        table.status == Table.Status.PLAYING
        and table.seats.filter(user=request.user, left_at__isnull=False).exists()
    ):
        # JagAI plays the seat now: say so once, and show none of the cards that went with it.
        return render(request, "game/seat_taken.html", {"table": table})
    join_url = request.build_absolute_uri(reverse("join_link", args=[table.code]))
    return render(request, "game/table.html", {"table": table, "join_url": join_url})


@login_required
def table_qr(request: HttpRequest, code: str) -> HttpResponse:
    normal = codes.normalize(code)
    if not Table.objects.unfinished().filter(code=normal).exists():
        raise Http404("No such table")
    svg = qr_svg(request.build_absolute_uri(reverse("join_link", args=[normal])))
    return HttpResponse(svg, content_type="image/svg+xml")


@require_POST
@member_view
def table_action(request: HttpRequest, code: str, action: str) -> HttpResponse:
    """Start, Start now, Leave, End game and Play again, from the table page's buttons."""
    user = request.user
    if action == "start":
        services.start_table(user=user, code=code)
    elif action == "start-now":
        services.start_now(user=user, code=code)
    elif action == "leave":
        services.leave_table(user=user, code=code)
        messages.info(request, "You left the table.")
        return redirect("home")
    elif action == "end":
        services.end_game(user=user, code=code)
    elif action == "again":
        return redirect(table_url(services.play_again(user=user, code=code)))
    else:
        raise Http404("No such action")
    return redirect(reverse("table", args=[codes.normalize(code)]))
