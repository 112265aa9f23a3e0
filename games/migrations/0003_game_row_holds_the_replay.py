"""A started game's row holds both fleets and every shot's cell: a move reads one row."""

from django.db import migrations, models

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def fill_rows(apps, schema_editor):
    """Games started before this migration: copy their fleets and shots onto the row.

    A few hundred games at a time, so that a database of many games is not read at once.
    """
    Game = apps.get_model("games", "Game")
    started = Game.objects.exclude(status="setup").prefetch_related("ships", "shots")
    batch = []
    for game in started.iterator(chunk_size=500):
        fleets = [[], []]
        for ship in sorted(game.ships.all(), key=lambda s: s.id):
            fleets[ship.player].append(
                {
                    "ship": ship.name,
                    "row": ship.row,
                    "col": ship.col,
                    "orientation": ship.orientation,
                }
            )
        shots = sorted(game.shots.all(), key=lambda s: s.sequence)
        game.fleets = fleets
        game.cells = " ".join(f"{ROW_LETTERS[s.row]}{s.col + 1}" for s in shots)
        batch.append(game)
        if len(batch) == 500:
            Game.objects.bulk_update(batch, ["fleets", "cells"])
            batch = []
    Game.objects.bulk_update(batch, ["fleets", "cells"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_statistics_indexes"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="cells",
            field=models.TextField(
                blank=True, help_text='Every shot\'s cell in order, both sides, e.g. "E5 B7 A1".'
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="fleets",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="Both fleets as fixed at the start, person's first, in the fleet-file form.",
            ),
        ),
        migrations.RunPython(fill_rows, migrations.RunPython.noop),
    ]
