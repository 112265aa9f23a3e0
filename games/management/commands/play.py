"""``python manage.py play``: Battleship against the computer in the terminal, or watch two.

A thin wrapper: the game itself is ``games.terminal``, which tests drive directly.
"""

from __future__ import annotations

import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import sector_terminal, terminal
from games.ai import LEVELS
from games.sector.ai import LEVELS as SECTOR_LEVELS
from games.variants import VARIANTS, rule_set


class Command(BaseCommand):
    help = (
        "Play Battleship against the computer in the terminal (fire with cells like B7), "
        "or watch two computer players with --watch."
    )
    # The game reads its answers from here; call_command(..., stdin=io.StringIO(...)) in tests.
    stealth_options = ("stdin",)
    # A terminal game needs no database, so no system checks before it starts.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        levels = ", ".join(f"{info.level} {info.name}" for info in LEVELS)
        sector = ", ".join(f"{info.level} {info.name}" for info in SECTOR_LEVELS)
        parser.add_argument(
            "--level",
            type=int,
            default=3,
            help=f"the computer to play (default 3): {levels}; in sector mode {sector}",
        )
        parser.add_argument(
            "--mode",
            choices=["classic", "sector"],
            default="classic",
            help="classic Battleship (default) or the sector game of rules/003",
        )
        parser.add_argument("--seed", type=int, help="replay a game: the seed it printed")
        parser.add_argument("--rules", choices=list(VARIANTS), default="standard")
        parser.add_argument(
            "--manual", action="store_true", help="place your fleet by hand (default: at random)"
        )
        parser.add_argument(
            "--watch", action="store_true", help="watch --level play --vs, shot by shot"
        )
        parser.add_argument("--vs", type=int, help="with --watch: the second computer's level")
        parser.add_argument(
            "--all", action="store_true", help="with --watch: play to the end without pausing"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        sector = options["mode"] == "sector"
        known = [info.level for info in (SECTOR_LEVELS if sector else LEVELS)]
        level = options["level"]
        vs = options["vs"] if options["vs"] is not None else level
        for value in (level, vs):
            if value not in known:
                raise CommandError(f"there is no level {value}: choose one of {known}")
        if options["vs"] is not None and not options["watch"]:
            raise CommandError("--vs is for --watch: the second computer player's level")
        stdin = options.get("stdin") or sys.stdin
        # Prompts end without a newline: the wrapper must not add one.
        self.stdout.ending = ""
        out: Any = self.stdout
        colour: bool | None = None
        if options.get("no_color"):
            colour = False
        elif options.get("force_color"):
            colour = True
        if sector:
            if options["rules"] != "standard":
                raise CommandError("--rules is for the classic game: the sector game has its own")
            if options["watch"]:
                sector_terminal.watch(
                    stdin,
                    out,
                    level=level,
                    vs=vs,
                    seed=options["seed"],
                    step=not options["all"],
                    colour=colour,
                )
            else:
                sector_terminal.play(
                    stdin,
                    out,
                    level=level,
                    seed=options["seed"],
                    manual=options["manual"],
                    colour=colour,
                )
            return
        rules = rule_set(options["rules"])
        if options["watch"]:
            terminal.watch(
                stdin,
                out,
                level=level,
                vs=vs,
                seed=options["seed"],
                rules=rules,
                step=not options["all"],
                colour=colour,
            )
        else:
            terminal.play(
                stdin,
                out,
                level=level,
                seed=options["seed"],
                rules=rules,
                manual=options["manual"],
                colour=colour,
            )
