"""The terminal game: play the computer, or watch two computer players, as lines of text.

Plain Python over injected streams, so that ``python manage.py play`` is a thin wrapper and
tests drive a whole game with ``io.StringIO``. Everything goes through the engine and the
computer players the web site uses, with the same seeds: a game started with ``--seed S``
places the same computer fleet and fires the same computer shots as a web game whose seed
is ``S``. Boards are drawn from a player's ``PlayerView`` (``games.display``), so the
terminal shows exactly what the web page would: never an unsunk enemy ship.

Bad input always gets a message and a new prompt; end of input (Ctrl-D) and Ctrl-C end
the session quietly.

``python -m games.terminal`` (and ``manage.py play``) runs it from the command line without
Django: ``main()`` below, whose exit codes are ``EXIT_*``.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from games.ai import LEVELS, computer_seed, get_player
from games.ai.base import ComputerPlayer
from games.display import Cell, CellState, build_display, sentence
from games.engine import (
    ROW_LETTERS,
    BattleshipGame,
    Board,
    Coordinate,
    GamePhase,
    MoveResult,
    Orientation,
    PlayerView,
    RuleSet,
    ShotsPerTurn,
)
from games.variants import VARIANTS, rule_set

HUMAN, COMPUTER = 0, 1

SYMBOLS = {
    CellState.WATER: ".",
    CellState.UNKNOWN: ".",
    CellState.SHIP: "S",
    CellState.MISS: "o",
    CellState.HIT: "X",
    CellState.SUNK: "#",
}
# ANSI colours, used only on a terminal that wants them (see ``wants_colour``).
COLOURS = {
    CellState.WATER: "2",
    CellState.UNKNOWN: "2",
    CellState.SHIP: "1;32",
    CellState.MISS: "36",
    CellState.HIT: "1;31",
    CellState.SUNK: "1;35",
}
LEGEND = "X hit   o miss   # sunk   S ship   . open water"

HELP = (
    """\
Fire by typing a cell: a row letter and a column number, like B7 (b7 and J10 work too).
  help     show this help
  board    draw the boards again
  resign   give up: the computer wins
  quit     leave without finishing (Ctrl-D does the same)
Symbols: """
    + LEGEND
)

ORIENTATION_WORDS = {
    "h": Orientation.H,
    "horizontal": Orientation.H,
    "a": Orientation.H,
    "across": Orientation.H,
    "right": Orientation.H,
    "v": Orientation.V,
    "vertical": Orientation.V,
    "d": Orientation.V,
    "down": Orientation.V,
}

QUIT_WORDS = {"quit", "exit", "q"}


def wants_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when ``NO_COLOR`` is set (no-color.org)."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Console:
    """Lines out, answers in, with optional colour; ``ask`` gives None at end of input."""

    def __init__(self, stdin: TextIO, stdout: TextIO, colour: bool = False) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.colour = colour

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")  # the prompt is left open at end of input
            return None
        return line.strip()

    def paint(self, state: CellState) -> str:
        symbol = SYMBOLS[state]
        if not self.colour:
            return symbol
        return f"\x1b[{COLOURS[state]}m{symbol}\x1b[0m"

    def grid(self, rows: Sequence[tuple[str, Sequence[Cell]]]) -> list[str]:
        """A board as lines: a header of column numbers, then a lettered line per row."""
        header = "   " + "".join(f"{col:>3}" for col in range(1, len(rows) + 1))
        return [header] + [
            f" {letter} " + "".join("  " + self.paint(cell.state) for cell in cells)
            for letter, cells in rows
        ]

    def board(
        self, title: str, rows: Sequence[tuple[str, Sequence[Cell]]], legend: str = LEGEND
    ) -> None:
        """Draw one board under its title, with the legend."""
        self.say()
        self.say(title)
        for line in self.grid(rows):
            self.say(line)
        self.say(legend)

    def boards(
        self,
        left_title: str,
        left: Sequence[tuple[str, Sequence[Cell]]],
        right_title: str,
        right: Sequence[tuple[str, Sequence[Cell]]],
    ) -> None:
        """Draw two boards side by side, rows lettered and columns numbered."""
        width = 3 + 3 * len(left)  # every line of a grid, colour codes aside
        gap = " " * 6
        self.say()
        self.say(f"{left_title:<{width}}{gap}{right_title}")
        for mine, theirs in zip(self.grid(left), self.grid(right), strict=True):
            self.say(f"{mine}{gap}{theirs}")
        self.say(LEGEND)


# -- playing the computer -----------------------------------------------------------------


def play(
    stdin: TextIO,
    stdout: TextIO,
    *,
    level: int = 3,
    seed: int | None = None,
    rules: RuleSet | None = None,
    manual: bool = False,
    colour: bool | None = None,
) -> str:
    """Play a game against the computer of ``level``; returns how it ended.

    The result is ``"won"``, ``"lost"``, ``"resigned"``, ``"quit"`` (left unfinished) or
    ``"interrupted"`` (Ctrl-C; left unfinished too).
    """
    console = Console(stdin, stdout, wants_colour(stdout) if colour is None else colour)
    try:
        return _play(console, level, seed, rules or RuleSet.standard(), manual)
    except KeyboardInterrupt:
        console.say("\nInterrupted: the game is left unfinished.")
        return "interrupted"


def _play(console: Console, level: int, seed: int | None, rules: RuleSet, manual: bool) -> str:
    seed = secrets.randbits(62) if seed is None else seed
    computer = get_player(level, computer_seed(seed))
    game = BattleshipGame(rules, seed)
    console.say(f"Battleship against the {computer.name} (level {level}).")
    console.say(computer.description)
    console.say(f"Rules: {rules.name}. Seed {seed}: play this game again with --seed {seed}.")
    game.place_fleet(COMPUTER, computer.place_fleet(rules))
    if manual and not _place_by_hand(console, game):
        console.say("Goodbye: the game was not started.")
        return "quit"
    game.setup_random()  # the person's fleet at random from the seed, unless placed by hand
    console.say("Type a cell like B7 to fire, or help.")
    show = True
    while game.phase is GamePhase.IN_PROGRESS:
        if game.current_player == COMPUTER:
            _computer_turn(console, game, computer)
            show = True
            continue
        view = game.view_for(HUMAN)
        if show:
            _draw(console, view, computer)
            show = False
        shots = view.shots_left_in_turn
        extra = f" ({shots} left this turn)" if rules.shots_per_turn != "one" else ""
        text = console.ask(f"Your shot{extra}: ")
        if text is None or text.lower() in QUIT_WORDS:
            console.say("Goodbye: the game is left unfinished.")
            return "quit"
        word = text.lower()
        if word in {"help", "?"}:
            console.say(HELP)
        elif word in {"board", "boards"}:
            show = True
        elif word == "resign":
            game.resign(HUMAN)
        elif not word:
            console.say("Type a cell like B7 to fire, or help for the commands.")
        else:
            _fire(console, game, text)
    return _finish(console, game.view_for(HUMAN), computer)


def _fire(console: Console, game: BattleshipGame, text: str) -> None:
    try:
        cell = Coordinate.parse(text, game.rules.board_size)
        result = game.make_move(cell)
    except ValueError as error:
        console.say(f"{sentence(error)} Try again, or type help.")
        return
    said = f"{result.coord}: {'hit!' if result.hit else 'miss.'}"
    if result.sunk is not None and game.rules.names_sunk_ships:
        said = f"{result.coord}: hit, and you sank their {result.sunk.name}!"
    console.say(said)


def _computer_turn(console: Console, game: BattleshipGame, computer: ComputerPlayer) -> None:
    if game.current_player != COMPUTER:
        return
    for result in game.play_turn(computer):
        news = _defender_news(game, result)
        console.say(f"The {computer.name} fires at {result.coord}: {news}")


def _defender_news(game: BattleshipGame, result: MoveResult) -> str:
    # The defender always knows which of their own ships was hit or sunk, fog of war or not.
    if result.sunk is not None:
        return f"sank your {result.sunk.name}!"
    ship = game.boards[HUMAN].ship_at(result.coord)
    return f"hit your {ship.name}!" if ship else "miss."


def _draw(console: Console, view: PlayerView, computer: ComputerPlayer) -> None:
    display = build_display(view)
    console.boards(
        "Your fleet", display.own_rows, f"Enemy waters ({computer.name})", display.enemy_rows
    )
    lost = [ship.name for ship in display.own_fleet if ship.sunk]
    console.say(f"Your ships sunk: {', '.join(lost) or 'none'}.")
    if view.rules.names_sunk_ships:
        console.say(f"Enemy ships sunk: {', '.join(view.enemy_sunk) or 'none'}.")


def _finish(console: Console, view: PlayerView, computer: ComputerPlayer) -> str:
    _draw(console, view, computer)
    shots = len(view.shots_fired)
    hits = sum(1 for shot in view.shots_fired if shot.hit)
    accuracy = f"{round(100 * hits / shots)}%" if shots else "no shots"
    figures = f"{_count(shots, 'shot')}, {_count(hits, 'hit')}, accuracy {accuracy}"
    if view.resigned == HUMAN:
        console.say(f"You resigned. The {computer.name} wins. ({figures})")
        return "resigned"
    if view.winner == HUMAN:
        console.say(f"You won! You sank the {computer.name}'s whole fleet. ({figures})")
        return "won"
    if view.winner is None:
        console.say(f"A draw: both fleets sank in the same round. ({figures})")
        return "draw"
    console.say(f"You lost: the {computer.name} sank your whole fleet. ({figures})")
    return "lost"


def _place_by_hand(console: Console, game: BattleshipGame) -> bool:
    """Ask for each ship in turn; ``random`` places the rest. False if the person quit."""
    rules = game.rules
    console.say("Place your fleet: a first cell and a direction, like A1 across or C4 down.")
    console.say("Type random to place the rest at random, or quit to leave.")
    for spec in rules.fleet:
        _draw_own(console, game)
        while True:
            text = console.ask(f"{spec.name} ({spec.length} cells): ")
            if text is None or text.lower() in QUIT_WORDS:
                return False
            words = text.lower().split()
            if words == ["random"]:
                _place_rest_randomly(game)
                return True
            if words in (["help"], ["?"]):
                console.say(
                    "Name the ship's top or left cell and which way it runs: A1 across "
                    "(or A1 h) runs right along row A, A1 down (or A1 v) runs down column 1."
                )
                continue
            if len(words) != 2 or words[1] not in ORIENTATION_WORDS:
                console.say("Give a cell and a direction, like A1 across or C4 down.")
                continue
            try:
                game.place_ship(HUMAN, spec.name, words[0].upper(), ORIENTATION_WORDS[words[1]])
            except ValueError as error:
                console.say(f"{sentence(error)} Try again.")
                continue
            break
    return True


def _place_rest_randomly(game: BattleshipGame) -> None:
    """Keep the ships placed by hand and place the others at random, from the game's seed."""
    rules = game.rules
    rng = random.Random(f"{game.seed}:fleet:{HUMAN}")
    placed = game.boards[HUMAN].ships
    for _attempt in range(100):
        board = Board(rules)
        for ship in placed:
            board.place_ship(ship.name, ship.start, ship.orientation)
        for spec in sorted(rules.fleet, key=lambda s: -s.length):
            if any(ship.name == spec.name for ship in board.ships):
                continue
            options = board.legal_placements(spec.name)
            if not options:
                break
            start, way = rng.choice(options)
            board.place_ship(spec.name, start, way)
        if board.is_complete:
            break
    else:
        # The ships placed by hand leave no room for the rest: a whole new fleet.
        board = Board.random_placement(rules, rng)
    game.place_fleet(HUMAN, [(ship.name, ship.start, ship.orientation) for ship in board.ships])


def _draw_own(console: Console, game: BattleshipGame) -> None:
    size = game.rules.board_size
    own = {cell for ship in game.boards[HUMAN].ships for cell in ship.cells}
    rows = [
        (
            ROW_LETTERS[r],
            [
                Cell(
                    str(Coordinate(r, c)),
                    CellState.SHIP if Coordinate(r, c) in own else CellState.WATER,
                )
                for c in range(size)
            ],
        )
        for r in range(size)
    ]
    placed = ", ".join(s.name for s in game.boards[HUMAN].ships) or "none yet"
    console.board("Your fleet", rows, f"S ship   . open water.   Placed: {placed}.")


# -- watching two computer players --------------------------------------------------------


def watch(
    stdin: TextIO,
    stdout: TextIO,
    *,
    level: int = 3,
    vs: int = 3,
    seed: int | None = None,
    rules: RuleSet | None = None,
    step: bool = True,
    colour: bool | None = None,
) -> str:
    """Watch the computer of ``level`` (player 1, fires first) play the one of ``vs``.

    With ``step`` the boards are drawn after every shot and Enter shows the next one
    (``all`` plays to the end, ``quit`` stops). Returns ``"won"`` or ``"lost"`` from the
    first player's side, ``"quit"``, or ``"interrupted"`` (Ctrl-C).
    """
    console = Console(stdin, stdout, wants_colour(stdout) if colour is None else colour)
    try:
        return _watch(console, level, vs, seed, rules or RuleSet.standard(), step)
    except KeyboardInterrupt:
        console.say("\nInterrupted.")
        return "interrupted"


def _watch(
    console: Console, level: int, vs: int, seed: int | None, rules: RuleSet, step: bool
) -> str:
    seed = secrets.randbits(62) if seed is None else seed
    players = [get_player(level, computer_seed(seed, 0)), get_player(vs, computer_seed(seed, 1))]
    names = [f"{p.name} (level {p.level})" for p in players]
    if names[0] == names[1]:
        names = [f"{names[0]}, player {seat + 1}" for seat in (0, 1)]
    game = BattleshipGame(rules, seed)
    for side, player in enumerate(players):
        game.place_fleet(side, player.place_fleet(rules))
    game.start()
    console.say(f"{names[0]} against {names[1]}. Rules: {rules.name}. Seed {seed}.")
    unit = "shot" if rules.shots_per_turn is ShotsPerTurn.ONE else "turn"
    if step:
        console.say(f"Press Enter for the next {unit}, type all to play to the end, quit to stop.")
    fired = [0, 0]
    while game.phase is GamePhase.IN_PROGRESS:
        seat = game.current_player
        if seat is None:  # an invariant, and a type narrowing for mypy
            raise RuntimeError("seat is not set here")
        first = len(game.shots)
        for number, result in enumerate(game.play_turn(players[seat]), start=first + 1):
            fired[seat] += 1
            news = "miss"
            if result.hit:
                news = f"hit, sinks the {result.sunk.name}" if result.sunk else "hit"
            console.say(f"Shot {number:>3}: {names[seat]} fires at {result.coord}: {news}")
        if step and game.phase is GamePhase.IN_PROGRESS:
            _draw_both(console, game, names)
            answer = _next_or_all(console, unit)
            if answer is None:
                console.say("Stopped watching.")
                return "quit"
            step = answer == "next"
    _draw_both(console, game, names)
    winner = game.winner
    if winner is None:  # both fleets went down in one round
        console.say(f"A draw: both fleets sank in the same round, after {len(game.shots)} shots.")
        return "draw"
    console.say(
        f"{names[winner]} wins, after {_count(fired[winner], 'shot')}; "
        f"{names[1 - winner]} fired {_count(fired[1 - winner], 'shot')}."
    )
    return "won" if winner == 0 else "lost"


def _next_or_all(console: Console, unit: str) -> str | None:
    """Wait for Enter (``"next"``) or ``all``; None for quit or end of input. Anything
    else is explained and asked again: it must not play a ``unit`` (a shot, or a Salvo
    turn) the spectator did not ask for."""
    while True:
        answer = console.ask("Enter, all or quit: ")
        if answer is None or answer.lower() in QUIT_WORDS:
            return None
        if not answer:
            return "next"
        if answer.lower() in {"all", "a"}:
            return "all"
        console.say(f"Press Enter for the next {unit}, type all or quit.")


def _draw_both(console: Console, game: BattleshipGame, names: Sequence[str]) -> None:
    # A spectator sees everything: each player's own board, with the shots it received.
    rows = [build_display(game.view_for(seat)).own_rows for seat in (0, 1)]
    console.boards(f"Fleet of {names[0]}", rows[0], f"Fleet of {names[1]}", rows[1])


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


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
    """The game's options: for ``python -m games.terminal`` and ``manage.py play`` alike."""
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
        "--plain",
        action="store_true",
        help="line by line instead of full screen (so it is when not on a terminal, with "
        "NO_COLOR set, with --manual or --watch)",
    )


def check_options(options: dict[str, Any]) -> None:
    """``UsageError`` for options that cannot be played; nothing has started yet."""
    known = [info.level for info in LEVELS]
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
    level = options["level"]
    rules = rule_set(options["rules"])
    if options["watch"]:
        vs = options["vs"] if options.get("vs") is not None else level
        return watch(
            stdin,
            stdout,
            level=level,
            vs=vs,
            seed=options["seed"],
            rules=rules,
            step=not options["all"],
            colour=colour,
        )
    return play(
        stdin,
        stdout,
        level=level,
        seed=options["seed"],
        rules=rules,
        manual=options["manual"],
        colour=colour,
    )


def parser(prog: str | None = None) -> argparse.ArgumentParser:
    """The command line of ``python -m games.terminal``: the game's options and no others."""
    parser = argparse.ArgumentParser(
        # Run as a module, argv[0] is terminal.py's path; as the installed script, its name.
        prog=prog or ("python -m games.terminal" if sys.argv[0].endswith(".py") else None),
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
        from games.tui import BattleshipApp

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
