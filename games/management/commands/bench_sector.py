"""``python manage.py bench_sector``: how strong and how fast the sector game's computer
players are: a scripted new player against the easiest level (it should win more often
than not), each level against the one below it, and whether the levels above the easiest
make a ladder (each winning 65 to 90 % against the one below)."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from battleship.sector.ai.benchmark import format_table, ladder, ladder_verdict


class Command(BaseCommand):
    help = (
        "Play a scripted new player against the easiest sector-game level, and each level "
        "against the one below, G games with seats alternated, and print each win rate "
        "(with its standard error), whether it is where it should be (the new player: more "
        "than 50 %%; up the ladder: 65 to 90 %%), and the time per move (mean, p99)."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--games", type=int, default=400)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
        parser.add_argument(
            "--check",
            action="store_true",
            help="fail (exit status 1) unless every pair is where it should be",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        games = options["games"]
        if games < 1:
            raise CommandError("--games must be at least 1")
        matches = ladder(games, options["seed"])
        if options["json"]:
            self.stdout.write(json.dumps([m.to_dict() for m in matches], indent=2))
        else:
            self.stdout.write(format_table(matches), ending="")
        if options["check"] and not all(m.on_ladder for m in matches):
            raise CommandError(ladder_verdict(matches))
