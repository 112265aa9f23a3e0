"""``python manage.py bench_pair``: two levels on the same fleets with the same player seeds.

Fleet by fleet, the second level's shots minus the first's: the mean of that difference and
its standard error tell two close levels apart with far fewer games than comparing two
separate means (``bench_ai`` prints those).
"""

from __future__ import annotations

import json
import math
import statistics
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from battleship.classic.ai import LEVELS, get_player
from battleship.classic.ai.benchmark import percentile, play, random_fleets
from battleship.classic.variants import VARIANTS


class Command(BaseCommand):
    help = (
        "Play two levels on the same random fleets, each fleet with the same player seed, "
        "and print the mean per-fleet difference in shots with its standard error."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--levels", default="4,5", help="two levels, e.g. 4,5 (default)")
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--rules", choices=sorted(VARIANTS), default="standard")
        parser.add_argument("--json", action="store_true", help="also print every fleet's shots")

    def handle(self, *args: Any, **options: Any) -> None:
        known = {info.level for info in LEVELS}
        try:
            first, second = (int(part) for part in options["levels"].split(","))
        except ValueError as error:
            raise CommandError("--levels takes two levels, e.g. 4,5") from error
        if not {first, second} <= known:
            raise CommandError(f"--levels must be among {sorted(known)}")
        games, seed = options["games"], options["seed"]
        if games < 2:
            raise CommandError("--games must be at least 2")
        rules = VARIANTS[options["rules"]]()
        shots: dict[int, list[int]] = {first: [], second: []}
        seconds: list[float] = []
        # The seeds are those of ``bench_ai``: its means for these levels are these means.
        for number, fleet in enumerate(random_fleets(rules, games, seed)):
            for level in (first, second):
                record = play(get_player(level, seed + number), rules, fleet)
                shots[level].append(len(record.shots))
                if level == second:
                    seconds.extend(record.move_seconds)
        differences = [b - a for a, b in zip(shots[first], shots[second], strict=True)]
        summary = {
            "rules": options["rules"],
            "games": games,
            "seed": seed,
            "means": {str(level): statistics.fmean(shots[level]) for level in (first, second)},
            "difference": statistics.fmean(differences),
            "standard_error": statistics.stdev(differences) / math.sqrt(games),
            "second_move_ms_p99": percentile(seconds, 0.99) * 1000,
        }
        if options["json"]:
            summary["shots"] = {str(level): shots[level] for level in (first, second)}
            self.stdout.write(json.dumps(summary))
            return
        self.stdout.write(
            f"{options['rules']}, {games} fleets, seed {seed}: level {first} "
            f"{summary['means'][str(first)]:.2f}, level {second} "
            f"{summary['means'][str(second)]:.2f} shots; {second} - {first} per fleet "
            f"{summary['difference']:+.2f} +- {summary['standard_error']:.2f}; "
            f"level {second} move p99 {summary['second_move_ms_p99']:.1f} ms"
        )
