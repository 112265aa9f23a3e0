"""``python manage.py bench_ai``: how strong and how fast the computer players are."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from battleship.classic.ai import LEVELS
from battleship.classic.ai.benchmark import (
    compare_placement,
    fleets_from_json,
    format_placement,
    format_table,
    measure,
    random_fleets,
)
from battleship.classic.variants import VARIANTS


class Command(BaseCommand):
    help = (
        "Play a computer level against many fleets and print shots to sink the fleet "
        "(mean, median, p95, max) and time per move (mean, p99)."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--level", type=int, choices=[i.level for i in LEVELS])
        which.add_argument("--all", action="store_true", help="every level on the same fleets")
        which.add_argument(
            "--placement",
            action="store_true",
            help="Captain and Admiral against uniform fleets vs the level-4/5 placement",
        )
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--layouts", type=Path, help="a JSON list of fleets to fire at")
        parser.add_argument("--rules", choices=sorted(VARIANTS), default="standard")
        parser.add_argument("--json", action="store_true", help="print JSON instead of a table")

    def handle(self, *args: Any, **options: Any) -> None:
        rules = VARIANTS[options["rules"]]()
        games, seed = options["games"], options["seed"]
        if games < 1:
            raise CommandError("--games must be at least 1")
        if options["placement"]:
            comparisons = compare_placement(games, seed, rules)
            if options["json"]:
                data = [
                    {
                        "hunter": c.hunter,
                        "uniform": c.uniform.to_dict(),
                        "hard": c.hard.to_dict(),
                        "difference": c.difference,
                    }
                    for c in comparisons
                ]
                self.stdout.write(json.dumps(data, indent=2))
            else:
                self.stdout.write(format_placement(comparisons))
            return
        if options["layouts"]:
            try:
                fleets = fleets_from_json(options["layouts"].read_text(), rules)[:games]
            except (OSError, ValueError) as error:
                raise CommandError(f"cannot read {options['layouts']}: {error}") from error
        else:
            fleets = random_fleets(rules, games, seed)
        levels = [i.level for i in LEVELS] if options["all"] else [options["level"]]
        results = []
        for level in levels:
            results.append(measure(level, fleets, rules, seed))
        if options["json"]:
            self.stdout.write(json.dumps([r.to_dict() for r in results], indent=2))
        else:
            self.stdout.write(format_table(results))
