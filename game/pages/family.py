"""The Family page: a parent's children, their devices and permissions, and the sign-in QR.

It lives in game, not in accounts, because it shows games and QR codes (game), and accounts never
imports the apps built on it; the services are accounts/family.py's."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts import family, kid_devices
from accounts.forms import GamerTagForm
from accounts.models import KidDevice
from game.pages.history import my_games
from game.pages.qr import qr_svg
from justalllowgod.lib.addresses import request_address
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Refusal
from justalllowgod.lib.site_address import absolute_url

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def grown_ups_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Signed-in members who are not a child's account (the middleware says so too)."""

    @login_required
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_managed:
            return render(request, "accounts/family_grown_ups.html", status=403)
        return view(request, *args, **kwargs)

    wrapped.__doc__ = view.__doc__
    return wrapped


def _refused(request: HttpRequest, error: Refusal | ValidationError) -> HttpResponse:
    """Back to the Family page, saying why: a service's Refusal, or a tag's shape (the form's error)."""
    words = error.message if isinstance(error, Refusal) else " ".join(error.messages)
    messages.error(request, words)
    return redirect("family")


@grown_ups_only
def family_page(request: HttpRequest) -> HttpResponse:
    """The parent's family: add a child, and for each their devices, Play now, games and the QR."""
    form = GamerTagForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            child = family.add_child(parent=request.user, tag=form.cleaned_data["gamer_tag"])
        except ValidationError as error:
            form.add_error("gamer_tag", error)
        except Refusal as error:
            form.add_error("gamer_tag", error.message)
        else:
            messages.success(request, _("%(tag)s is in your family now.") % {"tag": child.gamer_tag})
            return redirect("family")
    children = [{"user": child, "games": my_games(child)} for child in family.children_of(request.user)]
    context = {
        "form": form,
        "children": children,
        "max_children": family.MAX_CHILDREN,
        "kid_devices": kid_devices.held_by(request.user),
    }
    return render(request, "accounts/family.html", context, status=400 if form.errors else 200)


@post_only(go_to="family")
@grown_ups_only
def public_play(request: HttpRequest, child_id: int) -> HttpResponse:
    """Switch Play now and public tables on or off for one child."""
    allowed = request.POST.get("allowed") == "on"
    try:
        child = family.set_public_play(parent=request.user, child_id=child_id, allowed=allowed)
    except Refusal as error:
        return _refused(request, error)
    if allowed:
        words = _("%(tag)s may use Play now and public tables.")
    else:
        words = _("%(tag)s plays at tables joined by code only.")
    messages.success(request, words % {"tag": child.gamer_tag})
    return redirect("family")


@post_only(go_to="family")
@grown_ups_only
def child_language(request: HttpRequest, child_id: int) -> HttpResponse:
    """The language a child reads the site in, chosen by their parent."""
    try:
        child = family.set_child_language(
            parent=request.user, child_id=child_id, language=request.POST.get("language", "")
        )
    except (Refusal, ValidationError) as error:
        return _refused(request, error)
    messages.success(request, _("Saved: %(tag)s's language.") % {"tag": child.gamer_tag})
    return redirect("family")


@post_only(go_to="family")
@grown_ups_only
def rename_child(request: HttpRequest, child_id: int) -> HttpResponse:
    """The parent gives a child a new tag (a child never renames themselves)."""
    form = GamerTagForm(request.POST)
    if not form.is_valid():
        return _refused(request, ValidationError(form.errors["gamer_tag"]))
    try:
        child = family.rename_child(
            parent=request.user, child_id=child_id, tag=form.cleaned_data["gamer_tag"]
        )
    except (Refusal, ValidationError) as error:
        return _refused(request, error)
    messages.success(request, _("%(tag)s it is.") % {"tag": child.gamer_tag})
    return redirect("family")


@post_only(go_to="family")
@grown_ups_only
def sign_in_qr(request: HttpRequest, child_id: int) -> HttpResponse:
    """A new one-time QR for the child, shown once: the secret is never stored or shown again."""
    try:
        secret = family.issue_sign_in(parent=request.user, child_id=child_id)
    except Refusal as error:
        return _refused(request, error)
    child = family.children(request.user).get(pk=child_id)
    url = absolute_url(reverse("family_sign_in", args=[secret]))
    # An image of our own URL, inline: an <img> address would put the secret in a second request.
    image = "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url)).decode()
    context = {"child": child, "url": url, "qr": image}
    response = render(request, "accounts/family_qr.html", context)
    response["Cache-Control"] = "no-store"
    return response


@post_only(go_to="family")
@grown_ups_only
def end_device(request: HttpRequest, device_id: int) -> HttpResponse:
    """Sign a child out on one device, at once."""
    try:
        child = family.end_device(parent=request.user, device_id=device_id)
    except Refusal as error:
        return _refused(request, error)
    messages.success(request, _("%(tag)s is signed out on that device.") % {"tag": child.gamer_tag})
    return redirect("family")


@post_only(go_to="family")
@grown_ups_only
def release_device(request: HttpRequest, device_id: int) -> HttpResponse:
    """Let a child's device be anyone's again (signed out, it opened only the child's way in)."""
    if kid_devices.release(manager=request.user, device_id=device_id):
        messages.success(request, _("That device is released: it opens the whole site again."))
    else:
        messages.error(request, _("That device was released already, or it isn't one of your children's."))
    return redirect("family")


@post_only(go_to="family")
@grown_ups_only
def delete_child(request: HttpRequest, child_id: int) -> HttpResponse:
    """Delete a child's account, once the parent ticked that they mean it."""
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to say you mean it: deleting can't be undone."))
        return redirect("family")
    try:
        tag = family.delete_child(parent=request.user, child_id=child_id)
    except Refusal as error:
        return _refused(request, error)
    messages.success(
        request, _("%(tag)s's account is deleted. Their games stay, shown as a former member.") % {"tag": tag}
    )
    return redirect("family")


def sign_in_with_qr(request: HttpRequest, secret: str) -> HttpResponse:
    """The child's device: a page that asks for one tap, so a link preview never spends the QR."""
    if request.method != "POST":
        response = render(request, "accounts/family_sign_in.html", {"secret": secret})
        response["Cache-Control"] = "no-store"
        response["Referrer-Policy"] = "same-origin"  # no-referrer would send Origin: null, failing CSRF
        return response
    try:
        with transaction.atomic():
            child = family.redeem_sign_in(secret=secret, ip=request_address(request.META))
            login(request, child, backend=MODEL_BACKEND)
            family.record_device(child=child, session_key=request.session.session_key)
    except Refusal as error:
        context = {"secret": secret, "error": error.message}
        return render(request, "accounts/family_sign_in.html", context, status=error.status)
    messages.success(
        request, _("Welcome, %(tag)s! Type the table's code or scan its QR.") % {"tag": child.gamer_tag}
    )
    response = redirect("home")
    kid_devices.mark(
        request, response, child=child, kind=KidDevice.Kind.FAMILY
    )  # stays theirs after signing out
    return response
