"""Statistics, checked against games built for the test with known answers."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.statistics import statistics_of, streaks
from games.models import Game
from tests.web.conftest import finished_game, started_game

# (status, level, shots, hits, computer shots, ships lost, seconds), oldest first.
KNOWN = [
    ("won", 1, 20, 17, 19, 1, 100),
    ("won", 1, 30, 17, 29, 2, 200),
    ("lost", 2, 40, 10, 40, 5, 300),
    ("won", 2, 25, 17, 24, 0, 100),
    ("won", 3, 50, 17, 49, 3, 150),
    ("won", 1, 35, 17, 34, 4, 150),
    ("resigned", 3, 10, 2, 10, 0, 50),
    ("won", 5, 60, 17, 59, 1, 250),
    ("won", 1, 40, 17, 39, 0, 100),
]


@pytest.fixture
def record(owner, teammate, guest):
    start = timezone.now() - timedelta(days=30)
    # Stored newest first, so that only finished_at can put them in order.
    for day, (status, level, shots, hits, theirs, lost, seconds) in reversed(
        list(enumerate(KNOWN))
    ):
        finished_game(
            owner.user,
            status,
            level=level,
            shots=shots,
            hits=hits,
            computer_shots=theirs,
            ships_lost=lost,
            seconds=seconds,
            finished_at=start + timedelta(days=day),
        )
    # None of these count: someone else's games, and an unfinished game of the owner's.
    finished_game(teammate.user, "lost", shots=90, hits=1)
    finished_game(teammate.user, "won", shots=17, hits=17)
    unfinished = finished_game(owner.user, "won", shots=5, hits=5)
    Game.objects.filter(pk=unfinished.pk).update(status="playing", finished_at=None)
    started_game(guest)
    return owner


def test_it_counts_results_win_rate_and_streaks(record):
    stats = statistics_of(Game.objects.filter(owner=record.user))
    assert (stats.played, stats.won, stats.lost, stats.resigned) == (9, 7, 1, 1)
    assert stats.win_rate == pytest.approx(700 / 9)
    assert (stats.current_streak, stats.longest_streak) == (2, 3)


def test_it_breaks_streaks_on_losses_and_resignations():
    assert streaks([]) == (0, 0)
    assert streaks(["won", "won", "resigned", "won"]) == (1, 2)
    assert streaks(["won", "lost"]) == (0, 1)
    assert streaks(["lost", "won", "won", "won"]) == (3, 3)


def test_it_gives_figures_per_opponent_level(record):
    stats = statistics_of(Game.objects.filter(owner=record.user))
    by_level = {
        figures.level: (
            figures.played,
            figures.won,
            figures.win_rate,
            figures.average_shots_to_win,
            figures.best_shots_to_win,
        )
        for figures in stats.levels
    }
    assert by_level == {
        1: (4, 4, 100.0, 31.25, 20),
        2: (2, 1, 50.0, 25.0, 25),
        3: (2, 1, 50.0, 50.0, 50),
        4: (0, 0, None, None, None),
        5: (1, 1, 100.0, 60.0, 60),
    }
    assert stats.levels[0].name == "Recruit"


def test_it_gives_shooting_figures(record):
    stats = statistics_of(Game.objects.filter(owner=record.user))
    assert (stats.shots, stats.hits) == (310, 131)
    assert stats.accuracy == pytest.approx(100 * 131 / 310)
    assert stats.shots_per_game == pytest.approx(310 / 9)
    assert stats.seconds_per_game == pytest.approx(1400 / 9)
    assert stats.ships_lost_per_game == pytest.approx(16 / 9)


def test_it_counts_shots_to_win_for_both_sides(record):
    rows = statistics_of(Game.objects.filter(owner=record.user)).shots_to_win
    yours = sorted(
        r["winner_shots"] for r in rows if r["status"] == "won" for _ in range(r["games"])
    )
    theirs = [(r["winner_shots"], r["games"]) for r in rows if r["status"] == "lost"]
    assert yours == [20, 25, 30, 35, 40, 50, 60]
    assert theirs == [(40, 1)]


def test_the_heat_map_counts_only_the_first_ten_shots_of_finished_games(record):
    rows = Game.objects.filter(owner=record.user).opening_shot_counts()
    # The helper fires at A1, A2, … in order: the first ten are row A, in all nine games.
    assert sorted((r["row"], r["col"], r["shots"]) for r in rows) == [(0, c, 9) for c in range(10)]


def test_the_heat_map_counts_a_game_whose_rules_leave_out_the_standard_ones(record):
    # Missing keys of a stored rule set are the standard rules, one shot a turn.
    game = Game.objects.filter(owner=record.user, status="won").first()
    Game.objects.filter(pk=game.pk).update(rules={})
    rows = Game.objects.filter(owner=record.user).opening_shot_counts()
    assert sorted((r["row"], r["col"], r["shots"]) for r in rows) == [(0, c, 9) for c in range(10)]


def test_the_page_shows_the_figures(record):
    page = record.get("/stats").content.decode()
    for text in ["<dd>9</dd>", "<dd>7</dd>", "<dd>78%</dd>", "<dd>42%</dd>", "<dd>34.4</dd>"]:
        assert text in page
    assert "<dd>2 min 36 s</dd>" in page  # 155.6 s a game
    assert page.count('role="img"') == 3
    assert '<title id="trend-title">' in page


def test_a_player_without_finished_games_sees_how_to_start(owner):
    page = owner.get("/stats").content.decode()
    assert "No finished games yet" in page


def test_a_guest_sees_that_signing_up_keeps_statistics(guest):
    for url in ["/stats", "/history"]:
        response = guest.get(url)
        assert response.status_code == 200
        assert "Sign up to keep your statistics" in response.content.decode()


def make_many(user, count):
    for i in range(count):
        finished_game(
            user,
            ["won", "lost", "resigned"][i % 3],
            level=1 + i % 5,
            shots=17 + i % 40,
            computer_shots=17 + i % 30,
            ships_lost=i % 5,
        )


def test_the_query_count_does_not_grow_with_the_number_of_games(owner, django_assert_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(url):
        with CaptureQueriesContext(connection) as captured:
            assert owner.get(url).status_code == 200
        return len(captured)

    make_many(owner.user, 30)
    few = {url: queries(url) for url in ["/stats", "/history"]}
    make_many(owner.user, 300)
    many = {url: queries(url) for url in ["/stats", "/history", "/history?page=9"]}
    assert many["/stats"] == few["/stats"] <= 8
    assert many["/history"] == many["/history?page=9"] == few["/history"] <= 6
