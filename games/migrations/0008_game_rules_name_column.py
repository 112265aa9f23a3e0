"""``rules_name`` becomes a plain column written with the game, instead of a generated one.

SQLite reads a generated column's value from the row even when an index holds it, so the
leaderboard's count (every finished game of a rule set, per level and player) read each
game's row: about a second on a site of 100,000 games. A plain column is covered by the
index. The check constraint keeps it equal to ``rules["name"]`` whoever writes the row.
"""

import django.db.models.fields.json
import django.db.models.functions.comparison
from django.conf import settings
from django.db import migrations, models

BATCH = 2000


def fill_rules_names(apps, schema_editor):
    """Each stored game's rule set's name, in batches of games (the rest are "standard")."""
    game = apps.get_model("games", "Game")
    named = (
        game.objects.using(schema_editor.connection.alias)
        .filter(rules__has_key="name")
        .exclude(rules__name="standard")
        .order_by("pk")
    )
    last = None
    while True:
        batch = named.filter(pk__gt=last) if last is not None else named
        rows = list(batch.values_list("pk", "rules")[:BATCH])
        if not rows:
            return
        by_name: dict[str, list] = {}
        for pk, rules in rows:
            name = rules.get("name")
            if isinstance(name, str):
                by_name.setdefault(name, []).append(pk)
        for name, pks in by_name.items():
            game.objects.using(schema_editor.connection.alias).filter(pk__in=pks).update(
                rules_name=name
            )
        last = rows[-1][0]


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_coach_hint_and_analysis"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(model_name="game", name="game_owner_figures"),
        migrations.RemoveIndex(model_name="game", name="game_level_owner"),
        migrations.RemoveField(model_name="game", name="rules_name"),
        migrations.AddField(
            model_name="game",
            name="rules_name",
            field=models.CharField(default="standard", editable=False, max_length=40),
        ),
        migrations.RunPython(fill_rules_names, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    (
                        "rules_name",
                        django.db.models.functions.comparison.Coalesce(
                            django.db.models.fields.json.KeyTextTransform("name", "rules"),
                            models.Value("standard"),
                            output_field=models.CharField(),
                        ),
                    )
                ),
                name="game_rules_name_is_its_rules",
            ),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                fields=[
                    "owner",
                    "status",
                    "rules_name",
                    "level",
                    "finished_at",
                    "id",
                    "shots_fired",
                    "shots_hit",
                    "computer_shots",
                    "ships_lost",
                    "play_seconds",
                    "opening_cells",
                    "hinted",
                ],
                name="game_owner_figures",
            ),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                fields=["rules_name", "level", "owner", "status", "hinted"],
                name="game_rules_level_owner",
            ),
        ),
    ]
