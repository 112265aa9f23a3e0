"""The load test's players read the answers as htmx swaps them in: a cell they fired at is
never offered to them again, even when its answer draws the ship it sank over it."""

import re

from loadtest.players import ENEMY_CELL
from tests.web.conftest import fire, started_game


def test_the_shot_that_sinks_a_ship_is_read_as_fired(guest):
    game = started_game(guest)  # the computer's Destroyer lies on J9 and J10
    assert fire(guest, game, "J10").status_code == 200
    answer = fire(guest, game, "J9")  # its bow: the sunk ship's hull is drawn from there
    page = answer.content.decode()
    assert re.search(r'id="enemy-J9"[^>]*class="has-hull"', page)
    read = dict(ENEMY_CELL.findall(page))
    assert read["J9"] == "button"
    assert read.get("J10") in (None, "button")
