"""What a board shows of the last round under special weapons: a torpedo's track (the cells
it ran through, up to the cell it struck), on both boards, and the last round counted in
moves, so that a torpedo with no contact ends the mark of the strike before it."""

from battleship.classic import AirStrike, BattleshipGame, Coordinate, Edge, Fire, RuleSet, Torpedo
from battleship.classic.display import build_display

FLEET = [
    ("Carrier", "A1", "H"),  # A1-A5
    ("Battleship", "C3", "V"),  # C3-F3
    ("Cruiser", "J8", "H"),  # J8-J10
    ("Submarine", "E6", "H"),  # E6-E8
    ("Destroyer", "H10", "V"),  # H10-I10
]


def weapons_game():
    game = BattleshipGame(RuleSet.special_weapons(), 3)
    game.place_fleet(0, FLEET)
    game.place_fleet(1, FLEET)
    game.start()
    return game


def marks(board):
    """The cells drawn as the last move's, and those drawn as a torpedo's track (with its edge)."""
    cells = [cell for _letter, row in board for cell in row]
    latest = {cell.label for cell in cells if cell.latest}
    track = {cell.label: cell.track for cell in cells if cell.track}
    return latest, track


def test_a_torpedo_track_stops_before_the_cell_it_struck():
    game = weapons_game()
    shooter = game.current_player
    game.play(Torpedo(Edge.EAST, 4))  # row E from the right: E10, E9 open, E8 struck
    assert marks(build_display(game.view_for(shooter)).enemy_rows) == (
        {"E8"},
        {"E10": "east", "E9": "east"},
    )
    # The other player sees the same track on their own board.
    assert marks(build_display(game.view_for(1 - shooter)).own_rows) == (
        {"E8"},
        {"E10": "east", "E9": "east"},
    )


def test_a_torpedo_with_no_contact_ends_the_mark_of_the_strike_before():
    game = weapons_game()
    striker = game.current_player
    game.play(AirStrike(Coordinate.parse("H5")))
    assert marks(build_display(game.view_for(striker)).enemy_rows)[0] == {
        f"{row}{col}" for row in "GHI" for col in (4, 5, 6)
    }
    game.play(Fire.at("J1"))  # the other player's turn
    game.play(Torpedo(Edge.WEST, 1))  # row B from the left: no ship in it
    latest, track = marks(build_display(game.view_for(striker)).enemy_rows)
    assert latest == set()  # the strike is a move ago; the torpedo struck nothing
    assert track == {f"B{col}": "west" for col in range(1, 11)}
