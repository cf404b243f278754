import time

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# Reminders are counted in days: the clock's ten-minute sweep looks for them once an hour at most
# in each process (several processes are fine: each reminder is claimed by one row update).
REMINDERS_EVERY_SECONDS = 3600
_reminded_at = [float("-inf")]


class VersesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "verses"
    verbose_name = _("Verses")

    def ready(self) -> None:
        from accounts.family import forgetting_member
        from game.services.clock import clock_swept
        from game.signals import choosing_words, move_recorded
        from verses import at_table

        clock_swept.connect(_sweep, dispatch_uid="verses.send_due_reminders")
        # R44 at the deal, and what each member met and answered after each move (verses/at_table.py).
        choosing_words.connect(at_table.words_to_ask, dispatch_uid="verses.words_to_ask")
        move_recorded.connect(at_table.move_recorded, dispatch_uid="verses.move_recorded")
        forgetting_member.connect(_forget, dispatch_uid="verses.forget_a_members_verses")


def _sweep(sender: object, **kwargs: object) -> None:
    now = time.monotonic()
    if now - _reminded_at[0] < REMINDERS_EVERY_SECONDS:
        return
    _reminded_at[0] = now
    from verses.reminders import send_due_reminders

    send_due_reminders()


def _forget(sender: object, *, user: object, **kwargs: object) -> None:
    """Inside the deleting transaction: a member's verses go with their account, also when the row
    stays behind for its games ("a former member"): the cards with their meetings and reviews, the
    reminder, and any verse of the week they set."""
    from verses.models import Reminder, VerseCard, WeeklyVerse

    VerseCard.objects.filter(member=user).delete()
    Reminder.objects.filter(member=user).delete()
    WeeklyVerse.objects.filter(set_by=user).delete()
