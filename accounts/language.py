"""The language a reader reads the site in (issue 42).

Django's LocaleMiddleware reads the device's choice (a cookie) or else the browser's
Accept-Language; `MembersOwnLanguage` then puts a member's own choice, kept on their account,
first. `choose_language` is the picker's one door: a member's choice is kept on the account and the
device, a visitor's (or a managed child's or guest's device's) on the device only. A child's own
account language is set by the parent who manages them (accounts/family.py); a guest's is the one
they asked the host to sit in (accounts/guests.py make_guest).

Words made away from the reader's own request (a mail, a push, a notice the clock sends) are made
`with in_members_language(member)`: the member's own choice while the site offers it, else the
site's. Sockets choose the same way from their handshake (game/sockets/language.py).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext

from justalllowgod.lib.methods import post_only


def offered() -> set[str]:
    """The language codes readers may choose now."""
    return {code for code, _ in settings.LANGUAGES}


def members_language(member) -> str:
    """The member's own language, if the site offers it now, else the site's."""
    chosen = getattr(member, "language", "") or ""
    return chosen if chosen in offered() else settings.LANGUAGE_CODE


def in_members_language(member) -> translation.override:
    """A `with` block in which every word made is in the member's own language."""
    return translation.override(members_language(member))


class MembersOwnLanguage:
    """After sign-in is known: a member's (or a managed account's) own language comes first."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.language in offered():  # members_language
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
        return self.get_response(request)


@post_only(go_to="home")
def choose_language(request: HttpRequest) -> HttpResponse:
    """The picker (the header's and the settings page's): the page again, in the chosen language."""
    language = request.POST.get("language", "")
    if language not in offered():
        return HttpResponseBadRequest(gettext("That language is not one the site is written in."))
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, require_https=request.is_secure()):
        back = "/"
    user = request.user
    if user.is_authenticated and not user.is_managed and user.language != language:
        user.language = language
        user.save(update_fields=["language"])
    translation.activate(language)
    response = HttpResponseRedirect(back)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
    )
    return response
