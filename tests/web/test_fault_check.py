"""The fault test's check of stored games: whole moves pass, half a move is found."""

import json

from games.models import Game
from loadtest.fault import check_games
from tests.web.conftest import fire, started_game


def checked(capsys):
    check_games()
    return json.loads(capsys.readouterr().out)


def test_it_passes_games_of_whole_moves(guest, capsys):
    game = started_game(guest)
    for cell in ["A1", "B2", "C3"]:
        assert fire(guest, game, cell).status_code == 200
    result = checked(capsys)
    assert result["problems"] == []
    assert result["half_moves"] == 0
    assert result["shots"] == 6
    assert result["unfinished"] == [str(game.pk)]


def test_it_finds_a_shot_without_its_answer(guest, capsys):
    game = started_game(guest)
    fire(guest, game, "A1")
    game.shots.get(sequence=1).delete()
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(moves=1, log=game.log[:1])
    result = checked(capsys)
    assert result["half_moves"] == 1
    assert "half a move" in result["problems"][0]


def test_it_finds_a_shot_that_disagrees_with_the_replay(guest, capsys):
    game = started_game(guest)
    fire(guest, game, "A1")
    shot = game.shots.get(sequence=0)
    shot.hit = not shot.hit
    shot.save()
    assert "the shot rows are not the replay" in checked(capsys)["problems"][0]


def test_it_finds_shot_and_ship_rows_that_disagree_with_the_game_row(guest, capsys):
    game = started_game(guest)
    fire(guest, game, "A1")
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(log=[{"fire": ["A2"]}, *game.log[1:]])
    assert "the shot rows are not the replay" in checked(capsys)["problems"][0]
    Game.objects.filter(pk=game.pk).update(log=game.log)
    assert checked(capsys)["problems"] == []
    Game.objects.filter(pk=game.pk).update(moves=3)
    assert "moves=3 but the log holds 2" in checked(capsys)["problems"][0]
    Game.objects.filter(pk=game.pk).update(moves=2)
    game.ships.filter(player=1, name="Carrier").update(row=5)
    assert "the row's fleets are not its stored ships" in checked(capsys)["problems"][0]


def test_it_checks_a_finished_games_figures_against_its_shots(guest, capsys):
    game = started_game(guest)
    for cell in ["A6", "B6"]:
        fire(guest, game, cell)
    assert guest.post(f"/games/{game.pk}/resign", headers={"HX-Request": "true"}).status_code == 200
    result = checked(capsys)
    assert (result["problems"], result["figures"]) == ([], 1)
    Game.objects.filter(pk=game.pk).update(shots_hit=1)
    assert checked(capsys)["problems"] == [
        f"game {game.pk} (resigned, 4 shots): stored shots_hit 1, its shots say 2"
    ]
    Game.objects.filter(pk=game.pk).update(shots_hit=2, opening_cells="A6")
    assert "stored opening_cells 'A6', its shots say 'A6 B6'" in checked(capsys)["problems"][0]


def test_it_finds_figures_on_a_game_not_over(guest, capsys):
    game = started_game(guest)
    fire(guest, game, "A6")
    Game.objects.filter(pk=game.pk).update(shots_fired=1)
    assert "stored shots_fired 1, its shots say None" in checked(capsys)["problems"][0]
