"""Screenshots of a five-shot game in progress (group cells, a deduced cell, the round's
report) and of its setup and rules page, at a desktop's width and a phone's.

Not collected with the suite (no ``test_`` in the file name); run it by name:
``SHOTS=/tmp/shots .venv/bin/python -m pytest tests/e2e/five_shot_screenshots.py``.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.web.conftest import set_fleet
from tests.web.test_five_shot import FIVE_SHOT_COMPUTER

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (375, 800)])
def test_take_five_shot_screenshots(live_server, page: Page, width, height):
    out = Path(os.environ.get("SHOTS", "docs/screenshots/after"))
    out.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=os.environ.get("SCHEME", "light"))

    def shot(name: str) -> None:
        page.wait_for_timeout(700)
        page.screenshot(path=out / f"five-shot-{name}-{width}.png", full_page=True)

    page.goto(live_server.url + "/rules/five_shot")
    shot("rules")
    page.goto(live_server.url + "/games/new?rules=five_shot")
    shot("new")
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    page.get_by_role("button", name="Shuffle").click()
    expect(page.get_by_role("status")).to_contain_text("Fleet placed at random")
    shot("setup")
    game = Game.objects.get(pk=page.url.rstrip("/").split("/")[-1])
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
    game.refresh_from_db()
    set_fleet(game, 1, FIVE_SHOT_COMPUTER)
    page.reload()
    for cells in ("A6 A7 B6 F10 C1", "D1 D2 D3 D4 D5", "A8 B8 C8 D8 E8"):
        page.get_by_label("Fire at").fill(cells)
        page.get_by_role("button", name="Fire", exact=True).click()
        page.wait_for_timeout(300)
    grid = page.get_by_role("grid", name=re.compile("Enemy"))
    for label in ("G4", "G5"):
        grid.get_by_role("button", name=re.compile(rf"^{label}$")).click()
    shot("playing")

    # A draw: a game 19 rounds in, both last ships sunk in the 20th.
    from tests.web.test_five_shot import OPEN_AT_THE_END_FOR_YOU, last_round_pending

    page.goto(live_server.url + "/games/new?rules=five_shot")
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    draw = Game.objects.get(pk=page.url.rstrip("/").split("/")[-1])
    from tests.web.test_five_shot import FIVE_SHOT_HUMAN

    for name, start, way in FIVE_SHOT_HUMAN:
        draw.place_ship(name, start, way)
    draw.start()
    set_fleet(draw, 1, FIVE_SHOT_COMPUTER)
    last_round_pending(draw)
    page.reload()
    page.get_by_label("Fire at").fill(" ".join(OPEN_AT_THE_END_FOR_YOU))
    page.get_by_role("button", name="Fire", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile("A draw"))).to_be_visible()
    shot("draw")
