"""The positions the learning pages draw, played out by the real engine and computer players.

Each is computed once per process (``functools.cache``) from fixed seeds, so a page costs
nothing after its first view and shows the same boards every time.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable
from dataclasses import dataclass

from battleship.classic import (
    AirStrike,
    BattleshipGame,
    Board,
    Coordinate,
    Fire,
    Move,
    Orientation,
    PlayerView,
    RuleSet,
    Ship,
)
from battleship.classic.ai import get_player
from battleship.classic.variants import VARIANTS

# The game the strategy guide follows: the Admiral (seat 0) against the Recruit. Seed 33 gives
# a first hit after 3 shots, the Battleship sunk after 8 with no other hit open, and the
# Carrier alone left after 29: a long last ship, whose gaps show on the board.
STRATEGY_SEED = 33
HOW_TO_PLAY_FLEET = (
    ("Carrier", "B2", "H"),
    ("Battleship", "D8", "V"),
    ("Cruiser", "G2", "V"),
    ("Submarine", "G3", "H"),
    ("Destroyer", "J6", "H"),
)
"""Your fleet in the how-to-play pictures: the Cruiser and the Submarine touch, as they may."""
ENEMY_FLEET = (
    ("Carrier", "H4", "H"),
    ("Battleship", "A9", "V"),
    ("Cruiser", "E1", "V"),
    ("Submarine", "C5", "H"),
    ("Destroyer", "B3", "H"),
)
HOW_TO_PLAY_SHOTS = ("E6", "B3", "B4")
"""Your first three shots: a miss, a hit, and the hit that sinks the Destroyer."""


@dataclass(frozen=True, slots=True)
class Position:
    """What a player saw at one moment of a game, and what a computer level made of it."""

    view: PlayerView
    heat: dict[Coordinate, float]


def _fleet(
    rules: RuleSet, placements: Iterable[tuple[str, Coordinate | str, Orientation | str]]
) -> tuple[Ship, ...]:
    board = Board(rules)
    for name, start, way in placements:
        board.place_ship(name, start, way)
    return tuple(board.ships)


@dataclass(frozen=True, slots=True)
class FirstShots:
    """Your fleet as placed, then the enemy's board as you see it after each of your first
    three shots."""

    fleet: tuple[Ship, ...]
    after: dict[str, PlayerView]
    """By what the shot did: ``miss``, ``hit``, ``sunk``."""


@functools.cache
def how_to_play() -> FirstShots:
    """The how-to-play game: your fleet, and your first three shots at the enemy's."""
    rules = RuleSet.standard()
    game = BattleshipGame(rules, seed=STRATEGY_SEED)
    game.place_fleet(0, HOW_TO_PLAY_FLEET)
    game.place_fleet(1, ENEMY_FLEET)
    game.start()
    after = {}
    answers = iter(("J10", "A1", "F5"))
    for name, cell in zip(("miss", "hit", "sunk"), HOW_TO_PLAY_SHOTS, strict=True):
        game.make_move(cell)
        after[name] = game.view_for(0)
        game.make_move(next(answers))
    return FirstShots(_fleet(rules, HOW_TO_PLAY_FLEET), after)


@functools.cache
def rule_sets() -> dict[str, PlayerView | tuple[Ship, ...]]:
    """What each other rule set changes, played on the how-to-play fleets: a Salvo turn of
    five shots, a fleet that keeps its distance, the how-to-play shots under fog of war
    (the Destroyer sinks unnamed) and an air strike."""
    shown: dict[str, PlayerView | tuple[Ship, ...]] = {}
    moves: dict[str, list[Move]] = {
        "salvo": [Fire(tuple(Coordinate.parse(c) for c in ("B4", "C6", "E5", "F8", "H2")))],
        "fog_of_war": [Fire((Coordinate.parse(c),)) for c in HOW_TO_PLAY_SHOTS],
        "special_weapons": [AirStrike(Coordinate.parse("C4"))],
    }
    for name, played in moves.items():
        game = BattleshipGame(VARIANTS[name](), seed=STRATEGY_SEED)
        game.place_fleet(0, HOW_TO_PLAY_FLEET)
        game.place_fleet(1, ENEMY_FLEET)
        game.start()
        answers = iter(Coordinate(9, col) for col in range(9, -1, -1))  # J10, J9, ...
        for move in played:
            game.play(move)
            while game.current_player == 1:
                game.play(Fire((next(answers),)))
        shown[name] = game.view_for(0)
    no_touch = VARIANTS["no_touch"]()
    shown["no_touch"] = tuple(Board.random_placement(no_touch, random.Random(STRATEGY_SEED)).ships)
    return shown


def _counts(view: PlayerView) -> tuple[int, int]:
    """Hits so far, and the cells of the ships sunk so far."""
    lengths = {ship.name: ship.length for ship in view.rules.fleet}
    hits = sum(1 for shot in view.shots_fired if shot.hit)
    return hits, sum(lengths[name] for name in view.enemy_sunk)


@functools.cache
def strategy() -> dict[str, Position]:
    """The Admiral's heat maps along one real game: on the empty board, after its first hit,
    after its first sinking (no other hit open) and with one ship left; and the Lieutenant's
    on the empty board (its checkerboard)."""
    game = BattleshipGame(RuleSet.standard(), seed=STRATEGY_SEED)
    game.setup_random()
    admiral, recruit = get_player(5, STRATEGY_SEED), get_player(1, STRATEGY_SEED)
    empty = game.view_for(0)
    found = {
        "empty": Position(empty, admiral.heatmap(empty)),
        "parity": Position(empty, get_player(3, STRATEGY_SEED).heatmap(empty)),
    }
    while game.winner is None and "last" not in found:
        if game.current_player == 1:
            game.play_turn(recruit)
            continue
        game.play_turn(admiral)
        view = game.view_for(0)
        hits, sunk = _counts(view)
        if hits == 1 and "hit" not in found:
            found["hit"] = Position(view, admiral.heatmap(view))
        if view.enemy_sunk and hits == sunk:
            found.setdefault("sunk", Position(view, admiral.heatmap(view)))
            if len(view.enemy_sunk) == len(view.rules.fleet) - 1:
                found["last"] = Position(view, admiral.heatmap(view))
    return found


@functools.cache
def placements() -> dict[str, tuple[Ship, ...]]:
    """A fleet as the Lieutenant places it (at random) and one as the Admiral does (where a
    probability hunter looks last)."""
    rules = RuleSet.standard()
    return {
        name: _fleet(rules, get_player(level, STRATEGY_SEED).place_fleet(rules))
        for name, level in (("random", 3), ("hard", 5))
    }
