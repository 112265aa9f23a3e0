import pytest

from battleship.classic.ai import LEVELS, get_player


def test_it_lists_five_levels_in_order_with_names_and_descriptions():
    assert [info.level for info in LEVELS] == [1, 2, 3, 4, 5]
    assert [info.name for info in LEVELS] == [
        "Recruit",
        "Ensign",
        "Lieutenant",
        "Captain",
        "Admiral",
    ]
    for info in LEVELS:
        assert info.description.endswith(".")
        assert "\n" not in info.description


def test_it_gives_a_player_of_the_level_asked_for():
    for info in LEVELS:
        player = get_player(info.level, seed=3)
        assert (player.level, player.name, player.description) == (
            info.level,
            info.name,
            info.description,
        )


@pytest.mark.parametrize("level", [0, 6, -1, True, "3"])
def test_it_refuses_a_level_that_does_not_exist(level):
    with pytest.raises(ValueError):
        get_player(level, seed=1)
