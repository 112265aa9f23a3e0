"""Every figure of every statistics, history and leaderboard page, worked out again from the
raw shots of a site of a few hundred games that ``make_games`` and the site's own moves
made (built once for the module)."""

import io
from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from battleship.classic import RuleSet
from games.models import Game
from tests.web.conftest import (
    COMPUTER_FLEET,
    data_for_the_module,
    figures_of_shots,
    fire,
    fleet_cells,
    make_user,
    signed_in,
    started_game,
)

HX = {"HX-Request": "true"}


@pytest.fixture(scope="module")
def made_site(django_db_setup, django_db_blocker):
    """A few hundred varied games: most played by ``make_games`` (won, lost, resigned, all
    four rule sets, several players), a few through the site's own moves and resignation.
    Built once for the module; every test reads it, none changes it."""

    def build():
        owner = signed_in(make_user("owner"))
        make_user("teammate")
        build_site(owner)
        return owner.user.pk

    yield from data_for_the_module(django_db_blocker, build)


@pytest.fixture
def site(made_site, db):
    """The owner of the made site, signed in."""
    return signed_in(get_user_model().objects.get(pk=made_site))


def build_site(owner):
    out = io.StringIO()
    call_command(
        "make_games",
        user="owner",
        games=220,
        levels="1,2",
        person_levels="1,2",
        rules="standard,salvo,no_touch,fog_of_war",
        seed=23,
        stdout=out,
    )
    call_command(
        "make_games",
        user="teammate",
        games=30,
        levels="1,2",
        person_levels="2",
        rules="standard,salvo",
        seed=24,
        players=3,
        player_games=45,
        stdout=out,
    )
    # Through the site: a won and a resigned Salvo game, and a resignation before any shot.
    for ending in ["win", "resign", "resign at once"]:
        game = started_game(owner, rules=RuleSet.salvo())
        if ending == "win":
            for cell in fleet_cells(COMPUTER_FLEET):
                fire(owner, game, cell)
        elif ending == "resign":
            for cell in ["B2", "B3", "B4", "B5", "B6", "A6", "A7"]:
                fire(owner, game, cell)
        if ending != "win":
            owner.post(f"/games/{game.pk}/resign", headers=HX)
    finished = Game.objects.filter(owner=owner.user).finished()
    assert {"won", "lost", "resigned"} <= set(finished.values_list("status", flat=True))
    assert finished.filter(rules_name="salvo").count() > 20


def raw_games(user, level=None, rules=None):
    """The user's finished games (oldest first), each with its figures counted from its shots."""
    games = []
    for game in Game.objects.filter(owner=user, status__in=["won", "lost", "resigned"]):
        if level is not None and game.level != level:
            continue
        if rules is not None and game.rules.get("name", "standard") != rules:
            continue
        game.raw = figures_of_shots(list(game.shots.order_by("sequence")))
        games.append(game)
    return sorted(games, key=lambda game: (game.finished_at, game.pk))


def test_every_figure_of_the_statistics_page_agrees_with_the_shots(site):

    for level, rules in [(None, None), (1, None), (2, None), (None, "salvo"), (2, "fog_of_war")]:
        query = "&".join(f"{k}={v}" for k, v in [("level", level), ("rules", rules)] if v)
        response = site.get(f"/stats?{query}")
        stats, heat = response.context["stats"], response.context["heat"]
        games = raw_games(site.user, level, rules)
        won = [g for g in games if g.status == "won"]
        results = [g.status for g in games]
        assert (stats.played, stats.won, stats.lost, stats.resigned) == (
            len(games),
            len(won),
            results.count("lost"),
            results.count("resigned"),
        )
        assert stats.results == results
        assert stats.shots == sum(g.raw["shots_fired"] for g in games)
        assert stats.hits == sum(g.raw["shots_hit"] for g in games)
        assert stats.ships_lost == sum(g.raw["ships_lost"] for g in games)
        assert stats.seconds == pytest.approx(sum(g.play_seconds for g in games))
        for figures in stats.levels:
            at_level = [g for g in games if g.level == figures.level]
            wins = [g.raw["shots_fired"] for g in at_level if g.status == "won"]
            assert (figures.played, figures.won) == (len(at_level), len(wins))
            assert figures.best_shots_to_win == min(wins, default=None)
            if wins:
                assert figures.average_shots_to_win == pytest.approx(sum(wins) / len(wins))
        winners = Counter(
            (g.status, g.raw["shots_fired"] if g.status == "won" else g.raw["their_shots"])
            for g in games
            if g.status != "resigned"
        )
        assert {(r["status"], r["winner_shots"]): r["games"] for r in stats.shots_to_win} == (
            dict(winners)
        )
        openings = Counter(cell for g in games for cell in g.raw["opening_cells"].split())
        shown = {cell.label: cell.shots for _, _, cells in heat.rows for cell in cells}
        assert {label: n for label, n in shown.items() if n} == dict(openings)


def test_every_row_of_every_history_page_agrees_with_the_shots(site):
    games = raw_games(site.user)[::-1]  # newest first
    pages = -(-len(games) // 20)
    seen = []
    for number in range(1, pages + 1):
        for game in site.get(f"/history?page={number}").context["games"]:
            seen.append((game.pk, game.shots_fired, game.shots_hit))
    assert seen == [(g.pk, g.raw["shots_fired"], g.raw["shots_hit"]) for g in games]


@pytest.mark.parametrize("rules", ["standard", "salvo"])
def test_the_leaderboard_agrees_with_the_games(site, rules):
    from django.contrib.auth import get_user_model

    boards = site.get(f"/leaderboard?rules={rules}").context["boards"]
    for level, _, rows in boards:
        expected = []
        for user in get_user_model().objects.all():
            mine = [g for g in raw_games(user, rules=rules) if g.level == level]
            if len(mine) >= 5:
                wins = sum(1 for g in mine if g.status == "won")
                expected.append(
                    {"owner__username": user.username, "played": len(mine), "wins": wins}
                )
        expected.sort(key=lambda row: (-row["wins"], row["played"], row["owner__username"]))
        assert rows == expected[:10]
        if level in (1, 2) and rules == "standard":
            assert len(rows) >= 2  # the data places players: the comparison means something


def test_bench_pages_requests_every_page_with_its_filters_on_a_made_site(site):
    """The benchmark of issue 23 runs on the site ``make_games`` makes: each page answers
    (it stops at the first that does not), with the same number of queries every run."""
    out = io.StringIO()
    call_command("bench_pages", user="owner", runs=2, stdout=out)
    lines = out.getvalue().splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in lines[3:]}
    for page in ["/stats", "/stats?rules=salvo", "/history", "/leaderboard?rules=salvo"]:
        p50, slowest, queries, _cpu = rows[page]
        assert float(slowest) >= float(p50) > 0
        assert queries.isdigit(), f"{page}: the query count changed between runs ({queries})"
    assert "/leaderboard?mode=sector" in rows
