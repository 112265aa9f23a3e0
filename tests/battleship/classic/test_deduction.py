from battleship.classic import BattleshipGame, Coordinate, sunk_ship_cells


def play(enemy_fleet, shots):
    game = BattleshipGame(seed=1)
    game.place_fleet(
        0,
        [
            ("Carrier", "A1", "H"),
            ("Battleship", "C1", "H"),
            ("Cruiser", "E1", "H"),
            ("Submarine", "G1", "H"),
            ("Destroyer", "I1", "H"),
        ],
    )
    game.place_fleet(1, enemy_fleet)
    game.start()
    replies = iter(f"{r}{c}" for r in "BDFHJ" for c in range(1, 11))
    for shot in shots:
        game.make_move(shot)
        game.make_move(next(replies))
    return game.view_for(0)


FLEET = [
    ("Carrier", "A1", "V"),
    ("Battleship", "A3", "V"),
    ("Cruiser", "J8", "H"),
    ("Submarine", "H5", "H"),
    ("Destroyer", "H4", "V"),  # touches the Submarine: H4, I4 next to H5
]


def labels(cells):
    return sorted(str(c) for c in cells)


def test_a_lone_sunk_ship_is_pinned_down():
    view = play(FLEET, ["J8", "J9", "J10"])
    assert labels(sunk_ship_cells(view)["Cruiser"]) == ["J10", "J8", "J9"]


def test_hits_next_to_each_other_are_left_open_until_they_can_be_told_apart():
    # H4 and H5 hit (Destroyer and Submarine); H6 sinks nothing; I4 sinks the Destroyer,
    # which could lie H4-I4 only (I4-I5 is not hit, I3 not hit).
    view = play(FLEET, ["H4", "H5", "H6", "I4"])
    assert labels(sunk_ship_cells(view)["Destroyer"]) == ["H4", "I4"]
    view = play(FLEET, ["H5", "H6", "H4", "H7"])
    # The Submarine sinks at H7: H5-H7 is the only line of three hits through H7.
    assert labels(sunk_ship_cells(view)["Submarine"]) == ["H5", "H6", "H7"]


def test_an_ambiguous_sinking_is_not_guessed():
    # H5 hits the Submarine, I4 and H4 the Destroyer: H4-H5 and H4-I4 both fit its sinking.
    view = play(FLEET, ["H5", "I4", "H4"])
    assert view.enemy_sunk == ("Destroyer",)
    assert sunk_ship_cells(view) == {}


def test_a_later_sinking_can_settle_an_earlier_one():
    view = play(FLEET, ["H5", "I4", "H4", "H6", "H7"])
    # The Submarine sinks at H7: H5-H7 is its only line, which leaves H4-I4 to the Destroyer.
    cells = sunk_ship_cells(view)
    assert labels(cells["Submarine"]) == ["H5", "H6", "H7"]
    assert labels(cells["Destroyer"]) == ["H4", "I4"]
    assert Coordinate.parse("H4") not in cells["Submarine"]
