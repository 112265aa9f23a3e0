import pytest

from battleship.classic import BattleshipGame, Coordinate, Orientation


def test_it_reads_b7_as_row_1_column_6():
    assert Coordinate.parse("B7") == Coordinate(1, 6)
    assert str(Coordinate(1, 6)) == "B7"


@pytest.mark.parametrize("text", ["A1", "a1", " j10 ", "E5"])
def test_it_round_trips_every_label(text):
    assert str(Coordinate.parse(text)) == text.strip().upper()


def test_every_cell_of_the_board_round_trips():
    for row in range(10):
        for col in range(10):
            cell = Coordinate(row, col)
            assert Coordinate.parse(str(cell)) == cell


@pytest.mark.parametrize("text", ["K1", "A11", "A0", "", "B", "7B", "BB7", "B-1", "B 7 7", "Z99"])
def test_it_refuses_anything_that_is_not_a_cell(text):
    with pytest.raises(ValueError, match=r"cell|board"):
        Coordinate.parse(text)


def test_a_larger_board_has_more_rows():
    assert Coordinate.parse("L12", board_size=12) == Coordinate(11, 11)


@pytest.mark.parametrize(("row", "col"), [(-1, 0), (0, -3), (True, 0), (1.5, 2)])
def test_negative_or_non_integer_indexes_are_refused(row, col):
    with pytest.raises(ValueError):
        Coordinate(row, col)


def test_coordinates_are_frozen():
    with pytest.raises(AttributeError):
        Coordinate(0, 0).row = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"), [("H", Orientation.H), ("v", Orientation.V), ("vertical", Orientation.V)]
)
def test_orientation_accepts_the_letters(text, expected):
    assert Orientation(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (" Horizontal ", Orientation.H),
        ("ACROSS", Orientation.H),
        ("h", Orientation.H),
        ("Vertical", Orientation.V),
        (" down", Orientation.V),
    ],
)
def test_orientation_accepts_the_words_people_write(text, expected):
    assert Orientation(text) is expected


def test_orientation_refuses_diagonals():
    with pytest.raises(ValueError):
        Orientation("D")


@pytest.mark.parametrize("text", ["hello", "vortex", "Hx", "", "  ", "horizon", "h v"])
def test_orientation_refuses_words_that_merely_start_with_h_or_v(text):
    with pytest.raises(ValueError):
        Orientation(text)


def test_a_ship_placed_with_a_made_up_direction_is_refused_and_not_placed():
    game = BattleshipGame(seed=1)
    with pytest.raises(ValueError):
        game.place_ship(0, "Carrier", "A1", "hello")
    assert game.place_ship(0, "Carrier", "A1", "across").orientation is Orientation.H
