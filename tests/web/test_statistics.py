"""Statistics, checked against games built for the test with known answers."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.statistics import statistics_of, streaks
from battleship.classic import RuleSet
from games.models import Game
from tests.web.conftest import (
    COMPUTER_FLEET,
    figures_of_shots,
    finished_game,
    fire,
    fleet_cells,
    started_game,
)

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
            their_shots=theirs,
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
            their_shots=17 + i % 30,
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


# -- Each finished game's own figures, stored when it ends ----------------------------------

HX = {"HX-Request": "true"}


def stored_figures(game):
    game.refresh_from_db()
    return {field: getattr(game, field) for field in figures_of_shots([])}


def test_a_game_stores_its_figures_in_the_move_that_wins_it(owner):
    game = started_game(owner)
    targets = fleet_cells(COMPUTER_FLEET)
    for cell in ["B2", "B3", *targets]:
        assert fire(owner, game, cell).status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.WON
    shots = list(game.shots.order_by("sequence"))
    assert stored_figures(game) == figures_of_shots(shots)
    assert (game.shots_fired, game.shots_hit, game.their_shots) == (19, 17, 18)
    assert game.opening_cells == " ".join(["B2", "B3", *targets[:8]])


def test_a_game_stores_its_figures_in_the_move_that_loses_it(owner):
    game = started_game(owner, level=5)
    ships = fleet_cells(COMPUTER_FLEET)
    misses = [f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11) if f"{r}{c}" not in ships]
    for cell in misses:
        assert fire(owner, game, cell).status_code == 200
        game.refresh_from_db()
        if game.is_over:
            break
    assert game.status == Game.Status.LOST
    assert stored_figures(game) == figures_of_shots(list(game.shots.order_by("sequence")))
    assert (game.shots_hit, game.ships_lost) == (0, 5)


def test_resigning_stores_the_figures_of_the_game_so_far(owner):
    game = started_game(owner)
    for cell in ["A6", "B6", "C3"]:
        fire(owner, game, cell)
    assert owner.post(f"/games/{game.pk}/resign", headers=HX).status_code == 200
    # (Your fleet is shuffled: the Recruit's three shots may sink your Destroyer, seldom.)
    lost = figures_of_shots(list(game.shots.order_by("sequence")))["ships_lost"]
    assert stored_figures(game) == {
        "shots_fired": 3,
        "shots_hit": 2,
        "their_shots": 3,
        "ships_lost": lost,
        "opening_cells": "A6 B6 C3",
    }


def test_an_unfinished_game_has_no_figures(owner):
    game = started_game(owner)
    fire(owner, game, "A6")
    assert set(stored_figures(game).values()) <= {None, ""}


# -- Filters --------------------------------------------------------------------------------


def test_the_statistics_of_one_opponent_or_one_rule_set(record):
    salvo = Game.objects.filter(owner=record.user, level=1).finished().first()
    Game.objects.filter(pk=salvo.pk).update(rules=RuleSet.salvo().to_dict())

    stats = record.get("/stats?level=1").context["stats"]
    assert (stats.played, stats.won, stats.shots) == (4, 4, 125)
    assert [figures.level for figures in stats.levels] == [1]

    stats = record.get("/stats?rules=salvo").context["stats"]
    assert (stats.played, stats.shots) == (1, salvo.shots_fired)

    stats = record.get("/stats?rules=standard&level=1").context["stats"]
    assert stats.played == 3

    page = record.get("/stats?level=4").content.decode()
    assert "No finished games of this kind" in page


def test_a_filter_the_site_does_not_know_is_refused_with_a_reason(record):
    for query in ["level=9", "level=x", "rules=chess"]:
        response = record.get(f"/stats?{query}")
        assert response.status_code == 400
        page = response.content.decode()
        assert "Select a valid choice" in page
        assert 'aria-describedby="id_' in page
        assert 'aria-invalid="true"' in page
        assert response.context["stats"] is None


def test_the_filter_form_keeps_what_was_chosen(record):
    page = record.get("/stats?level=2&rules=standard").content.decode()
    assert '<option value="2" selected>2. Ensign</option>' in page
    # Named as the new-game page and the history name it.
    assert '<option value="standard" selected>Classic</option>' in page


def test_filtered_statistics_cost_the_same_queries_as_all_of_them(owner):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    make_many(owner.user, 60)
    counts = set()
    for url in ["/stats", "/stats?level=2", "/stats?rules=salvo", "/stats?level=3&rules=standard"]:
        with CaptureQueriesContext(connection) as captured:
            assert owner.get(url).status_code == 200
        counts.add(len(captured))
    assert len(counts) == 1


def test_a_game_finished_without_its_figures_gets_them_when_a_page_needs_them(owner):
    # As a worker still running the code of before the figures would leave it.
    game = started_game(owner)
    for cell in fleet_cells(COMPUTER_FLEET):
        fire(owner, game, cell)
    blank = dict.fromkeys(["shots_fired", "shots_hit", "their_shots", "ships_lost"])
    Game.objects.filter(pk=game.pk).update(**blank, opening_cells="")
    stats = owner.get("/stats").context["stats"]
    assert (stats.played, stats.shots, stats.hits) == (1, 17, 17)
    assert stored_figures(game) == figures_of_shots(list(game.shots.order_by("sequence")))


@pytest.mark.django_db
def test_a_games_rule_set_name_follows_its_rules_and_the_database_refuses_a_mismatch():
    from django.db import IntegrityError, transaction

    game = Game.objects.create(level=1, seed=1, rules=RuleSet.salvo().to_dict())
    assert Game.objects.get(pk=game.pk).rules_name == "salvo"
    game.rules = RuleSet.standard().to_dict()
    game.save(update_fields=["rules"])
    assert Game.objects.get(pk=game.pk).rules_name == "standard"
    Game.objects.filter(pk=game.pk).update(rules=RuleSet.fog_of_war().to_dict())
    assert Game.objects.get(pk=game.pk).rules_name == "fog_of_war"
    Game.objects.filter(pk=game.pk).update(rules={})
    assert Game.objects.get(pk=game.pk).rules_name == "standard"
    # A writer that skips ``save`` (bulk_create, an update, raw SQL) cannot let it drift.
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(rules_name="salvo")
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.bulk_create(
            [Game(level=1, seed=2, rules=RuleSet.salvo().to_dict())]  # rules_name left out
        )
    assert list(Game.objects.values_list("rules_name", flat=True)) == ["standard"]
