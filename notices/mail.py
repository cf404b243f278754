"""A turn mail: one member told by mail what a push would tell them, with a one-click way out.

notices/dispatch.py decides who is told and when; this only writes and sends the mail. It goes to
the member's verified primary address and nowhere else, says what the Telling says (a table by
its code and its host's tag, never a card), and carries the unsubscribe headers of RFC 8058 so a
mail client can offer its own "Unsubscribe" button. Every link is on the site's public address.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.language import in_members_language
from accounts.models import User
from justalllowgod.lib.site_address import absolute_url, rebase
from notices import tokens
from notices.preferences import mail_address
from notices.telling import Telling

log = logging.getLogger(__name__)


def unsubscribe_url(user: User) -> str:
    """The member's one-click unsubscribe address, on the site's public address."""
    return absolute_url(reverse("notices_unsubscribe", args=[tokens.make(user)]))


def subject_of(telling: Telling) -> str:
    """The title (which names the table by its host's tag and code) and whose mail it is, once
    each: "Your turn at Grandma_Ruth's table KQXT · JustAllowGod"."""
    return f"{telling.title} · {settings.SITE_NAME}"


def build(user: User, telling: Telling, address: str) -> EmailMultiAlternatives:
    """The mail to send, plain text with a simple HTML twin, headers and all, in the member's own
    language (the telling's words should be made in it too: accounts/language.py)."""
    with in_members_language(user):
        return _build(user, telling, address)


def _build(user: User, telling: Telling, address: str) -> EmailMultiAlternatives:
    leave = unsubscribe_url(user)
    context = {
        "user": user,
        "telling": telling,
        "table_url": rebase(telling.url),
        "unsubscribe_url": leave,
        "settings_url": absolute_url(reverse("accounts:settings")),
        "site_name": settings.SITE_NAME,
    }
    message = EmailMultiAlternatives(
        subject=subject_of(telling),
        body=render_to_string("notices/mail_turn.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={
            "List-Unsubscribe": f"<{leave}>",
            # RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the link above.
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    message.attach_alternative(render_to_string("notices/mail_turn.html", context), "text/html")
    return message


def send(user: User, telling: Telling) -> bool:
    """Mail the member; whether it went. No verified address (a child, an unconfirmed one): no mail.
    A mail server that fails is logged, never raised: one lost mail must not stop the others."""
    address = mail_address(user)
    if address is None:
        return False
    try:
        sent = build(user, telling, address).send()
    except Exception:
        log.exception("notices: could not mail %r to member %s", telling.title, user.pk)
        return False
    return sent == 1
