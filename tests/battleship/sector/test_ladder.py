"""The sector game's levels as a ladder (issue 32): what each level does that the one below
does not, and the benchmark that measures and checks the ladder.

Each level should win 65 to 90 % of 400 battles against the one below; that is measured by
``manage.py bench_sector`` (docs/sector.md), never here: these tests pin down behaviour
with fixed seeds, and run the benchmark only small, for its output."""

import math

import pytest

from battleship.sector import GamePhase, Recon, Shot, Sonar, SubMove, Turn, parse_cell
from battleship.sector.ai import get_player
from battleship.sector.ai.benchmark import (
    LADDER,
    NEWCOMER,
    Match,
    format_table,
    ladder_verdict,
)
from battleship.sector.ai.newcomer import Newcomer
from battleship.sector.fleet import is_submarine
from tests.battleship.sector.conftest import fleet, game_with

SEEDS = range(1, 11)


def test_the_gunner_fires_along_a_line_of_hits():
    # Two hits side by side on the enemy's Destroyer (F6 to F8): the ship lies along them,
    # so the next shot goes to an end of the line, never beside it.
    game = game_with(fleet(("Destroyer", "F6", "across")))
    for cell in ("F6", "F7"):
        game.play(Shot.at("Carrier", cell))
        game.play(Shot.at("Carrier", "L12"))

    for seed in SEEDS:
        action = get_player(2, seed).choose_move(game.view_for(0)).action
        assert isinstance(action, Shot)
        assert action.cell in {parse_cell("F5"), parse_cell("F8")}, seed


def test_the_deckhand_plays_as_a_new_player_who_sometimes_forgets_a_hit():
    # One hit on the enemy's Destroyer (F6 to F8), nothing else known. A new player fires
    # around it every time; the Deckhand most times, and sometimes anywhere new; both fire
    # single shots only, and never move a submarine.
    game = game_with(fleet(("Destroyer", "F6", "across")))
    game.play(Shot.at("Carrier", "F7"))
    game.play(Shot.at("Carrier", "L12"))
    around = {parse_cell(c) for c in ("E7", "G7", "F6", "F8")}
    seeds = range(1, 41)

    newcomer = [Newcomer(seed).choose_move(game.view_for(0)) for seed in seeds]
    deckhand = [get_player(1, seed).choose_move(game.view_for(0)) for seed in seeds]

    for turn in newcomer + deckhand:
        assert isinstance(turn.action, Shot)
        assert turn.move is None
        assert turn.action.cell != parse_cell("F7")  # never where it fired already
    assert all(turn.action.cell in around for turn in newcomer)
    followed = sum(turn.action.cell in around for turn in deckhand)
    assert 20 <= followed < len(seeds)  # about seven times in ten


def test_the_gunner_flies_first_over_the_sector_an_enemy_shot_came_from():
    # The enemy's Carrier (A8 to A12, bridge A10) fires from sector IV; nothing else is
    # known. The Gunner flies over IV, where a ship lies; the Deckhand only fires shots.
    game = game_with(fleet(), first_player=1)
    assert game.play(Shot.at("Carrier", "L12")).origin == 4

    gunner = [get_player(2, seed).choose_move(game.view_for(0)).action for seed in SEEDS]
    deckhand = [get_player(1, seed).choose_move(game.view_for(0)).action for seed in SEEDS]

    assert gunner == [Recon(4)] * len(SEEDS)
    assert all(isinstance(action, Shot) for action in deckhand)  # a new player's way


def test_the_gunner_fires_from_a_submarine_while_one_can_fire():
    # A shot tells the enemy the sector of the firing ship's bridge: a submarine moves on,
    # a surface ship stays where it was told.
    game = game_with(fleet(), first_player=0)
    gunner = get_player(2, 3)
    shooters = []
    for _ in range(25):
        view = game.view_for(0)
        turn = gunner.choose_move(view)
        subs_can_fire = any(is_submarine(name) for name in view.legal.shooters)
        if isinstance(turn.action, Shot) and subs_can_fire:
            shooters.append(turn.action.ship)
        game.play(turn)
        if game.phase is not GamePhase.IN_PROGRESS:
            break
        game.play(Shot(game.legal_actions(1).shooters[0], parse_cell("L12")))

    assert shooters
    assert all(is_submarine(name) for name in shooters)


def test_the_gunner_moves_a_submarine_away_from_where_the_enemy_fires():
    # The enemy's sonar told the courses of both our submarines (rows G and I), then it
    # fired at F1, beside our Submarine (G1, G2, heading east): the Gunner moves it on.
    game = game_with(fleet(), first_player=1)
    assert {str(course) for course in game.play(Sonar(9)).courses} == {"row G", "row I"}
    game.play(Turn(Shot.at("Carrier", "L1")))
    game.play(Shot.at("Carrier", "F1"))

    for seed in SEEDS:
        assert get_player(2, seed).choose_move(game.view_for(0)).move == SubMove("Submarine")


def test_a_match_gives_its_win_rate_with_the_standard_error_and_its_place_on_the_ladder():
    close, climbable, far = Match(2, 1, 400, 240), Match(2, 1, 400, 320), Match(3, 2, 400, 396)

    assert climbable.standard_error == pytest.approx(math.sqrt(0.8 * 0.2 / 400)) == 0.02
    assert [m.on_ladder for m in (close, climbable, far)] == [False, True, False]
    assert LADDER == (0.65, 0.90)
    table = format_table([climbable, far])
    assert "80.0% ± 2.0 ok" in table
    assert "99.0% ± 0.5 too far" in table
    assert "60.0% ± 2.4 too close" in format_table([close])
    assert ladder_verdict([climbable]) == (
        "Ladder: every level wins 65% to 90% against the one below (400 games a pair)."
    )
    assert ladder_verdict([climbable, far]).startswith(
        "Off the ladder: 3 Admiral wins 99.0% against 2 Gunner"
    )


def test_a_new_player_should_beat_the_easiest_level_more_often_than_not():
    beaten = Match(0, 1, 400, 240, band=NEWCOMER)
    unbeaten = Match(0, 1, 400, 200, band=NEWCOMER)  # half: not more often than not
    measured = Match(2, 1, 400, 400, band=None)  # the Gunner against a first opponent

    assert NEWCOMER == (0.5, 1.0)
    assert [m.on_ladder for m in (beaten, unbeaten, measured)] == [True, False, True]
    table = format_table([beaten, measured])
    assert "0 Newcomer   1 Deckhand" in table
    assert "60.0% ± 2.4 ok" in table
    assert "100.0% ± 0.0 measured" in table
    assert "50.0% ± 2.5 too hard" in format_table([unbeaten])
    assert ladder_verdict([beaten, measured]) == (
        "Ladder: every level wins 65% to 90% against the one below; 0 Newcomer beats "
        "1 Deckhand (400 games a pair)."
    )
    assert ladder_verdict([unbeaten]).startswith(
        "Off the ladder: 0 Newcomer wins 50.0% against 1 Deckhand"
    )
