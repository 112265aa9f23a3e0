"""The terminal game's command line: ``python -m battleship``, the ``battleship`` script and
``manage.py play`` (a thin wrapper) run ``main()``, whose exit codes are ``EXIT_*``. It needs
no Django: no settings, no database."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from battleship.classic.ai import LEVELS
from battleship.classic.variants import VARIANTS, rule_set
from battleship.sector.ai import LEVELS as SECTOR_LEVELS
from battleship.terminal import classic, sector
from battleship.terminal.console import wants_colour

# -- the command line ---------------------------------------------------------------------

EXIT_OK = 0
"""The game ran: finished (won, lost, resigned) or left with quit or Ctrl-D."""
EXIT_ERROR = 1
"""The game could not go on: its output was closed (``| head``, say)."""
EXIT_USAGE = 2
"""Bad usage: an unknown option, a level that does not exist, options that do not go together."""
EXIT_INTERRUPTED = 130
"""Interrupted with Ctrl-C (128 + SIGINT, as shells report it)."""

EXIT_CODES = f"""exit status:
  {EXIT_OK}    the game ran: finished (won, lost or resigned), or left with quit or Ctrl-D
  {EXIT_ERROR}    the output was closed before the game ended
  {EXIT_USAGE}    bad usage
  {EXIT_INTERRUPTED}  interrupted (Ctrl-C)"""


class UsageError(ValueError):
    """Options that cannot be played: a level that does not exist, or options that do not
    go together (each one only means something with or without ``--watch``)."""


def add_options(parser: argparse.ArgumentParser) -> None:
    """The game's options: for ``python -m battleship`` and ``manage.py play`` alike."""
    levels = ", ".join(f"{info.level} {info.name}" for info in LEVELS)
    parser.add_argument(
        "--level", type=int, default=3, help=f"the computer to play (default 3): {levels}"
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
    parser.add_argument(
        "--mode",
        choices=["classic", "sector"],
        default="classic",
        help="classic Battleship (default) or the game of sixteen sectors (levels 1 Deckhand, "
        "2 Gunner, 3 Admiral)",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="line by line instead of full screen (so it is when not on a terminal, with "
        "NO_COLOR set, with --manual or --watch)",
    )


def check_options(options: dict[str, Any]) -> None:
    """``UsageError`` for options that cannot be played; nothing has started yet."""
    sector = options.get("mode") == "sector"
    if sector and options["rules"] != "standard":
        raise UsageError("--rules is for the classic game: the sector game has its own")
    known = [info.level for info in (SECTOR_LEVELS if sector else LEVELS)]
    for value in (options["level"], options.get("vs")):
        if value is not None and value not in known:
            raise UsageError(f"there is no level {value}: choose one of {known}")
    if not options["watch"]:
        for option in ("vs", "all"):
            if options.get(option) not in (None, False):
                raise UsageError(f"--{option} is for --watch: " + _WATCH_ONLY[option])
    elif options.get("manual"):
        raise UsageError("--manual is for playing: when watching, the computers place their own")


_WATCH_ONLY = {
    "vs": "the second computer player's level",
    "all": "it watches to the end without pausing",
}


def run(options: dict[str, Any], stdin: TextIO, stdout: TextIO, colour: bool | None) -> str:
    """Play or watch as ``options`` say (checked with ``check_options`` first)."""
    chosen: dict[str, Any] = {"level": options["level"], "seed": options["seed"], "colour": colour}
    if options.get("mode") == "sector":  # one set of rules: the sector game's own
        front: Any = sector
    else:
        front, chosen["rules"] = classic, rule_set(options["rules"])
    if options["watch"]:
        vs = options["vs"] if options.get("vs") is not None else options["level"]
        return str(front.watch(stdin, stdout, vs=vs, step=not options["all"], **chosen))
    return str(front.play(stdin, stdout, manual=options["manual"], **chosen))


def parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The command line of ``python -m battleship``: the game's options and no others."""
    parser = argparse.ArgumentParser(
        # Run as a module, argv[0] is terminal.py's path; as the installed script, its name.
        prog=prog or ("python -m battleship" if sys.argv[0].endswith(".py") else None),
        description="Play Battleship against the computer in the terminal (fire with cells "
        "like B7), or watch two computer players with --watch.",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_options(parser)
    colour = parser.add_mutually_exclusive_group()
    colour.add_argument("--no-color", action="store_true", help="never colour the boards")
    colour.add_argument(
        "--force-color", action="store_true", help="colour the boards even when not a terminal"
    )
    return parser


def _full_screen(options: dict[str, Any], stdin: TextIO, stdout: TextIO) -> bool:
    """Whether to open the full-screen game: a person at a terminal (both ends of it),
    colour wanted, nothing asked that only the line-by-line game does, and Textual there."""
    if options["plain"] or options["watch"] or options["manual"] or options["no_color"]:
        return False
    if options.get("mode") == "sector":  # the full-screen game is the classic one only
        return False
    if stdin is not sys.stdin or stdout is not sys.stdout:
        return False
    if not (stdin.isatty() and wants_colour(stdout)):
        return False
    try:
        import textual  # noqa: F401  (an optional dependency of an installed package)
    except ImportError:
        return False
    return True


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    prog: str | None = None,
) -> int:
    """Run the terminal game from the command line; returns the exit status (``EXIT_*``).

    Needs no Django settings: no secret key, no database.
    """
    command = parser(prog)
    options = vars(command.parse_args(argv))  # exits 2 itself for unknown options
    try:
        check_options(options)
    except UsageError as error:
        command.error(str(error))  # the usage line and the message on stderr, exit 2
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    colour = False if options["no_color"] else (True if options["force_color"] else None)
    if _full_screen(options, stdin, out):
        from battleship.terminal.fullscreen import BattleshipApp

        # The menu first, unless a seed asks to replay one game.
        seed = options["seed"]
        BattleshipApp(
            rules=options["rules"], level=options["level"], seed=seed, menu=seed is None
        ).run()
        return EXIT_OK
    try:
        result = run(options, stdin, out, colour)
    except BrokenPipeError:
        # Whoever read the output has gone (``| head -3``): stop quietly. Python would try
        # to flush standard output again on the way out and complain; point it elsewhere.
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_ERROR
    return EXIT_INTERRUPTED if result == "interrupted" else EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
