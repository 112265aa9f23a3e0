"""The five-shot marks explained beside the board (issue 32, item 6): under group reports the
enemy board draws "?" for a cell no report has settled and a corner triangle on a hit or a
miss the reports settle (docs/rules/five-shot.md); a legend beside the board says each in
words, drawn as the board draws it, while those marks can be on the board, and nowhere else."""

import html
import re

import pytest

from battleship.classic.display import CellState
from core.rule_sets import BY_NAME
from games.models import Game
from tests.web.conftest import started_game
from tests.web.test_five_shot import fire, five_shot_game

LEGEND = re.compile(r'<section class="mark-legend".*?</section>', re.S)
# A legend entry: the classes and symbol of its sample cell, and its words.
ENTRY = re.compile(
    r'<li data-mark="([^"]+)"><span class="legend-cell ([^"]+)" aria-hidden="true">([^<]*)</span>'
    r"\s*<span>([^<]*)</span></li>"
)
# A fired-at cell of enemy waters, as core/templatetags/boards.py draws it.
FIRED = re.compile(
    r'<button type="button" class="cell ([^"]+)" aria-label="([^"]+)"[^>]*>'
    r'<span aria-hidden="true">([^<]*)</span></button>'
)


def entries(page: str) -> list[tuple[set[str], str, str]]:
    legend = LEGEND.search(page)
    assert legend, "no legend of the marks on the page"
    found = []
    for mark, classes, symbol, words in ENTRY.findall(legend[0]):
        assert set(mark.split()) == set(classes.split())
        found.append((set(classes.split()), symbol, html.unescape(words)))
    return found


def enemy_cells(page: str) -> list[tuple[set[str], str, str]]:
    board = re.search(r'<table class="board enemy".*?</table>', page, re.S)[0]
    return [(set(c.split()), html.unescape(name), s) for c, name, s in FIRED.findall(board)]


def with_every_mark(client, rules_name: str = "five_shot") -> tuple[Game, str]:
    """A five-shot game after two rounds: "D1 D2 D3 D4 D5" is no hits (misses settled), then
    "A6 A7 B6 F10 C1" hits the Aircraft Carrier twice and sinks the Submarine: A6 must be a
    hit, the other four stay one group (tests/e2e/test_browser_five_shot.py)."""
    game = five_shot_game(client, rules_name)
    fire(client, game, "D1 D2 D3 D4 D5")
    if rules_name == "five_shot_cells":  # seventeen shots a round: the rest far from any ship
        fire(
            client,
            game,
            "A6 A7 B6 F10 C1 " + " ".join(f"{r}{c}" for r in "EFG" for c in (2, 3, 4, 5)),
        )
    else:
        fire(client, game, "A6 A7 B6 F10 C1")
    return game, client.get(game.get_absolute_url()).content.decode()


def test_each_mark_on_the_board_is_in_the_legend_drawn_the_same_and_named_the_same(guest):
    _, page = with_every_mark(guest)
    legend = entries(page)
    board = enemy_cells(page)
    symbols = {"group": CellState.GROUP.symbol, "hit": CellState.HIT.symbol}
    symbols["miss"] = CellState.MISS.symbol
    # The words each mark's cells are named with (their accessible names) are the legend's.
    said = {"group": ["not yet known"], "hit": ["hit", "deduced"], "miss": ["miss", "deduced"]}
    assert [sorted(classes) for classes, _, _ in legend] == [
        ["group"],
        ["deduced", "hit"],
        ["deduced", "miss"],
    ]
    for classes, symbol, words in legend:
        state = (classes - {"deduced"}).pop()
        assert symbol == symbols[state]
        drawn = [(name, s) for cell, name, s in board if classes <= cell]
        assert drawn, f"no cell of the board is drawn as {classes}"
        for name, board_symbol in drawn:
            assert board_symbol == symbol
            for word in said[state]:
                assert word in name.lower(), (name, word)
                assert word in words.lower(), (words, word)
    # And nothing the board draws under these rules is left out of the legend.
    marks = {frozenset(c & {"group", "deduced"}) for c, _, _ in board}
    assert marks <= {frozenset({"group"}), frozenset({"deduced"})}


def test_the_legend_says_the_corner_triangle_and_the_rounds_colour(guest):
    _, page = with_every_mark(guest)
    words = " ".join(said for _, _, said in entries(page))
    assert "corner triangle" in words
    assert "round's colour" in words


def test_the_legend_is_there_from_the_first_round_and_in_the_cells_variant(guest, outsider):
    game = five_shot_game(guest)
    assert len(entries(guest.get(game.get_absolute_url()).content.decode())) == 3
    _, page = with_every_mark(outsider, "five_shot_cells")
    assert len(entries(page)) == 3


def test_the_legend_beside_the_board_in_german_uses_the_boards_words(guest):
    game, _ = with_every_mark(guest)
    page = guest.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Was die Zeichen bedeuten" in page
    legend = {frozenset(c): words.lower() for c, _, words in entries(page)}
    board = enemy_cells(page)
    assert any("noch unbekannt" in name for c, name, _ in board if "group" in c)
    assert "noch unbekannt" in legend[frozenset({"group"})]
    assert any("erschlossen" in name for c, name, _ in board if "deduced" in c)
    assert "erschlossen" in legend[frozenset({"hit", "deduced"})]


@pytest.mark.parametrize("rules", ["standard", "salvo", "special_weapons", "five_shot_called"])
def test_no_legend_where_no_such_mark_can_be_drawn(guest, rules):
    if rules == "five_shot_called":  # five shots, each called: hits and misses as seen
        game = five_shot_game(guest, rules)
        fire(guest, game, "A6 A7 B6 F10 C1")
    else:
        game = started_game(guest, rules=BY_NAME[rules].rules)
        fire(guest, game, "A6")
    page = guest.get(game.get_absolute_url()).content.decode()
    assert game.get_absolute_url() in page  # the game page itself, in play
    assert "mark-legend" not in page
    assert "What the marks mean" not in page


def test_no_legend_at_placement_or_once_the_game_is_over_and_every_cell_is_known(guest):
    game, _ = with_every_mark(guest)
    assert guest.post(f"/games/{game.pk}/resign").status_code == 302
    page = guest.get(game.get_absolute_url()).content.decode()
    assert "mark-legend" not in page
    assert not [c for c, _, _ in enemy_cells(page) if c & {"group", "deduced"}]
    response = guest.post("/games/", {"level": 1, "rules": "five_shot"})
    assert "mark-legend" not in guest.get(response.url).content.decode()
