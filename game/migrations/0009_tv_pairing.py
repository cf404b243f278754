"""A TV that pairs (issue 46): the short codes a TV shows at /tv/, kept as hashes only.

A new table with nothing in it yet: no row of any other table changes, so it is safe to apply
while the site runs.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0008_watch_requests_and_screen_makers"),
    ]

    operations = [
        migrations.CreateModel(
            name="TvPairing",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("code_hash", models.CharField(db_index=True, max_length=64)),
                ("screen_hash", models.CharField(max_length=64, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("expires_at", models.DateTimeField(db_index=True)),
                ("paired_at", models.DateTimeField(blank=True, null=True)),
                (
                    "screen",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="pairing",
                        to="game.tablescreen",
                    ),
                ),
            ],
        ),
    ]
