"""The daily challenge: one fleet for everyone a day, one attempt each, nothing of the fleet
sent before the end, practice days unranked, streaks and the day's figures."""

import re
from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.test import Client

from battleship.classic import Coordinate
from daily import models as daily_models
from daily.fleet import day_board, day_salt
from daily.models import DailyAdmiral, DailyAttempt, streaks, today
from games.models import Game
from modes.models import StaleMove
from tests.web.conftest import make_user, normalised

pytestmark = pytest.mark.django_db

SEALED = re.compile(r'(data-digest="|<code id="commitment-(?:digest|tomorrow)">)[0-9a-f]{64}')
ALL_CELLS = [str(Coordinate(r, c)) for r in range(10) for c in range(10)]


def ship_cells(day, secret=None):
    return [str(cell) for ship in day_board(day, secret).ships for cell in ship.cells]


def water(day, secret=None):
    ships = set(ship_cells(day, secret))
    return [cell for cell in ALL_CELLS if cell not in ships]


def shoot(client, cell, move, *, day=None, htmx=True):
    day = day or today()
    if "sessionid" not in client.cookies:
        client.get(f"/daily/{day.isoformat()}")  # as a browser does: the page, then a shot
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        f"/daily/{day.isoformat()}/shots", {"cell": cell, "move": move}, headers=headers
    )


def play_out(client, day=None, misses=3):
    """Sink the day's fleet: ``misses`` shots at water first, then every ship cell."""
    day = day or today()
    cells = water(day)[:misses] + ship_cells(day)
    for move, cell in enumerate(cells):
        response = shoot(client, cell, move, day=day)
        assert response.status_code == 200, response.content[:300]
    return response


def attempt_of(client, day=None):
    day = day or today()
    if hasattr(client, "user"):
        return DailyAttempt.objects.get(day=day, owner=client.user)
    return DailyAttempt.objects.get(day=day, guest_id=client.session["guest_id"])


# -- the day's fleet -------------------------------------------------------------------------


def test_the_fleet_is_the_same_for_two_players_and_different_the_next_day(guest, outsider):
    day = today()
    first = play_out(guest, misses=2).content.decode()
    second = play_out(outsider, misses=5).content.decode()
    # Both finished the same fleet: the same cells revealed as sunk on both pages.
    sunk = re.compile(r'aria-label="([A-J]\d+), (\w+), sunk')
    assert sorted(sunk.findall(first)) == sorted(sunk.findall(second))
    assert len(sunk.findall(first)) == 17
    assert attempt_of(guest).shots == 19
    assert attempt_of(outsider).shots == 22
    assert set(ship_cells(day)) != set(ship_cells(day + timedelta(days=1)))
    # And each day's fleet is always the same one.
    assert ship_cells(day) == ship_cells(day)


def test_the_fleet_changes_with_the_secret(settings):
    day = today()
    settings.DAILY_SECRET = "one secret"
    one = set(ship_cells(day))
    settings.DAILY_SECRET = "another secret"
    assert set(ship_cells(day)) != one
    # Nothing but the secret and the date: the default secret comes from SECRET_KEY.
    assert set(ship_cells(day, "one secret")) == one


def test_nothing_of_the_fleet_is_sent_before_the_end(guest, outsider, settings):
    """Two fleets, the same shots (all water in both): the same pages, byte for byte."""
    day = today()
    both_water = [cell for cell in water(day, "A") if cell in set(water(day, "B"))][:6]
    pages = []
    for client, secret in ((guest, "A"), (outsider, "B")):
        settings.DAILY_SECRET = secret
        seen = [client.get("/daily").content.decode()]
        for move, cell in enumerate(both_water):
            seen.append(shoot(client, cell, move).content.decode())
            seen.append(shoot(client, cell, move + 1, htmx=False).content.decode())  # refused
        seen.append(client.get(f"/daily/{day.isoformat()}").content.decode())
        for page in seen:  # nothing of the day's seal but its fingerprints
            assert day_salt(day, secret) not in page
            assert 'id="commitment-salt"' not in page
        pages.append([normalised(SEALED.sub(r"\1<digest>", page)) for page in seen])
    assert set(ship_cells(day, "A")) != set(ship_cells(day, "B"))
    # The same but for the fingerprints, which seal different fleets (test_daily_commitment).
    assert pages[0] == pages[1]


def test_the_fleet_is_shown_once_sunk_and_not_before(guest):
    day = today()
    cells = ship_cells(day)
    for move, cell in enumerate(cells[:-1]):
        page = shoot(guest, cell, move).content.decode()
    assert "revealed" not in page
    assert "cell ship" not in page
    assert 'id="share-text"' not in page
    last = shoot(guest, cells[-1], len(cells) - 1).content.decode()
    assert "Fleet sunk in 17 shots" in last
    assert 'id="share-text"' in last


# -- one attempt a day -----------------------------------------------------------------------


def test_a_second_attempt_is_refused_and_changes_nothing(owner):
    play_out(owner)
    attempt = attempt_of(owner)
    before = (attempt.shots, list(attempt.log), attempt.finished_at)
    free = next(cell for cell in ALL_CELLS if cell not in attempt.log)
    for move in (attempt.shots, 0):
        response = shoot(owner, free, move)
        assert response.status_code == 409
        assert b"already sunk" in response.content or b"out of date" in response.content
    # The same account in another browser finds the same attempt, finished.
    other = Client()
    other.force_login(owner.user)
    assert shoot(other, free, 0).status_code == 409
    assert b"Fleet sunk in" in other.get("/daily").content
    attempt.refresh_from_db()
    assert (attempt.shots, attempt.log, attempt.finished_at) == before
    assert DailyAttempt.objects.count() == 1
    # The database itself holds one attempt per player and day.
    with pytest.raises(IntegrityError):
        DailyAttempt.objects.create(day=today(), owner=owner.user)


def test_a_guest_has_one_attempt_per_browser(guest):
    shoot(guest, water(today())[0], 0)
    with pytest.raises(IntegrityError):
        DailyAttempt.objects.create(day=today(), guest_id=guest.session["guest_id"])


def test_racing_shots_apply_once(guest):
    shoot(guest, water(today())[0], 0)
    # Two requests loaded the attempt at the same move: the second to store finds it moved on.
    first, second = attempt_of(guest), attempt_of(guest)
    first.fire(Coordinate.parse(water(today())[1]), 1)
    with pytest.raises(StaleMove):
        second.fire(Coordinate.parse(water(today())[2]), 1)
    stored = attempt_of(guest)
    assert stored.log == water(today())[:2]
    assert stored.shots == 2


def test_two_first_shots_at_once_make_one_attempt(guest, monkeypatch):
    shoot(guest, water(today())[0], 0)  # the race's winner, already stored
    # The loser looked before the winner's row was in: it tries to create one, and gets it.
    real = daily_models.DailyAttemptQuerySet.first
    calls = []

    def not_yet(self):
        calls.append(1)
        return None if len(calls) == 1 else real(self)

    monkeypatch.setattr(daily_models.DailyAttemptQuerySet, "first", not_yet, raising=False)
    response = shoot(guest, water(today())[1], 0)
    monkeypatch.undo()
    assert response.status_code == 409
    assert DailyAttempt.objects.count() == 1
    assert attempt_of(guest).log == water(today())[:1]


def test_the_attempt_is_saved_as_it_goes_and_resumes(guest):
    cells = water(today())[:2] + ship_cells(today())[:1]
    for move, cell in enumerate(cells):
        shoot(guest, cell, move, htmx=False)
    assert attempt_of(guest).log == cells
    page = guest.get("/daily").content.decode()
    assert f'aria-label="{cells[0]}, miss, turn 1"' in page
    assert f'aria-label="{cells[2]}, hit, turn 3"' in page
    assert 'name="move" value="3"' in page


# -- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("/daily/2026-13-40", "not a date"),
        ("/daily/yesterday", "not a date"),
        ("/daily/2999-01-01", "not out yet"),
        ("/daily/2020-01-01", "first daily challenge"),
    ],
)
def test_a_day_that_has_no_challenge_is_a_clear_404(guest, path, says):
    assert guest.get(path).status_code == 404
    assert says in guest.get(path).content.decode()
    response = guest.post(path + "/shots", {"cell": "A1", "move": 0})
    assert response.status_code == 404
    assert DailyAttempt.objects.count() == 0


def test_tomorrow_is_refused():
    tomorrow = (today() + timedelta(days=1)).isoformat()
    client = Client()
    assert client.get(f"/daily/{tomorrow}").status_code == 404
    assert client.post(f"/daily/{tomorrow}/shots", {"cell": "A1", "move": 0}).status_code == 404
    assert DailyAttempt.objects.count() == 0


@pytest.mark.parametrize(
    ("cell", "move", "status", "says"),
    [
        ("K1", 1, 400, "off the board"),
        ("A11", 1, 400, "off the board"),
        ("", 1, 400, "is not a cell"),
        ("x" * 5000, 1, 400, "is not a cell"),
        ("FIRST", 1, 400, "already been fired at"),
        ("A1", "", 400, "which move"),
        ("A1", 0, 409, "out of date"),
    ],
)
def test_bad_shots_say_why_and_change_nothing(guest, cell, move, status, says):
    first = water(today())[0]
    shoot(guest, first, 0)
    cell = first if cell == "FIRST" else cell
    response = shoot(guest, cell, move)
    assert response.status_code == status
    assert says in response.content.decode()
    assert len(response.content) < 200_000
    assert attempt_of(guest).log == [first]


def test_a_stale_first_shot_starts_nothing(guest):
    response = shoot(guest, "A1", 3)
    assert response.status_code == 409
    assert DailyAttempt.objects.count() == 0


# -- practice, ranking, streaks --------------------------------------------------------------


def test_a_past_day_is_practice_and_not_ranked(owner, teammate):
    past = today() - timedelta(days=2)
    page = owner.get(f"/daily/{past.isoformat()}").content.decode()
    assert "play it for practice" in page
    play_out(owner, past)
    play_out(teammate)  # today's, ranked
    attempt = attempt_of(owner, past)
    assert attempt.practice
    assert DailyAttempt.objects.distribution(past) == []
    assert DailyAttempt.objects.leaderboard(past) == []
    page = owner.get(f"/daily/{past.isoformat()}").content.decode()
    assert "A practice result" in page
    assert "Nobody has a ranked result for this day yet." in page
    assert "Streak" in page
    assert ">0 days<" in page
    ranked = DailyAttempt.objects.leaderboard(today())
    assert [(row["owner__username"], row["rank"]) for row in ranked] == [("teammate", 1)]


def test_an_attempt_finished_after_its_day_becomes_practice(guest, monkeypatch):
    day = today()
    shoot(guest, water(day)[0], 0)
    monkeypatch.setattr(daily_models, "today", lambda: day + timedelta(days=1))
    cells = ship_cells(day)
    for move, cell in enumerate(cells, start=1):
        assert shoot(guest, cell, move, day=day).status_code == 200
    attempt = attempt_of(guest, day)
    assert attempt.is_finished
    assert attempt.practice
    assert DailyAttempt.objects.distribution(day) == []


def test_the_day_figures_count_ranked_results_and_mark_yours(owner, teammate, guest):
    play_out(teammate, misses=2)  # 19 shots
    play_out(guest, misses=15)  # 32 shots
    page = play_out(owner, misses=14).content.decode()  # 31 shots
    assert DailyAttempt.objects.distribution(today()) == [
        {"shots": 19, "players": 1},
        {"shots": 31, "players": 1},
        {"shots": 32, "players": 1},
    ]
    yours = '<tr class="yours"><th scope="row">30\N{EN DASH}39 <span class="you-tag">you</span>'
    assert yours + "</th><td>2</td>" in page
    assert "3 players finished" in page
    # Signed-in players only, fewest shots first.
    names = re.findall(r'<th scope="row" class="player-name">(\w+)</th><td>(\d+)</td>', page)
    assert names == [("teammate", "19"), ("owner", "31")]


def test_streaks_count_consecutive_days_finished():
    day = today()
    days = [day - timedelta(days=n) for n in (0, 1, 2, 5, 6, 7, 8)]
    assert streaks(days, day) == daily_models.Streaks(current=3, longest=4)
    # Today not played yet: the run up to yesterday still counts.
    assert streaks(days[1:], day).current == 2
    assert streaks([day - timedelta(days=2)], day).current == 0
    assert streaks([], day) == daily_models.Streaks(0, 0)


def test_the_page_shows_the_players_streak(owner):
    for n in (1, 2):
        DailyAttempt.objects.create(
            day=today() - timedelta(days=n),
            owner=owner.user,
            moves=40,
            log=[],
            finished_at=daily_models.timezone.now(),
        )
    page = play_out(owner).content.decode()
    assert re.search(r"<dt>Streak</dt><dd>3 days</dd>", page)


# -- the result ------------------------------------------------------------------------------


def test_the_share_text_says_the_shots_and_nothing_of_where(guest):
    page = play_out(guest, misses=4).content.decode()
    text = re.search(r'<textarea id="share-text"[^>]*>([^<]*)</textarea>', page)[1]
    lines = text.splitlines()
    assert lines[0] == f"Battleship daily {today().isoformat()}"
    admiral = DailyAdmiral.objects.get(day=today())
    assert lines[1] == f"21 shots (the Admiral: {len(admiral.log)})"
    grid = "".join(lines[2:-1])
    assert grid[:4] == "🟦🟦🟦🟦"
    assert len(grid) == 21
    assert grid.count("💥") == 5
    assert grid.count("🟥") == 12
    assert lines[-1] == "http://testserver/daily"
    assert not re.search(r"\b[A-J](10|[1-9])\b", text)  # no cell named
    # Without script the text is there to select and copy; the script shows a Copy button.
    assert re.search(r'<textarea id="share-text" class="share-text" readonly', page)
    assert re.search(
        r'<button type="button" class="primary" data-copy="share-text"[^>]* hidden>', page
    )


def test_the_admiral_plays_the_same_fleet_once_a_day(guest, outsider, monkeypatch):
    play_out(guest)
    admiral = DailyAdmiral.objects.get(day=today())
    assert set(ship_cells(today())) <= set(admiral.log)
    assert len(set(admiral.log)) == len(admiral.log) >= 17

    def again(day):
        raise AssertionError("worked out twice")

    monkeypatch.setattr(daily_models, "admiral_search", again)
    page = play_out(outsider).content.decode()
    assert f"The Admiral: {len(admiral.log)} shots" in page


def test_daily_attempts_stay_out_of_the_classic_figures(owner):
    play_out(owner)
    assert Game.objects.count() == 0
    assert b"Fleet sunk" not in owner.get("/history").content


def test_a_guest_who_signs_in_keeps_the_days_attempt(guest):
    shoot(guest, water(today())[0], 0)
    user = make_user("newcomer")
    guest.post("/login", {"username": "newcomer", "password": "a-long-test-password-42"})
    attempt = DailyAttempt.objects.get()
    assert attempt.owner == user
    assert attempt.guest_id == ""


def test_the_home_page_links_to_the_daily_challenge(guest):
    assert b'href="/daily"' in guest.get("/").content


@pytest.mark.parametrize(
    ("language", "date", "mute", "failed"),
    [
        ("en", "1 November 2026", "Mute sounds", "That did not work"),
        ("de", "1. November 2026", "Ton aus", "Das hat nicht geklappt"),
        ("fr", "1 novembre 2026", "Couper le son", "a pas marché ({status})"),
        ("es", "1 de noviembre de 2026", "Silenciar", "Eso no ha funcionado"),
    ],
)
def test_the_day_and_the_pages_script_words_are_in_the_players_language(
    language, date, mute, failed
):
    html = Client(HTTP_ACCEPT_LANGUAGE=language).get("/daily/2026-11-01").content.decode()
    heading = re.search(r"<h1>.*?</h1>", html, re.S)
    assert heading
    assert f">{date}</time>" in heading[0]
    # The words the script says (the sound button's, a refusal's) are the page's: it showed
    # "Mute sounds" and English errors on a German page.
    words = re.search(r'<div id="game-words"[^>]*>', html, re.S)
    assert words, "no #game-words on the daily page"
    assert f'data-mute="{mute}' in words[0]
    assert failed in words[0]
