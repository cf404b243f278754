"""The Reviewers group, allowed to review cases (seeing emails is a separate permission)."""

from __future__ import annotations

from django.db import migrations

PERMISSIONS = {
    "review_case": "Can review moderation cases and decide them",
    "view_member_email": "Can see a member's email address while reviewing",
}


def create_reviewers(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    # Permissions are normally made after migrations; make them now so the group can hold one.
    case_type, _ = ContentType.objects.get_or_create(app_label="moderation", model="case")
    made = {
        codename: Permission.objects.get_or_create(
            codename=codename, content_type=case_type, defaults={"name": name}
        )[0]
        for codename, name in PERMISSIONS.items()
    }
    group, _ = Group.objects.get_or_create(name="Reviewers")
    group.permissions.add(made["review_case"])


def remove_reviewers(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="Reviewers").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_reviewers, remove_reviewers)]
