"""Mails to members and to the team: sent once the change they tell about has committed.

Every link in a mail is on the site's public address (DJANGO_SITE_URL), ours and allauth's alike:
a password reset asked for with a made-up Host header (or port) still links to the real site.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction

from accounts.models import User
from justalllowgod.lib.site_address import rebase, site_domain

log = logging.getLogger(__name__)


def _send(recipients: list[str], subject: str, body: str) -> None:
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, recipients)
    except Exception:
        # A mail server that is down never undoes (or breaks) the work the mail is about.
        log.exception("mail: could not send %r to %d recipient(s)", subject, len(recipients))


def mail_to_address(*, address: str, subject: str, body: str) -> None:
    """One mail now, to an address no account has yet (a guest's, before their games are kept)."""
    _send([address], subject, body)


def mail_after_commit(*, to: Iterable[User], subject: str, body: str, team: bool = False) -> None:
    """Send one mail to each member once the transaction commits; team mails respect the opt-out."""
    recipients = sorted({u.email for u in to if u.email and u.is_active and (not team or u.team_mail)})
    if not recipients:
        return
    for address in recipients:
        transaction.on_commit(lambda a=address: _send([a], subject, body), robust=True)


@dataclass(frozen=True)
class PublicSite:
    """What allauth's templates call `current_site`, named from settings instead of the request."""

    name: str
    domain: str


class PublicSiteMail:
    """Mixed into allauth's adapter (accounts/adapter.py): its mails' links and the site's name from
    DJANGO_SITE_URL, never from Host."""

    def format_email_subject(self, subject: str) -> str:
        return f"[{settings.SITE_NAME}] {subject}"

    def get_reset_password_from_key_url(self, key: str) -> str:
        return rebase(super().get_reset_password_from_key_url(key))

    def get_email_confirmation_url(self, request: Any, emailconfirmation: Any) -> str:
        return rebase(super().get_email_confirmation_url(request, emailconfirmation))

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        # The other links (sign up, reset) are built by allauth's flows from the request: rebased here.
        context = {
            key: rebase(value)
            if isinstance(value, str) and value.startswith(("http://", "https://"))
            else value
            for key, value in context.items()
        }
        context["current_site"] = PublicSite(name=settings.SITE_NAME, domain=site_domain())
        super().send_mail(template_prefix, email, context)
