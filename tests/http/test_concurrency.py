"""Promise 1: no shot is applied twice, whatever arrives at once (real HTTP, gunicorn);
nor is a new game opened twice by Play again."""

import threading
from concurrent.futures import ThreadPoolExecutor

from tests.http.conftest import Player

COUNT = 20


def test_twenty_identical_fire_requests_store_exactly_one_move(server):
    player = Player(server.url)
    game = player.new_game(level=5)
    game_id = game.rstrip("/").split("/")[-1]
    start = threading.Barrier(COUNT)
    tabs = [player.tab() for _ in range(COUNT)]

    def click(tab):
        start.wait()  # all twenty clicks leave together
        return tab.post(game + "shots", {"cell": "E5", "move": 0})

    with ThreadPoolExecutor(COUNT) as pool:
        responses = list(pool.map(click, tabs))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (COUNT - 1), statuses
    refused = [r.text for r in responses if r.status_code == 409]
    assert all("out of date" in text for text in refused)  # and the current board with it
    moves, shots = server.query(
        "import json; from games.models import Game; "
        f"g = Game.objects.get(pk='{game_id}'); "
        "shots = g.shots.order_by('sequence').values_list('player', 'row', 'col'); "
        "print(json.dumps([g.moves, list(shots)]))"
    )
    assert moves == 2
    assert len(shots) == 2  # the person's shot and the computer's answer, once
    assert shots[0] == [0, 4, 4]
    assert "database is locked" not in server.log_text()
    assert "Traceback" not in server.log_text()


def test_twenty_identical_five_shot_rounds_store_exactly_one_round(server):
    """A round named whole (docs/rules/five-shot.md) and the computer's whole round: once."""
    player = Player(server.url)
    game = player.new_game(level=5, rules="five_shot")
    game_id = game.rstrip("/").split("/")[-1]
    start = threading.Barrier(COUNT)
    tabs = [player.tab() for _ in range(COUNT)]

    def click(tab):
        start.wait()
        return tab.post(game + "shots", {"cell": "A1 B2 C3 D4 E5", "move": 0})

    with ThreadPoolExecutor(COUNT) as pool:
        responses = list(pool.map(click, tabs))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (COUNT - 1), statuses
    moves, mine, both = server.query(
        "import json; from games.models import Game; "
        f"g = Game.objects.get(pk='{game_id}'); "
        "print(json.dumps([g.moves, g.shots.filter(player=0).count(), g.shots.count()]))"
    )
    assert moves == 2
    assert (mine, both) == (5, 10)  # the round's five cells, once; the computer's five after
    assert "Traceback" not in server.log_text()


def test_twenty_play_again_requests_at_once_open_one_new_game(server):
    player = Player(server.url)
    game = player.new_game(level=1)
    assert player.post(game + "resign").status_code == 200
    start = threading.Barrier(COUNT)
    tabs = [player.tab() for _ in range(COUNT)]

    def click(tab):
        start.wait()
        return tab.post(game + "again")

    with ThreadPoolExecutor(COUNT) as pool:
        responses = list(pool.map(click, tabs))
    assert {r.status_code for r in responses} == {200}  # htmx: HX-Redirect to the new game
    assert len({r.headers["HX-Redirect"] for r in responses}) == 1  # all to the same one
    game_id = game.rstrip("/").split("/")[-1]
    games = server.query(  # this browser's games (the server is shared with other tests)
        "from games.models import Game; "
        f"g = Game.objects.get(pk='{game_id}'); "
        "print(Game.objects.filter(guest_id=g.guest_id).count())"
    )
    assert games == 2
    assert "Traceback" not in server.log_text()
