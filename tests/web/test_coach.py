"""The coach on the site: a hint during play (warned first, marks the game, keeps it off the
leaderboard, reveals nothing hidden) and the analysis of a finished game on its replay."""

import re
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import override_settings

from battleship.classic import Coordinate, RuleSet
from battleship.classic.ai import coach
from battleship.classic.ai.coach import hit_chances
from games.hints import percent
from games.models import Game
from tests.web.conftest import (
    COMPUTER_FLEET,
    HUMAN_FLEET,
    finished_game,
    fire,
    fleet_cells,
    new_game,
    set_fleet,
    started_game,
)

HX = {"HX-Request": "true"}


def ask_hint(client, game, *, confirm=True, htmx=False, move=None):
    game.refresh_from_db()
    data = {"move": game.moves if move is None else move}
    if confirm:
        data["confirm"] = "yes"
    return client.post(f"/games/{game.pk}/hint", data, headers=HX if htmx else {})


def heat_labels(html):
    """Each cell's name on enemy waters that carries a hint's chance."""
    return re.findall(r'aria-label="([A-J]\d+, hit chance [^"]+)"', html)


def likeliest_line(html):
    return re.search(r"Likeliest: [^<]+", html).group(0)


def test_the_first_hint_is_explained_first_and_changes_nothing(guest):
    game = started_game(guest, level=5)
    response = ask_hint(guest, game, confirm=False)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Show hint anyway" in page
    assert "will not count for the leaderboard" in page
    assert heat_labels(page) == []
    game.refresh_from_db()
    assert game.hinted is False


def test_a_confirmed_hint_shows_the_admirals_chances_and_marks_the_game(guest):
    game = started_game(guest, level=5)
    fire(guest, game, "E5")
    game.refresh_from_db()
    expected = hit_chances(game.view())
    response = ask_hint(guest, game)  # no script: the whole page with the heat map
    assert response.status_code == 200
    page = response.content.decode()
    labels = heat_labels(page)
    assert len(labels) == len(expected) == 99  # every cell but the one fired at
    for cell, chance in expected.items():
        assert f'aria-label="{cell}, hit chance {percent(chance)}"' in page
    best = sorted(expected.items(), key=lambda kv: (-kv[1], kv[0].row, kv[0].col))[:3]
    sentence = "Likeliest: " + ", ".join(f"{c} {percent(p)}" for c, p in best) + "."
    assert sentence in page
    assert page.index(sentence) < page.index("Enemy waters")  # in the live region up top
    game.refresh_from_db()
    assert game.hinted is True
    # A later hint needs no confirmation; the mark stays on after more moves.
    fire(guest, game, "A1")
    second = ask_hint(guest, game, confirm=False, htmx=True)
    assert second.status_code == 200
    assert "<html" not in second.content.decode()
    assert heat_labels(second.content.decode())
    game.refresh_from_db()
    assert game.hinted is True


def test_a_shot_after_a_hint_draws_the_board_again_without_it(guest):
    game = started_game(guest, level=5)
    assert heat_labels(ask_hint(guest, game, htmx=True).content.decode())
    game.refresh_from_db()
    response = guest.post(
        f"/games/{game.pk}/shots", {"cell": "C3", "move": game.moves, "redraw": "1"}, headers=HX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="play"' in html  # the whole play area, the stale heat map gone
    assert heat_labels(html) == []


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet.salvo(),
        RuleSet.no_touch(),
        RuleSet.fog_of_war(),
        RuleSet.special_weapons(),
        # Not offered in the browser yet: the hint reads only the view, so it works for them.
        RuleSet.five_shot(),
        RuleSet.five_shot_called(),
        RuleSet.five_shot_cells(),
    ],
    ids=lambda r: r.name,
)
def test_a_hint_works_under_every_rule_set(guest, rules):
    game = new_game(guest, level=5)
    Game.objects.filter(pk=game.pk).update(rules=rules.to_dict())
    game.refresh_from_db()
    game.shuffle()  # a fleet of the rule set's own ships
    game.start()
    response = ask_hint(guest, game, htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert len(heat_labels(html)) == 100
    assert likeliest_line(html)


def two_games_that_differ_only_in_the_hidden_fleet(client):
    """The same seed, the same fleet of the person's, the same shots with the same answers:
    only where the computer's ships lie differs: H1 to H3 and J1 to J3 in one, G2 to I2 and
    J2 to J4 in the other."""
    other = [
        ("Carrier", "A6", "V"),
        ("Battleship", "A8", "V"),
        ("Cruiser", "J2", "H"),
        ("Submarine", "G2", "V"),
        ("Destroyer", "J9", "H"),
    ]
    games = []
    for fleet in (COMPUTER_FLEET, other):
        game = started_game(client, level=5)
        Game.objects.filter(pk=game.pk).update(seed=12345)
        set_fleet(game, 1, fleet)
        for cell in ("H2", "C3", "J2", "F9"):  # H2 and J2 hit in both, nothing sunk
            fire(client, game, cell)
        game.refresh_from_db()
        games.append(game)
    return games


def test_a_hint_reveals_nothing_the_person_could_not_deduce(guest):
    first, second = two_games_that_differ_only_in_the_hidden_fleet(guest)
    assert first.view().shots_fired == second.view().shots_fired
    assert first.view().shots_received == second.view().shots_received
    pages = [ask_hint(guest, game).content.decode() for game in (first, second)]
    assert heat_labels(pages[0]) == heat_labels(pages[1])
    assert likeliest_line(pages[0]) == likeliest_line(pages[1])


def test_a_hint_is_refused_with_a_clear_error_when_it_cannot_be_given(guest, outsider):
    game = started_game(guest, level=5)
    # Someone else's game: not found, whatever they send.
    assert ask_hint(outsider, game).status_code == 404
    # Nonsense for the move number.
    bad = ask_hint(guest, game, move="x")
    assert bad.status_code == 400
    assert "That hint request was not understood." in bad.content.decode()
    # A page out of date.
    stale = ask_hint(guest, game, move=game.moves + 3)
    assert stale.status_code == 409
    assert "out of date" in stale.content.decode()
    game.refresh_from_db()
    assert game.hinted is False
    # A finished game.
    for cell in fleet_cells(COMPUTER_FLEET):
        fire(guest, game, cell)
    game.refresh_from_db()
    assert game.is_over
    over = ask_hint(guest, game)
    assert over.status_code == 409
    assert "This game is over." in over.content.decode()
    assert heat_labels(over.content.decode()) == []
    game.refresh_from_db()
    assert game.hinted is False
    # A GET changes nothing either.
    assert guest.get(f"/games/{game.pk}/hint").status_code == 405


@override_settings(FIRE_RATE="2/m")
def test_hints_are_rate_limited_like_shots(guest):
    cache.clear()
    game = started_game(guest, level=5)
    assert [ask_hint(guest, game).status_code for _ in range(2)] == [200, 200]
    assert ask_hint(guest, game).status_code == 429
    cache.clear()


def test_a_hinted_game_is_marked_in_history_and_statistics_and_off_the_leaderboard(owner, teammate):
    for _ in range(5):
        finished_game(owner.user, "won", level=2)
        finished_game(teammate.user, "won", level=2)
    # One of the teammate's wins was hinted: five games played no longer counts for them.
    game = started_game(teammate, level=2)
    ask_hint(teammate, game)
    for cell in fleet_cells(COMPUTER_FLEET):
        fire(teammate, game, cell)
    game.refresh_from_db()
    assert game.status == "won"
    assert game.hinted
    board = owner.get("/leaderboard").content.decode()
    level_two = board[board.index(">2. Ensign<") : board.index(">3. Lieutenant<")]
    ranks = re.findall(r'<th scope="row">(\w+)</th><td>(\d+)</td><td>(\d+)</td>', level_two)
    assert ranks == [("owner", "5", "5"), ("teammate", "5", "5")]  # not 6 of 6
    assert "Games played with a hint are not counted." in board
    history = teammate.get("/history").content.decode()
    assert history.count("(hint used)") == 1
    row = history[history.index(f"/history/{game.pk}/") :]
    assert row.index("(hint used)") < row.index("</tr>")
    stats = teammate.get("/stats").content.decode()
    assert re.search(r"<dt>Played with a hint</dt><dd>1</dd>", stats)
    assert "Played with a hint" not in owner.get("/stats").content.decode()


# -- the analysis on the replay -------------------------------------------------------------


def won_game(client, cells):
    game = started_game(client, level=1)
    for cell in cells:
        fire(client, game, cell)
    game.refresh_from_db()
    assert game.status == Game.Status.WON
    return game


def test_the_replay_analyses_each_shot_against_the_admirals_best_cell(guest):
    # A scripted game: the person opens at J10 (a poor cell), then sinks the fleet in order.
    cells = ["J10", "C3", *fleet_cells(COMPUTER_FLEET)]
    cells = list(dict.fromkeys(cells))
    game = won_game(guest, cells)
    page = guest.get(f"/history/{game.pk}/").content.decode()
    game.refresh_from_db()
    stored = game.analysis
    assert [shot["cell"] for shot in stored["shots"]] == cells
    # Worked out again here, position by position, from the person's view before each shot.
    ratings = []
    for number, shot in enumerate(stored["shots"]):
        view = game.engine(shot["move"]).view_for(0)
        chances = hit_chances(view)
        cell = Coordinate.parse(shot["cell"])
        assert shot["move"] == 2 * number  # the person's moves, between the computer's
        assert shot["chance"] == round(chances[cell], 4)
        assert shot["par"] == round(max(chances.values()), 4)
        ratings.append(chances[cell] / max(chances.values()))
    good = sum(r >= 0.8 for r in ratings)
    assert f"{good} of your {len(cells)} shots were on a cell at least 80 % as likely" in page
    assert ratings[0] < 0.8  # J10, a corner, on an empty board
    # The Destroyer (J9, J10) sank with the person's last shot; the Admiral's mean is there.
    sank = {row["ship"]: row for row in stored["sank"]}
    assert sank["Destroyer"]["yours"] == len(cells)
    assert sank["Destroyer"]["admiral"] is not None
    assert f"You sank the Destroyer with your shot {len(cells)};" in page
    # The Recruit did not sink the person's fleet: what it needs alone, against its benchmark.
    theirs = stored["theirs"]
    assert theirs["alone"]
    assert theirs["needed"] >= 17
    assert theirs["benchmark"] == 95.17
    assert "on random fleets it needs 95.2 on average." in page
    # The chart and its table alternative.
    assert "Shot quality through the game" in page
    assert page.count("<tr><td>") >= len(cells)
    # On the board at the step of the first shot: its chance, and the Admiral's cell outlined.
    step = guest.get(f"/history/{game.pk}/?step=1").content.decode()
    first = stored["shots"][0]
    assert f"Your shot at J10: hit chance {percent(first['chance'])}; the Admiral" in step
    assert f"{first['par_cell']}, the Admiral&#x27;s choice" in step or (
        f"{first['par_cell']}, the Admiral's choice" in step
    )
    assert "best-cell" in step


def test_the_analysis_is_worked_out_once_and_stored(guest):
    game = won_game(guest, fleet_cells(COMPUTER_FLEET))
    with mock.patch("games.models.game.analyse", wraps=coach.analyse) as worked_out:
        assert guest.get(f"/history/{game.pk}/").status_code == 200
        assert guest.get(f"/history/{game.pk}/?step=3").status_code == 200
        assert guest.get(f"/history/{game.pk}/?step=4", headers=HX).status_code == 200
    assert worked_out.call_count == 1
    game.refresh_from_db()
    assert game.analysis["version"] == coach.ANALYSIS_VERSION


def test_a_lost_games_analysis_sets_the_computers_shots_against_its_benchmark(guest):
    game = started_game(guest, level=5)
    Game.objects.filter(pk=game.pk).update(seed=7)
    misses = [f"{row}{col}" for row in "BDFHJ" for col in range(1, 11)]
    misses += [f"{row}{col}" for row in "CEG" for col in range(1, 11)]
    for cell in misses:
        game.refresh_from_db()
        if game.is_over:
            break
        if cell in fleet_cells(COMPUTER_FLEET):
            continue
        fire(guest, game, cell)
    game.refresh_from_db()
    assert game.status == Game.Status.LOST
    page = guest.get(f"/history/{game.pk}/").content.decode()
    game.refresh_from_db()
    theirs = game.analysis["theirs"]
    assert theirs["needed"] == game.their_shots
    assert not theirs["alone"]
    assert (
        f"Your placement: the Admiral needed {game.their_shots} shots to sink your fleet; "
        "on random fleets it needs 44.3 on average."
    ) in page
    # The fleet it hunted is the person's: every cell of it was fired at by the computer.
    fired_at = {shot.cell for shot in game.shots.filter(player=1)}
    assert set(fleet_cells(HUMAN_FLEET)) <= fired_at


def test_bench_hint_prints_the_hints_and_the_analysis_timings():
    import io

    from django.core.management import call_command

    out = io.StringIO()
    call_command("bench_hint", games=1, rules=["five_shot_cells"], stdout=out)
    header, row = out.getvalue().splitlines()
    assert header.split()[:5] == ["rules", "hints", "mean", "ms", "p99"]
    figures = row.split()
    assert figures[0] == "five_shot_cells"
    assert int(figures[1]) >= 4  # a turn of up to 17 shots: a handful of positions
    assert all(float(value) >= 0 for value in figures[2:])
