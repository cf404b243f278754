"""Each table gets a long secret for its QR code and share link; existing tables get one each."""

from django.db import migrations, models

import game.models


def give_tokens(apps, schema_editor):
    Table = apps.get_model("game", "Table")
    for table in Table.objects.filter(invite_token__isnull=True).only("pk").iterator():
        Table.objects.filter(pk=table.pk).update(invite_token=game.models.new_invite_token())


class Migration(migrations.Migration):
    dependencies = [("game", "0004_table_options")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="invite_token",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.RunPython(give_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="table",
            name="invite_token",
            field=models.CharField(
                default=game.models.new_invite_token, editable=False, max_length=32, unique=True
            ),
        ),
    ]
