"""Send one notice the ways its member chose: by push to each of their browsers, by mail, both or
neither (notices/push.py, notices/mail.py). Who is told what, and when, is the game's business
(game/services/turn_notices.py); this only carries it."""

from __future__ import annotations

from django.utils import timezone

from notices import mail, push
from notices.models import Notice, NoticePreference
from notices.telling import Telling


def deliver(notice: Notice, telling: Telling, *, may_mail: bool = True) -> Notice:
    """Send `notice` now and record how it went; a channel that fails sends nothing and says so
    in the log (push and mail never raise). `may_mail=False` sends it by push alone (its turn had
    its mail already)."""
    preference = NoticePreference.objects.filter(user_id=notice.user_id).first()
    notice.mailed = False
    if preference is not None:
        if preference.by_push:
            notice.pushed = push.send(notice.user, telling)
        if preference.by_mail and may_mail:
            notice.mailed = mail.send(notice.user, telling)
    notice.sent_at = timezone.now()
    notice.save(update_fields=["pushed", "mailed", "sent_at"])
    return notice
