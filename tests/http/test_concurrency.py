"""Promise 1: no shot is applied twice, whatever arrives at once (real HTTP, gunicorn)."""

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
