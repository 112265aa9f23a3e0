"""The five-shot games (docs/rules/five-shot.md) in the browser: six ships with two Cruisers
told apart, a round named whole and answered by its report, the round's cells shown as one
group until the reports settle them, the end (a draw too) counted as it is, and nothing sent
that tells which cell of a group hit."""

import html
import re

import pytest

from battleship.classic import Board, RuleSet
from games.models import COMPUTER, Game, Shot
from tests.web.conftest import finished_game, set_fleet

# Twins differ in their fleets, so in the fingerprint that seals each: that taken out.
from tests.web.test_hidden_information import normalised

HX = {"HX-Request": "true"}

FIVE_SHOT_HUMAN = [
    ("Aircraft Carrier", "A1", "H"),
    ("Battleship", "C1", "H"),
    ("Destroyer", "E1", "H"),
    ("Cruiser", "G1", "H"),
    ("Second Cruiser", "I1", "H"),
    ("Submarine", "J10", "H"),
]
FIVE_SHOT_COMPUTER = [
    ("Aircraft Carrier", "A6", "V"),
    ("Battleship", "A8", "V"),
    ("Destroyer", "H1", "H"),
    ("Cruiser", "J1", "H"),
    ("Second Cruiser", "J8", "H"),
    ("Submarine", "F10", "H"),
]


def five_shot_game(client, rules_name="five_shot", level=1, computer_fleet=FIVE_SHOT_COMPUTER):
    response = client.post("/games/", {"level": level, "rules": rules_name})
    assert response.status_code == 302
    game = Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])
    for name, start, way in FIVE_SHOT_HUMAN:
        game.place_ship(name, start, way)
    game.start()
    set_fleet(game, COMPUTER, computer_fleet)
    game.refresh_from_db()
    return game


def fire(client, game, cells, *, move=None):
    game.refresh_from_db()
    data = {"cell": cells, "move": game.moves if move is None else move}
    return client.post(f"/games/{game.pk}/shots", data, headers=HX)


def announced(response):
    page = response.content.decode()
    # Every shot of the round is in the turn's log (the live region says its summary).
    region = re.search(r'id="turn-log-lines"[^>]*>(.*?)</div>', page, re.S) or re.search(
        r'hx-swap-oob="innerHTML:#turn-log-lines">(.*?)</div>', page, re.S
    )
    return [html.unescape(line) for line in re.findall(r"<p[^>]*>(.*?)</p>", region.group(1))]


def live_region(response):
    """What the live region says: a refusal, or the round in two sentences."""
    page = response.content.decode()
    region = re.search(r'id="announcer"[^>]*>(.*?)</div>', page, re.S) or re.search(
        r'hx-swap-oob="innerHTML:#announcer">(.*?)</div>', page, re.S
    )
    return [html.unescape(line) for line in re.findall(r"<p[^>]*>(.*?)</p>", region.group(1))]


def error_of(response):
    page = response.content.decode()
    return html.unescape(re.search(r'<p class="error"[^>]*>([^<]*)</p>', page).group(1))


def stored(game):
    game.refresh_from_db()
    return game.moves, game.log, game.status, Shot.objects.filter(game=game).count()


def names(page):
    """Every cell's accessible name on the enemy board, by label."""
    board = re.search(r'aria-label="Enemy waters".*?</table>', page, re.S).group(0)
    return dict(re.findall(r'id="enemy-([A-J]\d+)".*?aria-label="(\1(?:, [^"]*)?)"', board, re.S))


# -- setup: six ships, the two Cruisers told apart ------------------------------------------


def test_setup_offers_six_ships_and_names_the_two_cruisers_apart(guest):
    response = guest.post("/games/", {"level": 1, "rules": "five_shot"})
    game = Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])
    page = guest.get(game.get_absolute_url()).content.decode()
    labels = [" ".join(t.split()) for t in re.findall(r'<label for="ship-\d">([^<]*)', page)]
    assert labels == [
        "Aircraft Carrier (5)",
        "Battleship (4)",
        "Destroyer (3)",
        "First Cruiser (2)",
        "Second Cruiser (2)",
        "Submarine (1)",
    ]
    assert "Place all 6 ships to start" in page
    answer = guest.post(
        f"/games/{game.pk}/ships", {"ship": "Cruiser", "cell": "G1", "orientation": "H"}, headers=HX
    )
    assert "First Cruiser placed at G1, across." in answer.content.decode()
    answer = guest.post(
        f"/games/{game.pk}/ships",
        {"ship": "Second Cruiser", "cell": "I1", "orientation": "V"},
        headers=HX,
    ).content.decode()
    assert "Second Cruiser placed at I1, down." in answer
    assert 'aria-label="Remove the First Cruiser"' in answer
    assert 'aria-label="Remove the Second Cruiser"' in answer
    assert 'aria-label="G1, First Cruiser"' in answer
    assert 'aria-label="J1, Second Cruiser"' in answer


def test_the_own_board_and_the_fleet_lists_say_which_cruiser(guest):
    game = five_shot_game(guest)
    page = guest.get(game.get_absolute_url()).content.decode()
    assert ">G1, First Cruiser<" in page
    assert ">I2, Second Cruiser<" in page
    for fleet in ("own-fleet", "enemy-fleet"):
        listed = re.search(rf'id="{fleet}".*?</ul>', page, re.S).group(0)
        assert re.findall(r'class="ship-name">([^<]*)<', listed) == [
            "Aircraft Carrier",
            "Battleship",
            "Destroyer",
            "First Cruiser",
            "Second Cruiser",
            "Submarine",
        ]


# -- a round: named whole, answered by its report --------------------------------------------


def test_a_round_is_answered_by_its_report_and_the_computers_whole_round(guest):
    game = five_shot_game(guest)
    page = guest.get(game.get_absolute_url()).content.decode()
    assert "Round 1: pick 5 cells, then fire them together." in page
    assert 'data-volley="5" data-whole="true"' in page
    response = fire(guest, game, "A6 A7 B6 F10 C1")
    assert response.status_code == 200
    lines = announced(response)
    assert lines[0] == "Round 1: Aircraft Carrier hit twice, Submarine hit and sunk."
    assert re.fullmatch(r"Round 1, their shots: .+\.", lines[1])
    assert len(lines) == 2  # never a line per cell
    moves, log, status, shots = stored(game)
    assert (moves, status, shots) == (2, "playing", 10)
    assert log[0] == {"fire": ["A6", "A7", "B6", "F10", "C1"]}
    assert len(log[1]["fire"]) == 5  # the computer's whole round, in the same request
    page = response.content.decode()
    cells = names(page)
    for label in ("A7", "B6", "F10", "C1"):
        assert cells[label] == f"{label}, fired in round 1, not yet known"
    # Every Aircraft Carrier that covers two of the five cells covers A6: a hit, deduced.
    assert cells["A6"] == "A6, hit, deduced, round 1"
    assert 'class="cell group latest round-0"' in page
    assert page.count('title="Round 1"') == 10  # both sides' cells say their round
    assert "Round 2: pick 5 cells" in page
    # The sunk Submarine is in the list of their fleet; which cell it was is not said.
    listed = re.search(r'id="enemy-fleet".*?</ul>', page, re.S).group(0)
    assert re.search(r"Submarine</span> .*?<span class=\"ship-state\">sunk</span>", listed)


def test_the_computers_round_is_reported_by_ship_and_shown_cell_by_cell_on_your_board(guest):
    game = five_shot_game(guest)
    response = fire(guest, game, "D1 D2 D3 D4 D5")
    game.refresh_from_db()
    theirs = game.log[1]["fire"]
    board = Board(RuleSet.five_shot())
    for name, start, way in FIVE_SHOT_HUMAN:
        board.place_ship(name, start, way)
    own_at = {str(cell): ship.name for ship in board.ships for cell in ship.cells}
    page = response.content.decode()
    for label in theirs:
        state = "hit" if label in own_at else "miss"
        assert re.search(rf'id="own-{label}" class="cell {state}[^"]*"', page) or (
            state == "hit" and re.search(rf'id="own-{label}" class="cell sunk', page)
        )
    hits = sorted(own_at[label] for label in theirs if label in own_at)
    line = announced(response)[1]
    assert line.startswith("Round 1, their shots: ")
    assert ("No hits" in line) == (not hits)


def test_a_round_of_no_hits_is_water_at_once_and_says_deduced(guest):
    game = five_shot_game(guest)
    response = fire(guest, game, "D1 D2 D3 D4 D5")
    assert announced(response)[0] == "Round 1: No hits."
    cells = names(response.content.decode())
    assert cells["D3"] == "D3, miss, deduced, round 1"
    assert 'class="cell miss latest deduced"' in response.content.decode()


def test_a_later_report_settles_an_earlier_group(guest):
    """Battleship A8-D8: the first round hits it four times among A8 B8 C8 D8 E8, so B8, C8
    and D8 must be hits; the second round (E8 among others, no hits) settles A8 too."""
    game = five_shot_game(guest)
    first = fire(guest, game, "A8 B8 C8 D8 E8")
    assert announced(first)[0] == "Round 1: Battleship hit four times and sunk."
    cells = names(first.content.decode())
    assert cells["C8"] == "C8, Battleship, sunk, round 1" or cells["C8"] == (
        "C8, hit, deduced, round 1"
    )
    assert cells["A8"] == "A8, fired in round 1, not yet known"
    assert cells["E8"] == "E8, fired in round 1, not yet known"
    second = fire(guest, game, "E9 F9 G9 H9 I9")
    assert announced(second)[0] == "Round 2: No hits."
    # Still not settled: the Battleship lies at A8-D8 or B8-E8 as far as the reports say.
    assert names(second.content.decode())["A8"] == "A8, fired in round 1, not yet known"
    third = fire(guest, game, "E7 F7 G7 H7 I7")
    assert announced(third)[0] == "Round 3: No hits."
    cells = names(third.content.decode())
    assert cells["C8"] == "C8, hit, deduced, round 1"


def test_the_variant_with_each_shot_called_says_each_cell(guest):
    game = five_shot_game(guest, "five_shot_called")
    response = fire(guest, game, "A6 A7 B6 F10 C1")
    lines = announced(response)
    assert lines[:5] == [
        "A6: hit",
        "A7: miss",
        "B6: hit",
        "F10: hit. You sank their Submarine!",
        "C1: miss",
    ]
    assert names(response.content.decode())["A6"] == "A6, hit, round 1"


def test_the_cells_variant_has_a_shot_for_each_cell_not_yet_hit(guest):
    game = five_shot_game(guest, "five_shot_cells")
    page = guest.get(game.get_absolute_url()).content.decode()
    assert "Round 1: pick 17 cells, then fire them together." in page
    response = fire(guest, game, "A5")
    assert response.status_code == 400
    assert error_of(response) == (
        "This round's 17 shots are fired together: you named 1, so pick 16 more cells. "
        "Nothing was fired."
    )


# -- every invalid turn: a clear sentence, nothing changed -----------------------------------


@pytest.mark.parametrize(
    ("cells", "said"),
    [
        ("A6 A7 B6 F10 C1 C2", "This turn has 5 shots left, not 6."),
        ("A6 A7 B6 F10 A6", "A6 is chosen twice in one volley."),
        ("A6 A7", "This round's 5 shots are fired together: you named 2, so pick 3 more cells. "
                  "Nothing was fired."),
        ("A6 A7 B6 F10", "This round's 5 shots are fired together: you named 4, so pick 1 more "
                         "cell. Nothing was fired."),
        ("A6 A7 B6 F10 K1", "'K1' is off the board (A1 to J10)."),
        ("", "Choose a cell to fire at, like B7."),
    ],
)  # fmt: skip
def test_an_invalid_turn_is_refused_with_a_sentence_and_changes_nothing(guest, cells, said):
    game = five_shot_game(guest)
    before = stored(game)
    response = fire(guest, game, cells)
    assert response.status_code == 400
    assert error_of(response) == said
    assert stored(game) == before
    assert said in " ".join(live_region(response))  # the live region says it too


def test_a_cell_fired_at_in_an_earlier_round_is_refused(guest):
    game = five_shot_game(guest)
    assert fire(guest, game, "D1 D2 D3 D4 D5").status_code == 200
    before = stored(game)
    for cells in ("D3 E1 E2 E3 E4", "D3"):
        response = fire(guest, game, cells)
        assert response.status_code == 400
        assert error_of(response) == "D3 has already been fired at."
        assert stored(game) == before


def test_without_scripts_a_cell_pressed_alone_is_refused_and_kept_in_the_box(guest):
    game = five_shot_game(guest)
    before = stored(game)
    response = guest.post(f"/games/{game.pk}/shots", {"cell": "B2", "move": game.moves})
    assert response.status_code == 400
    page = response.content.decode()
    assert "you named 1, so pick 4 more cells" in page
    assert re.search(r'id="typed-cell"[^>]*value="B2"', page)
    assert stored(game) == before


def test_a_round_sent_twice_is_applied_once(guest):
    game = five_shot_game(guest)
    data = {"cell": "D1 D2 D3 D4 D5", "move": game.moves}
    assert guest.post(f"/games/{game.pk}/shots", data, headers=HX).status_code == 200
    again = guest.post(f"/games/{game.pk}/shots", data, headers=HX)
    assert again.status_code == 409
    assert stored(game)[:1] == (2,)
    assert Shot.objects.filter(game=game).count() == 10


# -- hidden information -----------------------------------------------------------------------

# Twin fleets that differ only in which cells of a round's group hold the ships: the
# Battleship at A8-D8 or B8-E8 (a round at A8 B8 C8 D8 E8 hits it four times either way),
# the First Cruiser at J1-J2 or J2-J3 (a round at J1 to J5 hits it twice either way).
TWIN = [
    ("Aircraft Carrier", "A6", "V"),
    ("Battleship", "B8", "V"),
    ("Destroyer", "H1", "H"),
    ("Cruiser", "J2", "H"),
    ("Second Cruiser", "J8", "H"),
    ("Submarine", "F10", "H"),
]
TWIN_ROUNDS = ["A8 B8 C8 D8 E8", "J1 J2 J3 J4 J5", "F1 F2 F3 F4 F5", "A1 A2 A3 A4 A5"]


def test_twin_games_differing_in_which_cells_of_a_group_hit_look_the_same(guest, outsider):
    one = five_shot_game(guest, level=3)
    other = five_shot_game(outsider, level=3, computer_fleet=TWIN)
    Game.objects.filter(pk__in=[one.pk, other.pk]).update(seed=1234)
    pairs = ((guest, one), (outsider, other))
    said = []
    for cells in TWIN_ROUNDS:
        responses = [fire(client, game, cells) for client, game in pairs]
        assert [r.status_code for r in responses] == [200, 200]
        texts = [normalised(r.content.decode()) for r in responses]
        assert texts[0] == texts[1], cells
        said.append(announced(responses[0])[0])
    # The reports were not empty: the groups hold hits, just not said where.
    assert said[:2] == [
        "Round 1: Battleship hit four times and sunk.",
        "Round 2: First Cruiser hit twice and sunk.",
    ]
    pages = [client.get(game.get_absolute_url()).content.decode() for client, game in pairs]
    assert normalised(pages[0]) == normalised(pages[1])
    assert "A8, fired in round 1, not yet known" in pages[0]
    assert "J1, fired in round 2, not yet known" in pages[0]
    # Refusals carry the board too; the replay of a game not over is no page at all.
    refusals = [fire(client, game, "A1 Z1") for client, game in pairs]
    assert normalised(refusals[0].content.decode()) == normalised(refusals[1].content.decode())
    replays = [client.get(f"/history/{game.pk}/?step=1") for client, game in pairs]
    assert [r.status_code for r in replays] == [404, 404]


# -- the end: won, lost or a draw ---------------------------------------------------------------

OPEN_AT_THE_END_FOR_YOU = ["F10", "F1", "F2", "F3", "F4"]  # the enemy Submarine and water
OPEN_AT_THE_END_FOR_THEM = ["J10", "H5", "H6", "H7", "H8"]  # your Submarine and water


def cells_but(kept):
    return [f"{r}{c}" for r in "ABCDEFGHIJ" for c in range(1, 11) if f"{r}{c}" not in kept]


def last_round_pending(game, mine=OPEN_AT_THE_END_FOR_YOU, theirs=OPEN_AT_THE_END_FOR_THEM):
    """A game stored 19 rounds in: each side has fired at every cell but five, so the next
    round's turns fire at exactly those (the computer's too: only five are open)."""
    yours, others = cells_but(mine), cells_but(theirs)
    log = []
    for n in range(19):
        log += [{"fire": yours[5 * n : 5 * n + 5]}, {"fire": others[5 * n : 5 * n + 5]}]
    Game.objects.filter(pk=game.pk).update(log=log, moves=len(log))
    game.refresh_from_db()
    assert game.engine().view_for(0).my_turn
    return game


def test_both_fleets_sunk_in_one_round_is_a_draw_said_plainly(owner):
    game = last_round_pending(five_shot_game(owner))
    response = fire(owner, game, " ".join(OPEN_AT_THE_END_FOR_YOU))
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.DRAW
    page = response.content.decode()
    assert "A draw: both fleets sank in the same round." in page
    assert announced(response)[:2] == [
        "Round 20: Submarine hit and sunk.",
        "Round 20, their shots: Submarine hit and sunk.",
    ]
    # The enemy fleet is revealed, every cell known: no group is left, nothing "deduced".
    cells = names(page)
    assert cells["A8"].startswith("A8, Battleship, sunk")
    assert cells["J1"].startswith("J1, First Cruiser, sunk")
    assert not any("not yet known" in name or "deduced" in name for name in cells.values())
    listed = re.search(r'id="enemy-fleet".*?</ul>', page, re.S).group(0)
    assert listed.count(">sunk<") == 6
    whole = owner.get(game.get_absolute_url()).content.decode()
    assert "<title>A draw against the Recruit" in whole
    # The figures stored on the row are the game's.
    assert (game.shots_fired, game.shots_hit, game.their_shots, game.ships_lost) == (
        100,
        17,
        100,
        6,
    )


def test_a_draw_counts_as_a_draw_in_statistics_history_and_leaderboard(owner):
    game = last_round_pending(five_shot_game(owner))
    fire(owner, game, " ".join(OPEN_AT_THE_END_FOR_YOU))
    won = finished_game(owner.user, "won", level=1)
    Game.objects.filter(pk=won.pk).update(rules=RuleSet.five_shot().to_dict())
    stats = owner.get("/stats").content.decode()
    overview = re.search(r'id="overview-heading".*?</dl>', stats, re.S).group(0)
    figures = dict(re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", overview))
    assert figures["Games played"] == "2"
    assert figures["Won"] == "1"
    assert figures["Lost"] == "0"
    assert figures["Drawn"] == "1"
    assert figures["Win rate"] == "50%"
    assert '<option value="five_shot">Five shots</option>' in stats  # the filter names it
    history = owner.get("/history?rules=five_shot").content.decode()
    assert history.count("<td>Draw</td>") == 1
    assert history.count("<td>Won</td>") == 1
    # Five draws under five shots: played five times, not one win.
    for _ in range(4):
        draw = finished_game(owner.user, "draw", level=1)
        Game.objects.filter(pk=draw.pk).update(rules=RuleSet.five_shot().to_dict())
    board = owner.get("/leaderboard?rules=five_shot").content.decode()
    assert re.search(r'<th scope="row">owner</th><td>1</td><td>6</td>', board)


def test_the_replay_steps_round_by_round_with_each_report(owner):
    game = last_round_pending(five_shot_game(owner))
    fire(owner, game, " ".join(OPEN_AT_THE_END_FOR_YOU))
    last = owner.get(f"/history/{game.pk}/?step=39").content.decode()
    assert (
        "Move 39 of 40: round 20: you fired at F10, F1, F2, F3, F4: Submarine hit and sunk." in last
    )
    end = owner.get(f"/history/{game.pk}/?step=40").content.decode()
    assert "round 20: the computer fired at" in end
    assert "A draw: both fleets sank in the same round." in end
    first = owner.get(f"/history/{game.pk}/?step=1").content.decode()
    assert "Move 1 of 40: round 1: you fired at A1, A2, A3, A4, A5: No hits." in first


def test_the_rules_pages_say_how_group_cells_are_shown(guest):
    page = guest.get("/rules/five_shot").content.decode()
    assert "fired in round 3, not yet known" in page
    assert "deduced" in page
    assert "draw" in page
    assert "First Cruiser (2), Second Cruiser (2)" in page
    for name in ("five_shot_called", "five_shot_cells"):
        assert "draw" in guest.get(f"/rules/{name}").content.decode()
