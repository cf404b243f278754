"""Issue 46: notices that never lie. The push wish becomes having a device set up, so the
`by_push` box goes; devices get a name, and a nudge remembers who asked.

Safe while the release before still serves (docs/operations.md, "Upgrading"): the new columns are
nullable (`asked_by`) or have a default in the database (`device`), so the old code's inserts
still work; `by_push` leaves the model but stays in the database, nullable now, so the old code
can still read and write it while new rows leave it empty. The release after drops it.

Existing choices are reconciled so that nobody starts getting pushes they had said no to: a member
whose saved choice said "no notification" after a browser of theirs had subscribed loses that
subscription (the later act wins). A browser subscribed by the button alone, or after the last
save, is kept: its member tapped "Tell me when it's my turn" on it. A member who ticked the box
with no browser set up keeps no push, and the settings page now says so."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def drop_subscriptions_said_no_to(apps, schema_editor):
    NoticePreference = apps.get_model("notices", "NoticePreference")
    PushSubscription = apps.get_model("notices", "PushSubscription")
    for preference in NoticePreference.objects.filter(by_push=False).iterator():
        PushSubscription.objects.filter(
            user_id=preference.user_id, created_at__lt=preference.updated_at
        ).delete()


def box_from_subscriptions(apps, schema_editor):
    """Backwards: the box reads as ticked for exactly the members with a device set up."""
    NoticePreference = apps.get_model("notices", "NoticePreference")
    PushSubscription = apps.get_model("notices", "PushSubscription")
    with_devices = PushSubscription.objects.values_list("user_id", flat=True)
    NoticePreference.objects.update(by_push=False)
    NoticePreference.objects.filter(user_id__in=with_devices).update(by_push=True)


class Migration(migrations.Migration):
    dependencies = [
        ("notices", "0002_one_turn_mail_per_turn"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="pushsubscription",
            name="device",
            field=models.CharField(blank=True, db_default="", default="", max_length=60),
        ),
        migrations.AddField(
            model_name="notice",
            name="asked_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.RunPython(drop_subscriptions_said_no_to, box_from_subscriptions),
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterField(
                    model_name="noticepreference",
                    name="by_push",
                    field=models.BooleanField(default=False, null=True),
                ),
            ],
            state_operations=[
                migrations.RemoveField(model_name="noticepreference", name="by_push"),
            ],
        ),
    ]
