"""How strong and how fast the computer players are: shots to sink a fleet, time per move.

Plain Python, so tests and the ``bench_ai`` management command share it. A player fires
at a fixed fleet alone (a shooting range): it gets exactly the view a player would get in
a real game, move after move, until the fleet is sunk.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from battleship.classic import (
    Board,
    Coordinate,
    FiredShot,
    GamePhase,
    GroupReport,
    Orientation,
    PlayedMove,
    PlayerView,
    RuleSet,
)
from battleship.classic.ai import get_player
from battleship.classic.ai.base import ComputerPlayer
from battleship.classic.ai.placement import Placement
from battleship.classic.turns import ALLOWANCES

Fleet = list[Placement]


def random_fleets(rules: RuleSet, games: int, seed: int) -> list[Fleet]:
    """``games`` fleets placed at random by the engine (``Board.random_placement``), reproducible
    from ``seed``."""
    fleets = []
    for number in range(games):
        board = Board.random_placement(rules, random.Random(f"{seed}:bench:{number}"))
        fleets.append([(s.name, s.start, s.orientation) for s in board.ships])
    return fleets


def fleets_from_json(text: str, rules: RuleSet | None = None) -> list[Fleet]:
    """Read a JSON list of fleets, each a list of ``{"ship", "row", "col", "orientation"}``.

    Every fleet must be the whole fleet of ``rules`` (standard by default), legally placed;
    anything else is a ``ValueError`` naming the fleet's index in the list.
    """
    rules = rules or RuleSet.standard()
    data = json.loads(text)
    if not isinstance(data, list):
        raise ValueError("a layouts file holds a JSON list of fleets")
    fleets = []
    for number, entries in enumerate(data):
        try:
            fleet = _fleet_from_json(entries)
            fleet_board(rules, fleet)
        except ValueError as error:
            raise ValueError(f"fleet {number} of the layouts file: {error}") from error
        fleets.append(fleet)
    return fleets


def _fleet_from_json(entries: object) -> Fleet:
    if not isinstance(entries, list):
        raise ValueError("a fleet is a list of ships")
    fleet = []
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != {"ship", "row", "col", "orientation"}:
            raise ValueError(f"a ship is a {{ship, row, col, orientation}} object, not {entry!r}")
        ship, row, col = entry["ship"], entry["row"], entry["col"]
        if not isinstance(ship, str):
            raise ValueError(f"a ship's name is a string, not {ship!r}")
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (row, col)):
            raise ValueError(f"{ship}'s row and col must be whole numbers, not {row!r}, {col!r}")
        fleet.append((ship, Coordinate(row, col), Orientation(entry["orientation"])))
    return fleet


def fleet_board(rules: RuleSet, fleet: Fleet) -> Board:
    """A board with ``fleet`` placed; ``ValueError`` unless it is the whole fleet of ``rules``,
    legally placed."""
    board = Board(rules)
    for name, start, orientation in fleet:
        board.place_ship(name, start, orientation)
    if not board.is_complete:
        placed = {ship.name for ship in board.ships}
        missing = [ship.name for ship in rules.fleet if ship.name not in placed]
        raise ValueError(f"the fleet is incomplete: no {', '.join(missing)}")
    return board


def fleets_to_json(fleets: Iterable[Fleet]) -> str:
    """The layouts-file form of ``fleets``."""
    return json.dumps(
        [
            [{"ship": n, "row": s.row, "col": s.col, "orientation": o.value} for n, s, o in fleet]
            for fleet in fleets
        ]
    )


@dataclass(slots=True)
class GameRecord:
    """One game on the range: the shots fired, the turns they took, and how long each
    turn's choice took (seconds; a whole Salvo turn is one choice)."""

    shots: list[Coordinate] = field(default_factory=list)
    move_seconds: list[float] = field(default_factory=list)
    turns: int = 0


def range_view(
    rules: RuleSet,
    fired: Sequence[FiredShot],
    shots_left: int = 1,
    *,
    won: bool = False,
    moves: Sequence[PlayedMove] = (),
    reports: Sequence[GroupReport] = (),
) -> PlayerView:
    """What a player firing at the range knows: its shots and what they announced, and
    the moves it made (its weapons left follow from them).

    Player 0, with no fleet of its own and nobody firing back; ``won`` once the target
    fleet is sunk. Under group reports, ``reports`` holds what each turn was told (and the
    shots in ``fired`` carry no result).
    """
    left = rules.weapons()
    for played in moves:
        if played.move.weapon is not None:
            left[played.move.weapon] -= 1
    return PlayerView(
        player=0,
        rules=rules,
        phase=GamePhase.FINISHED if won else GamePhase.IN_PROGRESS,
        current_player=None if won else 0,
        winner=0 if won else None,
        fleet=(),
        shots_received=(),
        shots_fired=tuple(fired),
        enemy_sunk=tuple(name for report in reports for name in report.sunk)
        if reports
        else tuple(s.sunk for s in fired if s.sunk),
        shots_left_in_turn=0 if won else shots_left,
        move_number=len(fired),
        moves=tuple(moves),
        weapons_left=tuple(left.items()),
        reports=tuple(reports),
    )


def play(player: ComputerPlayer, rules: RuleSet, fleet: Fleet) -> GameRecord:
    """Let ``player`` fire at ``fleet`` until it is sunk; it sees only its view.

    The player chooses each turn whole (``choose_move``); the number of shots a turn is
    what the rules allow a fleet never hit (the range has no enemy firing back).
    ``ValueError`` unless ``fleet`` is the whole fleet of ``rules``, legally placed.
    """
    board = fleet_board(rules, fleet)
    record = GameRecord()
    fired: list[FiredShot] = []
    played: list[PlayedMove] = []
    reports: list[GroupReport] = []
    names = rules.names_sunk_ships
    salvo = ALLOWANCES[rules.shots_per_turn](rules, fleet_board(rules, fleet))
    while not board.all_sunk:
        allowed = min(salvo, rules.board_size**2 - len(fired))
        view = range_view(rules, fired, allowed, moves=played, reports=reports)
        started = time.perf_counter()
        move = player.choose_move(view)
        record.move_seconds.append(time.perf_counter() - started)
        if move.weapon is not None and dict(view.weapons_left).get(move.weapon, 0) <= 0:
            raise ValueError(f"{player!r} used a {move.weapon} it does not have")
        cells = move.targets(board)
        if move.weapon is None and len(cells) > allowed:
            raise ValueError(f"{player!r} fired {len(cells)} shots in a turn of {allowed}")
        played.append(PlayedMove(0, move, cells))
        record.turns += 1
        hit: list[str | None] = []
        sank: list[str] = []
        for cell in cells:
            result = board.receive_shot(cell)
            sunk = result.sunk.name if result.sunk and names else None
            if rules.group_reports:  # the turn is answered as a whole, below
                ship = board.ship_at(cell)
                hit.append(ship.name if ship else None)
                sank += [sunk] if sunk else []
                fired.append(FiredShot(result.coord, None))
            else:
                fired.append(FiredShot(result.coord, result.hit, sunk))
            record.shots.append(cell)
            if board.all_sunk:
                break
        if rules.group_reports:
            reports.append(GroupReport.announce(rules, cells[: len(hit)], hit, sank))
    return record


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.5)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class Result:
    """A level's figures over a set of fleets."""

    level: int
    name: str
    games: int
    mean: float
    median: float
    p95: float
    max: int
    move_ms_mean: float
    move_ms_p99: float
    move_ms_max: float
    turns_mean: float = 0.0
    """Turns to win: a weapon or a Salvo turn is one turn, however many cells it fires at.
    On the range nobody fires back, so a round is one turn: ``rounds`` in the JSON is the same
    figure, under the name the five-shot rules use (docs/rules/five-shot.md)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict."""
        return {
            "level": self.level,
            "name": self.name,
            "games": self.games,
            "shots": {"mean": self.mean, "median": self.median, "p95": self.p95, "max": self.max},
            "turns": {"mean": self.turns_mean},
            "rounds": {"mean": self.turns_mean},
            "move_ms": {
                "mean": self.move_ms_mean,
                "p99": self.move_ms_p99,
                "max": self.move_ms_max,
            },
        }


def measure(
    level: int,
    fleets: Sequence[Fleet],
    rules: RuleSet | None = None,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> Result:
    """Play ``level`` against every fleet (player seed ``seed + game number``).

    ``ValueError`` naming the first fleet that is not the rules' whole fleet, legally
    placed, before any game is played.
    """
    rules = rules or RuleSet.standard()
    for number, fleet in enumerate(fleets):
        try:
            fleet_board(rules, fleet)
        except ValueError as error:
            raise ValueError(f"fleet {number}: {error}") from error
    shots: list[int] = []
    turns: list[int] = []
    times: list[float] = []
    name = ""
    for number, fleet in enumerate(fleets):
        player = get_player(level, seed + number)
        name = player.name
        record = play(player, rules, fleet)
        shots.append(len(record.shots))
        turns.append(record.turns)
        times.extend(record.move_seconds)
        if progress is not None:
            progress(number + 1)
    return Result(
        level=level,
        name=name,
        games=len(fleets),
        mean=statistics.fmean(shots),
        median=statistics.median(shots),
        p95=percentile(shots, 0.95),
        max=max(shots),
        move_ms_mean=statistics.fmean(times) * 1000,
        move_ms_p99=percentile(times, 0.99) * 1000,
        move_ms_max=max(times) * 1000,
        turns_mean=statistics.fmean(turns),
    )


def format_table(results: Iterable[Result]) -> str:
    """A plain-text table of results, one level a row."""
    lines = [
        f"{'level':<14} {'games':>6} {'mean':>6} {'median':>6} {'p95':>5} {'max':>4}"
        f" {'turns':>6} {'ms/move':>8} {'p99 ms':>7} {'max ms':>7}"
    ]
    for r in results:
        lines.append(
            f"{r.level} {r.name:<12} {r.games:>6} {r.mean:>6.2f} {r.median:>6.1f} {r.p95:>5.0f}"
            f" {r.max:>4} {r.turns_mean:>6.2f} {r.move_ms_mean:>8.2f} {r.move_ms_p99:>7.2f}"
            f" {r.move_ms_max:>7.1f}"
        )
    return "\n".join(lines)


def placed_fleets(level: int, rules: RuleSet, games: int, seed: int) -> list[Fleet]:
    """``games`` fleets as the computer of ``level`` places its own (seeds ``seed + n``)."""
    return [get_player(level, seed + number).place_fleet(rules) for number in range(games)]


@dataclass(frozen=True, slots=True)
class PlacementComparison:
    """A hunter's figures against uniform random fleets and against the hard placement."""

    hunter: int
    uniform: Result
    hard: Result

    @property
    def difference(self) -> float:
        """How many more shots, on average, the hard placement costs the hunter."""
        return self.hard.mean - self.uniform.mean


def compare_placement(
    games: int, seed: int, rules: RuleSet | None = None, hunters: Sequence[int] = (4, 5)
) -> list[PlacementComparison]:
    """Captain and Admiral against uniform fleets and against the level-4/5 placement."""
    rules = rules or RuleSet.standard()
    uniform = random_fleets(rules, games, seed)
    hard = placed_fleets(5, rules, games, seed)
    return [
        PlacementComparison(
            hunter, measure(hunter, uniform, rules, seed), measure(hunter, hard, rules, seed)
        )
        for hunter in hunters
    ]


def format_placement(comparisons: Iterable[PlacementComparison]) -> str:
    """A plain-text table of what the hard placement costs each hunter."""
    lines = [f"{'hunter':<14} {'games':>6} {'uniform':>8} {'hard':>8} {'difference':>11}"]
    for c in comparisons:
        lines.append(
            f"{c.hunter} {c.uniform.name:<12} {c.uniform.games:>6} {c.uniform.mean:>8.2f}"
            f" {c.hard.mean:>8.2f} {c.difference:>+11.2f}"
        )
    return "\n".join(lines)
