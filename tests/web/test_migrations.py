"""The migrations that put each started game's replay on its row fill in older games:
0003 copied the fleets and the shots' cells there, 0005 turns the cells into the log of
moves and refuses a started row that does not hold its whole game."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from battleship.classic import Coordinate, RuleSet
from games.models import Game
from tests.web.conftest import COMPUTER_FLEET, HUMAN_FLEET

BEFORE = [("games", "0002_statistics_indexes")]
AFTER = [("games", "0003_game_row_holds_the_replay")]


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def migrated_to(target):
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_it_fills_in_started_games_and_leaves_games_in_setup_alone():
    try:
        apps = migrated_to(BEFORE)
        old_game, ship, shot = (apps.get_model("games", m) for m in ("Game", "Ship", "Shot"))
        rules = RuleSet.standard().to_dict()
        playing = old_game.objects.create(level=1, rules=rules, seed=1, status="playing", moves=3)
        resigned = old_game.objects.create(level=1, rules=rules, seed=2, status="resigned")
        setup = old_game.objects.create(level=1, rules=rules, seed=3, status="setup")
        for game in (playing, resigned):
            for player, fleet in enumerate((HUMAN_FLEET, COMPUTER_FLEET)):
                for name, start, way in fleet:
                    cell = Coordinate.parse(start)
                    ship.objects.create(
                        game=game,
                        player=player,
                        name=name,
                        row=cell.row,
                        col=cell.col,
                        orientation=way,
                    )
        for sequence, (player, label, hit) in enumerate(
            [(0, "A6", True), (1, "E2", True), (0, "J1", True)]
        ):
            cell = Coordinate.parse(label)
            shot.objects.create(
                game=playing, sequence=sequence, player=player, row=cell.row, col=cell.col, hit=hit
            )
        ship.objects.create(game=setup, player=0, name="Carrier", row=0, col=0, orientation="H")

        migrated_to(AFTER)
        migrated_to(latest())  # the rows as filled in, read by today's model

        game = Game.objects.get(pk=playing.pk)
        assert game.log == [{"fire": ["A6"]}, {"fire": ["E2"]}, {"fire": ["J1"]}]
        assert game.moves == 3
        assert [[s["ship"] for s in fleet] for fleet in game.fleets] == [
            [name for name, _, _ in HUMAN_FLEET],
            [name for name, _, _ in COMPUTER_FLEET],
        ]
        assert game.fleets[1][0] == {"ship": "Carrier", "row": 0, "col": 5, "orientation": "V"}
        assert [s.hit for s in game.engine().shots] == [True, True, True]  # from the row alone
        assert Game.objects.get(pk=resigned.pk).log == []
        assert len(Game.objects.get(pk=resigned.pk).fleets[0]) == 5
        untouched = Game.objects.get(pk=setup.pk)
        assert (untouched.fleets, untouched.log) == ([], [])
    finally:
        migrated_to(latest())


BEFORE_LOG = [("games", "0004_game_next_game")]


def old_started_game(apps, seed, cells, players, moves=None):
    old_game, shot = apps.get_model("games", "Game"), apps.get_model("games", "Shot")
    fleets = [
        [
            {"ship": name, "row": c.row, "col": c.col, "orientation": way}
            for name, start, way in fleet
            for c in [Coordinate.parse(start)]
        ]
        for fleet in (HUMAN_FLEET, COMPUTER_FLEET)
    ]
    game = old_game.objects.create(
        level=1,
        rules=RuleSet.salvo().to_dict(),
        seed=seed,
        status="playing",
        moves=len(cells) if moves is None else moves,
        fleets=fleets,
        cells=" ".join(cells),
    )
    for sequence, (label, player) in enumerate(zip(cells, players, strict=True)):
        cell = Coordinate.parse(label)
        shot.objects.create(
            game=game, sequence=sequence, player=player, row=cell.row, col=cell.col, hit=False
        )
    return game


@pytest.mark.django_db(transaction=True)
def test_the_log_holds_a_salvo_turn_as_one_volley():
    try:
        apps = migrated_to(BEFORE_LOG)
        cells = ["B2", "B3", "B4", "B5", "B6", "C1", "C2", "C3", "C4", "C5"]
        salvo = old_started_game(apps, 1, cells, [0] * 5 + [1] * 5)
        migrated_to(latest())
        game = Game.objects.get(pk=salvo.pk)
        assert game.log == [{"fire": cells[:5]}, {"fire": cells[5:]}]
        assert game.moves == 2
        view = game.view()
        assert view.my_turn
        assert [str(s.coord) for s in view.shots_fired] == cells[:5]
    finally:
        migrated_to(latest())


@pytest.mark.django_db(transaction=True)
def test_it_refuses_a_started_row_that_does_not_hold_its_whole_game():
    try:
        apps = migrated_to(BEFORE_LOG)
        broken = old_started_game(apps, 2, ["B2"], [0], moves=2)  # a shot missing from the row
        with pytest.raises(RuntimeError, match=str(broken.pk)):
            migrated_to(latest())
    finally:
        apps = migrated_to(BEFORE_LOG)
        apps.get_model("games", "Game").objects.all().delete()
        migrated_to(latest())


@pytest.mark.django_db(transaction=True)
def test_it_fills_in_the_figures_of_games_already_finished_from_their_shots():
    try:
        apps = migrated_to([("games", "0005_game_log_of_moves")])
        old_game, shot = apps.get_model("games", "Game"), apps.get_model("games", "Shot")
        salvo = RuleSet.salvo().to_dict()
        won = old_game.objects.create(level=1, rules=salvo, seed=1, status="won", moves=5)
        playing = old_game.objects.create(level=1, rules={}, seed=2, status="playing", moves=2)
        resigned = old_game.objects.create(level=2, rules={}, seed=3, status="resigned")
        # The person's shots in a Salvo game: two a turn here, the last one sinking nothing.
        shots = [(0, "A1", True, ""), (0, "A2", False, ""), (1, "E2", True, "Destroyer")]
        shots += [(0, "B1", True, ""), (1, "F2", False, "")]
        for game, fired in [(won, shots), (playing, shots[:2])]:
            for sequence, (player, label, hit, sunk) in enumerate(fired):
                cell = Coordinate.parse(label)
                shot.objects.create(
                    game=game,
                    sequence=sequence,
                    player=player,
                    row=cell.row,
                    col=cell.col,
                    hit=hit,
                    sunk=sunk,
                )

        migrated_to(latest())

        def figures(game):
            game = Game.objects.get(pk=game.pk)
            return (
                game.shots_fired,
                game.shots_hit,
                game.their_shots,
                game.ships_lost,
                game.opening_cells,
                game.rules_name,
            )

        assert figures(won) == (3, 2, 2, 1, "A1 A2 B1", "salvo")
        assert figures(resigned) == (0, 0, 0, 0, "", "standard")
        assert figures(playing) == (None, None, None, None, "", "standard")
    finally:
        migrated_to(latest())


@pytest.mark.django_db(transaction=True)
def test_it_fills_in_the_figures_of_sector_battles_already_finished_from_their_turns():
    from battleship.sector import Placement
    from sector.models import SectorBattle

    edge_fleet = [
        ("Carrier", "C1", "across"),
        ("Battleship", "E8", "across"),
        ("Destroyer", "H4", "down"),
        ("Submarine", "L11", ">"),
        ("Second Submarine", "A1", "<"),
    ]
    mine = [
        ("Carrier", "A1", "across"),
        ("Battleship", "C1", "across"),
        ("Destroyer", "E1", "across"),
        ("Submarine", "G1", ">"),
        ("Second Submarine", "I1", ">"),
    ]
    fleets = [[Placement.of(*ship).to_dict() for ship in fleet] for fleet in (mine, edge_fleet)]
    # The person: a barrage (two hits), then a shot into water; the computer: a shot that
    # sinks the person's Submarine (G1 to G2), then recon.
    log = [
        {"action": "barrage", "cells": ["C1", "C2", "K5"]},
        {"action": "shot", "ship": "Carrier", "cell": "G2"},
        {"action": "shot", "ship": "Carrier", "cell": "D7"},
        {"action": "recon", "sector": "I"},
    ]
    try:
        apps = migrated_to([("sectors", "0001_sector_battle")])
        old = apps.get_model("sectors", "SectorBattle")
        resigned = old.objects.create(
            level=1, seed=1, status="resigned", fleets=fleets, log=log, moves=4
        )
        playing = old.objects.create(
            level=1, seed=2, status="playing", fleets=fleets, log=log, moves=4
        )

        migrated_to(latest())

        figures = SectorBattle.objects.values_list(
            "shots_fired", "shots_hit", "their_shots", "ships_lost", "opening_cells"
        )
        assert figures.get(pk=resigned.pk) == (4, 2, 1, 1, "C1 C2 K5 D7")
        assert figures.get(pk=playing.pk) == (None, None, None, None, "")
    finally:
        migrated_to(latest())


@pytest.mark.django_db(transaction=True)
def test_it_copies_each_games_rule_set_name_onto_its_row_in_batches(monkeypatch):
    import importlib

    step = importlib.import_module("games.migrations.0008_game_rules_name_column")
    monkeypatch.setattr(step, "BATCH", 2)  # five named games: three batches
    names = ["salvo", "fog_of_war", "salvo", "five_shot", "no_touch"]
    try:
        apps = migrated_to([("games", "0007_coach_hint_and_analysis")])
        old_game = apps.get_model("games", "Game")
        named = [
            old_game.objects.create(level=1, rules={"name": name}, seed=i, status="won")
            for i, name in enumerate(names)
        ]
        standard = old_game.objects.create(level=2, rules={"name": "standard"}, seed=8)
        unnamed = old_game.objects.create(level=2, rules={}, seed=9, status="lost")

        migrated_to(latest())

        stored = dict(Game.objects.values_list("pk", "rules_name"))
        assert [stored[game.pk] for game in named] == names
        assert stored[standard.pk] == stored[unnamed.pk] == "standard"
        # The statistics' filter finds them by the new column.
        assert Game.objects.filter(rules_name="salvo").count() == 2
    finally:
        migrated_to(latest())


@pytest.mark.django_db(transaction=True)
def test_a_friend_games_players_move_from_its_row_to_seats_of_their_own():
    """duels/migrations/0002: the friend game's columns (host, friend) become two seats; a
    game nobody joined, one; the records stay the players'."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from duels.models import Duel

    try:
        executor = MigrationExecutor(connection)
        executor.migrate([("duels", None), ("friends", "0001_initial")])
        apps = executor.loader.project_state([("friends", "0001_initial")]).apps
        old = apps.get_model("friends", "FriendGame")
        user = get_user_model().objects.create_user("ann", password="a-long-test-password-42")
        now = timezone.now()
        common = {"rules": {}, "seed": 1, "created_at": now, "expires_at": now}
        joined = old.objects.create(
            token="t" * 22,
            owner_id=user.pk,
            host_name="ann",
            friend_guest_id="g" * 32,
            friend_name="Bob",
            status="playing",
            **common,
        )
        waiting = old.objects.create(
            token="w" * 22, guest_id="h" * 32, host_name="Cy", status="waiting", **common
        )

        migrated_to(latest())

        game = Duel.objects.get(pk=joined.pk)
        seats = {s.number: (s.owner_id, s.guest_id, s.name) for s in game.seats.all()}
        assert seats == {0: (user.pk, "", "ann"), 1: (None, "g" * 32, "Bob")}
        assert game.pairing == "friend"
        alone = Duel.objects.get(pk=waiting.pk)
        assert [(s.number, s.guest_id, s.name) for s in alone.seats.all()] == [(0, "h" * 32, "Cy")]
        assert not alone.has_friend
    finally:
        migrated_to(latest())
