import pytest

from battleship.classic import GamePhase, RuleSet
from battleship.classic.ai import LEVELS

from .conftest import play_out

VARIANTS = {
    "standard": RuleSet.standard(),
    "no_touch": RuleSet.no_touch(),
    "fog_of_war": RuleSet.fog_of_war(),
    "salvo": RuleSet.salvo(),
}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_it_plays_whole_games_without_an_illegal_or_repeated_shot(level, variant):
    for seed in range(2):
        # The engine raises on an illegal or repeated shot, so finishing proves legality.
        game, fired = play_out(level, seed, VARIANTS[variant], opponent_level=2)
        assert game.phase is GamePhase.FINISHED
        for shots in fired:
            assert len(shots) == len(set(shots))


@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_it_fires_the_same_shots_from_the_same_seed_and_game(level):
    first = play_out(level, 11)[1]
    again = play_out(level, 11)[1]
    assert first == again


@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_it_fires_differently_with_another_seed(level):
    openings = {tuple(play_out(level, seed)[1][0][:4]) for seed in range(4)}
    assert len(openings) > 1
