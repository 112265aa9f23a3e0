"""The five-shot rules (docs/rules/five-shot.md), by known answers: the fleet of
six, a scripted round and its exact group report, a draw, the shots of the cells variant
falling as cells are hit, what the shooter's view holds and hides, and the cells the
group reports settle."""

import pytest

from battleship.classic import (
    BattleshipGame,
    Coordinate,
    Fire,
    GamePhase,
    GameState,
    GroupReport,
    IllegalMove,
    RuleSet,
    deduce_groups,
)
from battleship.classic.groups import deduce
from battleship.classic.variants import rule_set

FLEET = [
    ("Aircraft Carrier", "A1", "H"),  # A1-A5
    ("Battleship", "C1", "H"),  # C1-C4
    ("Destroyer", "E1", "H"),  # E1-E3
    ("Cruiser", "G1", "H"),  # G1-G2
    ("Second Cruiser", "I1", "H"),  # I1-I2
    ("Submarine", "J10", "H"),
]
SHIP_CELLS = [
    "A1",
    "A2",
    "A3",
    "A4",
    "A5",
    "C1",
    "C2",
    "C3",
    "C4",
    "E1",
    "E2",
    "E3",
    "G1",
    "G2",
    "I1",
    "I2",
    "J10",
]


def game_with(rules, fleets=(FLEET, FLEET), seed=1):
    game = BattleshipGame(rules, seed)
    for player, fleet in enumerate(fleets):
        game.place_fleet(player, fleet)
    game.start()
    return game


def cells(*labels):
    return frozenset(Coordinate.parse(label) for label in labels)


@pytest.mark.parametrize("name", ["five_shot", "five_shot_called", "five_shot_cells"])
def test_each_five_shot_rule_set_is_asked_for_by_name(name):
    rules = rule_set(name)
    assert rules.name == name
    assert [(s.name, s.length) for s in rules.fleet] == [
        ("Aircraft Carrier", 5),
        ("Battleship", 4),
        ("Destroyer", 3),
        ("Cruiser", 2),
        ("Second Cruiser", 2),
        ("Submarine", 1),
    ]
    assert rules.fleet_cells == 17
    assert RuleSet.from_dict(rules.to_dict()) == rules


def test_a_scripted_round_gets_its_exact_report_and_nothing_per_cell():
    game = game_with(RuleSet.five_shot())
    game.play(Fire.at("C1", "C2", "J10", "J9", "A1"))
    view = game.view_for(0)
    assert [str(report) for report in view.reports] == [
        "Aircraft Carrier hit, Battleship hit twice, Submarine hit and sunk"
    ]
    (report,) = view.reports
    assert report.hits == (("Aircraft Carrier", 1), ("Battleship", 2), ("Submarine", 1))
    assert report.sunk == ("Submarine",)
    assert view.enemy_sunk == ("Submarine",)
    # The shooter is told no cell's result, and no sinking by cell.
    assert all(shot.hit is None and shot.sunk is None for shot in view.shots_fired)
    assert "hit" not in str(view.to_dict()["shots_fired"]).replace("'hit': None", "")
    # The defender's own board shows everything.
    received = dict(game.view_for(1).shots_received)
    assert received[Coordinate.parse("J9")] is False
    assert received[Coordinate.parse("J10")] is True
    assert game.current_player == 1
    assert game.view_for(1).shots_left_in_turn == 5


def test_a_turn_of_water_is_reported_as_no_hits():
    game = game_with(RuleSet.five_shot())
    game.play(Fire.at("J1", "J2", "J3", "J4", "J5"))
    assert str(game.view_for(0).reports[0]) == "No hits"


def test_two_games_differing_only_in_which_cells_of_a_volley_hit_give_equal_views():
    # The Submarine at J10 or at J9: the same volley, the same report, the same view.
    other = [ship if ship[0] != "Submarine" else ("Submarine", "J9", "H") for ship in FLEET]
    views = []
    for fleet in (FLEET, other):
        game = game_with(RuleSet.five_shot(), (FLEET, fleet))
        game.play(Fire.at("J10", "J9", "F5", "F6", "F7"))
        views.append(game.view_for(0))
    assert views[0] == views[1]
    assert views[0].to_dict() == views[1].to_dict()


@pytest.mark.parametrize(
    ("volley", "error"),
    [
        ("A1 A2 A3 A4 A5 A6", "5 shots left, not 6"),
        ("A1 A1 A2 A3 A4", "chosen twice"),
        # Fired a cell at a time, a turn would be told cell by cell: it is named whole.
        ("A1 A2 A3 A4", "5 shots named together, not 4"),
        ("A1", "5 shots named together, not 1"),
    ],
)
def test_an_invalid_turn_is_refused_whole(volley, error):
    game = game_with(RuleSet.five_shot())
    before = game.get_state()
    with pytest.raises(IllegalMove, match=error):
        game.play(Fire.parse(volley))
    assert game.get_state() == before


def test_a_cell_fired_at_before_is_refused_and_changes_nothing():
    game = game_with(RuleSet.five_shot())
    game.play(Fire.parse("A1 A2 A3 A4 A5"))
    game.play(Fire.parse("J1 J2 J3 J4 J5"))
    before = game.get_state()
    with pytest.raises(IllegalMove, match="already been fired at"):
        game.play(Fire.parse("B1 B2 B3 B4 A3"))
    assert game.get_state() == before


def test_both_fleets_sunk_in_one_round_is_a_draw():
    game = game_with(RuleSet.five_shot())
    for turn in [SHIP_CELLS[i : i + 5] for i in range(0, 15, 5)]:
        for _ in range(2):
            game.play(Fire.parse(" ".join(turn)))
    # The last turn of each: the two cells left and three of water.
    game.play(Fire.parse("I2 J10 F1 F2 F3"))
    assert game.phase is GamePhase.IN_PROGRESS  # player 0 sank the fleet: the round goes on
    assert game.view_for(0).reports[-1].sunk == ("Second Cruiser", "Submarine")
    results = game.play(Fire.parse("I2 J10 F1 F2 F3"))
    assert game.phase is GamePhase.FINISHED
    assert game.is_draw
    assert game.winner is None
    assert results[-1].draw


def test_the_cells_variant_fires_one_shot_per_unhit_cell_counted_at_the_round_start():
    game = game_with(RuleSet.five_shot_cells())
    assert game.view_for(0).shots_left_in_turn == 17
    game.play(Fire.parse("F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 H1 H2 H3 H4 H5 H6 H7"))
    # Player 1 hits three of player 0's cells; player 0's next turn is three shots fewer.
    game.play(Fire.parse("A1 A2 C1 F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 H1 H2 H3 H4"))
    assert game.view_for(0).shots_left_in_turn == 14
    game.play(Fire.parse("A1 A2 A3 A4 A5 C1 C2 C3 C4 E1 E2 E3 G1 G2"))
    # Counted at the round's start: player 1's turn keeps its 17 though 14 cells were hit.
    assert game.view_for(1).shots_left_in_turn == 17


def test_five_shot_called_announces_each_cell():
    game = game_with(RuleSet.five_shot_called())
    game.play(Fire.at("C1", "C2", "J10", "J9", "A1"))
    view = game.view_for(0)
    assert view.reports == ()
    assert [(str(s.coord), s.hit, s.sunk) for s in view.shots_fired] == [
        ("C1", True, None),
        ("C2", True, None),
        ("J10", True, "Submarine"),
        ("J9", False, None),
        ("A1", True, None),
    ]


# -- what the reports settle -------------------------------------------------------------


def report(labels, hits=(), sunk=()):
    return GroupReport(tuple(Coordinate.parse(c) for c in labels.split()), tuple(hits), sunk)


def test_no_hits_makes_every_cell_of_the_turn_water():
    found = deduce(RuleSet.five_shot(), [report("A1 B5 C7 D2 J9")])
    assert found.misses == cells("A1", "B5", "C7", "D2", "J9")
    assert found.hits == frozenset()
    assert found.exact


def test_a_cruiser_hit_twice_can_only_be_the_two_cells_side_by_side():
    # Of A1 A2 J5 J7 J9 only A1 and A2 lie next to each other: the Cruiser is there.
    found = deduce(RuleSet.five_shot(), [report("A1 A2 J5 J7 J9", [("Cruiser", 2)], ["Cruiser"])])
    assert found.hits == cells("A1", "A2")
    assert found.misses == cells("J5", "J7", "J9")
    assert found.candidates["Cruiser"] == (0b11,)


def test_a_hit_that_any_cell_could_hold_leaves_the_turn_unknown():
    found = deduce(
        RuleSet.five_shot(), [report("A1 C3 E5 G7 J9", [("Submarine", 1)], ["Submarine"])]
    )
    assert found.hits == found.misses == frozenset()
    assert found.unknown == cells("A1", "C3", "E5", "G7", "J9")


def test_a_later_report_settles_an_earlier_one():
    rules = RuleSet.five_shot()
    # Round 1: the Cruiser hit once, in any of five cells; round 2: hit again and sunk. Of
    # the two turns' cells only A1 and A2 lie side by side: the Cruiser was there.
    reports = [
        report("A1 C3 E5 G7 J9", [("Cruiser", 1)]),
        report("A2 D8 F1 H4 B6", [("Cruiser", 1)], ["Cruiser"]),
    ]
    assert deduce(rules, reports[:1]).hits == frozenset()
    found = deduce(rules, reports)
    assert found.hits == cells("A1", "A2")
    assert found.misses == cells("C3", "E5", "G7", "J9", "D8", "F1", "H4", "B6")


def test_ships_may_not_share_a_cell_so_one_ship_settles_another():
    rules = RuleSet.five_shot()
    # The Destroyer hit three times among A1 A2 A3 A10 J10: it is A1-A3 (no other three
    # in a line). The Battleship hit once among A3 A4 F6 H8 J1 then cannot be at A3.
    reports = [
        report("A1 A2 A3 A10 J10", [("Destroyer", 3)], ["Destroyer"]),
        report("A4 F6 H8 J1 J3", [("Battleship", 1)]),
    ]
    found = deduce(rules, reports)
    assert cells("A1", "A2", "A3") <= found.hits
    assert cells("A10", "J10") <= found.misses
    assert found.unknown == cells("A4", "F6", "H8", "J1", "J3")


def test_the_deduction_agrees_with_the_real_fleet_in_every_turn_of_a_game():
    game = game_with(RuleSet.five_shot(), seed=3)
    order = [Coordinate(r, c) for c in range(10) for r in range(10)]
    real = set(map(Coordinate.parse, SHIP_CELLS))
    settled = 0
    for turn in range(20):
        volley = tuple(order[turn * 5 : turn * 5 + 5])
        game.play(Fire(volley))
        if game.phase is not GamePhase.IN_PROGRESS:
            break
        game.play(Fire(tuple(Coordinate(9 - c.row, 9 - c.col) for c in volley)))
        found = deduce_groups(game.view_for(0))
        assert found.hits <= real
        assert not found.misses & real
        settled = len(found.hits | found.misses)
    assert settled > 20


@pytest.mark.parametrize("name", ["five_shot", "five_shot_cells"])
def test_a_five_shot_game_snapshot_reads_back_and_replays(name):
    game = game_with(getattr(RuleSet, name)(), seed=5)
    order = iter([Coordinate(r, c) for r in range(10) for c in range(10)])
    for _ in range(3):
        game.play(
            Fire(
                tuple(
                    next(order)
                    for _ in range(game.view_for(game.current_player).shots_left_in_turn)
                )
            )
        )
    state = game.get_state()
    assert GameState.from_dict(state.to_dict()) == state
    again = BattleshipGame.from_state(state)
    assert again.view_for(0) == game.view_for(0)
    assert again.view_for(1) == game.view_for(1)
