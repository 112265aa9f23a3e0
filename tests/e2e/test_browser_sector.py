"""A person plays a whole sector battle in real Chromium: chosen from the new-game page, the
fleet placed, every enemy ship sunk by clicking (and once by keyboard) the enemy sea."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.sector import Placement
from sectors.models import SectorBattle
from tests.e2e.conftest import unexpected

pytestmark = pytest.mark.django_db(transaction=True)

# Both submarines lie at the edge, heading off the sea: they cannot move, so the cells to
# fire at are known for the whole battle.
COMPUTER = [
    ("Carrier", "C1", "across"),
    ("Battleship", "E8", "across"),
    ("Destroyer", "H4", "down"),
    ("Submarine", "L11", ">"),
    ("Second Submarine", "A1", "<"),
]
TARGETS = ["C1", "C2", "C3", "C4", "C5", "E8", "E9", "E10", "E11", "H4", "I4", "J4", "L11", "A2"]


def enemy_cell(page: Page, label: str):
    return page.get_by_role("table", name="Enemy sea").get_by_role(
        "button", name=re.compile(rf"^{label} ")
    )


def test_a_whole_sector_battle_in_the_browser(live_server, page: Page, console_errors):
    page.goto(live_server.url + "/games/new")
    page.get_by_role("link", name="Sector battle").click()
    page.get_by_label(re.compile("Deckhand")).check()
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()

    # One ship by hand, refused when too close, then the rest at random.
    page.get_by_label("Carrier: first cell, like B7").fill("A1")
    page.get_by_role("button", name="Place the Carrier").click()
    page.get_by_label("Battleship: first cell, like B7").fill("B2")
    page.get_by_role("button", name="Place the Battleship").click()
    expect(page.get_by_role("status")).to_contain_text("closer than one cell to the Carrier")
    page.get_by_role("button", name="Place at random").click()
    page.get_by_role("button", name="Start the battle").click()
    expect(page.get_by_role("table", name="Enemy sea")).to_be_visible()

    battle = SectorBattle.objects.get()
    battle.fleets[1] = [Placement.of(*ship).to_dict() for ship in COMPUTER]
    battle.save(update_fields=["fleets"])

    # By keyboard: Tab to the first target and press Enter.
    enemy_cell(page, TARGETS[0]).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text(f"fires at {TARGETS[0]}: hit.")
    for label in TARGETS[1:]:
        enemy_cell(page, label).click()
        expect(page.get_by_role("status")).to_contain_text(f"fires at {label}: hit.")

    expect(page.get_by_role("status")).to_contain_text("You won!")
    expect(page.get_by_text("You sank their Second Submarine!").first).to_be_visible()
    battle.refresh_from_db()
    assert battle.status == SectorBattle.Status.WON
    assert battle.moves == 2 * len(TARGETS) - 1
    page.get_by_role("link", name="Your sector battles").click()
    expect(page.get_by_role("cell", name="Won")).to_be_visible()
    assert unexpected(console_errors, refused=[422]) == []


def test_the_play_page_does_not_scroll_sideways_on_a_phone(live_server, page: Page):
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(live_server.url + "/sector/new")
    page.get_by_role("button", name="Place your fleet").click()
    page.get_by_role("button", name="Place at random").click()
    page.get_by_role("button", name="Start the battle").click()
    expect(page.get_by_role("table", name="Enemy sea")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    # The sea itself may scroll within its box; every cell can still be reached.
    enemy_cell(page, "L12").scroll_into_view_if_needed()
    expect(enemy_cell(page, "L12")).to_be_in_viewport()
