"""Take-home cards: the leader's printable page, and a parent's claim (classes/claiming.py)."""

from __future__ import annotations

import base64

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from classes import claiming
from classes.models import Classroom
from game.pages.qr import qr_svg
from justalllowgod.lib.addresses import request_address
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Refusal
from justalllowgod.lib.site_address import absolute_url


@post_only(go_to="home")
@login_required
def print_cards(request: HttpRequest, class_id: int) -> HttpResponse:
    """One card per child, to print and send home: the child's name, a QR and a code. Each print
    makes new codes (a POST, so a link preview never does), and the page is never kept."""
    try:
        cards = claiming.print_cards(
            leader=request.user, session_key=request.session.session_key, class_id=class_id
        )
    except Refusal as error:
        messages.error(request, error.message)
        return redirect("class_board", class_id=class_id)
    shown = []
    for pupil, code in cards:
        url = absolute_url(reverse("class_claim_code", args=[code]))
        image = "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url)).decode()
        shown.append({"name": pupil.user.gamer_tag, "code": claiming.spaced(code), "qr": image})
    classroom = Classroom.objects.get(pk=class_id)
    context = {"cards": shown, "classroom": classroom, "claim_address": absolute_url(reverse("class_claim"))}
    response = render(request, "classes/cards.html", context)
    response["Cache-Control"] = "no-store"
    return response


SIGN_IN_FIRST = gettext_lazy("Sign in or sign up to keep your child's games from class.")


def claim(request: HttpRequest, card: str = "") -> HttpResponse:
    """A parent, signed in, adds the child on a take-home card to their family (`card`: the code
    the card's QR carries). Signed out, the sign-in page says why it came, and leads back here."""
    if not request.user.is_authenticated:
        messages.info(request, SIGN_IN_FIRST)
        return redirect_to_login(request.get_full_path())
    typed = request.POST.get("code", card)
    error, status = None, 200
    if request.method == "POST":
        try:
            child = claiming.claim_child(parent=request.user, code=typed, ip=request_address(request.META))
        except Refusal as refusal:
            error, status = refusal.message, refusal.status
        else:
            messages.success(
                request,
                _("%(tag)s is in your family now, with their games from the class.")
                % {"tag": child.gamer_tag},
            )
            return redirect("family")
    context = {"code": typed, "error": error}
    response = render(request, "classes/claim.html", context, status=status)
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "same-origin"
    return response
