"""History, replays and the leaderboard: a player's own games only; usernames only in public."""

import io
import re
import uuid

from games.models import Game
from tests.web.conftest import (
    COMPUTER_FLEET,
    PASSWORD,
    finished_game,
    fire,
    fleet_cells,
    make_user,
    started_game,
)

HX = {"HX-Request": "true"}


def won_game(client):
    game = started_game(client)
    for cell in fleet_cells(COMPUTER_FLEET):
        fire(client, game, cell)
    game.refresh_from_db()
    assert game.status == Game.Status.WON
    return game


def test_the_history_lists_finished_games_newest_first_a_page_at_a_time(owner):
    games = [finished_game(owner.user, shots=20 + i, hits=17, seconds=125) for i in range(23)]
    Game.objects.create(owner=owner.user, level=1, seed=1)  # unfinished: not history
    page = owner.get("/history").content.decode()
    assert "23 finished games, newest first: page 1 of 2" in page
    assert page.count("/history/") == 20
    assert page.index(f"/history/{games[-1].pk}/") < page.index(f"/history/{games[-2].pk}/")
    row = page[page.index(f"/history/{games[-1].pk}/") - 900 :]
    assert "1. Recruit" in row
    assert "<td>Won</td>" in row
    assert "<td>42</td>" in row  # shots
    assert "<td>40%</td>" in row  # 17 of 42
    assert "<td>2 min 05 s</td>" in row
    second = owner.get("/history?page=2").content.decode()
    assert second.count("/history/") == 3
    assert f"/history/{games[0].pk}/" in second


def test_a_replay_steps_through_the_stored_shots(guest):
    game = won_game(guest)
    steps = game.shots.count()
    start = guest.get(f"/history/{game.pk}/").content.decode()
    assert "Before the first shot" in start
    assert "A6, Carrier</span>" in start  # both fleets shown: the game is over
    first = guest.get(f"/history/{game.pk}/?step=1").content.decode()
    assert f"Shot 1 of {steps}: you fired at A6, hit." in first
    assert "A6, Carrier, hit" in first
    assert 'href="?step=0" rel="prev"' in first
    assert 'href="?step=2" rel="next"' in first
    second = guest.get(f"/history/{game.pk}/?step=2").content.decode()
    assert f"Shot 2 of {steps}: the computer fired at" in second
    end = guest.get(f"/history/{game.pk}/?step={steps}").content.decode()
    assert "and sank their Destroyer. You won!" in end
    assert 'rel="next"' not in end
    # A step out of range shows the nearest; nonsense shows the start.
    assert "You won!" in guest.get(f"/history/{game.pk}/?step=999").content.decode()
    assert "Before the first shot" in guest.get(f"/history/{game.pk}/?step=x").content.decode()


def test_htmx_gets_only_the_step(guest):
    game = won_game(guest)
    response = guest.get(f"/history/{game.pk}/?step=3", headers=HX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="step"')
    assert "<html" not in html
    # What the step says goes to the page's one live region, which stays in place.
    assert 'hx-swap-oob="innerHTML:#replay-announcer"' in html
    assert "Shot 3 of" in html
    # Fragment and page share a URL: never cached, and varying on htmx.
    assert "no-store" in response["Cache-Control"]
    assert "HX-Request" in response["Vary"]


def test_a_replay_of_a_resigned_game_ends_with_the_resignation(owner):
    game = started_game(owner)
    fire(owner, game, "A6")
    owner.post(f"/games/{game.pk}/resign")
    page = owner.get(f"/history/{game.pk}/?step=2").content.decode()
    assert "You resigned." in page


def test_someone_elses_history_and_replays_are_404(owner, teammate, guest):
    theirs = won_game(teammate)
    guests = won_game(guest)
    unfinished = started_game(owner)
    for url in [
        f"/history/{theirs.pk}/",
        f"/history/{guests.pk}/",
        f"/history/{unfinished.pk}/",
        f"/history/{uuid.uuid4()}/",
    ]:
        assert owner.get(url).status_code == 404
    assert str(theirs.pk) not in owner.get("/history").content.decode()
    assert teammate.get(f"/history/{theirs.pk}/").status_code == 200


def test_the_leaderboard_ranks_wins_against_each_level_and_shows_usernames_only(
    owner, teammate, guest
):
    owner.user.email = "owner@example.com"
    owner.user.first_name = "Secret"
    owner.user.save()
    for _ in range(5):
        finished_game(owner.user, "won", level=2)
    for status in ["won", "won", "won", "lost", "lost", "resigned"]:
        finished_game(teammate.user, status, level=2)
    for _ in range(4):
        finished_game(teammate.user, "won", level=1)  # fewer than five at level 1
    make_user("quiet")
    won_game(guest)  # a guest's game counts for no one
    page = guest.get("/leaderboard").content.decode()
    level_two = page[page.index(">2. Ensign<") : page.index(">3. Lieutenant<")]
    ranks = re.findall(r'<th scope="row">(\w+)</th><td>(\d+)</td><td>(\d+)</td>', level_two)
    assert ranks == [("owner", "5", "5"), ("teammate", "3", "6")]
    level_one = page[page.index(">1. Recruit<") : page.index(">2. Ensign<")]
    assert "teammate" not in level_one
    for private in ["owner@example.com", "Secret", "quiet", PASSWORD, "password", "email"]:
        assert private not in page
    assert not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-", page)  # no game ids either


def test_games_made_for_benchmarks_open_and_replay_like_played_ones(owner):
    from django.core.management import call_command

    call_command("make_games", user="owner", games=3, levels="1", seed=5, stdout=io.StringIO())
    for game in Game.objects.filter(owner=owner.user):
        shots = game.shots.order_by("sequence")
        assert [c for move in game.log for c in move["fire"]] == [shot.cell for shot in shots]
        assert owner.get(game.get_absolute_url()).status_code == 200
        assert owner.get(f"/history/{game.pk}/?step=5").status_code == 200


def test_the_history_of_one_opponent_keeps_the_filter_from_page_to_page(owner):
    ensign = [finished_game(owner.user, level=2, shots=30 + i) for i in range(23)]
    finished_game(owner.user, level=1, shots=99)
    page = owner.get("/history?level=2").content.decode()
    assert "23 finished games, newest first: page 1 of 2" in page
    assert '<a href="?level=2&amp;page=2" rel="next">' in page
    page = owner.get("/history?level=2&page=2").content.decode()
    assert {f"/history/{game.pk}/" for game in ensign[:3]} == set(
        re.findall(r"/history/[0-9a-f-]+/", page)
    )
    assert "<td>99</td>" not in page
    page = owner.get("/history?level=4").content.decode()
    assert "None of your finished games is against that opponent" in page


def test_a_history_filter_the_site_does_not_know_is_refused(owner):
    finished_game(owner.user)
    response = owner.get("/history?rules=chess")
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert "/history/" not in response.content.decode()


def test_the_leaderboard_keeps_the_first_ten_with_names_breaking_ties_and_costs_the_same_queries(
    guest,
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries():
        with CaptureQueriesContext(connection) as captured:
            page = guest.get("/leaderboard")
        return len(captured), page.context["boards"]

    for name in ["zed", "amy"]:
        user = make_user(name)
        for status in ["won", "won", "lost", "lost", "lost"]:
            finished_game(user, status, level=3)
    few, _ = queries()
    # Twelve players with three wins in five: ten places, the names decide who gets them.
    for n in range(12):
        user = make_user(f"player{n:02d}")
        for status in ["won", "won", "won", "lost", "lost"]:
            finished_game(user, status, level=3)
    inactive = make_user("aaa-gone")
    for _ in range(5):
        finished_game(inactive, "won", level=3)
    inactive.is_active = False
    inactive.save()
    many, boards = queries()
    assert many == few
    level_three = next(rows for level, _, rows in boards if level == 3)
    assert [row["owner__username"] for row in level_three] == [f"player{n:02d}" for n in range(10)]
    assert level_three[0] == {"owner__username": "player00", "played": 5, "wins": 3}


def test_a_game_resigned_before_the_first_shot_replays_in_sentences_with_its_rules(owner):
    from tests.web.test_rule_sets import game_with_rules

    game = game_with_rules(owner, "salvo")
    owner.post(f"/games/{game.pk}/resign")
    page = owner.get(f"/history/{game.pk}/").content.decode()
    heading = re.search(r'<h2 id="step-heading"[^>]*>(.*?)</h2>', page, re.S)
    assert heading
    # Two sentences: it read "Before the first move You resigned."
    assert heading[1].startswith("Before the first move. You resigned.")
    # The rule set, as the history names it, in the title and the heading.
    assert re.search(r"<title>Replay against the Recruit \(Salvo\)", page)
    assert re.search(r"<h1>.*<span class=\"level-tag\">Salvo, resigned,", page)
    assert "(Salvo)" in owner.get("/history").content.decode()
