"""A guest keeps their games: an email, a code we mail to it, and the account becomes a member's
(accounts/guests.py). Open to guests only (the guard lets them reach it)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts import guests
from accounts.mail import mail_to_address
from justalllowgod.lib.refusals import Code, Refusal

# The code step's "Use another address" button.
ANOTHER = "another"


def _mail(email: str, body: str) -> None:
    mail_to_address(address=email, subject=_("Your code to keep your games"), body=body)


@login_required
def keep_games(request: HttpRequest) -> HttpResponse:
    """Step one: the email (a code is mailed to it); step two: the code, and the games are kept.
    From step two "Use another address" goes back to step one."""
    if not request.user.is_guest:
        return redirect("home")
    held = request.session.get(guests.KEEP_SESSION_KEY)
    context: dict = {"email": (held or {}).get("email", ""), "step": "code" if held else "email"}
    if request.method == "POST" and ANOTHER in request.POST:
        # A mistyped address, or one no code can keep games with: the code waiting for it is
        # forgotten and the email step comes back, the address there to correct.
        request.session.pop(guests.KEEP_SESSION_KEY, None)
        context["step"] = "email"
    elif request.method == "POST" and "code" not in request.POST:
        context["email"] = request.POST.get("email", "").strip()
        try:
            body, kept = guests.issue_keep_code(guest=request.user, email=context["email"])
        except Refusal as error:
            context |= {"error": error.message, "step": "email"}
            return render(request, "accounts/keep_games.html", context, status=error.status)
        _mail(kept.email, body)
        request.session[guests.KEEP_SESSION_KEY] = kept.as_session()
        context |= {"email": kept.email, "step": "code"}
    elif request.method == "POST":
        return _check_code(request, held, context)
    return render(request, "accounts/keep_games.html", context)


def _check_code(request: HttpRequest, held: dict | None, context: dict) -> HttpResponse:
    try:
        try:
            email = guests.check_keep_code(held, request.POST.get("code", ""))
        finally:
            if held is not None:
                request.session[guests.KEEP_SESSION_KEY] = held  # a wrong code spent a try
        member = guests.keep_games(guest=request.user, email=email)
    except Refusal as error:
        if error.code != Code.WRONG_KEEP_CODE:
            request.session.pop(guests.KEEP_SESSION_KEY, None)
            context["step"] = "email"
        context["error"] = error.message
        return render(request, "accounts/keep_games.html", context, status=error.status)
    request.session.pop(guests.KEEP_SESSION_KEY, None)
    update_session_auth_hash(request, member)
    messages.success(
        request,
        _("Your games are kept, %(tag)s: you're a member now. Sign in with %(email)s next time.")
        % {"tag": member.gamer_tag, "email": email},
    )
    return redirect("home")
