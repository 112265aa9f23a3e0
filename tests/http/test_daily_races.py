"""The daily challenge under racing requests (real HTTP, gunicorn): first shots at once
from one browser start one attempt and store one shot, however new the browser is."""

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import httpx

from tests.http.conftest import Player

COUNT = 20
NEW_BROWSER_SHOTS = 40


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


def attempts_of_the_day(server, day):
    return server.query(
        "import json; from daily.models import DailyAttempt; "
        f"attempts = DailyAttempt.objects.filter(day='{day}'); "
        "print(json.dumps(sorted([a.guest_id, a.log] for a in attempts)))"
    )


def race(count, send):
    start = threading.Barrier(count)

    def leave_together(n):
        start.wait()
        return send(n)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(leave_together, range(count)))


def test_a_new_browser_that_opened_the_page_makes_one_attempt_however_its_shots_race(server):
    browser = httpx.Client(base_url=server.url, timeout=30)
    day = datetime.now(UTC).date().isoformat()
    before = attempts_of_the_day(server, day)
    assert browser.get(f"/daily/{day}").status_code == 200  # no game played here before
    headers = {"X-CSRFToken": browser.cookies["csrftoken"], "HX-Request": "true"}
    cookies = dict(browser.cookies)

    def click(n):
        shot = {"cell": "A1", "move": 0}
        return httpx.post(
            f"{server.url}/daily/{day}/shots", data=shot, headers=headers, cookies=cookies
        )

    statuses = sorted(r.status_code for r in race(NEW_BROWSER_SHOTS, click))
    assert statuses == [200] + [409] * (NEW_BROWSER_SHOTS - 1), statuses
    new = [a for a in attempts_of_the_day(server, day) if a not in before]
    assert [log for _guest, log in new] == [["A1"]]


def test_first_shots_from_a_browser_with_no_session_store_nothing_until_it_has_one(server):
    """Forty first shots at once with no session cookie are indistinguishable from forty
    browsers: none is stored (each answer gives the browser its guest id and says to fire
    again), so no attempt is left behind that no browser holds."""
    day = datetime.now(UTC).date().isoformat()
    before = attempts_of_the_day(server, day)
    token = httpx.get(f"{server.url}/games/new").cookies["csrftoken"]  # no session made
    headers = {"X-CSRFToken": token, "HX-Request": "true"}

    def click(n):
        shot = {"cell": "B2", "move": 0}
        return httpx.post(
            f"{server.url}/daily/{day}/shots",
            data=shot,
            headers=headers,
            cookies={"csrftoken": token},
        )

    answers = race(NEW_BROWSER_SHOTS, click)
    assert [r.status_code for r in answers] == [409] * NEW_BROWSER_SHOTS
    assert all("Fire again" in r.text for r in answers)
    assert attempts_of_the_day(server, day) == before
    # The browser keeps one of the cookies it was given; its next shot is its one attempt.
    kept = answers[-1].cookies["sessionid"]
    again = httpx.post(
        f"{server.url}/daily/{day}/shots",
        data={"cell": "B2", "move": 0},
        headers=headers,
        cookies={"csrftoken": token, "sessionid": kept},
    )
    assert again.status_code == 200
    new = [a for a in attempts_of_the_day(server, day) if a not in before]
    assert [log for _guest, log in new] == [["B2"]]
