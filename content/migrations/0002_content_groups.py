"""The two review groups: editors write and submit, approvers approve or ask for changes."""

from __future__ import annotations

from django.contrib.auth.management import create_permissions
from django.db import migrations

EDITORS = "Content editors"
APPROVERS = "Content approvers"

GROUP_PERMISSIONS = {
    EDITORS: [
        "view_deck",
        "add_story",
        "change_story",
        "view_story",
        "submit_story",
        "add_card",
        "change_card",
        "view_card",
        "submit_card",
        "view_decision",
    ],
    APPROVERS: [
        "view_deck",
        "view_story",
        "approve_story",
        "view_card",
        "approve_card",
        "view_decision",
    ],
}


def create_groups(apps, schema_editor):
    # Permissions are normally made after all migrations; the groups need them now.
    app_config = apps.get_app_config("content")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in GROUP_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=name)
        group.permissions.add(
            *Permission.objects.filter(content_type__app_label="content", codename__in=codenames)
        )


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=GROUP_PERMISSIONS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("content", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_groups, remove_groups)]
