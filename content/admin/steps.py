"""One review step taken from the admin: on behalf of a person, about the revision they saw, refused
in words, and asked about first when it would leave the live deck short."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from content import deal, drain
from justalllowgod.lib.refusals import Refusal

Step = Callable[[Model], Model]


def user_step(service: Callable[..., Model], user: Any, **extra: Any) -> Step:
    """One review service, applied to one object on behalf of one person."""

    def run(obj: Model) -> Model:
        return service(subject=obj, user=user, **extra)

    return run


def parse_revision(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None


def seen_step(
    service: Callable[..., Model], user: Any, seen: Callable[[Model], int | None], **extra: Any
) -> Step:
    """A decision about the revision the approver saw (sent with the page they decided on)."""

    def run(obj: Model) -> Model:
        return service(subject=obj, user=user, revision=seen(obj), **extra)

    return run


def listed_revision(request: HttpRequest) -> Callable[[Model], int | None]:
    """The revision each row of the list showed (a hidden input per row)."""
    return lambda obj: parse_revision(request.POST.get(f"revision-{obj.pk}"))


def posted_revision(request: HttpRequest) -> Callable[[Model], int | None]:
    """The revision one object's page showed."""
    return lambda obj: parse_revision(request.POST.get("revision"))


def confirm_drain(
    request: HttpRequest,
    opts: Any,
    each_context: dict,
    act: Callable[[], object],
    *,
    what: str,
    yes: str,
    cancel_url: str,
) -> HttpResponse | None:
    """A page asking "are you sure?" when `act` would leave the live deck short; None when it would
    not, or when this post is the confirmation. `what` names the act ("Approve"), `yes` is its button
    ("Yes, approve anyway")."""
    if request.POST.get("confirm_drain") == "yes":
        return None
    found = drain.would_drain(act, needed=deal.MIN_DEALABLE)
    if found is None:
        return None
    posted = [(k, v) for k, values in request.POST.lists() if k != "csrfmiddlewaretoken" for v in values]
    context = {**each_context, "opts": opts, "drain": found, "what": what, "yes": yes, "posted": posted}
    context |= {"title": _("%(what)s: are you sure?") % {"what": what}, "cancel_url": cancel_url}
    return TemplateResponse(request, "admin/content/confirm_drain.html", context)


def fresh(obj: Model) -> Model:
    """The row read again: a trial run (content/drain.py) must not change the objects the real act uses."""
    return type(obj).objects.get(pk=obj.pk)


def came_from(request: HttpRequest) -> str:
    """The admin page the approver came from (a story's page for one of its cards), if it is ours."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    ours = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=False)
    return target if ours and target.startswith("/admin/") else ""


# What a step can meet: a service's refusal, or a model's own field check on save (full_clean).
REFUSED = (Refusal, ValidationError)


def reason_of(error: Refusal | ValidationError) -> str:
    """The words an admin shows for a refused step."""
    if isinstance(error, Refusal):
        return error.message
    return " ".join(error.messages)
