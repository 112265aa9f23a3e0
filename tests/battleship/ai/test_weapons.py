"""The computer and the special weapons: used by the rules, by the levels that aim, and
never at cells already known."""

import pytest

from battleship.classic import AirStrike, BattleshipGame, Fire, GamePhase, RuleSet, Torpedo, Weapon
from battleship.classic.ai import get_player
from battleship.classic.ai.knowledge import Knowledge


def weapons_games(level, games=6):
    """Whole games of ``level`` against the Recruit, each move recorded with its view."""
    rules = RuleSet.special_weapons()
    for seed in range(games):
        game = BattleshipGame(rules, seed)
        game.setup_random()
        player, other = get_player(level, seed), get_player(1, seed)
        played = []
        while game.phase is GamePhase.IN_PROGRESS:
            if game.current_player == 0:
                view = game.view_for(0)
                move = player.choose_move(view)
                played.append((view, move, game.play(move)))
            else:
                game.play_turn(other)
        yield game, played


@pytest.mark.parametrize("level", [1, 2])
def test_the_lowest_levels_keep_to_shots(level):
    for _, played in weapons_games(level, games=2):
        assert all(isinstance(move, Fire) for _, move, _ in played)


@pytest.mark.parametrize("level", [3, 4, 5])
def test_the_aiming_levels_use_every_weapon_they_have_by_the_rules(level):
    for game, played in weapons_games(level, games=4):
        used = [move for _, move, _ in played if move.weapon is not None]
        assert sum(isinstance(m, Torpedo) for m in used) <= 2
        assert sum(isinstance(m, AirStrike) for m in used) <= 1
        assert game.weapons_left(0) == {Weapon.AIR_STRIKE: 0, Weapon.TORPEDO: 0}


@pytest.mark.parametrize("level", [3, 4, 5])
def test_no_weapon_is_spent_on_cells_already_known(level):
    for _, played in weapons_games(level):
        for view, move, _ in played:
            if move.weapon is None:
                continue
            knowledge = Knowledge.from_view(view)
            size = knowledge.size
            square = move.square(size) if isinstance(move, AirStrike) else move.path(size)
            unknown = [c for c in square if not knowledge.targeted >> (c.row * size + c.col) & 1]
            assert unknown, f"{move} aimed only at cells already known"


def test_the_water_a_torpedo_ran_through_is_never_fired_at():
    for _, played in weapons_games(5):
        water = set()
        for view, move, results in played:
            if isinstance(move, Torpedo):
                struck = results[0].coord if results else None
                fired = {shot.coord for shot in view.shots_fired}
                water |= {c for c in move.passed(10, struck) if c not in fired}
            elif isinstance(move, Fire):
                assert not water & set(move.cells)
