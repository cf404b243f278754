"""Every existing card and story gets its first revision; the groups read the renamed review log."""

from __future__ import annotations

from django.contrib.auth.management import create_permissions
from django.db import migrations
from django.utils import timezone

GROUPS = ("Content editors", "Content approvers")
CARD_FIELDS = ("story_id", "kind", "title", "description", "reference", "verse_text")
STORY_FIELDS = ("deck_id", "position", "title", "summary")


def _first_revisions(apps, model_name: str, fields: tuple[str, ...], about: str) -> None:
    Model = apps.get_model("content", model_name)
    Historical = apps.get_model("content", f"Historical{model_name}")
    ReviewStep = apps.get_model("content", "ReviewStep")
    now = timezone.now()
    for obj in Model.objects.exclude(pk__in=Historical.objects.values("id")).iterator():
        record = Historical.objects.create(
            id=obj.pk,
            history_date=now,
            history_type="+",
            **{f: getattr(obj, f) for f in fields},
        )
        if obj.status == "approved":
            # What is approved today is what was approved: edits always reopened it.
            step = (
                ReviewStep.objects.filter(**{about: obj}, action__in=["approved", "loaded"])
                .order_by("-at", "-pk")
                .first()
            )
            if step is not None:
                step.revision = record.history_id
                step.save(update_fields=["revision"])


def forwards(apps, schema_editor):
    _first_revisions(apps, "Card", CARD_FIELDS, "card")
    _first_revisions(apps, "Story", STORY_FIELDS, "story")
    app_config = apps.get_app_config("content")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    view = Permission.objects.filter(content_type__app_label="content", codename="view_reviewstep")
    for group in Group.objects.filter(name__in=GROUPS):
        group.permissions.add(*view)


class Migration(migrations.Migration):
    dependencies = [("content", "0004_revisions")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
