import random

import pytest

from battleship.classic import BattleshipGame, Board, PlayerView
from battleship.classic.ai import LEVELS, get_player


@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_it_is_given_nothing_but_its_own_player_view(level):
    """The computer's turn (``play_turn``) hands the player its own view and nothing else:
    no enemy fleet, no board, no game."""
    seen = []
    player = get_player(level, 7)

    class Spy:
        def choose_move(self, *args, **kwargs):
            seen.append((args, kwargs))
            return player.choose_move(*args, **kwargs)

    game = BattleshipGame(seed=5)
    game.setup_random()
    game.make_move("A1")
    before = game.view_for(1)
    game.play_turn(Spy())
    ((args, kwargs),) = seen
    assert kwargs == {}
    (view,) = args
    assert isinstance(view, PlayerView)
    assert view.player == 1
    assert view.enemy_fleet == ()
    assert view == before
    assert [str(cell) for cell, _ in view.shots_received] == ["A1"]


@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_it_fires_the_same_whatever_the_hidden_fleet(level):
    # Two games whose enemy fleets differ but whose shots so far tell the same story (the
    # same misses) give equal views, and so the same choices: nothing else is read.
    fleets = [Board.random_placement(rng=random.Random(f"hidden:{n}")).ships for n in (1, 2)]
    occupied = {str(cell) for fleet in fleets for ship in fleet for cell in ship.cells}
    water = [label for label in ("A1", "E5", "J10", "C8", "H3", "F6") if label not in occupied]
    own = [(s.name, s.start, s.orientation) for s in fleets[0]]
    games = []
    for fleet in fleets:
        game = BattleshipGame(seed=9)
        game.place_fleet(0, own)
        game.place_fleet(1, [(s.name, s.start, s.orientation) for s in fleet])
        game.start()
        for turn, label in enumerate(water[:3]):
            game.make_move(label)
            game.make_move(f"J{turn + 1}")
        games.append(game)
    assert games[0].view_for(0) == games[1].view_for(0)
    # The computer takes its turn through the game, as on the site: whatever the game hands
    # it, its shot at the two different hidden fleets is the same.
    fired = [
        [str(result.coord) for result in game.play_turn(get_player(level, 4))] for game in games
    ]
    assert fired[0] == fired[1]
    assert len(fired[0]) == 1
