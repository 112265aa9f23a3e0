"""Engine errors say what went wrong in English, and carry a kind and the values they name,
so that a front end can say it in any language without parsing the English."""

import pytest

from battleship.classic import (
    BattleshipGame,
    Board,
    Coordinate,
    IllegalMove,
    InvalidPlacement,
    RuleSet,
)


def test_a_cell_fired_at_twice_names_its_kind_and_cell():
    board = Board(RuleSet.standard())
    board.receive_shot("B7")
    with pytest.raises(IllegalMove) as refused:
        board.receive_shot("B7")
    assert str(refused.value) == "B7 has already been fired at"
    assert (refused.value.kind, refused.value.values) == ("already_fired", {"cell": "B7"})


def test_an_overlap_names_both_ships_and_the_cell():
    board = Board(RuleSet.standard())
    board.place_ship("Carrier", "A1", "H")
    with pytest.raises(InvalidPlacement) as refused:
        board.place_ship("Destroyer", "A2", "V")
    assert str(refused.value) == "the Destroyer would overlap the Carrier at A2"
    assert refused.value.kind == "overlap"
    assert refused.value.values == {"ship": "Destroyer", "other": "Carrier", "cell": "A2"}


def test_a_label_that_is_no_cell_keeps_what_was_typed():
    with pytest.raises(ValueError) as refused:
        Coordinate.parse("7B")
    assert (refused.value.kind, refused.value.values) == ("not_a_cell", {"text": "7B"})
    with pytest.raises(ValueError) as refused:
        Coordinate.parse("K1")
    assert (refused.value.kind, refused.value.values) == (
        "off_board",
        {"text": "K1", "last": "J10"},
    )


def test_a_placement_with_an_unknown_ship_passes_the_kind_on():
    board = Board(RuleSet.standard())
    with pytest.raises(InvalidPlacement) as refused:
        board.place_ship("Canoe", "A1", "H")
    assert (refused.value.kind, refused.value.values) == ("no_such_ship", {"ship": "Canoe"})


def test_an_error_without_a_kind_still_works_as_before():
    game = BattleshipGame(seed=1)
    with pytest.raises(IllegalMove) as refused:
        game.make_move("A1")
    assert str(refused.value) == "no shots can be fired before the game has started"
    assert refused.value.kind == "no_shots_before"
    assert IllegalMove("plain").kind == ""
    assert IllegalMove("plain").values == {}
