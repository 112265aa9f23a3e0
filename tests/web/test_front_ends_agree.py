"""A seed means the same game everywhere: the site, the terminal game and the Gym
environment play the computer's turn through the engine (``BattleshipGame.play_turn``), so
the same seed and the same person's moves draw the same computer shots in all three, shot
for shot, under every rule set the site's engine has. (The benchmark fires the same
``choose_move`` on its range, where nobody fires back: ``tests/gym/test_bench_agreement.py``
holds it equal to the environment's search game.)"""

import io
import random
import re

import pytest
from django.test import Client

from battleship.classic import Board, Coordinate, RuleSet
from battleship.envs.gymnasium_env import BattleshipEnv
from battleship.terminal import classic as terminal
from games.models import COMPUTER, HUMAN, Game, Ship

RULE_SETS = [RuleSet.standard(), RuleSet.salvo(), RuleSet.no_touch(), RuleSet.fog_of_war()]
TURNS = 25  # the person's turns played in each front end (or fewer, if the game ends)


def person_order(rules, seed):
    """The person's cells, in the order they fire them: the same in every front end."""
    size = rules.board_size
    cells = [Coordinate(r, c) for r in range(size) for c in range(size)]
    random.Random(f"person:{seed}").shuffle(cells)
    return cells


def in_gym(rules, level, seed):
    """The game seed the environment drew, the person's volleys, and the computer's shots."""
    env = BattleshipEnv(rules=rules, opponent=level)
    env.reset(seed=seed)
    game = env.unwrapped._game
    order = iter(person_order(rules, game.seed))
    volleys, theirs = [], []
    while len(volleys) < TURNS and game.winner is None:
        volley = [next(order) for _ in range(game.view_for(HUMAN).shots_left_in_turn)]
        for cell in volley:
            _, _, terminated, _, info = env.step(env.unwrapped.action(cell))
            theirs += info.get("opponent_shots", [])
            if terminated:
                break
        volleys.append(volley)
    return game.seed, volleys, theirs


def in_terminal(rules, level, seed, volleys):
    lines = [str(cell) for volley in volleys for cell in volley] + ["quit"]
    stdout = io.StringIO()
    terminal.play(io.StringIO("\n".join(lines) + "\n"), stdout, level=level, seed=seed, rules=rules)
    return re.findall(r"^The \w+ fires at ([A-J]\d+):", stdout.getvalue(), re.MULTILINE)


def in_browser(rules, level, seed, volleys):
    client = Client()
    assert client.post("/games/", {"level": level}).status_code == 302
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(seed=seed, rules=rules.to_dict())
    board = Board.random_placement(rules, random.Random(f"{seed}:fleet:{HUMAN}"))
    for ship in board.ships:
        Ship.objects.create(
            game=game,
            player=HUMAN,
            name=ship.name,
            row=ship.start.row,
            col=ship.start.col,
            orientation=ship.orientation.value,
        )
    assert client.post(f"/games/{game.pk}/start").status_code == 302
    for volley in volleys:
        game.refresh_from_db()
        if game.is_over:
            break
        cells = " ".join(str(cell) for cell in volley)
        response = client.post(f"/games/{game.pk}/shots", {"cell": cells, "move": game.moves})
        assert response.status_code == 302, response.content.decode()[:500]
    shots = game.shots.filter(player=COMPUTER).order_by("sequence")
    return [shot.cell for shot in shots]


@pytest.mark.django_db
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.name)
@pytest.mark.parametrize(("level", "seed"), [(1, 11), (3, 12), (5, 13)])
def test_the_site_the_terminal_and_the_gym_draw_the_same_their_shots(rules, level, seed):
    game_seed, volleys, gym_shots = in_gym(rules, level, seed)
    assert len(gym_shots) >= TURNS - 1  # the computer did answer
    assert in_terminal(rules, level, game_seed, volleys) == gym_shots
    assert in_browser(rules, level, game_seed, volleys) == gym_shots


def test_the_computer_is_the_one_a_web_game_of_the_same_seed_gets():
    from games.models import Game

    game = Game(seed=987654321, level=2)
    assert terminal.computer_seed(987654321) == game.computer_seed
