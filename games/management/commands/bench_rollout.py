"""``python manage.py bench_rollout``: the Admiral with and without its rollout search.

Both play the same fleets with the same player seeds (those of ``bench_ai``), so they make
the same shots until the search first picks another cell: fleet by fleet, the searching
Admiral's shots minus the Admiral's, their mean and its standard error, and the CPU time
of the searching Admiral's moves (``battleship.classic.ai.rollout``; the options set its limits).
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from argparse import ArgumentParser
from typing import Any, ClassVar

from django.core.management.base import BaseCommand, CommandError

from battleship.classic import Move, PlayerView
from battleship.classic.ai import rollout, rollout_check
from battleship.classic.ai.admiral import Admiral
from battleship.classic.ai.benchmark import percentile, play, random_fleets
from battleship.classic.variants import VARIANTS


class _Timed(Admiral):
    """The Admiral, recording the CPU time of each move it chooses."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.cpu: list[float] = []

    def choose_move(self, view: PlayerView) -> Move:
        started = time.process_time()
        move = super().choose_move(view)
        self.cpu.append(time.process_time() - started)
        return move


class Command(BaseCommand):
    help = (
        "Play the Admiral with and without its rollout search on the same fleets and player "
        "seeds; print the mean per-fleet difference in shots with its standard error and the "
        "searching Admiral's CPU time per move."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--games", type=int, default=200)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--start", type=int, default=0, help="the first fleet's number")
        parser.add_argument("--rules", choices=sorted(VARIANTS), default="standard")
        parser.add_argument("--afloat", type=int, default=rollout.MAX_AFLOAT)
        parser.add_argument("--last", action="store_true", help="search the last ship too")
        parser.add_argument("--samples", type=int, default=0, help="fleets drawn while hunting")
        parser.add_argument("--first-shots", type=int, default=rollout.FIRST_SHOTS)
        parser.add_argument("--max-fleets", type=int, default=rollout.MAX_FLEETS)
        parser.add_argument("--max-work", type=int, default=rollout.MAX_WORK)
        parser.add_argument("--json", action="store_true", help="also print every fleet's shots")
        parser.add_argument(
            "--check",
            type=int,
            default=0,
            help="instead: play --games with the search and check its N largest claims "
            "position by position (battleship.classic.ai.rollout_check), over --draws fleets each",
        )
        parser.add_argument("--draws", type=int, default=300)

    def handle(self, *args: Any, **options: Any) -> None:
        games, seed, start = options["games"], options["seed"], options["start"]
        if games < 2:
            raise CommandError("--games must be at least 2")
        limits = (options["first_shots"], options["max_fleets"], options["max_work"])
        saved = (rollout.FIRST_SHOTS, rollout.MAX_FLEETS, rollout.MAX_WORK)
        if options["check"]:
            rollout.FIRST_SHOTS, rollout.MAX_FLEETS, rollout.MAX_WORK = limits
            try:
                self._check(options)
            finally:
                rollout.FIRST_SHOTS, rollout.MAX_FLEETS, rollout.MAX_WORK = saved
            return

        class Searching(_Timed):
            rollout_afloat: ClassVar[int] = options["afloat"]
            rollout_last: ClassVar[bool] = options["last"]
            rollout_samples: ClassVar[int] = options["samples"]

        rules = VARIANTS[options["rules"]]()
        plain: list[int] = []
        searching: list[int] = []
        cpu: list[float] = []
        rollout.FIRST_SHOTS, rollout.MAX_FLEETS, rollout.MAX_WORK = limits
        try:
            for number, fleet in enumerate(random_fleets(rules, start + games, seed)[start:]):
                player_seed = seed + start + number
                plain.append(len(play(Admiral(player_seed), rules, fleet).shots))
                player = Searching(player_seed)
                searching.append(len(play(player, rules, fleet).shots))
                cpu.extend(player.cpu)
        finally:
            rollout.FIRST_SHOTS, rollout.MAX_FLEETS, rollout.MAX_WORK = saved
        differences = [b - a for a, b in zip(plain, searching, strict=True)]
        summary: dict[str, Any] = {
            "rules": options["rules"],
            "games": games,
            "seed": seed,
            "start": start,
            "admiral": statistics.fmean(plain),
            "searching": statistics.fmean(searching),
            "difference": statistics.fmean(differences),
            "standard_error": statistics.stdev(differences) / math.sqrt(games),
            "changed": sum(1 for d in differences if d),
            "cpu_ms_mean": statistics.fmean(cpu) * 1000,
            "cpu_ms_p99": percentile(cpu, 0.99) * 1000,
            "cpu_ms_max": max(cpu) * 1000,
        }
        if options["json"]:
            summary["shots"] = {"admiral": plain, "searching": searching}
            self.stdout.write(json.dumps(summary))
            return
        self.stdout.write(
            f"{options['rules']}, fleets {start} to {start + games - 1} of seed {seed}: "
            f"Admiral {summary['admiral']:.2f}, searching {summary['searching']:.2f} shots; "
            f"difference per fleet {summary['difference']:+.2f} +- "
            f"{summary['standard_error']:.2f} ({summary['changed']} fleets changed); "
            f"searching CPU per move {summary['cpu_ms_mean']:.1f} ms mean, "
            f"{summary['cpu_ms_p99']:.0f} ms p99, {summary['cpu_ms_max']:.0f} ms max"
        )

    def _check(self, options: dict[str, Any]) -> None:
        rules = VARIANTS[options["rules"]]()
        games, seed, start = options["games"], options["seed"], options["start"]
        fleets = random_fleets(rules, start + games, seed)[start:]
        found = rollout_check.claims(rules, fleets, seed + start)
        found.sort(key=lambda claim: -claim.claimed)
        self.stdout.write(
            f"{len(found)} claims in {games} games, {sum(c.claimed for c in found) / games:.3f} "
            "shots a game by the search's own model"
        )
        rng = random.Random(f"{seed}:check")
        checked = [
            rollout_check.check(rules, c, options["draws"], rng) for c in found[: options["check"]]
        ]
        for result in checked:
            self.stdout.write(
                f"claimed {result.claim.claimed:.3f}, measured {result.measured:+.3f} "
                f"+- {result.standard_error:.3f}"
            )
        if checked:
            error = math.sqrt(sum(r.standard_error**2 for r in checked))
            self.stdout.write(
                f"mean claimed {statistics.fmean(r.claim.claimed for r in checked):.3f}, "
                f"measured {statistics.fmean(r.measured for r in checked):+.3f} "
                f"+- {error / len(checked):.3f}"
            )
        if checked and len(checked) == len(found):
            # Every claim checked: by the performance difference lemma, the measured gains
            # summed over the searching games are what the search saves a game.
            self.stdout.write(
                f"saved a game, every claim checked: "
                f"{sum(r.measured for r in checked) / games:+.3f} +- {error / games:.3f}"
            )
