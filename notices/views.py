"""The turn mails' pages: the unsubscribe link (signed out) and the settings page's choice."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt

from accounts.models import User
from justalllowgod.methods import post_only
from justalllowgod.refusals import Refusal
from notices import push, tokens
from notices.models import NoticePreference
from notices.preferences import mail_address, preference_of, set_preference, stop_mail


def settings_section(user: User) -> dict[str, object]:
    """What the settings page's "When it's your turn" section shows (accounts' settings_page)."""
    return {
        "notice_preference": preference_of(user),
        "can_mail": mail_address(user) is not None,
        "vapid_public_key": push.public_key(),
    }


def _saved_words(preference: NoticePreference) -> str:
    if preference.by_mail and preference.by_push:
        return "We'll tell you by email and by a notification when it's your turn."
    if preference.by_mail:
        return "We'll tell you by email when it's your turn."
    if preference.by_push:
        return "We'll tell you by a notification when it's your turn."
    return "We won't send word when it's your turn; your tables show it when you open them."


@post_only(go_to="accounts:settings")
@login_required
def notice_settings(request: HttpRequest) -> HttpResponse:
    """A member chooses how they are told it is their turn (the settings page's form)."""
    # No #anchor: the page opens at its top, where the message saying what was saved is shown.
    back = reverse("accounts:settings")
    try:
        preference = set_preference(
            user=request.user,
            by_push=request.POST.get("by_push") == "on",
            by_mail=request.POST.get("by_mail") == "on",
            at_every_private_table=request.POST.get("at_every_private_table") == "on",
        )
    except Refusal as refusal:
        messages.error(request, refusal.message)
        return redirect(back)
    messages.success(request, _saved_words(preference))
    return redirect(back)


# The signed token is the only authority here, not a session or a CSRF token: the link works from
# any mail client, signed out, and a mail client's RFC 8058 one-click unsubscribe is a bare POST of
# "List-Unsubscribe=One-Click" to this address, which can carry no CSRF token. A forged POST can do
# no more than the link's owner could: turn that member's turn mails off.
@csrf_exempt
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows what stops and one button (a mail scanner fetching the link changes nothing);
    POST, from that button or a mail client's one-click, turns the member's turn mails off."""
    if request.method not in ("GET", "HEAD", "POST"):
        return HttpResponseNotAllowed(["GET", "HEAD", "POST"], "This address takes a button.")
    user = tokens.read(token)
    if user is None:
        return render(request, "notices/unsubscribe_bad.html", status=400)
    stopped = False
    if request.method == "POST":
        stop_mail(user=user)
        stopped = True
    context = {"member": user, "stopped": stopped, "token": token}
    return render(request, "notices/unsubscribe.html", context)
