"""Each finished sector battle's own figures, stored on its row (as a classic game's are,
games 0006), and the indexes the statistics, the history and the leaderboard read.

Battles finished before this migration get theirs from their replay, a batch at a time."""

from typing import Any

from django.conf import settings
from django.db import migrations, models

BATCH = 200


def figures(game: Any) -> dict[str, Any]:
    """A finished battle's figures from its replay, as ``SectorBattle.figures_from`` said
    them when this migration was written (frozen here: a migration must not change with the
    model). A shot is a cell fired at: a single shot one, a barrage three."""
    fired: list[list[Any]] = [[], []]
    hits = lost = 0
    for report in game.reports:
        if report.kind in ("shot", "barrage"):
            fired[report.player].extend(report.cells)
            if report.player == 0 and report.kind == "barrage":
                hits += report.hits or 0
            elif report.player == 0:
                hits += report.result not in (None, "water")
        if report.player == 1:
            lost += len(report.sunk)
    return {
        "shots_fired": len(fired[0]),
        "shots_hit": hits,
        "computer_shots": len(fired[1]),
        "ships_lost": lost,
        "opening_cells": " ".join(str(cell) for cell in fired[0][:10]),
    }


def fill_figures(apps: Any, schema_editor: Any) -> None:
    """Replay each finished battle from its seed, fleets and turns (the rules engine of the
    ``battleship`` library, which replays a stored battle the same in every version) and
    store its figures, ``BATCH`` battles at a time."""
    from battleship.sector import Placement, SectorGame, turn_from_dict

    battles = apps.get_model("sectors", "SectorBattle")
    finished = battles.objects.filter(status__in=["won", "lost", "resigned"], shots_fired=None)
    ids = list(finished.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        for battle in battles.objects.filter(pk__in=ids[start : start + BATCH]):
            fleets = [[Placement.from_dict(p) for p in fleet] for fleet in battle.fleets]
            game = SectorGame.replay(
                battle.seed,
                fleets,
                [turn_from_dict(t) for t in battle.log],
                first_player=0,
                resigned=0 if battle.status == "resigned" else None,
            )
            battles.objects.filter(pk=battle.pk).update(**figures(game))


class Migration(migrations.Migration):
    dependencies = [
        ("sectors", "0001_sector_battle"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="sectorbattle",
            name="computer_shots",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="sectorbattle",
            name="opening_cells",
            field=models.CharField(
                blank=True, help_text='The person\'s first ten shots, "E5 B7 …".', max_length=40
            ),
        ),
        migrations.AddField(
            model_name="sectorbattle",
            name="ships_lost",
            field=models.PositiveSmallIntegerField(
                blank=True, help_text="The person's ships the computer sank.", null=True
            ),
        ),
        migrations.AddField(
            model_name="sectorbattle",
            name="shots_fired",
            field=models.PositiveIntegerField(blank=True, help_text="The person's.", null=True),
        ),
        migrations.AddField(
            model_name="sectorbattle",
            name="shots_hit",
            field=models.PositiveIntegerField(blank=True, help_text="The person's.", null=True),
        ),
        migrations.AddIndex(
            model_name="sectorbattle",
            index=models.Index(
                fields=[
                    "owner",
                    "status",
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
                name="sector_owner_figures",
            ),
        ),
        migrations.AddIndex(
            model_name="sectorbattle",
            index=models.Index(fields=["level", "owner", "status"], name="sector_level_owner"),
        ),
        migrations.RunPython(fill_figures, migrations.RunPython.noop),
    ]
