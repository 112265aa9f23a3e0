"""The sector game in the terminal (``python manage.py play --mode sector``): play the
computer, or watch two computer players, with the sixteen sectors drawn on both seas.

Like the classic terminal game (``battleship.terminal.classic``; both draw on
``battleship.terminal.console``), plain Python over injected streams; boards and sentences come from
one player's view (``battleship.sector.display``), so nothing hidden shows. The person is player 0
and starts, as in the browser (docs/rules/sector.md)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TextIO

from battleship.classic.display import CellState
from battleship.classic.sentences import sentence
from battleship.coordinates import ROW_LETTERS
from battleship.phase import HUMAN
from battleship.sector import (
    FLEET,
    SIZE,
    Action,
    Barrage,
    Coordinate,
    Kind,
    Recon,
    SectorGame,
    SectorView,
    Shot,
    Sonar,
    SubMove,
    Turn,
    numeral,
    parse_cell,
    random_placements,
)
from battleship.sector.ai import computer_seed, get_player
from battleship.sector.ai.players import SectorPlayer
from battleship.sector.display import describe, enemy_board, own_board
from battleship.terminal.console import (
    QUIT_WORDS,
    Console,
    play_against_the_computer,
    wants_colour,
    watch_computers,
)

SYMBOLS = {
    "water": ".",
    "unknown": ".",
    "ship": "S",
    "sub-N": "^",
    "sub-S": "v",
    "sub-E": ">",
    "sub-W": "<",
    "miss": "o",
    "hit": "X",
    "sunk": "#",
    "seen": "R",
    "barrage": "?",
    "course-row": "-",
    "course-column": "|",
    "course-both": "+",
}
LEGEND = (
    "X hit  # sunk  o water  S ship  ^v<> submarine heading  R recon saw a ship  "
    "? barrage (count only)  - | + submarine course  . unknown"
)

SHIP_WORDS = {
    "carrier": "Carrier",
    "battleship": "Battleship",
    "destroyer": "Destroyer",
    "submarine": "Submarine",
    "sub": "Submarine",
    "second": "Second Submarine",
    "sub2": "Second Submarine",
}

HELP = f"""\
A turn is one action, then, if you like, a submarine move (you are asked after).
  B7 destroyer       fire at B7 from the Destroyer (any ship afloat; B7 alone: the first)
  barrage B7 C8 D9   the Battleship fires three shots: you hear only how many hit
  recon XIV          the Carrier's aircraft over sector XIV: the cells ships occupy there
  sonar X            the Destroyer's sonar over sector X: courses of submarines crossing it
  board, log         draw the seas again; everything told so far
  resign, quit       give up; leave without finishing (Ctrl-D does the same)
A shot tells the enemy the sector of the firing ship's bridge; recon and sonar do not.
Sectors: I to IV across the top, V to VIII, IX to XII, XIII to XVI at the bottom.
Symbols: {LEGEND}"""


def draw_sea(states: dict[Coordinate, str], console: Console) -> list[str]:
    """One sea as lines, with the sector lines drawn and each band's numerals above it."""
    numbers = "".join(
        f"{col + 1:>3}" + (" |" if col % 3 == 2 and col < SIZE - 1 else "") for col in range(SIZE)
    )
    lines = ["   " + numbers]
    for row in range(SIZE):
        if row % 3 == 0:
            band = [numeral(row // 3 * 4 + i + 1) for i in range(4)]
            segments = [f"{name:-^10}" for name in band[:3]] + [f"{band[3]:-^9}"]
            lines.append("   " + "+".join(segments))
        cells = ""
        for col in range(SIZE):
            state = states[Coordinate(row, col)]
            symbol = SYMBOLS[state]
            if console.colour and state in ("hit", "sunk"):
                symbol = console.paint(CellState(state))
            cells += "  " + symbol + (" |" if col % 3 == 2 and col < SIZE - 1 else "")
        lines.append(f" {ROW_LETTERS[row]} {cells}")
    return lines


def draw(console: Console, view: SectorView, title: str) -> None:
    mine, theirs = draw_sea(own_board(view), console), draw_sea(enemy_board(view), console)
    width = max(len(line) for line in mine)
    console.say()
    console.say(f"{'Your fleet':<{width}}      {title}")
    for left, right in zip(mine, theirs, strict=True):
        console.say(f"{left:<{width}}      {right}")
    console.say(LEGEND)
    afloat = [f"{ship.name} ({numeral(ship.sector)})" for ship in view.fleet if ship.afloat]
    console.say(f"Afloat (bridge's sector): {', '.join(afloat) or 'none'}.")
    console.say(f"Enemy ships sunk: {', '.join(view.enemy_sunk) or 'none'}.")


# -- playing the computer -----------------------------------------------------------------


def play(
    stdin: TextIO,
    stdout: TextIO,
    *,
    level: int = 3,
    seed: int | None = None,
    manual: bool = False,
    colour: bool | None = None,
) -> str:
    """Play a sector game against the computer of ``level``; ``"won"``, ``"lost"``,
    ``"resigned"``, ``"quit"`` or ``"interrupted"`` (Ctrl-C)."""
    console = Console(stdin, stdout, wants_colour(stdout) if colour is None else colour)
    try:
        return _play(console, level, seed, manual)
    except KeyboardInterrupt:
        console.say("\nInterrupted: the game is left unfinished.")
        return "interrupted"


def _play(console: Console, level: int, seed: int | None, manual: bool) -> str:
    seed = secrets.randbits(62) if seed is None else seed
    computer = get_player(level, computer_seed(seed))
    game = SectorGame(seed, first_player=HUMAN)
    console.say(f"Sector battle against the {computer.name} (level {level}).")
    console.say(computer.description)
    console.say(f"Seed {seed}: play this game again with --seed {seed}.")
    if manual and not _place_by_hand(console, game):
        console.say("Goodbye: the game was not started.")
        return "quit"
    game.setup_random()
    console.say("Type a cell like B7 to fire, recon XIV, sonar X, barrage B7 C8 D9, or help.")

    def computer_moves() -> None:
        report = game.play_turn(computer)
        console.say(describe(report.seen_by(HUMAN), HUMAN))

    def log(view: SectorView) -> None:
        for report in view.reports:
            console.say(describe(report, HUMAN))

    played = play_against_the_computer(
        console,
        game,
        computer_moves=computer_moves,
        draw=lambda view: draw(console, view, f"Enemy waters ({computer.name})"),
        prompt=lambda view: "Your action: ",
        act=lambda view, text: _turn(console, game, view, text),
        help_text=HELP,
        empty_hint="Type an action, like B7 or recon XIV, or help.",
        words={"log": log},
    )
    if not played:
        return "quit"
    return _finish(console, game.view_for(HUMAN), computer)


def parse_action(text: str, view: SectorView) -> Action:
    """An action from what a person types (see ``HELP``); ``ValueError`` with the reason."""
    words = text.replace(",", " ").split()
    head = words[0].lower()
    if head in ("recon", "sonar"):
        if len(words) != 2:
            raise ValueError(f"name one sector after {head}, like {head} XIV")
        return Recon.over(words[1]) if head == "recon" else Sonar.over(words[1])
    if head == "barrage":
        return Barrage.at(*words[1:])
    ships = [SHIP_WORDS[w.lower()] for w in words if w.lower() in SHIP_WORDS]
    cells = [w for w in words if w.lower() not in SHIP_WORDS]
    if len(cells) != 1 or len(ships) > 1:
        raise ValueError("fire at one cell, from one ship: like B7 or B7 destroyer")
    cell = parse_cell(cells[0])
    if ships:
        return Shot(ships[0], cell)
    shooters = view.legal.shooters
    return Shot(shooters[0], cell)


def _turn(console: Console, game: SectorGame, view: SectorView, text: str) -> None:
    try:
        action = parse_action(text, view)
        view.legal.check(Turn(action))
    except ValueError as error:
        console.say(f"{sentence(error)} Try again, or type help.")
        return
    answered, move = _ask_move(console, view)
    if not answered:
        return
    report = game.play(Turn(action, move))
    console.say(describe(report, HUMAN))


def _ask_move(console: Console, view: SectorView) -> tuple[bool, SubMove | None]:
    """The submarine to move after the action (None for none), and False first if input
    ended instead."""
    movable = view.legal.submarines
    if not movable:
        return True, None
    ships = {ship.name: ship for ship in view.fleet}
    choices = ", ".join(
        f"{n} {name} (at {_cells(ships[name].cells)}, heading {ships[name].heading})"
        for n, name in enumerate(movable, start=1)
    )
    while True:
        answer = console.ask(f"Move a submarine? {choices}; Enter for none: ")
        if answer is None:
            return False, None
        answer = answer.strip().lower()
        if not answer or answer in ("n", "no", "none"):
            return True, None
        if answer.isdigit() and 1 <= int(answer) <= len(movable):
            return True, SubMove(movable[int(answer) - 1])
        name = SHIP_WORDS.get(answer)
        if name in movable:
            return True, SubMove(name)
        console.say(f"Type a number from 1 to {len(movable)}, or press Enter for none.")


def _cells(cells: Sequence[Coordinate]) -> str:
    return "-".join(str(cell) for cell in cells)


def _finish(console: Console, view: SectorView, computer: SectorPlayer) -> str:
    draw(console, view, f"The {computer.name}'s fleet, revealed")
    turns = sum(1 for r in view.reports if r.player == HUMAN)
    if view.resigned == HUMAN:
        console.say(f"You resigned. The {computer.name} wins.")
        return "resigned"
    if view.winner == HUMAN:
        console.say(f"You won in {turns} turns! You sank the {computer.name}'s whole fleet.")
        return "won"
    console.say(f"You lost: the {computer.name} sank your whole fleet ({turns} turns).")
    return "lost"


def _place_by_hand(console: Console, game: SectorGame) -> bool:
    """Ask for each ship in turn; ``random`` places the rest. False if the person quit."""
    console.say(
        "Place your fleet: a first cell and a direction, like A1 across or C4 down; a "
        "submarine takes the way it heads instead: C4 > (or < ^ v). Ships keep one clear cell "
        "from each other, corners included. Type random to place the rest at random."
    )
    for spec in FLEET:
        console.say("\n".join(draw_sea(own_board(game.view_for(HUMAN)), console)))
        kind = "heading > < ^ v" if spec.kind is Kind.SUBMARINE else "across or down"
        while True:
            text = console.ask(f"{spec.name} ({spec.length} cells, {kind}): ")
            if text is None or text.lower() in QUIT_WORDS:
                return False
            words = text.split()
            if [w.lower() for w in words] == ["random"]:
                keep = list(game.get_state().fleets[HUMAN])
                rng = random.Random(f"{game.seed}:sector-fleet:{HUMAN}")
                game.place_fleet(HUMAN, random_placements(rng, keep))
                return True
            if len(words) != 2:
                console.say("Give a cell and a direction, like A1 across, or C4 > for a submarine.")
                continue
            try:
                game.place_ship(HUMAN, spec.name, words[0], words[1])
            except ValueError as error:
                console.say(f"{sentence(error)} Try again.")
                continue
            break
    return True


# -- watching two computer players --------------------------------------------------------


def watch(
    stdin: TextIO,
    stdout: TextIO,
    *,
    level: int = 3,
    vs: int = 3,
    seed: int | None = None,
    step: bool = True,
    colour: bool | None = None,
) -> str:
    """Watch the computer of ``level`` (player 0) play the one of ``vs``, turn by turn;
    ``"won"`` or ``"lost"`` from the first player's side, ``"quit"``, or ``"interrupted"``
    (Ctrl-C)."""
    console = Console(stdin, stdout, wants_colour(stdout) if colour is None else colour)
    try:
        return _watch(console, level, vs, seed, step)
    except KeyboardInterrupt:
        console.say("\nInterrupted.")
        return "interrupted"


def _watch(console: Console, level: int, vs: int, seed: int | None, step: bool) -> str:
    seed = secrets.randbits(62) if seed is None else seed
    players = [get_player(level, computer_seed(seed) + 1), get_player(vs, computer_seed(seed))]
    names = [f"{p.name} (level {p.level}), player {seat + 1}" for seat, p in enumerate(players)]
    game = SectorGame(seed)
    game.setup_random()
    console.say(f"{names[0]} against {names[1]}. Seed {seed}.")
    if step:
        console.say("Press Enter for the next turn, type all to play to the end, quit to stop.")

    def turn(seat: int) -> None:
        report = game.play_turn(players[seat])
        console.say(f"{names[seat]}: {describe(report, seat, spectator=True)}")

    stopped = watch_computers(
        console,
        game,
        step=step,
        unit="turn",
        turn=turn,
        draw_both=lambda: _draw_both(console, game, names),
    )
    if stopped:
        return stopped
    winner = game.winner
    if winner is None:  # an invariant, and a type narrowing for mypy
        raise RuntimeError("winner is not set here")
    console.say(f"{names[winner]} wins, after {len(game.turns)} turns in all.")
    return "won" if winner == 0 else "lost"


def _draw_both(console: Console, game: SectorGame, names: Sequence[str]) -> None:
    # A spectator sees both fleets as their owners do.
    seas = [draw_sea(own_board(game.view_for(seat)), console) for seat in (0, 1)]
    width = max(len(line) for line in seas[0])
    console.say()
    console.say(f"{names[0]:<{width}}      {names[1]}")
    for left, right in zip(seas[0], seas[1], strict=True):
        console.say(f"{left:<{width}}      {right}")


__all__ = ["draw_sea", "parse_action", "play", "watch"]
