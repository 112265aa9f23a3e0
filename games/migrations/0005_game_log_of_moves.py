"""A game row holds its moves (a typed, append-only log) instead of a text of cells.

Every started game's row already holds its whole replay (0003 filled them; code since
writes them whole), and this migration proves it before relying on it: a started row
whose cells do not account for its moves, or that lacks its fleets, stops the migration
with the games named, rather than being rebuilt from other tables by the site at run time.
Each shot of the old text becomes one move of the log; consecutive shots by the same
player (a Salvo turn) become one volley, as the engine now stores them.
"""

from django.db import migrations, models

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cells_to_log(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Shot = apps.get_model("games", "Shot")
    incomplete = [
        str(game.pk)
        for game in Game.objects.exclude(status="setup").only("pk", "fleets", "cells", "moves")
        if not game.fleets or len(game.cells.split()) != game.moves
    ]
    if incomplete:
        raise RuntimeError(
            "these started games do not hold their whole replay on the row: "
            + ", ".join(incomplete[:20])
        )
    batch = []
    started = Game.objects.exclude(status="setup").only("pk", "cells", "moves", "log")
    for game in started.iterator(chunk_size=500):
        labels = game.cells.split()
        players = list(
            Shot.objects.filter(game_id=game.pk)
            .order_by("sequence")
            .values_list("player", flat=True)
        )
        log, last = [], None
        for label, player in zip(labels, players, strict=True):
            if log and player == last:
                log[-1]["fire"].append(label)
            else:
                log.append({"fire": [label]})
            last = player
        game.log, game.moves = log, len(log)
        batch.append(game)
        if len(batch) == 500:
            Game.objects.bulk_update(batch, ["log", "moves"])
            batch = []
    Game.objects.bulk_update(batch, ["log", "moves"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_game_next_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="log",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text='Every move in order, both sides, as the engine writes it: {"fire": ["E5"]}.',
            ),
        ),
        migrations.RunPython(cells_to_log, migrations.RunPython.noop),
        migrations.RemoveField(model_name="game", name="cells"),
        migrations.AlterField(
            model_name="game",
            name="moves",
            field=models.PositiveIntegerField(
                default=0, help_text="Moves stored so far, both sides: the log's length."
            ),
        ),
        migrations.RemoveConstraint(model_name="shot", name="one_shot_per_cell"),
        migrations.RemoveConstraint(model_name="game", name="game_status_known"),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("status__in", ["setup", "playing", "won", "lost", "resigned", "draw"])
                ),
                name="game_status_known",
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="status",
            field=models.CharField(
                choices=[
                    ("setup", "Placing ships"),
                    ("playing", "In progress"),
                    ("won", "Won"),
                    ("lost", "Lost"),
                    ("resigned", "Resigned"),
                    ("draw", "Draw"),
                ],
                default="setup",
                max_length=10,
            ),
        ),
    ]
