"""Screenshots of a sector battle: placing the fleet (two ships placed), a battle a few turns
in (a recon, a barrage, a sonar sweep and shots told) and its end as the last shot leaves it
(the window, not the whole page), at a desktop's width and a phone's.

Not collected with the suite (no ``test_`` in the file name); run it by name:
``SHOTS=docs/screenshots WHEN=after .venv/bin/python -m pytest tests/e2e/sector_screenshots.py``.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from battleship import Coordinate
from battleship.sector import Barrage, Placement, Recon, Shot, Sonar, Turn
from sector.models import SectorBattle

pytestmark = pytest.mark.django_db(transaction=True)

COMPUTER = [
    ("Carrier", "C1", "across"),
    ("Battleship", "E8", "across"),
    ("Destroyer", "H4", "down"),
    ("Submarine", "L11", ">"),
    ("Second Submarine", "A1", "<"),
]


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (375, 800)])
def test_take_sector_screenshots(live_server, page: Page, width, height):
    out = Path(os.environ.get("SHOTS", "docs/screenshots"))
    when = os.environ.get("WHEN", "after")
    out.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})

    def shot(name: str) -> None:
        page.wait_for_timeout(700)
        page.screenshot(path=out / f"sector-{name}-{when}-{width}.png", full_page=True)

    page.goto(live_server.url + "/sector/new")
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    battle = SectorBattle.objects.get()
    battle.place_ship("Carrier", "B2", "across")
    battle.place_ship("Submarine", "H6", "S")
    page.reload()
    shot("placing")

    page.get_by_role("button", name="Place at random").click()
    page.get_by_role("button", name="Start the battle").click()
    battle.refresh_from_db()
    battle.fleets[1] = [Placement.of(*ship).to_dict() for ship in COMPUTER]
    battle.save(update_fields=["fleets"])
    for action in (
        Recon.over(1),
        Shot("Carrier", Coordinate.parse("C2")),
        Barrage.at("E8", "F9", "G10"),
        Sonar.over(16),
        Shot("Destroyer", Coordinate.parse("H4")),
    ):
        battle.refresh_from_db()
        try:
            battle.play(Turn(action), battle.moves)
        except ValueError:  # the computer sank the ship that acts: on to the next
            continue
    page.reload()
    shot("battle")

    # The end: every enemy ship sunk but its last cell, which is clicked, as a player ends it.
    while True:
        battle.refresh_from_db()
        legal = battle.view().legal
        afloat = [ship for ship in battle.engine().fleets[1] if ship.afloat]
        # A submarine sinks at its first hit: one cell of it is all that is left to fire at.
        left = [
            cell
            for ship in afloat
            for cell in (ship.cells[:1] if ship.is_submarine else ship.cells)
            if cell in legal.targets
        ]
        if len(left) <= 1:
            break
        battle.play(Turn(Shot(legal.shooters[0], left[0])), battle.moves)
    last = str(left[0])
    page.reload()
    page.get_by_role("table", name="Enemy sea").get_by_role(
        "button", name=re.compile(rf"^{last},")
    ).click()
    expect(page.get_by_role("heading", name="You won")).to_be_focused()
    page.wait_for_timeout(900)
    page.screenshot(path=out / f"sector-end-{when}-{width}.png")
