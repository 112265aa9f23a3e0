"""Special weapons (docs/rules/special-weapons.md): an air strike and two torpedoes each.

Known answers for each weapon at an edge and a corner, a torpedo's first contact, and every
refusal (a weapon spent, a weapon the rules lack, a strike off the board, a torpedo along no
line), each of which changes nothing.
"""

import pytest

from battleship.classic import (
    AirStrike,
    BattleshipGame,
    Coordinate,
    Edge,
    Fire,
    IllegalMove,
    RuleSet,
    Torpedo,
    Weapon,
    move_from_dict,
)

FLEET = [
    ("Carrier", "A1", "H"),  # A1-A5
    ("Battleship", "C3", "V"),  # C3-F3
    ("Cruiser", "J8", "H"),  # J8-J10
    ("Submarine", "E6", "H"),  # E6-E8
    ("Destroyer", "H10", "V"),  # H10-I10
]


def weapons_game(rules=None):
    game = BattleshipGame(rules or RuleSet.special_weapons(), 3)
    game.place_fleet(0, FLEET)
    game.place_fleet(1, FLEET)
    game.start()
    return game


def cells(results):
    return [(str(r.coord), r.hit) for r in results]


def test_the_rule_set_gives_each_player_one_air_strike_and_two_torpedoes():
    rules = RuleSet.special_weapons()
    assert rules.weapons() == {Weapon.AIR_STRIKE: 1, Weapon.TORPEDO: 2}
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert rules.to_dict()["arsenal"] == {"air_strike": 1, "torpedo": 2}
    assert RuleSet.standard().weapons() == {}
    game = weapons_game()
    assert game.weapons_left(0) == game.weapons_left(1) == rules.weapons()


@pytest.mark.parametrize(
    ("center", "square"),
    [
        ("E5", ["D4", "D5", "D6", "E4", "E5", "E6", "F4", "F5", "F6"]),
        ("A5", ["A4", "A5", "A6", "B4", "B5", "B6"]),  # cut by the top edge
        ("J10", ["I9", "I10", "J9", "J10"]),  # a corner
    ],
)
def test_an_air_strike_fires_at_its_square_cut_by_the_edge(center, square):
    game = weapons_game()
    results = game.play(AirStrike(Coordinate.parse(center)))
    assert [str(r.coord) for r in results] == square
    assert {r.player for r in results} == {0}
    assert game.current_player == 1  # the whole turn
    assert game.weapons_left(0)[Weapon.AIR_STRIKE] == 0


def test_an_air_strike_skips_cells_fired_at_before_and_announces_each_like_a_shot():
    game = weapons_game()
    game.make_move("A4")
    game.make_move("J1")
    results = game.play(AirStrike(Coordinate.parse("A5")))
    assert cells(results) == [("A5", True), ("A6", False), ("B4", False), ("B5", False),
                              ("B6", False)]  # fmt: skip
    assert game.view_for(0).moves[-1].cells == tuple(r.coord for r in results)


def test_an_air_strike_announces_a_sinking_as_a_shot_does():
    game = weapons_game()
    for cell in ["J8", "J9"]:
        game.make_move(cell)
        game.make_move(f"A{int(cell[1]) - 7}")
    results = game.play(AirStrike(Coordinate.parse("I9")))
    sunk = [r for r in results if r.sunk]
    assert [(str(r.coord), r.sunk.name) for r in sunk] == [
        ("I10", "Destroyer"),  # H10 and I10, both in the square
        ("J10", "Cruiser"),
    ]
    assert game.view_for(0).enemy_sunk == ("Destroyer", "Cruiser")


@pytest.mark.parametrize(
    ("edge", "line", "struck"),
    [
        (Edge.WEST, 0, "A1"),  # the first cell of the row
        (Edge.EAST, 0, "A5"),  # runs right to left
        (Edge.NORTH, 2, "A3"),  # down column 3
        (Edge.SOUTH, 2, "F3"),  # up column 3, from the bottom
        (Edge.EAST, 4, "E8"),  # row E from the right: the Submarine's stern
        (Edge.SOUTH, 9, "J10"),  # a corner: up column 10, the Cruiser first
    ],
)
def test_a_torpedo_hits_the_first_ship_cell_on_its_way(edge, line, struck):
    game = weapons_game()
    (result,) = game.play(Torpedo(edge, line))
    assert (str(result.coord), result.hit) == (struck, True)
    assert game.current_player == 1
    assert game.view_for(1).moves[-1].cells == (Coordinate.parse(struck),)


def test_a_torpedo_runs_past_ship_cells_already_hit():
    game = weapons_game()
    game.make_move("A1")
    game.make_move("J1")
    (result,) = game.play(Torpedo(Edge.WEST, 0))
    assert str(result.coord) == "A2"


def test_a_torpedo_with_no_contact_fires_no_shot_and_ends_the_turn():
    game = weapons_game()
    assert game.play(Torpedo(Edge.WEST, 1)) == []  # row B is empty
    assert game.current_player == 1
    assert len(game.shots) == 0
    (played,) = game.view_for(1).moves
    assert (played.player, played.cells) == (0, ())
    assert game.weapons_left(0)[Weapon.TORPEDO] == 1
    passed = Torpedo(Edge.WEST, 1).passed(10, None)
    assert [str(c) for c in passed] == [f"B{n}" for n in range(1, 11)]


def test_every_weapon_move_is_stored_and_replayed():
    game = weapons_game()
    game.play(Torpedo(Edge.WEST, 1))
    game.make_move("A1")
    game.play(AirStrike(Coordinate.parse("E5")))
    moves = [move.to_dict() for move in game.moves]
    assert moves == [
        {"torpedo": {"from": "west", "line": 1}},
        {"fire": ["A1"]},
        {"air_strike": "E5"},
    ]
    fleets = [FLEET, FLEET]
    again = BattleshipGame.replay(game.rules, 3, fleets, [move_from_dict(m) for m in moves])
    assert again.get_state() == game.get_state()
    assert again.weapons_left(0) == {Weapon.AIR_STRIKE: 0, Weapon.TORPEDO: 1}


def refused(game, move, message):
    before = (game.get_state(), game.weapons_left(0), len(game.moves))
    with pytest.raises(IllegalMove, match=message):
        game.play(move)
    assert (game.get_state(), game.weapons_left(0), len(game.moves)) == before


def test_a_weapon_spent_is_refused():
    game = weapons_game()
    game.play(AirStrike(Coordinate.parse("E5")))
    game.make_move("J1")
    refused(game, AirStrike(Coordinate.parse("A1")), "every air strike has been used")
    for answer in ["J2", "J3"]:
        game.play(Torpedo(Edge.WEST, 9))
        game.make_move(answer)
    refused(game, Torpedo(Edge.WEST, 9), "every torpedo has been used")


def test_a_weapon_the_rules_lack_is_refused():
    game = weapons_game(RuleSet.standard())
    refused(game, AirStrike(Coordinate.parse("E5")), "these rules have no air strike")
    refused(game, Torpedo(Edge.NORTH, 0), "these rules have no torpedo")


def test_an_air_strike_centred_off_the_board_is_refused():
    game = weapons_game()
    refused(game, AirStrike(Coordinate(10, 4)), "off the board")


def test_an_air_strike_on_cells_all_fired_at_is_refused():
    rules = RuleSet(name="tiny", board_size=3, fleet=RuleSet.standard().fleet[-1:],
                    arsenal=((Weapon.AIR_STRIKE, 1),))  # fmt: skip
    game = BattleshipGame(rules, 1)
    game.place_fleet(0, [("Destroyer", "C1", "H")])
    game.place_fleet(1, [("Destroyer", "C1", "H")])
    game.start()
    for cell in ["A1", "A2", "B1", "B2"]:
        game.make_move(cell)
        game.make_move(cell)
    refused(game, AirStrike(Coordinate.parse("A1", 3)), "every cell around A1")


def test_a_torpedo_along_no_row_or_column_is_refused():
    game = weapons_game()
    refused(game, Torpedo(Edge.WEST, 10), "there is no row")
    refused(game, Torpedo(Edge.NORTH, 12), "there is no column 13")
    with pytest.raises(IllegalMove, match="launched from the west, east, north, south edge"):
        Torpedo("up", 1)
    with pytest.raises(IllegalMove, match="runs along a row or a column"):
        Torpedo(Edge.WEST, -1)


def test_a_weapon_is_a_whole_turn_used_before_any_shot_of_it():
    rules = RuleSet(name="salvo_weapons", shots_per_turn="unsunk_ships",
                    arsenal=((Weapon.TORPEDO, 1),))  # fmt: skip
    game = weapons_game(rules)
    game.play(Fire.parse("J1"))
    refused(game, Torpedo(Edge.WEST, 0), "a torpedo is a whole turn: use it before firing")


@pytest.mark.parametrize(
    "data",
    [
        {"air_strike": "K1"},
        {"air_strike": 5},
        {"torpedo": {"from": "up", "line": 1}},
        {"torpedo": {"from": "west"}},
        {"fire": ["A1"], "air_strike": "B2"},
    ],
)
def test_a_stored_weapon_of_the_wrong_shape_is_refused(data):
    with pytest.raises(ValueError):
        move_from_dict(data)


def test_an_arsenal_is_the_same_whatever_the_order_it_is_read_in():
    # PostgreSQL's jsonb gives an object's keys back in an order of its own.
    flipped = RuleSet.from_dict({**RuleSet.special_weapons().to_dict(),
                                 "arsenal": {"torpedo": 2, "air_strike": 1}})  # fmt: skip
    assert flipped == RuleSet.special_weapons()
