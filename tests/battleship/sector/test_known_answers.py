"""Known answers that pin the sector game's rules (docs/rules/sector.md): its source's own
examples in our cell names (the source letters its columns, so its "G10" is our J7), and the
cases the rules settle."""

import pytest

from battleship.sector import (
    Axis,
    Barrage,
    Course,
    IllegalMove,
    InvalidPlacement,
    Placement,
    Recon,
    Result,
    SectorGame,
    Shot,
    Sonar,
    SubMove,
    Turn,
    parse_cell,
    sector_of,
)
from tests.battleship.sector.conftest import fleet, game_with


def cells(*labels):
    return tuple(parse_cell(label) for label in labels)


def pass_turns(game, rounds, enemy_move=None):
    """``rounds`` rounds of harmless turns: player 0 sends its aircraft over sector I, player 1
    fires at an empty corner, moving ``enemy_move`` each time if given."""
    for _ in range(rounds):
        game.play(Recon(1))
        move = SubMove(enemy_move) if enemy_move else None
        game.play(Turn(Shot.at("Carrier", "L12"), move))


def test_it_numbers_sectors_row_by_row_as_003_draws_them():
    assert sector_of(parse_cell("A1")) == 1
    assert sector_of(parse_cell("A12")) == 4
    assert sector_of(parse_cell("E5")) == 6
    assert sector_of(parse_cell("L12")) == 16
    # The source's G10, H10 and I12 (our J7, J8, L9) lie in the sector of its columns G to I and
    # rows 10 to 12: XV on the source's own map (its text calls it XIV).
    assert {sector_of(c) for c in cells("J7", "J8", "L9")} == {15}


def test_recon_names_the_occupied_cells_of_the_sector_and_not_the_submarine():
    """The source's aircraft example: a Destroyer across J6-J8 (its F10-H10), the Battleship
    from L9 (its I12) and a submarine moved to L7-L8 (its G12-H12) beneath the aircraft."""
    enemy = fleet(
        ("Destroyer", "J6", "across"),
        ("Battleship", "L9", "across"),
        ("Submarine", "L3", ">"),
    )
    game = game_with(enemy)
    pass_turns(game, 4, enemy_move="Submarine")
    assert game.fleets[1][3].cells == cells("L7", "L8")

    report = game.play(Recon.over("XV"))

    assert report.occupied == cells("J7", "J8", "L9")
    assert report.origin is None  # the Carrier's sector is not told
    told = game.view_for(1).reports[-1]
    assert told.kind == "recon"
    assert told.occupied == cells("J7", "J8", "L9")
    assert told.origin is None


def test_sonar_reports_the_course_of_a_submarine_in_another_sector():
    """The source's sonar example: a submarine at F4-F5 heading up (our D6-E6), sonar over X."""
    enemy = fleet(("Submarine", "D6", "^"))
    game = game_with(enemy)
    assert game.fleets[1][3].bridge == parse_cell("E6")  # astern, away from its heading

    report = game.play(Sonar.over("X"))

    assert report.courses == (Course(Axis.COLUMN, 5),)
    assert [str(course) for course in report.courses] == ["column 6"]
    assert report.origin is None  # the Destroyer's sector is not told


def test_sonar_reports_two_submarines_on_one_course_once():
    enemy = [
        Placement.of("Carrier", "E1", "across"),
        Placement.of("Battleship", "H1", "across"),
        Placement.of("Destroyer", "L1", "across"),
        Placement.of("Submarine", "B2", ">"),
        Placement.of("Second Submarine", "B8", "<"),
    ]
    game = game_with(enemy)

    assert game.play(Sonar(1)).courses == (Course(Axis.ROW, 1),)


def test_sonar_reports_every_course_crossing_the_sector():
    enemy = fleet(("Submarine", "B2", ">"), ("Second Submarine", "E3", "v"))
    game = game_with(enemy)

    courses = game.play(Sonar(1)).courses

    assert [str(c) for c in courses] == ["column 3", "row B"]


def test_sonar_over_an_empty_sector_reports_nothing():
    game = game_with(fleet(("Submarine", "B2", ">")))

    assert game.play(Sonar(13)).courses == ()


def test_a_shot_announces_the_sector_of_the_firing_ships_bridge():
    """The source's shot from sector III at its F3, water (our C6), fired by a Destroyer whose
    bridge is in III."""
    mine = [
        ("Carrier", "A1", "across"),
        ("Battleship", "E1", "across"),
        ("Destroyer", "B7", "across"),
        ("Submarine", "H1", ">"),
        ("Second Submarine", "K1", ">"),
    ]
    game = game_with(fleet(), mine=mine)

    report = game.play(Shot.at("Destroyer", "C6"))

    assert (report.origin, report.result, report.ship) == (3, Result.WATER, "Destroyer")
    told = game.view_for(1).reports[-1]
    assert (told.origin, told.result, told.ship) == (3, Result.WATER, None)


def test_a_barrage_tells_only_the_number_of_hits():
    """The source's barrage from sector XI at its A4, A5 and D1, two hits (our D1, E1
    and A4), fired by a Battleship whose bridge is in XI."""
    mine = [
        ("Carrier", "A1", "across"),
        ("Battleship", "H7", "across"),
        ("Destroyer", "L1", "across"),
        ("Submarine", "E10", ">"),
        ("Second Submarine", "C10", ">"),
    ]
    barrage = Barrage.at("D1", "E1", "A4")
    game = game_with(fleet(("Carrier", "D1", "down")), mine=mine)
    other = game_with(fleet(("Carrier", "E1", "down"), ("Destroyer", "A3", "across")), mine=mine)

    report = game.play(barrage)
    other.play(barrage)

    assert (report.hits, report.result, report.sunk, report.origin) == (2, None, (), 11)
    told = game.view_for(1).reports[-1]
    assert (told.ship, told.origin, told.hits) == ("Battleship", 11, 2)
    # Which two cells hit is not told: another fleet hit in other cells looks the same.
    assert game.view_for(0) == other.view_for(0)


def test_a_submarine_beneath_a_surface_ship_is_shielded():
    enemy = fleet(("Carrier", "F3", "across"), ("Submarine", "C5", "v"))
    game = game_with(enemy)
    pass_turns(game, 2, enemy_move="Submarine")
    assert game.fleets[1][3].cells == cells("E5", "F5")  # beneath the Carrier at F5

    assert game.play(Shot.at("Carrier", "F5")).result is Result.HIT
    assert game.fleets[1][3].afloat
    game.play(Shot.at("Carrier", "L12"))
    report = game.play(Shot.at("Carrier", "E5"))
    assert (report.result, report.sunk) == (Result.SUNK, ("Submarine",))  # the first hit


def test_a_submarine_at_the_edge_cannot_move():
    game = game_with(fleet(), mine=None)
    game.play(Recon(1))
    # Player 1's spare Submarine lies at L11-L12 heading west: it may move; this one heads
    # south from I12 and may too. Move the first to the edge and past it.
    for _ in range(10):
        game.play(Turn(Shot.at("Carrier", "L12"), SubMove("Submarine")))
        game.play(Recon(1))
    assert game.fleets[1][3].cells == cells("L1", "L2")
    assert "Submarine" not in game.legal_actions(1).submarines
    before = game.get_state().to_dict()

    with pytest.raises(IllegalMove, match="edge"):
        game.play(Turn(Shot.at("Carrier", "L12"), SubMove("Submarine")))

    assert game.get_state().to_dict() == before


def test_a_submarine_cannot_enter_another_submarines_cell():
    enemy = [
        Placement.of("Carrier", "A1", "across"),
        Placement.of("Battleship", "C1", "across"),
        Placement.of("Destroyer", "E1", "across"),
        Placement.of("Submarine", "H3", ">"),
        Placement.of("Second Submarine", "H6", ">"),
    ]
    game = game_with(enemy)
    game.play(Recon(1))
    game.play(Turn(Shot.at("Carrier", "L12"), SubMove("Submarine")))  # now H4-H5
    game.play(Recon(1))

    assert game.legal_actions(1).submarines == ("Second Submarine",)
    with pytest.raises(IllegalMove):
        game.play(Turn(Shot.at("Carrier", "L12"), SubMove("Submarine")))


@pytest.mark.parametrize(
    ("second", "allowed"),
    [
        (("Battleship", "B6", "across"), False),  # touches the Carrier's last cell corner-wise
        (("Battleship", "B1", "across"), False),  # alongside
        (("Battleship", "A6", "across"), False),  # end to end
        (("Battleship", "A3", "down"), False),  # across it
        (("Submarine", "B6", ">"), False),
        (("Battleship", "C1", "across"), True),  # one clear row between
        (("Battleship", "A7", "across"), True),  # one clear cell between
    ],
)
def test_ships_keep_one_clear_cell_at_placement(second, allowed):
    game = SectorGame(1)
    game.place_ship(0, "Carrier", "A1", "across")
    before = game.get_state().to_dict()
    if allowed:
        game.place_ship(0, *second)
    else:
        with pytest.raises(InvalidPlacement):
            game.place_ship(0, *second)
        assert game.get_state().to_dict() == before


def test_a_hit_cell_is_not_fired_at_again_until_only_submarines_are_left():
    game = game_with(fleet(("Destroyer", "F6", "across")))
    game.play(Shot.at("Carrier", "F6"))
    game.play(Shot.at("Carrier", "L12"))
    before = game.get_state().to_dict()

    with pytest.raises(IllegalMove, match="already hit"):
        game.play(Shot.at("Carrier", "F6"))
    with pytest.raises(IllegalMove, match="already hit"):
        game.play(Barrage.at("F6", "F7", "F8"))

    assert game.get_state().to_dict() == before
    assert parse_cell("F6") not in game.legal_actions(0).targets


def test_a_barrage_hit_cell_may_be_fired_at_again_and_answers_hit():
    game = game_with(fleet(("Destroyer", "F6", "across")))
    assert game.play(Barrage.at("F6", "A6", "L6")).hits == 1
    game.play(Shot.at("Carrier", "L12"))

    report = game.play(Shot.at("Carrier", "F6"))

    assert report.result is Result.HIT
    assert game.fleets[1][2].hits == frozenset(cells("F6"))  # no more damage


def test_the_game_ends_when_a_fleet_has_no_ship_afloat():
    game = game_with(fleet())
    surface = [c for ship in game.fleets[1] if not ship.is_submarine for c in ship.cells]
    subs = [ship.cells[0] for ship in game.fleets[1] if ship.is_submarine]
    for cell in surface + subs:
        if game.current_player == 1:
            game.play(Shot.at("Second Submarine", "L12"))  # an empty corner of the sea
        if cell == subs[0]:
            # Only submarines are left: the struck cells are open again (one may hide there).
            assert set(surface) <= game.legal_actions(0).targets
        game.play(Shot("Carrier", cell))

    assert game.winner == 0
    assert game.phase.value == "finished"
    assert game.view_for(0).enemy_sunk == tuple(s.name for s in game.fleets[1])
    with pytest.raises(IllegalMove):
        game.play(Shot.at("Carrier", "A1"))
