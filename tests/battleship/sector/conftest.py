"""Helpers: sector games with fleets written out, as the sector game's source draws them."""

import pytest

from battleship.sector import Placement, SectorGame

# Fleets far from the action of each test, legal by the spacing rule.
QUIET_FLEET = [
    ("Carrier", "A1", "across"),
    ("Battleship", "C1", "across"),
    ("Destroyer", "E1", "across"),
    ("Submarine", "G1", ">"),
    ("Second Submarine", "I1", ">"),
]


def fleet(*ships):
    """A whole fleet: the ships given, the rest from ``QUIET_FLEET`` moved to the far side."""
    named = {name: (name, start, lie) for name, start, lie in ships}
    spare = {
        "Carrier": ("Carrier", "A8", "across"),
        "Battleship": ("Battleship", "C9", "across"),
        "Destroyer": ("Destroyer", "E12", "down"),
        "Submarine": ("Submarine", "L11", "<"),
        "Second Submarine": ("Second Submarine", "I12", "v"),
    }
    out = []
    for name in spare:
        out.append(Placement.of(*named.get(name, spare[name])))
    return out


def game_with(enemy, mine=None, first_player=0, seed=7):
    """A started game: player 0 has ``mine`` (the quiet fleet by default), player 1 ``enemy``."""
    game = SectorGame(seed, first_player=first_player)
    game.place_fleet(0, [Placement.of(*ship) for ship in (mine or QUIET_FLEET)])
    game.place_fleet(1, enemy)
    game.start()
    return game


@pytest.fixture
def quiet():
    return [Placement.of(*ship) for ship in QUIET_FLEET]
