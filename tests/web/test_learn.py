"""The learning pages: how to play, strategy, the computer levels, tips and questions. Each
is reachable from the header and the home page, has its headings, and draws its boards as
SVG pictures with a name and a description; the strategy guide's heat maps are the
computer's own."""

import re

import pytest
from django.test import override_settings

from battleship.classic import BattleshipGame, Coordinate, RuleSet
from battleship.classic.ai import get_player
from learn import positions
from learn.diagrams import CELL, MARGIN
from tests.web.conftest import new_game

PAGES = {
    "/learn/": ("Learn to play", ["The rules of each rule set"]),
    "/learn/how-to-play": (
        "How to play Battleship",
        ["The board and the fleet", "Placing your fleet", "Firing: miss, hit, sunk", "Winning"],
    ),
    "/learn/strategy": (
        "Strategy guide",
        [
            "Hunting and targeting",
            "Parity: half the board is enough",
            "Probability: count where the ships fit",
            "The endgame",
        ],
    ),
    "/learn/computer": (
        "The computer levels",
        ["What to expect", "How each one thinks", "How they place their fleet"],
    ),
    "/learn/tips": ("Quick tips", []),
    "/learn/faq": ("Questions and answers", ["The rules", "The site"]),
}
BOARDS = {"/learn/how-to-play": 8, "/learn/strategy": 5, "/learn/computer": 2}

SVG = re.compile(r"<svg [^>]*>.*?</svg>", re.S)


def pictures(page: str) -> dict[str, dict[str, str]]:
    """Each drawn board by its key: its accessible name, its description, and its SVG."""
    found = {}
    for svg in SVG.findall(page):
        labelled = re.search(r'role="img" aria-labelledby="([\w-]+)-title \1-desc"', svg)
        assert labelled, svg[:300]
        key = labelled.group(1)
        title = re.search(rf'<title id="{key}-title">([^<]+)</title>', svg)
        desc = re.search(rf'<desc id="{key}-desc">([^<]+)</desc>', svg)
        assert title, f"{key} has no title"
        assert desc, f"{key} has no description"
        found[key] = {"title": title.group(1), "desc": desc.group(1), "svg": svg}
    return found


def darkest(svg: str) -> set[str]:
    """The cells a heat-map board shades darkest (full opacity)."""
    cells = set()
    for x, y in re.findall(r'<rect x="(\d+)" y="(\d+)"[^>]*class="warm" fill-opacity="1.0"', svg):
        cells.add(str(Coordinate((int(y) - 1 - MARGIN) // CELL, (int(x) - 1 - MARGIN) // CELL)))
    return cells


@pytest.mark.parametrize("path", PAGES)
def test_each_learning_page_has_its_headings_and_named_pictures(client, path):
    response = client.get(path)
    assert response.status_code == 200
    page = response.content.decode()
    heading, sections = PAGES[path]
    assert re.search(rf"<h1>{re.escape(heading)}</h1>", page)
    for section in sections:
        assert re.search(rf"<h2 id=\"[\w-]+\">{re.escape(section)}</h2>", page), section
    drawn = pictures(page)
    assert len(drawn) == BOARDS.get(path, 0)
    for picture in drawn.values():
        assert len(picture["desc"]) > 40
        assert len(re.findall(r'class="sea"', picture["svg"])) == 100  # a whole board of 10 by 10


def test_the_header_and_the_home_page_lead_to_the_learning_pages(client, guest):
    home = client.get("/").content.decode()
    assert re.search(
        r'<nav aria-label="Site" class="site-nav"><a class="learn-link" href="/learn/"', home
    )
    for path in (
        "/learn/how-to-play",
        "/learn/strategy",
        "/learn/computer",
        "/learn/tips",
        "/learn/faq",
    ):
        assert f'href="{path}"' in home, path
    # A game's header has its own links: on a phone Learn is in its menu (CSS), on a
    # desktop beside them.
    game = guest.get(new_game(guest).get_absolute_url()).content.decode()
    assert 'class="learn-link" href="/learn/"' in game
    assert 'href="/learn/" class="menu-learn"' in game
    # Every learning page says which one it is, in its own list of them.
    strategy = client.get("/learn/strategy").content.decode()
    assert '<a href="/learn/strategy" aria-current="page">' in strategy


def test_how_to_play_draws_a_miss_a_hit_and_a_sinking_from_the_game(client):
    drawn = pictures(client.get("/learn/how-to-play").content.decode())
    assert list(drawn)[:4] == ["fleet", "miss", "hit", "sunk"]
    assert drawn["fleet"]["svg"].count('class="ship"') == 5
    miss, hit, sunk = drawn["miss"]["svg"], drawn["hit"]["svg"], drawn["sunk"]["svg"]
    assert miss.count('class="miss"') == 1
    assert 'class="hit"' not in miss
    assert hit.count('class="miss"') == 1
    assert hit.count('class="hit"') == 1
    assert sunk.count('class="ship sunk"') == 1
    assert sunk.count('class="hit on-sunk"') == 2
    assert "Destroyer" in drawn["sunk"]["desc"]
    for key in ("miss", "hit", "sunk"):  # the last shot is outlined
        assert drawn[key]["svg"].count('class="last"') == 1


def test_the_rules_pages_of_every_rule_set_are_linked(client):
    page = client.get("/learn/how-to-play").content.decode()
    for name in ("standard", "salvo", "no_touch", "fog_of_war", "special_weapons"):
        assert f'href="/rules/{name}"' in page
        assert client.get(f"/rules/{name}").status_code == 200


def test_the_learning_index_lists_the_sector_battles_rules_among_the_rule_sets(client):
    page = client.get("/learn/").content.decode()
    rule_sets = re.search(r'<section aria-labelledby="rule-sets-heading">.*?</section>', page, re.S)
    assert '<a href="/sector/rules">Sector battle</a>' in rule_sets[0]
    assert client.get("/sector/rules").status_code == 200


def test_the_empty_board_heat_map_is_the_admirals_symmetric_and_highest_in_the_middle(client):
    heat = positions.strategy()["empty"].heat
    for cell, p in heat.items():
        mirrored = (Coordinate(9 - cell.row, cell.col), Coordinate(cell.row, 9 - cell.col))
        assert all(heat[m] == pytest.approx(p) for m in mirrored)
        assert heat[Coordinate(cell.col, cell.row)] == pytest.approx(p)  # and diagonally
    centre = {"E5", "E6", "F5", "F6"}
    assert {str(c) for c, p in heat.items() if p == pytest.approx(max(heat.values()))} == centre
    assert min(heat, key=lambda c: (heat[c], c)) == Coordinate(0, 0)
    # What the page draws: the darkest cells are the middle four, and its words name them
    # as a fresh Admiral rates a fresh empty board.
    drawn = pictures(client.get("/learn/strategy").content.decode())
    assert darkest(drawn["empty"]["svg"]) == centre
    game = BattleshipGame(RuleSet.standard(), seed=99)
    game.setup_random()
    fresh = get_player(5, 7).heatmap(game.view_for(0))
    best = sorted(fresh, key=lambda c: (-fresh[c], c))[:3]
    percent = r" \([\d.]+%\)"
    said = "The likeliest cells: " + ", ".join(f"{c}{percent}" for c in best)
    assert re.search(said, drawn["empty"]["desc"]), drawn["empty"]["desc"]


def test_after_a_first_hit_the_heat_is_on_the_hits_neighbours(client):
    position = positions.strategy()["hit"]
    (hit,) = [shot.coord for shot in position.view.shots_fired if shot.hit]
    neighbours = {
        str(Coordinate(hit.row + dr, hit.col + dc))
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= hit.row + dr < 10 and 0 <= hit.col + dc < 10
    }
    drawn = pictures(client.get("/learn/strategy").content.decode())
    assert darkest(drawn["hit"]["svg"]) <= neighbours
    best = max(position.heat, key=lambda c: position.heat[c])
    assert str(best) in neighbours


def test_the_parity_board_is_the_lieutenants_checkerboard():
    heat = positions.strategy()["parity"].heat
    shaded = {cell for cell, p in heat.items() if p > 0}
    assert len(shaded) == 50
    assert len({(cell.row + cell.col) % 2 for cell in shaded}) == 1


def test_the_endgame_board_shades_only_gaps_the_last_ship_fits(client):
    position = positions.strategy()["last"]
    afloat = [s for s in RuleSet.standard().fleet if s.name not in position.view.enemy_sunk]
    assert len(afloat) == 1
    fired = position.view.targeted
    for cell, p in position.heat.items():
        if p == 0:
            continue
        # Some line of the ship's length through the cell is all open water.
        fits = False
        for dr, dc in ((0, 1), (1, 0)):
            for back in range(afloat[0].length):
                line = [
                    (cell.row + (i - back) * dr, cell.col + (i - back) * dc)
                    for i in range(afloat[0].length)
                ]
                if all(
                    0 <= r < 10 and 0 <= c < 10 and Coordinate(r, c) not in fired for r, c in line
                ):
                    fits = True
        assert fits, cell
    assert (
        afloat[0].name in pictures(client.get("/learn/strategy").content.decode())["last"]["desc"]
    )


def test_the_computer_page_gives_each_levels_mean_shots(client):
    page = client.get("/learn/computer").content.decode()
    for name, mean in (
        ("Recruit", "95.2"),
        ("Ensign", "61.4"),
        ("Lieutenant", "50.9"),
        ("Captain", "44.7"),
        ("Admiral", "44.3"),
    ):
        assert re.search(rf"<th scope=\"row\">\d {name}</th><td>{re.escape(mean)}</td>", page), name


def test_the_admirals_fleet_keeps_away_from_the_middle():
    def middle(fleet):
        return sum(1 for ship in fleet for c in ship.cells if 2 <= c.row <= 7 and 2 <= c.col <= 7)

    fleets = positions.placements()
    assert middle(fleets["hard"]) < middle(fleets["random"])


def test_the_faq_answers_the_rules_questions_and_the_sites(client):
    page = client.get("/learn/faq").content.decode()
    for question in (
        "Can ships be placed diagonally?",
        "Can ships touch each other?",
        "Do I get another shot after a hit or a sinking?",
        "Can I pass my turn?",
        "Is my game saved?",
        "Do I need an account?",
        "What statistics are kept?",
        "What does the site store about me?",
    ):
        assert f"<dt>{question}</dt>" in page.replace("&#x27;", "'"), question


@override_settings(DEBUG=False)
def test_an_unknown_learning_page_is_the_sites_404(client):
    response = client.get("/learn/no-such-guide")
    assert response.status_code == 404
    page = response.content.decode()
    assert "<title>Not found · Battleship</title>" in page
    assert "URLconf" not in page


def test_how_to_play_draws_what_each_other_rule_set_changes(client):
    drawn = pictures(client.get("/learn/how-to-play").content.decode())
    salvo = drawn["salvo-example"]["svg"]
    assert salvo.count('class="last"') == 5  # one turn, five shots
    assert salvo.count('class="hit"') == 2
    assert salvo.count('class="miss"') == 3
    # Under fog of war the Destroyer sinks unnamed: hits, no ship drawn.
    fog = drawn["fog-of-war-example"]["svg"]
    assert fog.count('class="hit"') == 2
    assert "ship sunk" not in fog
    strike = drawn["special-weapons-example"]["svg"]
    assert strike.count('class="last"') == 9
    assert strike.count('class="ship sunk"') == 1
    # No two ships of the no-touch fleet touch, not even at a corner.
    fleet = positions.rule_sets()["no_touch"]
    cells = [{(c.row, c.col) for c in ship.cells} for ship in fleet]
    for i, one in enumerate(cells):
        around = {(r + dr, c + dc) for r, c in one for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
        assert all(not (around & other) for other in cells[i + 1 :])
