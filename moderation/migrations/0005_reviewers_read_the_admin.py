"""Reviewers read cases, flags, decisions and appeals in the admin (view only), as operations.md says."""

from __future__ import annotations

from django.contrib.auth.management import create_permissions
from django.db import migrations

VIEW = ["view_case", "view_flag", "view_decision", "view_appeal"]


def forwards(apps, schema_editor):
    app_config = apps.get_app_config("moderation")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Reviewers")
    group.permissions.add(*Permission.objects.filter(content_type__app_label="moderation", codename__in=VIEW))


def backwards(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for group in Group.objects.filter(name="Reviewers"):
        group.permissions.remove(
            *Permission.objects.filter(content_type__app_label="moderation", codename__in=VIEW)
        )


class Migration(migrations.Migration):
    dependencies = [("moderation", "0004_restriction_state_from_decisions")]

    operations = [migrations.RunPython(forwards, backwards)]
