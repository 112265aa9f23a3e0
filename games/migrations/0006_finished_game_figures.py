"""Each finished game's own figures on its row, so the statistics add up rows, not shots.

Games finished before this migration get theirs from their shot rows, a batch at a time.
"""

from itertools import groupby

import django.db.models.fields.json
import django.db.models.functions.comparison
from django.conf import settings
from django.db import migrations, models

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
OPENING_SHOTS = 10
BATCH = 500


def fill_figures(apps, schema_editor):
    """Games already finished: their figures from their shots, ``BATCH`` games at a time
    (two queries a batch), so that a database of many games is never read at once."""
    Game = apps.get_model("games", "Game")
    Shot = apps.get_model("games", "Shot")
    finished = Game.objects.filter(status__in=["won", "lost", "resigned", "draw"]).order_by("pk")
    ids = list(finished.values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        shots = (
            Shot.objects.filter(game__in=batch)
            .order_by("game", "sequence")
            .values_list("game", "player", "row", "col", "hit", "sunk")
        )
        games = []
        for game_id, rows in groupby(shots.iterator(), key=lambda shot: shot[0]):
            rows = list(rows)
            mine = [shot for shot in rows if shot[1] == 0]
            theirs = [shot for shot in rows if shot[1] == 1]
            opening = mine[:OPENING_SHOTS]
            games.append(
                Game(
                    pk=game_id,
                    shots_fired=len(mine),
                    shots_hit=sum(1 for shot in mine if shot[4]),
                    computer_shots=len(theirs),
                    ships_lost=sum(1 for shot in theirs if shot[5]),
                    opening_cells=" ".join(f"{ROW_LETTERS[s[2]]}{s[3] + 1}" for s in opening),
                )
            )
        # A game resigned before its first shot has no shot rows: all its figures are 0.
        shot_less = set(batch) - {game.pk for game in games}
        games += [
            Game(pk=pk, shots_fired=0, shots_hit=0, computer_shots=0, ships_lost=0)
            for pk in shot_less
        ]
        Game.objects.bulk_update(
            games, ["shots_fired", "shots_hit", "computer_shots", "ships_lost", "opening_cells"]
        )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_game_log_of_moves"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="computer_shots",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="opening_cells",
            field=models.CharField(
                blank=True, help_text='The person\'s first ten shots, "E5 B7 …".', max_length=40
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="rules_name",
            field=models.GeneratedField(
                db_persist=True,
                expression=django.db.models.functions.comparison.Coalesce(
                    django.db.models.fields.json.KeyTextTransform("name", "rules"),
                    models.Value("standard"),
                    output_field=models.CharField(),
                ),
                output_field=models.CharField(max_length=40),
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="ships_lost",
            field=models.PositiveSmallIntegerField(
                blank=True, help_text="The person's ships the computer sank.", null=True
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="shots_fired",
            field=models.PositiveIntegerField(blank=True, help_text="The person's.", null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="shots_hit",
            field=models.PositiveIntegerField(blank=True, help_text="The person's.", null=True),
        ),
        migrations.RunPython(fill_figures, migrations.RunPython.noop),
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
                ],
                name="game_owner_figures",
            ),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(fields=["level", "owner", "status"], name="game_level_owner"),
        ),
        # No page counts shots any more: the two indexes that served the counts only cost
        # every move their upkeep.
        migrations.RemoveIndex(model_name="shot", name="shot_game_player_hit"),
        migrations.RemoveIndex(model_name="shot", name="shot_game_player_seq"),
    ]
