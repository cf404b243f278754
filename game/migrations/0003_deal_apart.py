"""Move what a game was dealt into its own row (game.Deal), and drop the events' game index, which
the (game, seq) constraint's index already covers. Existing games keep their deals, both ways.

Written to touch big tables as little as the databases allow: the index is dropped by name rather
than by a field change (on SQLite that would copy the whole events table), and the dealt columns
become nullable in the migration state only, so that going back can add them before it fills them
(they stay nullable in the database after going back).
"""

import django.db.models.deletion
from django.db import migrations, models

BATCH = 200


def copy_deals(apps, schema_editor):
    Game, Deal = apps.get_model("game", "Game"), apps.get_model("game", "Deal")
    rows = Game.objects.order_by("pk").values_list("pk", "cards", "initial_state").iterator(chunk_size=BATCH)
    batch = []
    for pk, cards, initial_state in rows:
        batch.append(Deal(game_id=pk, cards=cards, initial_state=initial_state))
        if len(batch) == BATCH:
            Deal.objects.bulk_create(batch)
            batch = []
    Deal.objects.bulk_create(batch)


def copy_back(apps, schema_editor):
    Game, Deal = apps.get_model("game", "Game"), apps.get_model("game", "Deal")
    for deal in Deal.objects.iterator(chunk_size=BATCH):
        Game.objects.filter(pk=deal.game_id).update(cards=deal.cards, initial_state=deal.initial_state)


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0002_seat_agent_table_allow_agents_and_more"),
    ]

    operations = [
        migrations.CreateModel(
            name="Deal",
            fields=[
                (
                    "game",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="deal",
                        serialize=False,
                        to="game.game",
                    ),
                ),
                ("cards", models.JSONField(help_text="The deck's card content, copied at the deal.")),
                ("initial_state", models.TextField()),
            ],
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(model_name="game", name="cards", field=models.JSONField(null=True)),
                migrations.AlterField(
                    model_name="game", name="initial_state", field=models.TextField(null=True)
                ),
            ]
        ),
        migrations.RunPython(copy_deals, copy_back),
        migrations.RemoveField(model_name="game", name="cards"),
        migrations.RemoveField(model_name="game", name="initial_state"),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="gameevent",
                    name="game",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="events",
                        to="game.game",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "game_gameevent_game_id_6a662e94"',
                    reverse_sql='CREATE INDEX "game_gameevent_game_id_6a662e94" ON "game_gameevent" ("game_id")',
                ),
            ],
        ),
    ]
