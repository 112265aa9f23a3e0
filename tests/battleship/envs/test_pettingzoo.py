"""The two-player PettingZoo environment: PettingZoo's own API test, turns, rewards, the end."""

import itertools

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from battleship.envs.gymnasium_env import Rewards
from battleship.envs.observations import HIT, MISS, tracking_grid
from battleship.envs.pettingzoo_env import OWN_HIT, OWN_MISS, OWN_SHIP, env, raw_env


@pytest.mark.parametrize("rules", ["standard", "salvo", "no_touch", "fog_of_war"])
def test_pettingzoos_api_test_passes(rules):
    api_test(env(rules=rules), num_cycles=300)


def test_pettingzoos_seed_test_passes():
    seed_test(lambda: env(rules="salvo"), num_cycles=50)


def play_out(game, seed):
    """Both agents fire at random legal cells to the end; the steps taken by each agent."""
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    order = []
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        order.append(agent)
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return order


def test_standard_turns_alternate_and_salvo_turns_are_several_shots():
    standard = play_out(env(), 1)
    assert all(a != b for a, b in itertools.pairwise(standard))
    salvo = play_out(env(rules="salvo"), 1)
    first_turn = list(itertools.takewhile(lambda agent: agent == salvo[0], salvo))
    assert len(first_turn) == 5  # five ships afloat: five shots


def test_the_observation_is_the_players_own_view_and_never_an_unsunk_enemy_ship():
    game = raw_env()
    game.reset(seed=3)
    for _ in range(30):
        agent = game.agent_selection
        seat = int(agent[-1])
        observation = game.observe(agent)
        view = game._game.view_for(seat)
        assert (observation["observation"][0] == tracking_grid(view)).all()
        own = observation["observation"][1]
        ship_cells = {cell for ship in view.fleet for cell in ship.cells}
        assert {(r, c) for r, c in zip(*np.nonzero(own >= OWN_SHIP), strict=True)} == {
            (cell.row, cell.col) for cell in ship_cells
        }
        enemy_ships = {cell for ship in game._game.boards[1 - seat].ships for cell in ship.cells}
        tracked = observation["observation"][0]
        for cell in enemy_ships:  # an enemy ship shows only where it was hit
            assert tracked[cell.row, cell.col] in (0, HIT, 3)
        action = int(np.flatnonzero(observation["action_mask"])[0])
        game.step(action)
    received = game._game.view_for(0).shots_received
    own = game.observe("player_0")["observation"][1]
    for cell, hit in received:
        assert own[cell.row, cell.col] == (OWN_HIT if hit else OWN_MISS)


def test_the_winner_gets_the_win_and_the_loser_the_loss():
    game = env()
    game.reset(seed=5)
    totals = {"player_0": 0.0, "player_1": 0.0}
    last = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        totals[agent] += reward
        if terminated or truncated:
            last[agent] = info
            game.step(None)
            continue
        mask = observation["action_mask"]
        game.step(int(np.flatnonzero(mask)[0]))  # both fire in reading order
    winner = last["player_0"]["winner"]
    assert winner == last["player_1"]["winner"] in ("player_0", "player_1")
    loser = "player_1" if winner == "player_0" else "player_0"
    rewards = Rewards()
    # 17 hits and 5 sinkings each way at most; the win and the loss tell them apart.
    assert totals[winner] > rewards.win
    assert totals[loser] < 17 * rewards.hit + 5 * rewards.sink + rewards.loss + 1e-9


def test_an_illegal_action_changes_nothing_and_keeps_the_turn():
    game = env()
    game.reset(seed=2)
    first = game.agent_selection
    game.step(0)
    second = game.agent_selection
    assert second != first
    game.step(5)
    game.step(0)  # the first agent fires at A1 again
    assert game.agent_selection == first
    assert game.rewards[first] == Rewards().illegal
    assert game.observe(first)["observation"][0][0, 0] in (MISS, HIT, 3)


def test_an_action_off_the_board_is_refused():
    game = env()
    game.reset(seed=2)
    with pytest.raises(AssertionError):
        game.step(100)
