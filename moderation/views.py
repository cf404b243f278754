"""Pages: My games and replays for players; the review queue, cases, decisions and reported names for
reviewers; and a seat's Report this name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse as url_of
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from accounts import family
from accounts.models import User
from game.models import Game, GameEvent, Seat, Table
from game.protocol.messages import seat_name
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import WORDS, Code, Refusal
from moderation import name_reports, play_reports, services
from moderation.flags import histogram, member_seats
from moderation.forms import DecisionForm
from moderation.models import Case, Decision, Flag
from moderation.replays import full_replay, seat_replay

GAMES_PER_PAGE = 20
CASES_PER_PAGE = 50
OVER = [Table.Status.FINISHED, Table.Status.ENDED]
View = Callable[..., HttpResponse]


def _case_page_url(case_id: int) -> str:
    """Where a GET of a case's form address goes (a reload after Decide): the case."""
    return url_of("review_case", args=[case_id])


def _decision_case_url(decision_id: int) -> str:
    """Where a GET of a decision's form address goes: the case it belongs to."""
    case_id = Decision.objects.filter(pk=decision_id).values_list("case_id", flat=True).first()
    if case_id is None:
        raise Http404("No such decision")
    return _case_page_url(case_id)


def reviewer_only(view: View) -> View:
    """Anonymous visitors sign in first; members who are not reviewers get 403."""
    return login_required(permission_required(services.REVIEW_PERMISSION, raise_exception=True)(view))


def _refused(request: HttpRequest, refusal: Refusal) -> None:
    """A refusal's words on the next page; someone who is no reviewer (any more) gets the 403 page."""
    if refusal.code == Code.NOT_A_REVIEWER:
        raise PermissionDenied(refusal.message) from refusal
    messages.error(request, refusal.message)


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    """The member's finished and ended games, newest first, each with a replay."""
    tables = (
        Table.objects.filter(seats__user=request.user, status__in=OVER, game__isnull=False)
        .select_related("game")
        .prefetch_related("seats__user")
        .order_by("-finished_at", "-pk")
    )
    page = Paginator(tables, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "page": page,
        "games": [game_row(table, request.user) for table in page],
        "restriction": request.user.restriction(),
    }
    return render(request, "moderation/my_games.html", context)


def game_row(table: Table, user: User) -> dict[str, Any]:
    """One line of My games: when, who played, and how this member did."""
    seats = list(table.seats.all())
    mine = next(s.position for s in seats if s.user_id == user.pk)
    return {
        "game_id": table.game.pk,
        "code": table.code,
        "when": table.finished_at or table.created_at,
        "kind": table.get_kind_display(),
        "players": [{"tag": seat_name(s), "me": s.position == mine} for s in seats],
        **outcome(table, mine),
    }


def outcome(table: Table, seat: int) -> dict[str, Any]:
    """The member's result in words, their points, and whether they won."""
    result = table.game.result or {}
    ranked = next((r for r in result.get("ranking", []) if r["seat"] == seat), None)
    won = table.status == Table.Status.FINISHED and seat in result.get("winners", [])
    if table.status == Table.Status.ENDED:
        words = _("Ended early, no winner")
    elif ranked is None:
        words = _("Played by JagAI at the end")
    elif won:
        words = _("Shared win") if result.get("shared") else pgettext("a game's outcome", "Won")
    else:
        words = _("Place %(rank)s") % {"rank": ranked["rank"]}
    return {"outcome": words, "points": ranked["points"] if ranked else None, "won": won}


@login_required
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    """A finished game from the member's own seat; only people who sat at the table may open it."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=game_id, table__status__in=OVER)
    seat = Seat.objects.filter(table_id=game.table_id, user=request.user).values_list("position", flat=True)
    if not seat:  # a parent may open their child's games from the child's seat (accounts/family.py);
        # a class's leader or a guest's host may not (the board showed the class every table's play)
        seat = Seat.objects.filter(
            table_id=game.table_id, user__in=family.children(request.user)
        ).values_list("position", flat=True)
    if not seat:
        raise Http404("No such game among yours.")
    context = {"game": game, "table": game.table, "replay": seat_replay(game, seat[0])}
    return render(request, "moderation/replay.html", context)


QUEUE_STATES = {"open": Case.Status.OPEN, "decided": Case.Status.CLOSED}
# The queue's Flag filter also offers reported names, which are no game's flag.
NAME_KIND = "name"


def _queue(request: HttpRequest) -> tuple[Any, dict[str, str]]:
    """The cases the reviewer asked for: by state, flag kind and gamer tag, oldest or newest first."""
    chosen = {
        "state": request.GET.get("state", "open"),
        "kind": request.GET.get("kind", ""),
        "q": request.GET.get("q", "").strip(),
        "sort": "newest" if request.GET.get("sort") == "newest" else "oldest",
    }
    waiting = Q(decisions__appeal__isnull=False, decisions__appeal__answered_at__isnull=True)
    cases = (
        Case.objects.select_related("game__table", "claimed_by")
        .prefetch_related("flags__users")
        # The queue marks a case a member asked to be looked at again.
        .annotate(appeals_waiting=Count("decisions__appeal", filter=waiting, distinct=True))
    )
    if chosen["state"] in QUEUE_STATES:
        cases = cases.filter(status=QUEUE_STATES[chosen["state"]])
    if chosen["kind"] in Flag.Kind.values:
        cases = cases.filter(flags__kind=chosen["kind"])
    elif chosen["kind"] == NAME_KIND:
        cases = cases.none()
    if chosen["q"]:
        cases = cases.filter(flags__users__gamer_tag__icontains=chosen["q"])
    order = ("-opened_at", "-pk") if chosen["sort"] == "newest" else ("opened_at", "pk")
    return cases.distinct().order_by(*order), chosen


@reviewer_only
def review_queue(request: HttpRequest) -> HttpResponse:
    """Cases, filtered and sorted as asked (open ones, oldest first, by default), a page at a time."""
    cases, chosen = _queue(request)
    page = Paginator(cases, CASES_PER_PAGE).get_page(request.GET.get("page"))
    for case in page:
        case.tags = sorted({u.gamer_tag for flag in case.flags.all() for u in flag.users.all()})
    query = urlencode({k: v for k, v in chosen.items() if v})
    names = []
    if chosen["kind"] in ("", NAME_KIND):
        names = name_reports.queue_rows(
            reviewer=request.user, state=chosen["state"], tag=chosen["q"], newest=chosen["sort"] == "newest"
        )
    context = {
        "page": page,
        "chosen": chosen,
        "query": query,
        "kinds": [*Flag.Kind.choices, (NAME_KIND, _("Name reported"))],
        "names": names,
        "name_kind": NAME_KIND,
        "may_not_judge": services.may_not_judge(request.user),
    }
    return render(request, "moderation/queue.html", context)


@reviewer_only
@post_only(go_to=_case_page_url)
def claim(request: HttpRequest, case_id: int) -> HttpResponse:
    """Claim a case to judge it (or let it go), so two reviewers never judge the same one."""
    release = request.POST.get("release") == "yes"
    try:
        services.claim_case(case_id=case_id, reviewer=request.user, release=release)
    except Refusal as error:
        _refused(request, error)
    return redirect("review_case", case_id=case_id)


def _accounts(case: Case, request: HttpRequest) -> list[dict[str, Any]]:
    """The case's accounts with their former tags, their history and, if allowed, their email."""
    show_email = request.user.has_perm(services.EMAIL_PERMISSION)
    history = (
        Decision.objects.filter(user__in=services.case_accounts(case))
        .select_related("reviewer", "case__game__table", "reverses")
        .order_by("-created_at", "-pk")
    )
    waiting = {u.pk for u in services.undecided_accounts(case)}
    out = []
    for user in services.case_accounts(case):
        mine = [d for d in history if d.user_id == user.pk]
        out.append(
            {
                "user": user,
                "email": user.email if show_email else None,
                "former_tags": list(user.former_tags.all()),
                "restriction": user.restriction(),
                "history": mine,
                "reversed_ids": {d.reverses_id for d in mine if d.reverses_id},
                "undecided": user.pk in waiting,
            }
        )
    return out


def _seat_timings(game: Game) -> list[dict[str, Any]]:
    """Each member seat's decision times as a histogram."""
    seats = member_seats(game, list(Seat.objects.filter(table_id=game.table_id).select_related("user")))
    events = list(GameEvent.objects.filter(game=game).order_by("seq"))
    return [
        {"seat": position, "tag": seat.user.gamer_tag, "bars": histogram(events, position)}
        for position, seat in sorted(seats.items())
    ]


def _case_page(
    request: HttpRequest, case: Case, form: DecisionForm | None = None, status: int = 200
) -> HttpResponse:
    game = case.game
    why_not = services.why_not_judge_case(case, request.user)
    own_case = why_not is not None
    own_case_words = WORDS[why_not] if own_case else ""
    may_not_judge = services.may_not_judge(request.user)
    context = {
        "case": case,
        "game": game,
        "table": game.table,
        "flags": list(case.flags.prefetch_related("reports__reporter")),
        "accounts": _accounts(case, request),
        "timings": _seat_timings(game),
        "form": form or DecisionForm(accounts=services.undecided_accounts(case)),
        "appeals": services.pending_appeals(case),
        "replay": full_replay(game),
        # A reviewer named in the case, or whose own account is restricted, sees it, but every
        # judging form gives way to why not.
        "own_case": own_case,
        "own_case_words": own_case_words,
        # Who reported how someone played is for the reviewers who may judge it, never for one it
        # names, whose family it names, or who reported it themselves.
        "reporters_shown": not own_case,
        "may_not_judge": may_not_judge,
        "held": may_not_judge or own_case_words,
        "claim_lapsed": bool(case.claimed_by_id and services.may_not_judge(case.claimed_by)),
    }
    return render(request, "moderation/case.html", context, status=status)


@reviewer_only
def review_case(request: HttpRequest, case_id: int) -> HttpResponse:
    """A case: its evidence, the full replay with timings, and the decision form."""
    case = get_object_or_404(Case.objects.select_related("game__table"), pk=case_id)
    return _case_page(request, case)


@reviewer_only
@post_only(go_to=_case_page_url)
def decide(request: HttpRequest, case_id: int) -> HttpResponse:
    """Record a reviewer's decision; only this ever restricts an account."""
    case = get_object_or_404(Case.objects.select_related("game__table"), pk=case_id)
    form = DecisionForm(request.POST, accounts=services.undecided_accounts(case))
    if not form.is_valid():
        return _case_page(request, case, form, status=400)
    data = form.cleaned_data
    try:
        services.decide_case(
            case_id=case.pk,
            reviewer=request.user,
            user_ids=[u.pk for u in data["accounts"]],
            action=data["action"],
            reason=data["reason"],
            days=data.get("days"),
        )
    except Refusal as error:
        _refused(request, error)
    else:
        messages.success(request, _("Decision recorded for case %(case)s.") % {"case": case.pk})
    return redirect("review_case", case_id=case.pk)


@reviewer_only
@post_only(go_to=_decision_case_url)
def reverse(request: HttpRequest, decision_id: int) -> HttpResponse:
    """Reverse a decision with a new record; the history keeps both."""
    decision = get_object_or_404(Decision, pk=decision_id)
    try:
        reason = request.POST.get("reason", "")
        services.reverse_decision(decision_id=decision.pk, reviewer=request.user, reason=reason)
    except Refusal as error:
        _refused(request, error)
    else:
        words = _("The %(decision)s was reversed.") % {"decision": decision.get_action_display().lower()}
        messages.success(request, words)
    return redirect("review_case", case_id=decision.case_id)


@reviewer_only
@post_only(go_to=_decision_case_url)
def keep(request: HttpRequest, decision_id: int) -> HttpResponse:
    """Answer an appeal by keeping the decision, with the reason the member will read."""
    decision = get_object_or_404(Decision, pk=decision_id)
    try:
        reason = request.POST.get("reason", "")
        services.keep_after_appeal(decision_id=decision.pk, reviewer=request.user, reason=reason)
    except Refusal as error:
        _refused(request, error)
    else:
        words = _("The %(decision)s stands; the appeal is answered.")
        messages.success(request, words % {"decision": decision.get_action_display().lower()})
    return redirect("review_case", case_id=decision.case_id)


def _back(request: HttpRequest) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect("home")


@login_required
@post_only(go_to="home")
def acknowledge_notice(request: HttpRequest, decision_id: int) -> HttpResponse:
    """The member has read a notice about a decision."""
    try:
        services.acknowledge_notice(decision_id=decision_id, user=request.user)
    except Refusal as error:
        _refused(request, error)
    return _back(request)


@login_required
@post_only(go_to="home")
def appeal(request: HttpRequest, decision_id: int) -> HttpResponse:
    """The member asks for a second look; the case goes back to the reviewers with their note."""
    try:
        services.appeal_decision(
            decision_id=decision_id, user=request.user, note=request.POST.get("note", "")
        )
    except Refusal as error:
        _refused(request, error)
    else:
        messages.success(request, _("Thank you. A reviewer will look at it again and you will hear back."))
    return _back(request)


# --- Reported names ---------------------------------------------------------------------------


def _report(send: Callable[[], str]) -> JsonResponse:
    """A report's answer to the page that sent it (fetch with the page's CSRF token): the words to
    show, as JSON; a refusal's with its status."""
    try:
        words = send()
    except Refusal as refusal:
        answer = {"ok": False, "code": str(refusal.code), "message": refusal.message}
        return JsonResponse(answer, status=refusal.status)
    return JsonResponse({"ok": True, "message": words})


@post_only(go_to="home")
def report_name(request: HttpRequest) -> HttpResponse:
    """A seat's Report this name, from the table page or a replay."""

    def send() -> str:
        name_reports.report_name(
            reporter=request.user,
            seat=request.POST.get("seat"),
            code=request.POST.get("code", ""),
            game_id=request.POST.get("game"),
        )
        return str(name_reports.REPORTED)

    return _report(send)


@post_only(go_to="home")
def report_play(request: HttpRequest) -> HttpResponse:
    """A seat's Report how they played, with a reason from the list, from the table page or a replay."""
    return _report(
        lambda: play_reports.report_play(
            reporter=request.user,
            seat=request.POST.get("seat"),
            reason=request.POST.get("reason"),
            code=request.POST.get("code", ""),
            game_id=request.POST.get("game"),
        )
    )


def _back_to_queue(request: HttpRequest) -> HttpResponse:
    """The queue as the reviewer had it filtered."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect("review_queue")


@reviewer_only
@post_only(go_to="review_queue")
def ask_for_new_tag(request: HttpRequest, report_id: int) -> HttpResponse:
    """The reported tag goes; its member chooses a new one at their next page."""
    try:
        answered = name_reports.ask_for_new_tag(report_id=report_id, reviewer=request.user)
    except Refusal as error:
        _refused(request, error)
    else:
        if answered.taken_back:
            words = _("%(tag)s is gone from every seat. Its member chooses a new tag at their next page.")
        else:
            words = _("%(tag)s is retired: its member had changed it already, and nobody can take it now.")
        words %= {"tag": answered.tag}
        messages.success(request, words)
    return _back_to_queue(request)


@reviewer_only
@post_only(go_to="review_queue")
def keep_name(request: HttpRequest, report_id: int) -> HttpResponse:
    """Nothing wrong with the name: its reports close and it stays."""
    try:
        answered = name_reports.keep_name(report_id=report_id, reviewer=request.user)
    except Refusal as error:
        _refused(request, error)
    else:
        messages.success(request, _("%(tag)s stays. Its reports are closed.") % {"tag": answered.tag})
    return _back_to_queue(request)
