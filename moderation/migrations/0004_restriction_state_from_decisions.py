"""Each member's restriction columns are filled from the decisions already recorded."""

from __future__ import annotations

from django.db import migrations
from django.db.models import Q
from django.utils import timezone


def forwards(apps, schema_editor):
    Decision = apps.get_model("moderation", "Decision")
    User = apps.get_model("accounts", "User")
    now = timezone.now()
    running = Decision.objects.filter(
        Q(action="ban") | Q(action="suspension", ends_at__gt=now), reversal__isnull=True
    )
    for user_id in running.values_list("user_id", flat=True).distinct():
        mine = running.filter(user_id=user_id)
        if mine.filter(action="ban").exists():
            User.objects.filter(pk=user_id).update(restriction_kind="ban", restricted_until=None)
        else:
            until = mine.order_by("-ends_at").values_list("ends_at", flat=True).first()
            User.objects.filter(pk=user_id).update(restriction_kind="suspension", restricted_until=until)


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0003_per_account_decisions"),
        ("accounts", "0003_restriction_state_and_team_mail"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
