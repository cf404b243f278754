"""The content team's groups may translate (issue 42): editors write and submit translations,
approvers approve them or ask for changes, as with stories and cards."""

from __future__ import annotations

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP_PERMISSIONS = {
    "Content editors": ["add_translation", "change_translation", "view_translation", "submit_translation"],
    "Content approvers": ["view_translation", "approve_translation"],
}


def forwards(apps, schema_editor):
    # Permissions are normally made after all migrations; the groups need them now.
    app_config = apps.get_app_config("content")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in GROUP_PERMISSIONS.items():
        for group in Group.objects.filter(name=name):
            group.permissions.add(
                *Permission.objects.filter(content_type__app_label="content", codename__in=codenames)
            )


def backwards(apps, schema_editor):
    Permission = apps.get_model("auth", "Permission")
    Permission.objects.filter(content_type__app_label="content", codename__endswith="_translation").delete()


class Migration(migrations.Migration):
    dependencies = [("content", "0007_translations")]

    operations = [migrations.RunPython(forwards, backwards)]
