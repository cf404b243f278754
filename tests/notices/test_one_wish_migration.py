"""Migration 0003 (issue 46): the push wish becomes having a device set up. Nobody starts getting
pushes they said no to, a device set up by the button alone is kept, and the old column stays
(nullable) for the release before, which still reads it; and back again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.factories import UserFactory

BEFORE = [("notices", "0002_one_turn_mail_per_turn")]
AFTER = [("notices", "0003_one_wish_per_way")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _columns() -> dict[str, bool]:
    """The preference table's columns, and whether each may be NULL."""
    with connection.cursor() as cursor:
        described = connection.introspection.get_table_description(cursor, "notices_noticepreference")
    return {column.name: column.null_ok for column in described}


@pytest.mark.django_db(transaction=True)
def test_devices_said_no_to_go_and_the_rest_stay_and_back_again():
    ticked, unticked_later, button_after_save, button_only, box_only = (UserFactory() for _ in range(5))
    apps = _migrate(BEFORE)
    try:
        Preference = apps.get_model("notices", "NoticePreference")
        Subscription = apps.get_model("notices", "PushSubscription")
        saved_at = timezone.now() - timedelta(days=2)
        for user, by_push in (
            (ticked, True),
            (unticked_later, False),
            (button_after_save, False),
            (box_only, True),
        ):
            Preference.objects.create(user_id=user.pk, by_push=by_push, by_mail=False)
        Preference.objects.update(updated_at=saved_at)
        subscribed = {}
        for n, (user, when) in enumerate(
            [
                (ticked, saved_at - timedelta(days=1)),
                (unticked_later, saved_at - timedelta(days=1)),  # then unticked the box and saved
                (button_after_save, saved_at + timedelta(hours=1)),  # tapped the button after saving
                (button_only, saved_at),  # never saved the form
            ]
        ):
            made = Subscription.objects.create(
                user_id=user.pk, endpoint=f"https://fcm.googleapis.com/fcm/send/m{n}", p256dh="k", auth="a"
            )
            Subscription.objects.filter(pk=made.pk).update(created_at=when)
            subscribed[user.pk] = made.pk

        apps = _migrate(AFTER)
        kept = set(apps.get_model("notices", "PushSubscription").objects.values_list("user_id", flat=True))
        assert kept == {ticked.pk, button_after_save.pk, button_only.pk}
        assert _columns()["by_push"] is True  # still there, for the release before; may be empty now
        assert "device" in {f.name for f in apps.get_model("notices", "PushSubscription")._meta.fields}
        # A new member's choice, saved as this release does, leaves the old column empty.
        apps.get_model("notices", "NoticePreference").objects.create(user_id=UserFactory().pk, by_mail=True)

        apps = _migrate(BEFORE)
        Preference = apps.get_model("notices", "NoticePreference")
        assert set(Preference.objects.filter(by_push=True).values_list("user_id", flat=True)) == {
            ticked.pk,
            button_after_save.pk,
        }
        assert not Preference.objects.filter(by_push__isnull=True).exists()
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
