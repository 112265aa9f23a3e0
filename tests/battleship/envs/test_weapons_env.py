"""The environment under special weapons: an air strike on each cell and a torpedo from
each edge along each line are actions of their own, masked once spent."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from battleship.classic import AirStrike, Coordinate, Edge, RuleSet, Torpedo
from battleship.envs.gymnasium_env import BattleshipEnv

CELLS = 100
FLEET = [
    ("Carrier", "A1", "H"),
    ("Battleship", "C3", "V"),
    ("Cruiser", "J8", "H"),
    ("Submarine", "E6", "H"),
    ("Destroyer", "H10", "V"),
]


def weapons_env(**options):
    return BattleshipEnv(rules=RuleSet.special_weapons(), **options)


def test_the_actions_are_the_cells_then_the_air_strikes_then_the_torpedoes():
    env = weapons_env()
    assert env.action_space.n == 2 * CELLS + 40
    assert env.decode(7) == Coordinate(0, 7)
    assert env.decode(CELLS + 44) == AirStrike(Coordinate(4, 4))
    assert env.decode(2 * CELLS) == Torpedo(Edge.WEST, 0)
    assert env.decode(2 * CELLS + 39) == Torpedo(Edge.SOUTH, 9)
    with pytest.raises(ValueError):
        env.decode(2 * CELLS + 40)
    assert BattleshipEnv().action_space.n == CELLS  # the standard game's actions are cells


def test_an_air_strike_fires_its_square_and_is_masked_once_spent():
    env = weapons_env()
    env.reset(seed=1, options={"fleet": FLEET})
    _, reward, _, _, info = env.step(CELLS + 1)  # centred on A2: A1-A3, B1-B3
    assert info["shots"] == 6
    assert info["hits"] == 3  # the Carrier's A1, A2, A3
    assert reward == pytest.approx(-0.1 + 3 * 1.0)
    assert not info["action_mask"][CELLS : 2 * CELLS].any()  # the only air strike is spent
    _, reward, *_, info = env.step(CELLS + 50)
    assert info["result"] == "illegal"


def test_a_torpedo_hits_the_first_ship_cell_and_two_are_all():
    env = weapons_env()
    env.reset(seed=1, options={"fleet": FLEET})
    _, _, _, _, info = env.step(2 * CELLS + 20 + 6)  # from the north down column 7: E7
    assert info["hits"] == 1
    assert env.unwrapped.player_view().shots_fired[-1].coord == Coordinate.parse("E7")
    env.step(2 * CELLS + 1)  # from the west along row B: no contact
    mask = env.action_masks()
    assert not mask[2 * CELLS :].any()
    assert mask[CELLS : 2 * CELLS].any()  # the air strike is still there


def test_against_an_opponent_a_weapon_is_the_turn_and_the_opponent_answers():
    env = weapons_env(opponent=3)
    env.reset(seed=2)
    _, _, _, _, info = env.step(CELLS + 55)
    assert info["shots"] == 9
    game = env.unwrapped._game
    assert [played.player for played in game.played] == [0, 1]  # its turn was answered
    assert game.current_player == 0


def test_it_passes_gymnasiums_checks_and_plays_to_the_end_on_random_legal_actions():
    env = weapons_env()
    check_env(env, skip_render_check=True)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(400):
        mask = env.action_masks()
        _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            break
    assert terminated
