"""Where the computer puts its own fleet.

Levels 1-3 place at random. Levels 4-5 place where a probability hunter looks last: out
of many random fleets they keep the one whose cells an empty-board density count rates
lowest (ships along the edges and in the corners, where fewer placements cross). The
choice stays random (many fleets score alike), so a person cannot learn one layout.
"""

from __future__ import annotations

import functools
import random

from battleship.classic import Board, Coordinate, Orientation, RuleSet
from battleship.classic.ai.geometry import bits, index, placements

Placement = tuple[str, Coordinate, Orientation]
"""One ship as ``BattleshipGame.place_fleet`` takes it: name, first cell, orientation."""

# How many random fleets the hard placement picks its fleet from.
CANDIDATES = 40


def random_placement(rules: RuleSet, seed: str) -> list[Placement]:
    """A fleet placed at random by the engine (``Board.random_placement``), reproducible from
    ``seed``."""
    board = Board.random_placement(rules, random.Random(seed))
    return [(ship.name, ship.start, ship.orientation) for ship in board.ships]


@functools.cache
def _empty_board_density(size: int, lengths: tuple[int, ...]) -> tuple[float, ...]:
    counts = [0.0] * (size * size)
    for length in lengths:
        found = placements(size, length)
        for mask in found:
            for cell in bits(mask):
                counts[cell] += 1.0 / len(found)
    return tuple(counts)


def hard_placement(rules: RuleSet, seed: str) -> list[Placement]:
    """A legal fleet that a probability hunter finds late, reproducible from ``seed``."""
    rng = random.Random(seed)
    density = _empty_board_density(rules.board_size, tuple(s.length for s in rules.fleet))
    best: list[Placement] = []
    best_score = float("inf")
    for _ in range(CANDIDATES):
        board = Board.random_placement(rules, rng)
        score = sum(
            density[index(cell, rules.board_size)] for ship in board.ships for cell in ship.cells
        )
        if score < best_score:
            best_score = score
            best = [(ship.name, ship.start, ship.orientation) for ship in board.ships]
    return best
