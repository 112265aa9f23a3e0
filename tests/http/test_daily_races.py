"""The daily challenge under racing requests (real HTTP, gunicorn): twenty first shots at
once from one browser start one attempt and store one shot."""

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

from tests.http.conftest import Player

COUNT = 20


def test_twenty_first_shots_at_once_make_one_attempt_with_one_shot(server):
    player = Player(server.url)
    player.new_game(level=1)  # the browser has its guest id, as after any first visit's game
    day = datetime.now(UTC).date().isoformat()
    start = threading.Barrier(COUNT)
    tabs = [player.tab() for _ in range(COUNT)]

    def click(tab):
        start.wait()  # all twenty leave together
        return tab.post(f"/daily/{day}/shots", {"cell": "E5", "move": 0})

    with ThreadPoolExecutor(COUNT) as pool:
        responses = list(pool.map(click, tabs))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] + [409] * (COUNT - 1), statuses
    assert all("out of date" in r.text for r in responses if r.status_code == 409)
    attempts = server.query(
        "import json; from daily.models import DailyAttempt; "
        f"print(json.dumps([[a.log, a.shots] for a in DailyAttempt.objects.filter(day='{day}')]))"
    )
    assert attempts == [[["E5"], 1]]
    assert "Traceback" not in server.log_text()
