"""The coach's figures: the Admiral's hit chances from a view, and a finished game's analysis."""

import random

import pytest

from battleship.classic import BattleshipGame, Coordinate, Fire, RuleSet
from battleship.classic.ai import get_player
from battleship.classic.ai.admiral import Admiral
from battleship.classic.ai.coach import COACH_SEED, analyse, hit_chances, likeliest, sinking_shots
from battleship.classic.variants import VARIANTS


def position(rules, seed, moves):
    """A game under ``rules`` after ``moves`` moves, both sides played by computer players."""
    game = BattleshipGame(rules, seed=seed)
    game.setup_random(seed)
    players = [get_player(3, seed), get_player(4, seed + 1)]
    while len(game.moves) < moves and game.phase.value == "in_progress":
        game.play_turn(players[game.current_player])
    return game


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_hint_is_the_admirals_heat_map_scaled_to_hit_chances(name):
    game = position(VARIANTS[name](), 11, 12)
    view = game.view_for(0)
    chances = hit_chances(view)
    heat = Admiral(COACH_SEED).heatmap(view)
    # Every cell one may fire at; one the view rules out without a shot (where a torpedo
    # ran past) has chance 0.
    assert set(chances) == {Coordinate(r, c) for r in range(10) for c in range(10)} - view.targeted
    assert set(heat) <= set(chances)
    assert all(chances[cell] == 0 for cell in set(chances) - set(heat))
    # The same reading: one the other times the ship cells still hidden, cell for cell.
    total = sum(chances.values())
    assert 0 < total <= view.rules.fleet_cells
    for cell, share in heat.items():
        assert chances[cell] == pytest.approx(share * total, abs=1e-9)
        assert 0 <= chances[cell] <= 1


def test_the_likeliest_cells_come_best_first_ties_in_reading_order():
    chances = {Coordinate(1, 1): 0.2, Coordinate(0, 5): 0.3, Coordinate(0, 2): 0.2}
    assert likeliest(chances, 2) == [(Coordinate(0, 5), 0.3), (Coordinate(0, 2), 0.2)]


def test_a_sinking_shot_is_the_shot_that_hit_the_ships_last_cell():
    cells = frozenset({Coordinate(0, 0), Coordinate(0, 1)})
    shots = [Coordinate(0, 1), Coordinate(5, 5), Coordinate(0, 0), Coordinate(0, 1)]
    fleet = [("Destroyer", cells), ("Other", frozenset({Coordinate(9, 9)}))]
    assert sinking_shots(shots, fleet) == {"Destroyer": 3}


def test_the_analysis_rates_each_shot_from_the_view_it_was_fired_from():
    rules = RuleSet.standard()
    game = BattleshipGame(rules, seed=3)
    game.setup_random(3)
    rng = random.Random(5)
    computer = get_player(2, 9)
    while game.phase.value == "in_progress" and len(game.moves) < 40:
        if game.current_player == 0:
            view = game.view_for(0)
            open_cells = sorted(set(hit_chances(view)), key=lambda c: (c.row, c.col))
            game.play(Fire((rng.choice(open_cells),)))
        else:
            game.play_turn(computer)
    fleets = [[(s.name, s.start, s.orientation) for s in b.ships] for b in game.boards]
    found = analyse(rules, 3, fleets, game.moves, 2, 9)
    assert [shot["move"] for shot in found["shots"]] == list(range(0, 40, 2))
    again = BattleshipGame.replay(rules, 3, fleets, [])
    for index, move in enumerate(game.moves):
        if index % 2 == 0:
            chances = hit_chances(again.view_for(0))
            shot = found["shots"][index // 2]
            assert shot["cell"] == str(move.cells[0])
            assert shot["chance"] == round(chances[move.cells[0]], 4)
            assert shot["par"] == round(max(chances.values()), 4)
        again.play(move)
    # The computer has not sunk the fleet in 20 shots: what it needs alone is worked out.
    assert found["theirs"]["fired"] == 20
    assert found["theirs"]["alone"] is True
    assert found["theirs"]["needed"] >= 17
    assert found["theirs"]["benchmark"] == 61.40
