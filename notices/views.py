"""The turn mails' pages: the unsubscribe link (signed out), and the settings page's forms: the
mail and tables choice, stopping a device, and the test notice."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from accounts.models import User
from game.services.tellings import ways_changed
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Refusal
from notices import push, tokens, words
from notices.models import PushSubscription
from notices.preferences import preference_of, set_preference, stop_mail
from notices.push_subscriptions import stop_device
from notices.reach import reach_of
from notices.trial import send_test_notice


def settings_section(user: User) -> dict[str, object]:
    """What the settings page's "When it's your turn" section shows (accounts' settings_page):
    every device that is told, and words that say where notices go, or that they go nowhere."""
    reach = reach_of(user)
    return {
        "notice_preference": preference_of(user),
        "reach": reach,
        "reach_words": words.reach_words(reach),
        "can_mail": reach.address is not None,
        "devices": list(PushSubscription.objects.filter(user=user).order_by("created_at", "pk")),
        "push_on": push.is_configured(),
        "vapid_public_key": push.public_key(),
    }


@post_only(go_to="accounts:settings")
@login_required
def notice_settings(request: HttpRequest) -> HttpResponse:
    """A member chooses mail, and the tables they are told at (the settings page's form)."""
    # No #anchor: the page opens at its top, where the message saying what was saved is shown.
    back = reverse("accounts:settings")
    try:
        set_preference(
            user=request.user,
            by_mail=request.POST.get("by_mail") == "on",
            at_every_private_table=request.POST.get("at_every_private_table") == "on",
        )
    except Refusal as refusal:
        messages.error(request, refusal.message)
        return redirect(back)
    ways_changed(user=request.user)
    # The whole truth after the save: the devices count as much as the box just ticked.
    messages.success(request, words.reach_words(reach_of(request.user)))
    return redirect(back)


@post_only(go_to="accounts:settings")
@login_required
def stop_telling_device(request: HttpRequest, device_id: int) -> HttpResponse:
    """Stop telling one of the member's devices (its row's button on the settings page)."""
    stopped = stop_device(user=request.user, device_id=device_id)
    if stopped is None:
        messages.info(request, _("That device isn't told any more."))
    else:
        ways_changed(user=request.user)
        messages.success(request, _("We won't tell %(device)s any more.") % {"device": stopped.name})
        if not reach_of(request.user).anywhere:
            messages.warning(request, words.reach_words(reach_of(request.user)))
    return redirect("accounts:settings")


@post_only(go_to="accounts:settings")
@login_required
def send_test(request: HttpRequest) -> HttpResponse:
    """Send the member a test notice every way they are told, and say what it did."""
    try:
        tried = send_test_notice(user=request.user)
    except Refusal as refusal:
        messages.error(request, refusal.message)
        return redirect("accounts:settings")
    said = words.tried_words(tried)
    (messages.success if tried.reached or tried.mailed else messages.warning)(request, said)
    return redirect("accounts:settings")


# The signed token is the only authority here, not a session or a CSRF token: the link works from
# any mail client, signed out, and a mail client's RFC 8058 one-click unsubscribe is a bare POST of
# "List-Unsubscribe=One-Click" to this address, which can carry no CSRF token. A forged POST can do
# no more than the link's owner could: turn that member's turn mails off.
@csrf_exempt
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows what stops and one button (a mail scanner fetching the link changes nothing);
    POST, from that button or a mail client's one-click, turns the member's turn mails off."""
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponseNotAllowed(["GET", "HEAD", "POST"], _("This address takes a button."))
    user = tokens.read(token)
    if user is None:
        return render(request, "notices/unsubscribe_bad.html", status=400)
    stopped = False
    if request.method == "POST":
        stop_mail(user=user)
        ways_changed(user=user)
        stopped = True
    context = {"member": user, "stopped": stopped, "token": token}
    return render(request, "notices/unsubscribe.html", context)
