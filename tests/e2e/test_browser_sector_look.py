"""The sector battle in the classic game's look, played as a person would in Chromium: the
whole fleet placed by clicking the sea (a submarine by its heading), a placed ship dragged to
a new place, then each action chosen by its button and aimed on the enemy sea (a recon
sector, a barrage's three cells, a sonar sector, a shot), at a desktop's width with a mouse
and a phone's with a finger (a first tap shows the sector, a second fires), the enemy sea
above one's own on the phone; axe-core finds nothing wrong while placing and while playing."""

import re

import pytest
from playwright.sync_api import Page, expect

from battleship.sector import Placement
from sector.models import SectorBattle
from tests.e2e.conftest import unexpected
from tests.e2e.test_browser_sector import COMPUTER
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE

pytestmark = pytest.mark.django_db(transaction=True)

# The fleet as placed by clicking: (ship, how it lies or heads, its first cell).
FLEET = [
    ("Carrier", "Across", "A1"),
    ("Battleship", "Down", "C8"),
    ("Destroyer", "Across", "J2"),
    ("Submarine", "south ▼", "F1"),
    ("Second Submarine", "east ▶", "L10"),
]


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "has_touch": True}


@pytest.fixture(scope="module")
def axe_source() -> str:
    assert AXE.exists(), f"{AXE} is missing: `make test` installs it (npm ci)"
    return AXE.read_text()


def sea_cell(page: Page, sea: str, label: str):
    return page.get_by_role("table", name=sea).get_by_role("button", name=re.compile(rf"^{label},"))


def previewed(page: Page) -> list[str]:
    """The enemy cells the chosen action would hit or scan, as shown."""
    return page.locator("table.enemy td.preview").evaluate_all(
        "tds => tds.map(td => td.dataset.cell)"
    )


def outline(page: Page) -> list[str]:
    return page.locator("table.sector-setup td:has(button.preview)").evaluate_all(
        "tds => tds.map(td => td.dataset.cell)"
    )


def place_by_clicking(page: Page) -> SectorBattle:
    page.get_by_role("radio", name=re.compile(r"^1\. Deckhand ")).check()
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    battle = SectorBattle.objects.get()
    for name, lie, first in FLEET:
        page.get_by_role("radio", name=re.compile(rf"^{name} \(")).check()
        page.get_by_role("radio", name=lie, exact=True).check()
        sea_cell(page, "Your sea", first).click()
        expect(page.get_by_text(re.compile(rf"^{name} \(\d\)\s+at {first}$"))).to_be_visible()
    battle.refresh_from_db()
    assert battle.placed == [
        Placement.of("Carrier", "A1", "across").to_dict(),
        Placement.of("Battleship", "C8", "down").to_dict(),
        Placement.of("Destroyer", "J2", "across").to_dict(),
        Placement.of("Submarine", "F1", "S").to_dict(),
        Placement.of("Second Submarine", "L10", "E").to_dict(),
    ]
    # Each ship is drawn whole on the sea, as on the classic boards.
    expect(page.locator("table.sector-setup .hull")).to_have_count(5)
    return battle


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (375, 800)])
def test_the_fleet_is_placed_on_the_sea_and_each_action_aimed_on_it(
    live_server, page: Page, console_errors, axe_source, width, height
):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(live_server.url + "/sector/new")
    battle = place_by_clicking(page)
    # The outline of the chosen ship follows the pointer; red where the rules forbid it.
    page.get_by_role("radio", name=re.compile(r"^Destroyer \(")).check()
    sea_cell(page, "Your sea", "E4").hover()
    assert outline(page) == ["E4", "E5", "E6"]
    expect(page.locator("table.sector-setup button.preview.blocked")).to_have_count(0)
    sea_cell(page, "Your sea", "B3").hover()  # beside the Carrier
    expect(page.locator("table.sector-setup button.preview.blocked")).to_have_count(3)
    assert check(page, axe_source) == []  # placing

    page.get_by_role("button", name="Start the battle").click()
    enemy = page.get_by_role("table", name="Enemy sea")
    expect(enemy).to_be_visible()
    own = page.get_by_role("table", name="Your sea")
    if width < 600:  # the enemy sea first on a phone, one's own below it
        assert enemy.bounding_box()["y"] + enemy.bounding_box()["height"] <= own.bounding_box()["y"]
    battle.refresh_from_db()
    battle.fleets[1] = [Placement.of(*ship).to_dict() for ship in COMPUTER]
    battle.save(update_fields=["fleets"])
    status = page.get_by_role("status")
    touch = width < 600

    def fire(label: str) -> None:
        """A press on an enemy cell: a click with a mouse, a tap with a finger."""
        if touch:
            sea_cell(page, "Enemy sea", label).tap()
        else:
            sea_cell(page, "Enemy sea", label).click()

    # Recon over sector I: the sector is shown before it is flown over.
    page.get_by_role("button", name="Recon", exact=True).click()
    expect(page.get_by_role("button", name="Recon", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    if touch:
        fire("B2")  # a first tap shows the sector, and sends nothing
        assert previewed(page) == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]
        expect(page.get_by_text("Sector I: press again to fire.")).to_be_visible()
        assert battle.moves == SectorBattle.objects.get().moves
    else:
        sea_cell(page, "Enemy sea", "B2").hover()
        assert previewed(page) == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]
    fire("B2")
    expect(status).to_contain_text("Your recon over I: C1, C2, C3 occupied.")
    expect(sea_cell(page, "Enemy sea", "C1")).to_have_accessible_name(
        re.compile(r"^C1, recon saw a ship, turn 1")
    )
    assert check(page, axe_source) == []  # playing

    # A barrage: three cells chosen, then fired together.
    page.get_by_role("button", name="Barrage", exact=True).click()
    fire_barrage = page.get_by_role("button", name="Fire the barrage")
    for label in ("E8", "F9", "G10"):
        fire(label)
        expect(sea_cell(page, "Enemy sea", label)).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("3 of 3 cells chosen.")).to_be_visible()
    fire_barrage.click()
    barrage = "Your Battleship from sector VII: barrage at E8, F9, G10, one hit."
    expect(status).to_contain_text(barrage)

    # Sonar over sector XVI, aimed at one of its cells.
    page.get_by_role("button", name="Sonar", exact=True).click()
    if touch:
        fire("K11")
        assert previewed(page) == ["J10", "J11", "J12", "K10", "K11", "K12", "L10", "L11", "L12"]
    else:
        sea_cell(page, "Enemy sea", "K11").hover()
        assert previewed(page) == ["J10", "J11", "J12", "K10", "K11", "K12", "L10", "L11", "L12"]
    fire("K11")
    expect(status).to_contain_text("Your sonar over XVI: a submarine on course row L.")

    # A shot again, the action the page comes back to after each turn: one press fires.
    expect(page.get_by_role("button", name="Shot", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    fire("H4")
    expect(status).to_contain_text("fires at H4: hit.")
    battle.refresh_from_db()
    assert [turn["action"] for turn in battle.log[::2]] == [
        "recon",
        "barrage",
        "sonar",
        "shot",
    ]
    assert unexpected(console_errors) == []


def test_a_placed_ship_is_dragged_to_a_new_place(live_server, page: Page, console_errors):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_server.url + "/sector/new")
    page.get_by_role("button", name="Place your fleet").click()
    page.get_by_role("radio", name=re.compile(r"^Battleship \(")).check()
    sea_cell(page, "Your sea", "B2").click()
    expect(page.get_by_text(re.compile(r"^Battleship \(4\)\s+at B2$"))).to_be_visible()
    # Taken by its third cell and dropped with that cell on H6: it starts at H4.
    sea_cell(page, "Your sea", "B4").hover()
    page.mouse.down()
    sea_cell(page, "Your sea", "E5").hover()
    sea_cell(page, "Your sea", "H6").hover()
    assert outline(page) == ["H4", "H5", "H6", "H7"]
    with page.expect_response(re.compile("ships$")):
        page.mouse.up()
    expect(page.get_by_text(re.compile(r"^Battleship \(4\)\s+at H4$"))).to_be_visible()
    battle = SectorBattle.objects.get()
    assert battle.placed == [Placement.of("Battleship", "H4", "across").to_dict()]
    assert console_errors == []
