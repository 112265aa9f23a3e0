"""The coach: the Admiral's reading of a position, for a hint during play and for the
analysis of a finished game.

Everything here is worked out from one player's ``PlayerView`` (what that player was told,
nothing more), so a hint or an analysis can never say more about a hidden fleet than the
player could have deduced. Like the rest of ``battleship.classic.ai`` it imports nothing
from Django and speaks in values: the web layer puts them into words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from battleship.classic import BattleshipGame, Coordinate, PlayerView, RuleSet, ShotsPerTurn
from battleship.classic.ai import benchmark, get_player
from battleship.classic.ai.admiral import Admiral
from battleship.classic.ai.geometry import coordinate

# The hint's Admiral is always the same one: the hint is a function of the view alone
# (its samples are seeded by this and the view), never of the game's seed or fleets.
COACH_SEED = 0
# The analysis's comparison: the Admiral hunting the same enemy fleet alone, this many
# times (different seeds), where every move is one shot.
COMPARISON_RUNS = 3
# A shot counts as good when its cell was at least this share as likely as the best one.
GOOD_SHARE = 0.8
ANALYSIS_VERSION = 1

# Mean shots to sink a random ("uniform") fleet, per level and rule set, on the range:
# ``bench_ai --rules R --all --games 1000 --seed 1`` (2,000 fleets for the five-shot rule
# sets), from README.md's tables.
BENCHMARK_MEANS: dict[str, dict[int, float]] = {
    "standard": {1: 95.17, 2: 61.40, 3: 50.86, 4: 44.71, 5: 44.30},
    "salvo": {1: 95.06, 2: 65.92, 3: 60.59, 4: 54.18, 5: 51.41},
    "no_touch": {1: 86.53, 2: 56.73, 3: 44.23, 4: 38.24, 5: 37.90},
    "fog_of_war": {1: 95.17, 2: 65.89, 3: 59.99, 4: 56.34, 5: 47.07},
    "special_weapons": {1: 95.17, 2: 61.40, 3: 45.44, 4: 40.54, 5: 39.28},
    "five_shot": {1: 95.42, 2: 88.02, 3: 77.19, 4: 72.79, 5: 71.44},
    "five_shot_called": {1: 95.42, 2: 75.12, 3: 72.65, 4: 68.00, 5: 66.61},
    "five_shot_cells": {1: 95.59, 2: 94.17, 3: 88.44, 4: 83.75, 5: 81.12},
}


def hit_chances(view: PlayerView) -> dict[Coordinate, float]:
    """The Admiral's chance of a hit in each cell not yet fired at, from ``view`` alone.

    The chance that some ship not yet hit covers the cell, over every fleet consistent
    with what the view was told: the Admiral's ``heatmap(view)`` scaled from "share of the
    next hit" (summing to 1) to "chance of a hit" (summing to the ship cells still hidden).
    A cell the view rules out without a shot (where a torpedo ran past) has chance 0.
    """
    admiral = Admiral(COACH_SEED)
    chances = admiral.ship_probabilities(admiral.knowledge(view))
    size = view.rules.board_size
    found = {coordinate(cell, size): chance for cell, chance in chances.items()}
    targeted = view.targeted
    return {
        cell: found.get(cell, 0.0)
        for row in range(size)
        for col in range(size)
        if (cell := Coordinate(row, col)) not in targeted
    }


def likeliest(chances: dict[Coordinate, float], count: int = 3) -> list[tuple[Coordinate, float]]:
    """The ``count`` likeliest cells, best first (ties: top to bottom, left to right)."""
    ordered = sorted(chances.items(), key=lambda item: (-item[1], item[0].row, item[0].col))
    return ordered[:count]


# -- the analysis of a finished game ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatedShot:
    """One of the player's shots, against the Admiral's reading of the position it was
    fired from: its cell's hit chance, and ``par``, the chance of the cell the Admiral
    would have fired at in its place (for the k-th best of a turn's cells, the k-th best
    cell of the board)."""

    move: int  # its move's index in the game's log (the replay's step is move + 1)
    cell: Coordinate
    chance: float
    par: float
    par_cell: Coordinate
    hit: bool

    @property
    def share(self) -> float:
        """The chance as a share of par (1 when nothing could be told apart)."""
        return min(1.0, self.chance / self.par) if self.par > 0 else 1.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "cell": str(self.cell),
            "chance": round(self.chance, 4),
            "par": round(self.par, 4),
            "par_cell": str(self.par_cell),
            "hit": self.hit,
        }


def rate_move(
    view: PlayerView, cells: Sequence[Coordinate], hits: Sequence[bool], move: int
) -> list[RatedShot]:
    """The shots of one move, each against the Admiral's cell of the same rank."""
    chances = hit_chances(view)
    best = likeliest(chances, len(cells))
    ranked = sorted(cells, key=lambda cell: -chances.get(cell, 0.0))
    rank = {cell: i for i, cell in enumerate(ranked)}
    rated = []
    for cell, hit in zip(cells, hits, strict=True):
        par_cell, par = best[min(rank[cell], len(best) - 1)]
        rated.append(RatedShot(move, cell, chances.get(cell, 0.0), par, par_cell, hit))
    return rated


def sinking_shots(
    shots: Sequence[Coordinate], fleet: Iterable[tuple[str, frozenset[Coordinate]]]
) -> dict[str, int]:
    """For each ship all of whose cells are among ``shots``: the number of the shot (from
    1) that sank it."""
    order = {cell: i + 1 for i, cell in reversed(list(enumerate(shots)))}
    return {
        name: max(order[cell] for cell in cells)
        for name, cells in fleet
        if all(cell in order for cell in cells)
    }


def analyse(
    rules: RuleSet,
    seed: int,
    fleets: Sequence[Sequence[tuple[str, Coordinate, str]]],
    moves: Sequence[Any],
    level: int,
    computer_seed: int,
    *,
    player: int = 0,
) -> dict[str, Any]:
    """The analysis of a finished game (JSON-ready), from its rules, seed, fleets and moves.

    - ``shots``: each of the player's shots rated from the view it was fired from
      (``RatedShot``); a special weapon is no single choice of cell and is only counted
      (``weapon_moves``).
    - ``sank``: per enemy ship the player sank, the number of the shot that did it, and,
      where every move is one shot, the Admiral's mean on the same fleet hunting it alone
      (``COMPARISON_RUNS`` runs).
    - ``theirs``: the computer's shots at the player's fleet, set against its benchmark mean
      on random fleets: the shots it took when it sank the fleet, or, where every move is
      one shot, what it needs hunting the fleet alone.
    """
    game = BattleshipGame.replay(rules, seed, fleets, [])
    rated: list[RatedShot] = []
    weapon_moves = 0
    for index, move in enumerate(moves):
        mover = game.current_player
        view = game.view_for(player) if mover == player else None
        results = game.play(move)
        if view is None:
            continue
        if move.weapon is not None:
            weapon_moves += 1
            continue
        cells = [r.coord for r in results]
        rated += rate_move(view, cells, [r.hit for r in results], index)
    one_at_a_time = rules.shots_per_turn is ShotsPerTurn.ONE and not rules.arsenal
    enemy = game.boards[1 - player]
    enemy_fleet = [(ship.name, frozenset(ship.cells)) for ship in enemy.ships]
    mine = [s.coord for s in game.shots if s.player == player]
    sank = sinking_shots(mine, enemy_fleet)
    admiral_runs: list[dict[str, int]] = []
    if one_at_a_time and sank:
        target = [(s.name, s.start, s.orientation) for s in enemy.ships]
        for run in range(COMPARISON_RUNS):
            record = benchmark.play(Admiral(run + 1), rules, target)
            admiral_runs.append(sinking_shots(record.shots, enemy_fleet))
    theirs = [s for s in game.shots if s.player != player]
    own = game.boards[player]
    own_fleet = [(ship.name, frozenset(ship.cells)) for ship in own.ships]
    their_sank = sinking_shots([s.coord for s in theirs], own_fleet)
    needed: int | None = len(theirs) if len(their_sank) == len(own_fleet) else None
    alone = False
    if needed is None and one_at_a_time:
        hunter = get_player(level, computer_seed)
        target = [(s.name, s.start, s.orientation) for s in own.ships]
        needed, alone = len(benchmark.play(hunter, rules, target).shots), True
    return {
        "version": ANALYSIS_VERSION,
        "shots": [shot.to_dict() for shot in rated],
        "weapon_moves": weapon_moves,
        "sank": [
            {
                "ship": name,
                "yours": sank[name],
                "admiral": round(fmean(run[name] for run in admiral_runs), 1)
                if admiral_runs
                else None,
            }
            for name, _ in enemy_fleet
            if name in sank
        ],
        "runs": len(admiral_runs),
        "theirs": {
            "level": level,
            "fired": len(theirs),
            "ships_sunk": len(their_sank),
            "ships": len(own_fleet),
            "needed": needed,
            "alone": alone,
            "benchmark": BENCHMARK_MEANS.get(rules.name, {}).get(level),
        },
    }


def rated_shots(analysis: dict[str, Any], size: int) -> list[RatedShot]:
    """The rated shots of a stored analysis, back as values."""
    return [
        RatedShot(
            shot["move"],
            Coordinate.parse(shot["cell"], size),
            shot["chance"],
            shot["par"],
            Coordinate.parse(shot["par_cell"], size),
            shot["hit"],
        )
        for shot in analysis["shots"]
    ]
