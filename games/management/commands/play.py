"""``python manage.py play``: Battleship against the computer in the terminal, or watch two.

A thin wrapper: the game itself is ``battleship.terminal``, which tests drive directly. From the
command line ``manage.py play`` runs ``battleship.terminal.cli.main`` before Django is set up (see
``manage.py``), so it needs no web settings; this command is what ``call_command("play")``
runs, with the same options and checks.
"""

from __future__ import annotations

import sys
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from battleship.terminal import cli


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
        cli.add_options(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            cli.check_options(options)
        except cli.UsageError as error:
            raise CommandError(str(error), returncode=cli.EXIT_USAGE) from None
        stdin = options.get("stdin") or sys.stdin
        # Prompts end without a newline: the wrapper must not add one.
        self.stdout.ending = ""
        out: Any = self.stdout
        colour: bool | None = None
        if options.get("no_color"):
            colour = False
        elif options.get("force_color"):
            colour = True
        cli.run(options, stdin, out, colour)
