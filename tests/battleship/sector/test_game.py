"""The sector game's habits: values that convert both ways, every bad input refused with a
ValueError that changes nothing, seeded and replayable byte for byte."""

import json
import random

import pytest

from battleship.sector import (
    Barrage,
    BattleshipError,
    GamePhase,
    IllegalMove,
    InvalidPlacement,
    Placement,
    Recon,
    SectorGame,
    SectorState,
    Shot,
    Sonar,
    SubMove,
    Turn,
    parse_cell,
    parse_sector,
    turn_from_dict,
)
from tests.battleship.sector.conftest import fleet, game_with


def random_turn(game, rng):
    """A legal turn for the player to move, from its legal listing."""
    legal = game.legal_actions(game.current_player)
    targets = sorted(legal.targets)
    kind = rng.randrange(4)
    if kind == 1 and legal.barrage:
        a, b, c = rng.sample(targets, 3)
        action = Barrage((a, b, c))
    elif kind == 2 and legal.recon:
        action = Recon(rng.randrange(1, 17))
    elif kind == 3 and legal.sonar:
        action = Sonar(rng.randrange(1, 17))
    else:
        action = Shot(rng.choice(legal.shooters), rng.choice(targets))
    move = (
        SubMove(rng.choice(legal.submarines)) if legal.submarines and rng.random() < 0.5 else None
    )
    return Turn(action, move)


def played(seed, turns=None):
    game = SectorGame(seed)
    game.setup_random()
    rng = random.Random(seed)
    while game.phase is GamePhase.IN_PROGRESS and (turns is None or len(game.turns) < turns):
        game.play(random_turn(game, rng))
    return game


def test_it_reads_sectors_by_numeral_or_number():
    assert parse_sector("xiv") == parse_sector(14) == parse_sector("14") == 14
    for bad in ("XVII", "0", 17, "", None, True):
        with pytest.raises(ValueError):
            parse_sector(bad)


@pytest.mark.parametrize(
    "turn",
    [
        Turn(Shot.at("Carrier", "B7"), SubMove("Submarine")),
        Turn(Barrage.at("A1", "L12", "F6")),
        Turn(Recon.over("XIV")),
        Turn(Sonar.over(3), SubMove("Second Submarine")),
    ],
)
def test_a_turn_converts_to_a_plain_dict_and_back(turn):
    data = json.loads(json.dumps(turn.to_dict()))
    assert turn_from_dict(data) == turn


@pytest.mark.parametrize(
    "data",
    [
        {"action": "shot", "ship": "Cruiser", "cell": "B7"},
        {"action": "shot", "ship": "Carrier", "cell": "M1"},
        {"action": "shot", "ship": "Carrier"},
        {"action": "barrage", "cells": ["A1", "A1", "A2"]},
        {"action": "barrage", "cells": ["A1", "A2"]},
        {"action": "recon", "sector": "XX"},
        {"action": "sonar", "sector": 0},
        {"action": "sonar", "sector": 3, "move": "Carrier"},
        {"action": "torpedo"},
        ["shot"],
        None,
    ],
)
def test_it_refuses_a_malformed_stored_turn(data):
    with pytest.raises(ValueError):
        turn_from_dict(data)


@pytest.mark.parametrize(
    "turn",
    [
        "B7",  # not a turn at all
        Shot.at("Carrier", "F6"),  # a cell it was told it hit
        Turn(Barrage.at("A1", "F6", "B2")),
        Turn(Shot.at("Battleship", "L12"), SubMove("Submarine")),  # at the edge of the sea
    ],
)
def test_an_illegal_turn_changes_nothing(turn):
    game = game_with(fleet(("Battleship", "F6", "across")))
    game.play(Shot.at("Carrier", "F6"))
    game.play(Shot.at("Carrier", "L12"))
    for _ in range(10):  # player 0's Submarine runs east from G1 to the edge, G11-G12
        game.play(Turn(Recon(2), SubMove("Submarine")))
        game.play(Shot.at("Carrier", "L12"))
    before = json.dumps(game.get_state().to_dict())
    views = [game.view_for(0), game.view_for(1)]

    with pytest.raises(ValueError):
        game.play(turn)

    assert json.dumps(game.get_state().to_dict()) == before
    assert [game.view_for(0), game.view_for(1)] == views


def test_a_sunk_ship_cannot_act():
    game = game_with(fleet(("Destroyer", "F6", "across")), mine=None)
    game.play(Shot.at("Carrier", "A12"))
    for cell in ("A1", "A2", "A3", "A4"):  # player 1 sinks player 0's Carrier
        game.play(Shot.at("Battleship", cell))
        if game.current_player == 0:
            game.play(Shot.at("Battleship", "L1"))
    game.play(Shot.at("Battleship", "A5"))
    assert not game.fleets[0][0].afloat
    before = game.get_state().to_dict()

    with pytest.raises(IllegalMove, match="sunk"):
        game.play(Recon(1))
    with pytest.raises(IllegalMove, match="sunk"):
        game.play(Shot.at("Carrier", "B2"))
    assert game.get_state().to_dict() == before
    assert "Carrier" not in game.legal_actions(0).shooters
    assert not game.legal_actions(0).recon


def test_no_turn_is_played_before_the_start_or_out_of_turn():
    game = SectorGame(3)
    with pytest.raises(IllegalMove):
        game.play(Recon(1))
    game.setup_random()
    waiting = 1 - game.current_player
    assert game.legal_actions(waiting) == game.view_for(waiting).legal
    assert not game.legal_actions(waiting).shooters


@pytest.mark.parametrize(
    ("ship", "start", "lie"),
    [
        ("Carrier", "L9", "across"),  # off the sea
        ("Carrier", "A1", ">"),  # only submarines head
        ("Submarine", "A1", "across"),  # a submarine needs a heading
        ("Cruiser", "A1", "across"),
        ("Carrier", "M1", "across"),
    ],
)
def test_a_bad_placement_is_refused_and_changes_nothing(ship, start, lie):
    game = SectorGame(1)
    before = game.get_state().to_dict()
    with pytest.raises(ValueError):
        game.place_ship(0, ship, start, lie)
    assert game.get_state().to_dict() == before


def test_it_will_not_start_with_a_fleet_missing():
    game = SectorGame(1)
    game.place_fleet(1, fleet())
    game.place_ship(0, "Carrier", "A1", "across")
    with pytest.raises(InvalidPlacement, match="player 0"):
        game.start()
    assert game.phase is GamePhase.SETUP


def test_the_same_seed_and_turns_give_the_same_game_byte_for_byte():
    first, second = played(11), played(11)
    assert json.dumps(first.get_state().to_dict()) == json.dumps(second.get_state().to_dict())
    assert first.phase is GamePhase.FINISHED
    replayed = SectorGame.from_state(first.get_state())
    assert replayed.reports == first.reports
    assert replayed.view_for(0) == first.view_for(0)


def test_a_random_fleet_keeps_the_spacing_and_comes_from_the_seed():
    game, again = SectorGame(5), SectorGame(5)
    game.setup_random()
    again.setup_random()
    assert game.get_state() == again.get_state()
    for seat in (0, 1):
        ships = game.fleets[seat]
        for ship in ships:
            for other in ships:
                if other is not ship:
                    assert all(
                        max(abs(a.row - b.row), abs(a.col - b.col)) >= 2
                        for a in ship.cells
                        for b in other.cells
                    )


def test_the_first_player_is_a_seeded_coin_flip_unless_chosen():
    starts = set()
    for seed in range(20):
        game = SectorGame(seed)
        game.setup_random()
        starts.add(game.first_player)
    assert starts == {0, 1}
    chosen = SectorGame(4, first_player=0)
    chosen.setup_random()
    assert chosen.current_player == 0


def test_a_snapshot_goes_through_json_and_is_checked_on_the_way_back():
    game = played(8, turns=30)
    data = json.loads(json.dumps(game.get_state().to_dict()))

    assert SectorState.from_dict(data) == game.get_state()

    tampered = json.loads(json.dumps(data))
    tampered["winner"] = 1
    with pytest.raises(BattleshipError):
        SectorState.from_dict(tampered)
    broken = dict(data)
    del broken["turns"]
    with pytest.raises(BattleshipError):
        SectorState.from_dict(broken)


def test_a_placement_converts_both_ways():
    for placement in (Placement.of("Submarine", "C3", "^"), Placement.of("Carrier", "A1", "v")):
        assert Placement.from_dict(json.loads(json.dumps(placement.to_dict()))) == placement


def test_views_show_only_the_players_own_fleet_until_the_end():
    game = played(9, turns=20)
    view = game.view_for(0)
    assert view.fleet == tuple(game.fleets[0])
    assert view.enemy_fleet == ()
    assert all(r.ship is None for r in view.reports if r.player == 1 and r.kind == "shot")
    assert all(r.moved is None for r in view.reports if r.player == 1)
    finished = played(9)
    assert finished.view_for(0).enemy_fleet == tuple(finished.fleets[1])


def test_resigning_ends_the_game_for_the_other_player():
    game = played(2, turns=4)
    game.resign(0)
    assert (game.winner, game.resigned, game.phase) == (1, 0, GamePhase.FINISHED)
    assert SectorGame.from_state(game.get_state()).get_state() == game.get_state()
    with pytest.raises(IllegalMove):
        game.resign(1)


def test_a_shot_names_a_cell_of_the_sea():
    with pytest.raises(ValueError):
        Shot.at("Carrier", "A13")
    assert Shot.at("Carrier", "l12").cell == parse_cell("L12")
