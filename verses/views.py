"""A member's own verses: My verses, a practice session, and the door its answers come back by."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Code, Refusal
from verses import acting, practice, schedule
from verses.forms import Answer, BadAnswers, parse_answers
from verses.models import Meeting, VerseCard
from verses.reviewing import review_card
from verses.texts import Place, Read, read
from verses.weekly import weekly_for


@dataclass(frozen=True)
class Carried:
    """One verse as My verses shows it."""

    card: VerseCard
    verse: Read
    first: Meeting | None
    last: Meeting | None
    due_now: bool
    due_words: str
    weekly: bool


def due_in_words(due: datetime, now: datetime) -> str:
    """When a verse comes back, as a person says it: "today", "in 3 days"."""
    if due <= schedule.due_soon(now):
        return _("today")
    return _("in %(time)s") % {"time": timeuntil(due, now, depth=1)}


def carried(card: VerseCard, language: str, now: datetime, weekly: Place | None) -> Carried:
    """One verse as My verses shows it (a parent's view of a child's verses shows it alike)."""
    meetings = list(card.meetings.all())  # newest first (Meeting.Meta.ordering), prefetched
    return Carried(
        card=card,
        verse=read(Place.of_row(card), language),
        first=meetings[-1] if meetings else None,
        last=meetings[0] if len(meetings) > 1 else None,
        due_now=card.due <= schedule.due_soon(now),
        due_words=due_in_words(card.due, now),
        weekly=weekly == Place.of_row(card),
    )


@login_required
def my_verses(request: HttpRequest) -> HttpResponse:
    """Every verse the member met, new, learning and known, in their own language's Bible."""
    now = timezone.now()
    weekly_row = weekly_for(request.user, now)
    weekly = Place.of_row(weekly_row) if weekly_row else None
    cards = VerseCard.objects.filter(member=request.user).prefetch_related("meetings").order_by("due", "pk")
    groups: dict[schedule.Standing, list[Carried]] = {standing: [] for standing in schedule.Standing}
    for card in cards:
        carried_item = carried(card, request.LANGUAGE_CODE, now, weekly)
        groups[schedule.standing(card.schedule, card.reviews)].append(carried_item)
    shown = [c for group in groups.values() for c in group]
    due = sum(1 for c in shown if c.due_now)
    # The verse of the week comes first in practice, due or not (and is met there if it is new).
    if weekly is not None and not any(c.weekly and c.due_now for c in shown):
        due += 1
    later = min((c.card.due for c in shown if not c.due_now), default=None)
    sections = [
        (
            schedule.Standing.NEW,
            _("New"),
            _("Met at a table, not practised yet."),
            groups[schedule.Standing.NEW],
        ),
        (
            schedule.Standing.LEARNING,
            _("Learning"),
            _("Coming back often, until they stay."),
            groups[schedule.Standing.LEARNING],
        ),
        (
            schedule.Standing.KNOWN,
            _("Known"),
            _("Kept for three weeks and more."),
            groups[schedule.Standing.KNOWN],
        ),
    ]
    context = {
        "sections": [s for s in sections if s[3]],
        "count": len(shown),
        "due": due,
        "next_words": due_in_words(later, now) if later and not due else "",
        "sync": _sync_config(request),
    }
    return render(request, "verses/my_verses.html", context)


@login_required
@never_cache
def practice_page(request: HttpRequest) -> HttpResponse:
    """Today's short session; static/js/practice.js asks it one verse at a time. A parent who chose
    to practise with their child on this device (verses/acting.py) is asked the child's verses, in
    the child's Bible."""
    member, with_member = acting.practising_for(request)
    language = (member.language or request.LANGUAGE_CODE) if with_member else request.LANGUAGE_CODE
    items = practice.session(member, language)
    # A page the app may keep for offline use is asked again from the cache: the session's id lets
    # the page skip the verses already answered from this copy.
    config = {**_sync_config(request), "session": uuid.uuid4().hex, "mine": reverse("verses:mine")}
    context = {"items": items, "config": config, "member": member, "with_member": with_member}
    return render(request, "verses/practice.html", context)


def _sync_config(request: HttpRequest) -> dict:
    """What static/js/practice-sync.js needs: where answers go, and who sends them from this device
    (the signed-in member: their queue, whoever's verses the answers are)."""
    return {"member": request.user.pk, "reviews": reverse("verses:reviews")}


def _refused(refusal: Refusal, review: str | None = None) -> JsonResponse:
    body = {"error": str(refusal.code), "message": refusal.message}
    if review:
        body["review"] = review
    return JsonResponse(body, status=refusal.status)


class NotYours(Refusal):
    """A card that is not the member's (or no card at all: the two answer alike)."""

    def __init__(self, review: str) -> None:
        super().__init__(Code.NO_PERMISSION, _("That verse isn't one of yours."))
        self.review = review


def reviewer_for(request: HttpRequest, card: VerseCard) -> tuple[VerseCard, object | None]:
    """Who may answer for `card` from this request, as (card, the member practising with its owner
    or None): its owner, or a parent for their own family child (verses/acting.py), asked under
    the cards' locks."""
    allowed, with_member = acting.may_answer_for(request.user, card.member_id)
    if not allowed:
        raise NotYours("")
    return card, with_member


def save_answers(request: HttpRequest, answers: list[Answer]) -> int:
    """Every answer applied through fsrs in the order they were made, or none: the cards are
    locked and checked first, all in one transaction."""
    with transaction.atomic():
        locked = VerseCard.objects.select_for_update().filter(pk__in={a.card for a in answers})
        cards = {card.pk: card for card in locked.order_by("pk")}
        reviewers = {}
        for answer in answers:
            if answer.card not in cards:
                raise NotYours(answer.client_id)
            try:
                reviewers[answer.card] = reviewer_for(request, cards[answer.card])
            except NotYours:
                raise NotYours(answer.client_id) from None
        for answer in sorted(answers, key=lambda a: a.at):
            card, with_member = reviewers[answer.card]
            review_card(
                card.pk,
                answer.rating,
                answer.mode,
                at=answer.at,
                client_id=answer.client_id,
                with_member=with_member,
            )
    return len(answers)


@post_only(go_to="verses:practice")
@never_cache
def reviews(request: HttpRequest) -> JsonResponse:
    """The practice page's answers (CSRF checked by the middleware): {"saved": n} once every one is
    kept; a resent answer (the same id) counts once."""
    if not request.user.is_authenticated:
        return _refused(Refusal(Code.SIGN_IN, _("Sign in again to keep your answers.")))
    try:
        saved = save_answers(request, parse_answers(request.body))
    except (BadAnswers, NotYours) as refusal:
        return _refused(refusal, refusal.review)
    return JsonResponse({"saved": saved})
