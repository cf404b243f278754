"""A member's browsers subscribing to push and stopping: JSON in, {ok: true} or a refusal out."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from game.services.tellings import ways_changed
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Code, Refusal
from notices import push
from notices.devices import device_name
from notices.push_subscriptions import endpoint_of, parse, remove_subscription, save_subscription

SIGN_IN_WORDS = gettext_lazy("Sign in to be told when it's your turn.")


def _refused(refusal: Refusal) -> JsonResponse:
    return JsonResponse({"error": str(refusal.code), "message": refusal.message}, status=refusal.status)


def _member_json(act: Callable[[HttpRequest], None]) -> Callable[[HttpRequest], JsonResponse]:
    """POST only (CSRF checked by the middleware, as every form; a typed address goes to the
    settings page, where the button is), a signed-in member, refusals as JSON."""

    @post_only(go_to="accounts:settings")
    @never_cache
    def view(request: HttpRequest) -> JsonResponse:
        if not request.user.is_authenticated:
            return _refused(Refusal(Code.SIGN_IN, SIGN_IN_WORDS))
        try:
            act(request)
        except Refusal as refusal:
            return _refused(refusal)
        return JsonResponse({"ok": True})

    view.__name__ = act.__name__
    return view


@_member_json
def subscribe(request: HttpRequest) -> None:
    if not push.is_configured():
        raise Refusal(Code.PUSH_OFF)
    name = device_name(request.headers.get("User-Agent", ""))
    save_subscription(user=request.user, subscription=parse(request.body), device=name)
    ways_changed(user=request.user)
    # The settings page reloads to list the device; this says what happened at its top.
    if name:
        words = _("Done: %(name)s (this device) will tell you when it's your turn.") % {"name": name}
    else:
        words = _("Done: this device will tell you when it's your turn.")
    messages.success(request, words)


@_member_json
def unsubscribe(request: HttpRequest) -> None:
    if remove_subscription(user=request.user, endpoint=endpoint_of(request.body)):
        ways_changed(user=request.user)
