"""The computer players always make progress: every turn fires where the answer is not
known yet, so a battle between them ends, and a person cannot stall them.

Two Gunners used to go on for ever once each had only its Battleship left: each barraged
the same three cells, two of them its own earlier hits, and the count that came back (two
hits, the same every time) never told which. A submarine parked under a wreck's cells once
only submarines were left was never fired at either."""

import random

import pytest

from battleship.sector import (
    Axis,
    Barrage,
    Course,
    GamePhase,
    SectorGame,
    Shot,
    Sonar,
    SubMove,
    Turn,
    parse_cell,
)
from battleship.sector.ai import get_player
from battleship.sector.ai.knowledge import read
from battleship.sector.ai.players import _SectorBySector
from tests.battleship.sector.conftest import fleet, game_with

# Seeds whose battle between two Gunners (seeded ``seed`` and ``seed + 1``) went past
# 600 turns before the Gunner stopped re-firing barrages over cells left in doubt.
STALLED_SEEDS = (3, 83, 174, 213, 292, 367)

BOUND = 400
"""Far above a long battle between two Gunners (they take about 100 turns)."""


# Games of ``bench_sector --seed 1`` (numbered as it numbers them, the Deckhand in seat 0
# in odd ones) that a Gunner dragged on against the Deckhand of then: for 950 to 1,700
# turns when the last submarine lay beneath a wreck's cells, which it never fired at again
# (147, 187, 201); for ever when it took a wreck's cells for sure hits (174, 222, on the way
# here). The Deckhand of then plays on as the plan the Gunner builds on (``SECTOR_BY_SECTOR``
# below, ``players._SectorBySector``); since issue 41 the Deckhand plays as a new player.
BENCH_GAMES = (147, 174, 187, 201, 222)
SECTOR_BY_SECTOR = -1


def play(levels, seed, bound):
    game = SectorGame(seed)
    game.setup_random()
    players = [
        _SectorBySector(seed + seat)
        if level == SECTOR_BY_SECTOR
        else get_player(level, seed + seat)
        for seat, level in enumerate(levels)
    ]
    while game.phase is GamePhase.IN_PROGRESS and len(game.turns) < bound:
        game.play_turn(players[game.current_player])
    return game


@pytest.mark.parametrize("seed", STALLED_SEEDS)
def test_two_gunners_finish_the_battles_that_used_to_stall(seed):
    game = play((2, 2), seed, BOUND)

    assert game.phase is GamePhase.FINISHED
    assert game.winner in (0, 1)


@pytest.mark.parametrize("number", BENCH_GAMES)
def test_a_gunner_finishes_the_benchmark_battles_it_used_to_drag_on(number):
    seed = random.Random(f"1:sector-bench:{number}").getrandbits(63)
    levels = (2, SECTOR_BY_SECTOR) if number % 2 == 0 else (SECTOR_BY_SECTOR, 2)

    game = play(levels, seed, BOUND)

    assert game.phase is GamePhase.FINISHED


def test_battles_between_the_levels_all_end_well_under_the_bound():
    for levels in ((2, 2), (2, 1), (3, 2), (1, 1)):
        for seed in range(10):
            game = play(levels, seed, BOUND)
            assert game.phase is GamePhase.FINISHED, (levels, seed)


def test_a_gunner_settles_cells_a_barrage_left_in_doubt_and_never_barrages_them_again():
    # The Battleship's barrage hits the Destroyer twice at F6 and F8 and misses at A1:
    # which two of the three were hit is not told.
    game = game_with(fleet(("Destroyer", "F6", "across")))
    assert game.play(Barrage.at("F6", "F8", "A1")).hits == 2
    game.play(Shot.at("Carrier", "L12"))
    gunner = get_player(2, 1)

    first = gunner.choose_move(game.view_for(0)).action
    assert isinstance(first, Shot)  # nothing else is known: a single shot there tells
    assert first.cell in read(game.view_for(0)).uncertain
    for _ in range(8):
        view = game.view_for(0)
        doubt = set(read(view).uncertain)
        if not doubt:
            break
        turn = gunner.choose_move(view)
        if isinstance(turn.action, Barrage):
            assert not doubt & set(turn.action.cells)  # the count would not tell
        game.play(turn)
        game.play(Shot.at("Carrier", "L12"))

    assert not read(game.view_for(0)).uncertain


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_submarine_parked_under_a_wreck_is_found_once_only_submarines_are_left(level):
    # The enemy's Submarine runs along row D beneath its Carrier (D8 to D12) and stops at
    # the edge, under the Carrier's last two cells, while every other ship of it is sunk.
    enemy = fleet(
        ("Carrier", "D8", "across"),
        ("Battleship", "G1", "across"),
        ("Destroyer", "J1", "across"),
        ("Submarine", "D1", ">"),
        ("Second Submarine", "I12", "v"),
    )
    game = game_with(enemy)
    targets = [ship.cells for ship in game.fleets[1] if ship.name != "Submarine"]
    moves = 10  # D1-D2 to D11-D12
    for cell in [c for cells in targets for c in cells if c != parse_cell("J12")]:
        game.play(Shot("Carrier", cell))
        move = SubMove("Submarine") if moves else None
        moves -= bool(moves)
        game.play(Turn(Shot.at("Submarine", "L12"), move))
    parked = next(ship for ship in game.fleets[1] if ship.name == "Submarine")
    assert parked.cells == (parse_cell("D11"), parse_cell("D12"))
    assert [ship.name for ship in game.fleets[1] if ship.afloat] == ["Submarine"]

    player = get_player(level, 5)
    # (The Deckhand, a new player's level, fires anywhere at random once only submarines
    # are left: it takes longer, and never for ever.)
    for _ in range(60 if level > 1 else 400):
        game.play(player.choose_move(game.view_for(0)))
        if game.phase is GamePhase.FINISHED:
            break
        game.play(Shot.at("Submarine", "L12"))

    assert game.winner == 0


def test_the_enemys_wreck_cells_are_open_to_a_player_once_only_submarines_are_left():
    game = game_with(fleet())
    surface = [c for ship in game.fleets[1] if not ship.is_submarine for c in ship.cells]
    for cell in surface:
        game.play(Shot("Carrier", cell))
        game.play(Shot.at("Submarine", "L12"))

    know = read(game.view_for(0))

    assert not know.surface_afloat
    assert not know.struck  # a submarine may lie at any of them now
    assert set(surface) <= set(know.targets(game.legal_actions(0).targets))


def test_a_gunner_leaves_a_course_once_no_submarine_can_be_on_it():
    # Sonar finds a submarine on row D; a barrage sinks it (the count does not say where):
    # no submarine can be left on row D once it has fired at its cells, and the enemy's
    # other submarine never moves.
    game = game_with(fleet(("Submarine", "D1", ">")))
    mine = ["Sonar", Barrage.at("D1", "D2", "L1"), "L2", "L3", "L4"]
    for action, cell in zip(mine, ("A1", "A2", "A3", "A4", "A5"), strict=True):
        if action == "Sonar":
            assert game.play(Sonar(5)).courses == (Course(Axis.ROW, 3),)
        elif isinstance(action, Barrage):
            assert game.play(action).sunk == ("Submarine",)
        else:
            game.play(Shot.at("Destroyer", action))
        game.play(Shot.at("Carrier", cell))  # the enemy sinks our Carrier: no recon
    gunner = get_player(2, 1)

    on_row_d = []
    for _ in range(30):
        action = gunner.choose_move(game.view_for(0)).action
        on_row_d.append(isinstance(action, Shot) and action.cell.row == 3)
        game.play(Turn(action))
        game.play(Shot.at("Carrier", "L12"))

    assert not all(on_row_d)


def test_sinking_one_of_two_submarines_on_one_course_keeps_the_other_in_view():
    # Both submarines run along column 5; sonar names the course once. Sinking one must
    # not make the player believe no submarine is left there (the Admiral then fired at
    # random for hundreds of turns while the other lay at the edge of column 5).
    game = game_with(fleet(("Submarine", "D5", "^"), ("Second Submarine", "J5", "v")))
    # Sector XIV: column 5 found, rows J to L free of submarines.
    assert game.play(Sonar(14)).courses == (Course(Axis.COLUMN, 4),)
    game.play(Shot.at("Carrier", "L12"))
    assert game.play(Shot.at("Carrier", "D5")).sunk == ("Submarine",)
    game.play(Shot.at("Carrier", "L12"))

    know = read(game.view_for(0))

    assert {parse_cell("J5"), parse_cell("K5")} <= know.sub_cells()
    assert parse_cell("D5") not in know.sub_cells()  # the sunk one's cell is free now


# Seeds whose battle between two Admirals (seeded ``seed`` and ``seed + 1``) took 437, 306,
# 232 and 228 turns while the Admiral, with only submarines left to find and no sonar
# course known, fired at random over the whole sea; they now take 39 to 59.
ADMIRAL_SEEDS = (72, 22, 74, 14)


@pytest.mark.parametrize("seed", ADMIRAL_SEEDS)
def test_two_admirals_finish_the_submarine_hunts_that_dragged_on(seed):
    game = play((3, 3), seed, 120)

    assert game.phase is GamePhase.FINISHED


@pytest.mark.parametrize("level", [2, 3])
def test_a_gunner_or_an_admiral_finds_a_last_submarine_from_the_sector_it_fires_from(level):
    # Everything of the enemy but its Submarine (F6-F7, heading across, bridge F6 in sector
    # VI) is sunk, and so is our Destroyer: no sonar. The Submarine sits and fires every
    # turn, announcing sector VI; the Admiral used to fire at random over the whole sea (38
    # turns here), it now needs 2 or 3 (its Battleship barrages the likeliest cells). The
    # Gunner hunts the same way.
    game = game_with(fleet(("Submarine", "F6", ">")))
    targets = [c for s in game.fleets[1] if s.name != "Submarine" for c in s.cells]
    replies = ["E1", "E2", "E3"]
    for cell in targets:
        game.play(Shot("Carrier", cell))
        game.play(Shot.at("Submarine", replies.pop(0) if replies else "L12"))
    assert [ship.name for ship in game.fleets[1] if ship.afloat] == ["Submarine"]
    assert "Destroyer" not in game.legal_actions(0).shooters
    player = get_player(level, 5)

    turns = 0
    while game.phase is GamePhase.IN_PROGRESS and turns < 40:
        game.play(player.choose_move(game.view_for(0)))
        turns += 1
        if game.phase is GamePhase.IN_PROGRESS:
            game.play(Shot.at("Submarine", "L12"))

    assert game.winner == 0
    assert turns <= 5
