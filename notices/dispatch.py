"""Send one notice every way its member is told: by push to each phone or computer they set up,
and by mail if they chose it (notices/push.py, notices/mail.py, notices/reach.py). Who is told
what, and when, is the game's business (game/services/turn_notices.py); this only carries it."""

from __future__ import annotations

from django.utils import timezone

from notices import mail, push
from notices.models import Notice, NoticePreference
from notices.telling import Telling


def deliver(notice: Notice, telling: Telling, *, may_mail: bool = True) -> Notice:
    """Send `notice` now and record how it went; a channel that fails sends nothing and says so
    in the log (push and mail never raise). `may_mail=False` sends it by push alone (its turn had
    its mail already)."""
    # Every device of theirs: having one set up is the wish, so there is no box to disagree with.
    notice.pushed = push.send(notice.user, telling)
    notice.mailed = False
    if may_mail and NoticePreference.objects.filter(user_id=notice.user_id, by_mail=True).exists():
        notice.mailed = mail.send(notice.user, telling)
    notice.sent_at = timezone.now()
    notice.save(update_fields=["pushed", "mailed", "sent_at"])
    return notice
