"""Sign-in events from Django and allauth that must reach open sockets at once."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import password_changed, password_reset, password_set
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from accounts.models import ChildDevice
from accounts.sockets import end_session_sockets, recheck_member_sockets


@receiver(user_logged_out, dispatch_uid="jag-sockets-on-logout")
def close_sockets_on_sign_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Django sends this before the session is flushed, so its key is still known here."""
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        end_session_sockets(session.session_key)
        # A child signed out on their device: it leaves the parent's list of devices too.
        ChildDevice.objects.filter(session_key=session.session_key).delete()


@receiver(password_changed, dispatch_uid="jag-sockets-on-password-change")
@receiver(password_reset, dispatch_uid="jag-sockets-on-password-reset")
@receiver(password_set, dispatch_uid="jag-sockets-on-password-set")
def recheck_sockets_on_password(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """A new password signs out every other session (Django's session hash); their sockets too."""
    recheck_member_sockets(user.pk)
