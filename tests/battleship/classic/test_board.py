import random

import pytest

from battleship.classic import Board, Coordinate, Orientation, RuleSet, ShipSpec


def test_a_five_long_ship_has_120_placements_on_an_empty_board():
    assert len(list(Board().legal_placements("Carrier"))) == 2 * 10 * 6 == 120


def test_a_two_long_ship_has_180_placements_on_an_empty_board():
    assert len(list(Board().legal_placements("Destroyer"))) == 2 * 10 * 9


def test_a_placed_ship_covers_its_cells():
    board = Board()
    ship = board.place_ship("Cruiser", "B2", "V")
    assert [str(c) for c in ship.cells] == ["B2", "C2", "D2"]
    assert board.ship_at(Coordinate.parse("D2")) == ship
    assert board.ship_at(Coordinate.parse("E2")) is None


@pytest.mark.parametrize(
    ("name", "start", "orientation", "reason"),
    [
        ("Carrier", "A7", "H", "off the board"),
        ("Carrier", "G1", "V", "off the board"),
        ("Carrier", "K1", "H", "off the board"),
        ("Tugboat", "A1", "H", "no 'Tugboat'"),
        ("Carrier", "A1", "D", "not a valid Orientation"),
        ("Carrier", (-1, 0), "H", "row or column"),
    ],
)
def test_it_refuses_placements_off_the_board_or_unknown(name, start, orientation, reason):
    with pytest.raises(ValueError, match=reason):
        Board().place_ship(name, start, orientation)


def test_it_refuses_an_overlap_and_names_the_other_ship():
    board = Board()
    board.place_ship("Carrier", "C1", "H")
    with pytest.raises(ValueError, match="overlap the Carrier at C3"):
        board.place_ship("Cruiser", "A3", "V")
    assert [s.name for s in board.ships] == ["Carrier"]


def test_it_refuses_a_ship_placed_twice():
    board = Board()
    board.place_ship("Destroyer", "A1", "H")
    with pytest.raises(ValueError, match="already placed"):
        board.place_ship("Destroyer", "E5", "H")


def test_touching_ships_are_allowed_by_default():
    board = Board()
    board.place_ship("Carrier", "A1", "H")
    board.place_ship("Battleship", "B1", "H")
    board.place_ship("Destroyer", "C6", "H")  # corner to corner with the Carrier's end
    assert len(board.ships) == 3


@pytest.mark.parametrize(("start", "orientation"), [("B1", "H"), ("B6", "H"), ("A6", "H")])
def test_no_touch_rules_refuse_edges_and_corners(start, orientation):
    board = Board(RuleSet.no_touch())
    board.place_ship("Carrier", "A1", "H")
    with pytest.raises(ValueError, match="touch the Carrier"):
        board.place_ship("Destroyer", start, orientation)


def test_no_touch_rules_allow_one_cell_of_water_between():
    board = Board(RuleSet.no_touch())
    board.place_ship("Carrier", "A1", "H")
    board.place_ship("Destroyer", "C1", "H")
    board.place_ship("Cruiser", "A7", "H")
    assert len(board.ships) == 3


def test_a_ship_can_be_removed_and_placed_again():
    board = Board()
    board.place_ship("Carrier", "A1", "H")
    board.remove_ship("Carrier")
    board.place_ship("Carrier", "A1", "V")
    assert board.ships[0].orientation is Orientation.V


def test_random_placement_is_complete_legal_and_reproducible():
    a = Board.random_placement(RuleSet.standard(), random.Random(42))
    b = Board.random_placement(RuleSet.standard(), random.Random(42))
    c = Board.random_placement(RuleSet.standard(), random.Random(43))
    assert a.is_complete
    assert a.ships == b.ships
    assert a.ships != c.ships
    cells = [cell for ship in a.ships for cell in ship.cells]
    assert len(cells) == len(set(cells)) == 17
    assert all(cell.in_bounds(10) for cell in cells)


def test_random_no_touch_placements_never_touch_across_thousands_of_seeds():
    rules = RuleSet.no_touch()
    for seed in range(3000):
        board = Board.random_placement(rules, random.Random(seed))
        owner = {cell: ship.name for ship in board.ships for cell in ship.cells}
        for cell, name in owner.items():
            for near in cell.surrounding(10):
                assert owner.get(near, name) == name, f"seed {seed}: ships touch at {near}"


def test_a_fleet_that_cannot_fit_is_an_error_not_a_hang():
    rules = RuleSet(board_size=3, fleet=tuple(ShipSpec(f"S{i}", 3) for i in range(4)))
    with pytest.raises(ValueError, match="does not fit"):
        Board.random_placement(rules, random.Random(0))


def test_receiving_shots_reports_hits_and_the_sinking():
    board = Board()
    board.place_ship("Destroyer", "A1", "H")
    assert not board.receive_shot("C3").hit
    first = board.receive_shot("A1")
    assert first.hit
    assert first.sunk is None
    second = board.receive_shot("A2")
    assert second.hit
    assert second.sunk is not None
    assert second.sunk.name == "Destroyer"


def test_a_cell_cannot_be_shot_twice():
    board = Board()
    board.receive_shot("E5")
    with pytest.raises(ValueError, match="already been fired at"):
        board.receive_shot("E5")
    assert len(board.shots_received) == 1


def test_shots_off_the_board_are_refused():
    board = Board()
    with pytest.raises(ValueError):
        board.receive_shot((10, 0))
    with pytest.raises(ValueError):
        board.receive_shot("K1")
    assert board.shots_received == ()
