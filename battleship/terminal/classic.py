"""The terminal game: play the computer, or watch two computer players, as lines of text.

Plain Python over injected streams, so that ``python manage.py play`` is a thin wrapper and
tests drive a whole game with ``io.StringIO``. Everything goes through the engine and the
computer players the web site uses, with the same seeds: a game started with ``--seed S``
places the same computer fleet and fires the same computer shots as a web game whose seed
is ``S``. Boards are drawn from a player's ``PlayerView`` (``battleship.classic.display``), so the
terminal shows exactly what the web page would: never an unsunk enemy ship.

Bad input always gets a message and a new prompt; end of input (Ctrl-D) and Ctrl-C end
the session quietly.

The command line (``python -m battleship``, ``manage.py play``) is ``battleship.terminal.cli``.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TextIO

from battleship.classic import (
    ROW_LETTERS,
    AirStrike,
    BattleshipGame,
    Board,
    Coordinate,
    Edge,
    Fire,
    Move,
    MoveResult,
    Orientation,
    PlayerView,
    RuleSet,
    ShotsPerTurn,
    Torpedo,
    Weapon,
)
from battleship.classic.ai import computer_seed, get_player
from battleship.classic.ai.base import ComputerPlayer
from battleship.classic.display import Cell, CellState, build_display
from battleship.classic.sentences import count_hits, sentence
from battleship.phase import COMPUTER, HUMAN
from battleship.terminal.console import (
    LEGEND,
    QUIT_WORDS,
    Console,
    play_against_the_computer,
    wants_colour,
    watch_computers,
)

HELP = (
    """\
Fire by typing a cell: a row letter and a column number, like B7 (b7 and J10 work too);
a Salvo turn's cells all at once if you like ("B7 C8 D9"). With special weapons:
  air E5            an air strike on the 3 x 3 square around E5
  torpedo C west    a torpedo along row C from the west (or east);
  torpedo 7 north   down column 7 from the north (or up from the south)
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
    console.use_rules(rules)
    console.say(f"Battleship against the {computer.name} (level {level}).")
    console.say(computer.description)
    console.say(f"Rules: {rules.name}. Seed {seed}: play this game again with --seed {seed}.")
    game.place_fleet(COMPUTER, computer.place_fleet(rules))
    if manual and not _place_by_hand(console, game):
        console.say("Goodbye: the game was not started.")
        return "quit"
    game.setup_random()  # the person's fleet at random from the seed, unless placed by hand
    console.say("Type a cell like B7 to fire, or help.")
    if rules.group_reports:
        console.say(
            "Name the turn's cells (several on a line, like B7 C8, work too): they are fired"
            " together, and you are told which ships they hit, not which cell hit."
        )
    aimed: list[Coordinate] = []  # under group reports, the turn's cells named so far

    def prompt(view: PlayerView) -> str:
        shots = view.shots_left_in_turn - len(aimed)
        extra = f" ({shots} left this turn)" if rules.shots_per_turn != "one" else ""
        weapons = [f"{left} {WEAPON_NAMES[w][left > 1]}" for w, left in view.weapons_left if left]
        if weapons:
            extra += f" (or a weapon: {', '.join(weapons)} left; see help)"
        return f"Your shot{extra}: "

    def act(view: PlayerView, text: str) -> None:
        if not rules.group_reports:
            _fire(console, game, text)
        elif _aim(console, game, text, aimed):
            aimed.clear()

    played = play_against_the_computer(
        console,
        game,
        computer_moves=lambda: _computer_turn(console, game, computer),
        draw=lambda view: _draw(console, view, computer),
        prompt=prompt,
        act=act,
        help_text=HELP,
        empty_hint="Type a cell like B7 to fire, or help for the commands.",
    )
    if not played:
        return "quit"
    return _finish(console, game.view_for(HUMAN), computer)


def _aim(console: Console, game: BattleshipGame, text: str, aimed: list[Coordinate]) -> bool:
    """Under group reports: add the cells typed to the turn, and fire the turn once it is
    whole; True when it was fired. A refused cell is said and nothing is added."""
    left = game.view_for(HUMAN).shots_left_in_turn
    try:
        cells = Fire.parse(text, game.rules.board_size).cells
        turn = Fire(tuple(aimed) + cells)  # a cell named twice in the turn is refused here
        if len(turn.cells) > left:
            raise ValueError(f"this turn has {left} shots, not {len(turn.cells)}")
        for cell in cells:
            game.boards[COMPUTER].check_shot(cell)
    except ValueError as error:
        console.say(f"{sentence(error)} Try again, or type help.")
        return False
    aimed.extend(cells)
    if len(aimed) < left:
        console.say(f"Aimed at {' '.join(map(str, aimed))}; {left - len(aimed)} more to name.")
        return False
    game.play(Fire(tuple(aimed)))
    view = game.view_for(HUMAN)
    console.say(f"Round {len(view.reports)}: {view.reports[-1]}.")
    return True


WEAPON_NAMES = {
    Weapon.AIR_STRIKE: ("air strike", "air strikes"),
    Weapon.TORPEDO: ("torpedo", "torpedoes"),
}
EDGE_WORDS = {
    "west": Edge.WEST, "left": Edge.WEST, "east": Edge.EAST, "right": Edge.EAST,
    "north": Edge.NORTH, "top": Edge.NORTH, "south": Edge.SOUTH, "bottom": Edge.SOUTH,
}  # fmt: skip


def read_move(text: str, size: int) -> Move:
    """A typed move: cells ("B7", or a Salvo's "B7 C8 D9"), "air E5" (an air strike centred
    on E5), or "torpedo C west" / "torpedo 7 north" (along row C from the west, down column
    7 from the north). ``ValueError`` with a sentence for anything else."""
    words = text.lower().replace(",", " ").split()
    if words and words[0] in {"air", "strike", "airstrike"}:
        if len(words) != 2:
            raise ValueError("an air strike names its centre: air E5")
        return AirStrike(Coordinate.parse(words[1], size))
    if words and words[0] == "torpedo":
        line = [w for w in words[1:] if w not in EDGE_WORDS and w not in {"row", "column"}]
        edges = [EDGE_WORDS[w] for w in words[1:] if w in EDGE_WORDS]
        if len(line) != 1 or len(edges) != 1:
            raise ValueError("a torpedo names its line and its edge: torpedo C west")
        edge, label = edges[0], line[0]
        if edge.along_row and label.isalpha() and len(label) == 1:
            return Torpedo(edge, ROW_LETTERS.index(label.upper()))
        if not edge.along_row and label.isdigit():
            return Torpedo(edge, int(label) - 1)
        raise ValueError("from the west or east a torpedo runs along a row (a letter), "
                         "from the north or south down a column (a number)")  # fmt: skip
    return Fire.parse(text, size)


def _fire(console: Console, game: BattleshipGame, text: str) -> None:
    try:
        move = read_move(text, game.rules.board_size)
        results = game.play(move)
    except ValueError as error:
        console.say(f"{sentence(error)} Try again, or type help.")
        return
    if isinstance(move, Torpedo):
        console.say(f"Your {move}: " + ("no contact." if not results else "contact!"))
    elif isinstance(move, AirStrike):
        console.say(f"Your {move}:")
    for result in results:
        said = f"{result.coord}: {'hit!' if result.hit else 'miss.'}"
        if result.sunk is not None and game.rules.names_sunk_ships:
            said = f"{result.coord}: hit, and you sank their {result.sunk.name}!"
        console.say(said)


def _computer_turn(console: Console, game: BattleshipGame, computer: ComputerPlayer) -> None:
    if game.current_player != COMPUTER:
        return
    before = len(game.played)
    results = iter(game.play_turn(computer))
    for played in game.played[before:]:
        if isinstance(played.move, AirStrike | Torpedo):
            contact = "" if played.cells or isinstance(played.move, AirStrike) else ": no contact"
            console.say(f"The {computer.name} uses its {played.move}{contact}.")
        for _cell in played.cells:
            result = next(results)
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
    hits = count_hits(view)
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
    console.use_rules(rules)
    console.say(f"{names[0]} against {names[1]}. Rules: {rules.name}. Seed {seed}.")
    unit = "shot" if rules.shots_per_turn is ShotsPerTurn.ONE else "turn"
    if step:
        console.say(f"Press Enter for the next {unit}, type all to play to the end, quit to stop.")
    fired = [0, 0]

    def turn(seat: int) -> None:
        first = len(game.shots)
        for number, result in enumerate(game.play_turn(players[seat]), start=first + 1):
            fired[seat] += 1
            news = "miss"
            if result.hit:
                news = f"hit, sinks the {result.sunk.name}" if result.sunk else "hit"
            console.say(f"Shot {number:>3}: {names[seat]} fires at {result.coord}: {news}")

    stopped = watch_computers(
        console,
        game,
        step=step,
        unit=unit,
        turn=turn,
        draw_both=lambda: _draw_both(console, game, names),
    )
    if stopped:
        return stopped
    winner = game.winner
    if winner is None:  # both fleets went down in one round
        console.say(f"A draw: both fleets sank in the same round, after {len(game.shots)} shots.")
        return "draw"
    console.say(
        f"{names[winner]} wins, after {_count(fired[winner], 'shot')}; "
        f"{names[1 - winner]} fired {_count(fired[1 - winner], 'shot')}."
    )
    return "won" if winner == 0 else "lost"


def _draw_both(console: Console, game: BattleshipGame, names: Sequence[str]) -> None:
    # A spectator sees everything: each player's own board, with the shots it received.
    rows = [build_display(game.view_for(seat)).own_rows for seat in (0, 1)]
    console.boards(f"Fleet of {names[0]}", rows[0], f"Fleet of {names[1]}", rows[1])


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
