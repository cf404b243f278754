"""content.Decision becomes ReviewStep: moderation's Decision is about accounts, this is a review's step."""

from __future__ import annotations

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("content", "0002_content_groups")]

    operations = [migrations.RenameModel("Decision", "ReviewStep")]
