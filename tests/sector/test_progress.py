"""The computer players always make progress: a person cannot stall them.

A submarine parked under a wreck's cells once only submarines were left was never fired
at: the players kept those cells as struck, though the engine opens them again."""

import random

import pytest

from games.sector import GamePhase, SectorGame, Shot, SubMove, Turn, parse_cell
from games.sector.ai import get_player
from games.sector.ai.knowledge import read
from tests.sector.conftest import fleet, game_with

BOUND = 400
"""Far above a long battle between two Gunners (they take about 100 turns)."""


# Games of ``bench_sector --seed 1`` (numbered as it numbers them, the Deckhand in seat 0
# in odd ones) that a Gunner dragged on against the Deckhand: for 950 to 1,700 turns when
# the last submarine lay beneath a wreck's cells, which it never fired at again (147, 187,
# 201); for ever when it took a wreck's cells for sure hits (174, 222, on the way here).
BENCH_GAMES = (147, 174, 187, 201, 222)


def play(levels, seed, bound):
    game = SectorGame(seed)
    game.setup_random()
    players = [get_player(level, seed + seat) for seat, level in enumerate(levels)]
    while game.phase is GamePhase.IN_PROGRESS and len(game.turns) < bound:
        game.play_turn(players[game.current_player])
    return game


@pytest.mark.parametrize("number", BENCH_GAMES)
def test_a_gunner_finishes_the_benchmark_battles_it_used_to_drag_on(number):
    seed = random.Random(f"1:sector-bench:{number}").getrandbits(63)
    levels = (2, 1) if number % 2 == 0 else (1, 2)

    game = play(levels, seed, BOUND)

    assert game.phase is GamePhase.FINISHED


@pytest.mark.parametrize("level", [2, 3])
def test_a_submarine_parked_under_a_wreck_is_found_once_only_submarines_are_left(level):
    # The enemy's Submarine runs along row D beneath its Carrier (D8 to D12) and stops at
    # the edge, under the Carrier's last two cells, while every other ship of it is sunk.
    enemy = fleet(
        ("Carrier", "D8", "across"),
        ("Battleship", "G1", "across"),
        ("Destroyer", "J1", "across"),
        ("Submarine", "D1", ">"),
        ("Second Submarine", "I12", "v"),
    )
    game = game_with(enemy)
    targets = [ship.cells for ship in game.fleets[1] if ship.name != "Submarine"]
    moves = 10  # D1-D2 to D11-D12
    for cell in [c for cells in targets for c in cells if c != parse_cell("J12")]:
        game.play(Shot("Carrier", cell))
        move = SubMove("Submarine") if moves else None
        moves -= bool(moves)
        game.play(Turn(Shot.at("Submarine", "L12"), move))
    parked = next(ship for ship in game.fleets[1] if ship.name == "Submarine")
    assert parked.cells == (parse_cell("D11"), parse_cell("D12"))
    assert [ship.name for ship in game.fleets[1] if ship.afloat] == ["Submarine"]

    player = get_player(level, 5)
    for _ in range(60):
        game.play(player.choose_move(game.view_for(0)))
        if game.phase is GamePhase.FINISHED:
            break
        game.play(Shot.at("Submarine", "L12"))

    assert game.winner == 0


def test_the_enemys_wreck_cells_are_open_to_a_player_once_only_submarines_are_left():
    game = game_with(fleet())
    surface = [c for ship in game.fleets[1] if not ship.is_submarine for c in ship.cells]
    for cell in surface:
        game.play(Shot("Carrier", cell))
        game.play(Shot.at("Submarine", "L12"))

    know = read(game.view_for(0))

    assert not know.surface_afloat
    assert not know.struck  # a submarine may lie at any of them now
    assert set(surface) <= set(know.targets(game.legal_actions(0).targets))
