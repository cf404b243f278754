import time

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# Reminders are counted in days: the clock's ten-minute sweep looks for them once an hour at most
# in each process (several processes are fine: each reminder is claimed by one row update).
REMINDERS_EVERY_SECONDS = 3600


class VersesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "verses"
    verbose_name = _("Verses")
    # When this process last looked for due reminders (time.monotonic()).
    reminded_at = float("-inf")

    def ready(self) -> None:
        from accounts.family import forgetting_member
        from game.services.clock import clock_swept
        from game.signals import choosing_words, move_recorded
        from verses import at_table

        clock_swept.connect(self.sweep, dispatch_uid="verses.send_due_reminders")
        # R44 at the deal, and what each member met and answered after each move (verses/at_table.py).
        choosing_words.connect(at_table.words_to_ask, dispatch_uid="verses.words_to_ask")
        move_recorded.connect(at_table.move_recorded, dispatch_uid="verses.move_recorded")
        forgetting_member.connect(_forget, dispatch_uid="verses.forget_a_members_verses")

    def sweep(self, sender: object, **kwargs: object) -> None:
        """After each clock sweep: look for due reminders, once an hour at most."""
        now = time.monotonic()
        if now - self.reminded_at < REMINDERS_EVERY_SECONDS:
            return
        self.reminded_at = now
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
