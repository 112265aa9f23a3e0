"""What the terminal games share: a console of lines out and answers in, drawing boards in
symbols (in colour on a terminal), and the loop of a person's turns against the computer
(``play_against_the_computer``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TextIO

from battleship.classic import (
    GameEnd,
    RuleSet,
)
from battleship.classic.display import Cell, CellState
from battleship.phase import COMPUTER, HUMAN, GamePhase

SYMBOLS = {
    CellState.WATER: ".",
    CellState.UNKNOWN: ".",
    CellState.SHIP: "S",
    CellState.MISS: "o",
    CellState.HIT: "X",
    CellState.SUNK: "#",
    CellState.GROUP: "?",
}
# ANSI colours, used only on a terminal that wants them (see ``wants_colour``).
COLOURS = {
    CellState.WATER: "2",
    CellState.UNKNOWN: "2",
    CellState.SHIP: "1;32",
    CellState.MISS: "36",
    CellState.HIT: "1;31",
    CellState.SUNK: "1;35",
    CellState.GROUP: "33",
}
LEGEND = "X hit   o miss   # sunk   S ship   . open water"
# The five-shot games' paper rules record hits with an x and misses with an open circle;
# under group reports a cell fired at whose content is not known yet is a ?.
FIVE_SHOT_SYMBOLS = {**SYMBOLS, CellState.HIT: "x"}
FIVE_SHOT_LEGEND = "x hit   o miss   ? fired at, not known yet   # sunk   S ship   . open water"

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
        self.symbols = SYMBOLS
        self.legend = LEGEND

    def use_rules(self, rules: RuleSet) -> None:
        """Draw the boards as the rules' own paper game does (docs/rules/five-shot.md: x and o)."""
        if rules.game_end is GameEnd.END_OF_ROUND:
            self.symbols, self.legend = FIVE_SHOT_SYMBOLS, FIVE_SHOT_LEGEND

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
        symbol = self.symbols[state]
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
        self, title: str, rows: Sequence[tuple[str, Sequence[Cell]]], legend: str | None = None
    ) -> None:
        """Draw one board under its title, with the legend."""
        self.say()
        self.say(title)
        for line in self.grid(rows):
            self.say(line)
        self.say(self.legend if legend is None else legend)

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
        self.say(self.legend)


class TwoSeatGame(Protocol):
    """What the loop needs of a game, classic or sector: its phase, whose turn, a seat's
    view, resigning."""

    phase: GamePhase
    current_player: int | None

    def view_for(self, player: int) -> Any: ...

    def resign(self, player: int) -> None: ...


def play_against_the_computer(
    console: Console,
    game: TwoSeatGame,
    *,
    computer_moves: Callable[[], object],
    draw: Callable[[Any], object],
    prompt: Callable[[Any], str],
    act: Callable[[Any, str], object],
    help_text: str,
    empty_hint: str,
    words: Mapping[str, Callable[[Any], object]] | None = None,
) -> bool:
    """The person (seat 0) against the computer until the game is over: the computer's turns
    (``computer_moves``), and at each of the person's the board drawn when asked (and after
    the computer moved), a line read and acted on: quit (or end of input) leaves, help,
    board, resign, any of ``words``, else ``act(view, text)``. False if the person left."""
    show = True
    while game.phase is GamePhase.IN_PROGRESS:
        if game.current_player == COMPUTER:
            computer_moves()
            show = True
            continue
        view = game.view_for(HUMAN)
        if show:
            draw(view)
            show = False
        text = console.ask(prompt(view))
        if text is None or text.lower() in QUIT_WORDS:
            console.say("Goodbye: the game is left unfinished.")
            return False
        word = text.lower()
        if word in {"help", "?"}:
            console.say(help_text)
        elif word in {"board", "boards"}:
            show = True
        elif words and word in words:
            words[word](view)
        elif word == "resign":
            game.resign(HUMAN)
        elif not word:
            console.say(empty_hint)
        else:
            act(view, text)
    return True


def watch_computers(
    console: Console,
    game: TwoSeatGame,
    *,
    step: bool,
    unit: str,
    turn: Callable[[int], object],
    draw_both: Callable[[], object],
) -> str | None:
    """Two computer players until the game is over: ``turn(seat)`` plays and tells the turn
    of whoever's it is; with ``step`` both boards are drawn (``draw_both``) after each and
    Enter plays the next ``unit`` (a shot, a turn), ``all`` plays to the end. None once
    the game is over; ``"quit"`` if the spectator left (or the input ended). (Ctrl-C is the
    caller's to catch: it may come before, in setting the game up.)"""
    while game.phase is GamePhase.IN_PROGRESS:
        seat = game.current_player
        if seat is None:  # an invariant, and a type narrowing for mypy
            raise RuntimeError("seat is not set here")
        turn(seat)
        if step and game.phase is GamePhase.IN_PROGRESS:
            draw_both()
            answer = _next_or_all(console, unit)
            if answer is None:
                console.say("Stopped watching.")
                return "quit"
            step = answer == "next"
    draw_both()
    return None


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
