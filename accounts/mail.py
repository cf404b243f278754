"""Mails to members and to the team: sent once the change they tell about has committed."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction

from accounts.models import User

log = logging.getLogger(__name__)


def _send(recipients: list[str], subject: str, body: str) -> None:
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, recipients)
    except Exception:
        # A mail server that is down never undoes (or breaks) the work the mail is about.
        log.exception("mail: could not send %r to %d recipient(s)", subject, len(recipients))


def mail_after_commit(*, to: Iterable[User], subject: str, body: str, team: bool = False) -> None:
    """Send one mail to each member once the transaction commits; team mails respect the opt-out."""
    recipients = sorted({u.email for u in to if u.email and u.is_active and (not team or u.team_mail)})
    if not recipients:
        return
    for address in recipients:
        transaction.on_commit(lambda a=address: _send([a], subject, body), robust=True)
