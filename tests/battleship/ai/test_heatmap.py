import math

import pytest

from battleship.classic import BattleshipGame, GamePhase
from battleship.classic.ai import LEVELS, get_player


def midgame_view(seed, shots=30):
    game = BattleshipGame(seed=seed)
    game.setup_random()
    shooter = get_player(2, seed)
    while game.phase is GamePhase.IN_PROGRESS and len(game.shots) < 2 * shots:
        game.make_move(shooter.choose_shot(game.view_for(game.current_player)))
    return game.view_for(0)


@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_it_gives_every_untargeted_cell_a_probability_summing_to_one(level):
    for seed in range(3):
        view = midgame_view(seed)
        heat = get_player(level, seed).heatmap(view)
        untargeted = {c for c in _all_cells() if c not in view.targeted}
        assert set(heat) == untargeted
        assert all(p >= 0 for p in heat.values())
        assert math.isclose(sum(heat.values()), 1.0)


@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_it_fires_at_a_cell_it_rates_highest(level):
    view = midgame_view(4)
    player = get_player(level, 4)
    heat = player.heatmap(view)
    assert math.isclose(heat[player.choose_shot(view)], max(heat.values()))


@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_it_chooses_distinct_untargeted_cells_for_a_salvo(level):
    view = midgame_view(6)
    shots = get_player(level, 6).choose_shots(view, 5)
    assert len(set(shots)) == 5
    assert not set(shots) & view.targeted


def test_it_refuses_more_shots_than_open_cells():
    view = midgame_view(7)
    with pytest.raises(ValueError):
        get_player(1, 7).choose_shots(view, 101)


def _all_cells():
    from battleship.classic import Coordinate

    return [Coordinate(r, c) for r in range(10) for c in range(10)]
