"""A five-shot game (docs/rules/five-shot.md) played to its end in real Chromium, on a desktop
and on a phone-sized screen: rounds picked on the board and typed, a partial round refused, the
round's cells shown as one group until the reports settle them, and axe-core clean with
group cells on screen."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.e2e.conftest import unexpected
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE
from tests.web.conftest import set_fleet
from tests.web.test_five_shot import FIVE_SHOT_COMPUTER

pytestmark = pytest.mark.django_db(transaction=True)

# The enemy fleet's 17 cells (FIVE_SHOT_COMPUTER), the first round's five chosen so that
# its report leaves most of them unsettled: "Aircraft Carrier hit twice, Submarine hit and
# sunk" (A6 is a hit in every fleet that fits; A7, B6, F10 and C1 stay one group).
FIRST_ROUND = ["A6", "A7", "B6", "F10", "C1"]
REST = ["C6", "D6", "E6", "A8", "B8", "C8", "D8", "H1", "H2", "H3", "J1", "J2", "J8", "J9"]
WATER = ["F1"]


def cell(page: Page, label: str):
    return page.get_by_role("grid", name=re.compile("Enemy")).get_by_role(
        "button", name=re.compile(rf"^{label}(,|$)")
    )


@pytest.mark.parametrize(
    ("width", "height", "scheme"),
    [(1280, 900, "light"), (375, 800, "light"), (375, 800, "dark")],
    ids=["1280", "375", "375-dark"],
)
def test_a_five_shot_game_to_its_end(
    live_server, page: Page, console_errors, width, height, scheme
):
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server.url + "/games/new")
    page.get_by_label(re.compile("Recruit")).check()
    page.locator("#rules-five_shot").check()
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    expect(page.get_by_role("radio", name=re.compile("^First Cruiser"))).to_be_visible()
    expect(page.get_by_role("radio", name=re.compile("^Second Cruiser"))).to_be_visible()
    page.wait_for_load_state("load")
    game = Game.objects.get(pk=page.url.rstrip("/").split("/")[-1])
    page.get_by_role("button", name="Shuffle").click()
    expect(page.get_by_role("status")).to_contain_text("Fleet placed at random")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
    game.refresh_from_db()
    set_fleet(game, 1, FIVE_SHOT_COMPUTER)  # a known enemy fleet, so the test can aim
    page.reload()
    page.wait_for_load_state("load")
    expect(page.locator("#volley-status")).to_contain_text("Round 1: pick 5 cells")

    # A partial round typed in is refused with a sentence, and nothing is fired.
    page.get_by_label("Fire at").fill("J1 J2")
    page.get_by_role("button", name="Fire", exact=True).click()
    expect(page.locator("#shot-error")).to_contain_text(
        "This round's 5 shots are fired together: you named 2, so pick 3 more cells."
    )
    game.refresh_from_db()
    assert game.moves == 0
    # Picking on the board: the count says what is left, and Fire waits for all five.
    for label in FIRST_ROUND[:3]:
        cell(page, label).click()
    expect(page.locator(".volley-count")).to_have_text("3 of 5 chosen. Pick 2 more.")
    fire_round = page.get_by_role("button", name=re.compile("Fire the round"))
    expect(fire_round).to_be_disabled()
    for label in FIRST_ROUND[3:]:
        cell(page, label).click()
    expect(page.locator(".volley-count")).to_have_text("5 of 5 chosen.")
    fire_round.click()
    status = page.get_by_role("status")
    expect(status).to_contain_text("Round 1: Aircraft Carrier hit twice, Submarine hit and sunk.")
    expect(status).to_contain_text("Round 1, their shots:")
    expect(cell(page, "B6")).to_have_attribute("aria-label", "B6, fired in round 1, not yet known")
    expect(cell(page, "A6")).to_have_attribute("aria-label", "A6, hit, deduced, round 1")
    expect(page.locator("table.enemy button.cell.group")).to_have_count(4)
    assert AXE.exists(), f"{AXE} is missing: `make test` installs it (npm ci)"
    assert check(page, AXE.read_text()) == []  # with group cells on screen

    # The rest: typed, then picked, in turn, until their fleet is down.
    rounds = [(REST + WATER)[n : n + 5] for n in (0, 5, 10)]  # the last one sinks the rest
    for n, turn in enumerate(rounds):
        if n % 2 == 0:
            page.get_by_label("Fire at").fill(" ".join(turn))
            page.get_by_role("button", name="Fire", exact=True).click()
        else:
            for label in turn:
                cell(page, label).click()
            page.get_by_role("button", name=re.compile("Fire the round")).click()
        if n < len(rounds) - 1:
            expect(status).to_contain_text(f"Round {n + 2}:")
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_visible()
    # The enemy fleet is revealed: every cell known, none left in a group.
    expect(page.locator("table.enemy button.cell.group")).to_have_count(0)
    expect(cell(page, "J8")).to_have_attribute(
        "aria-label", re.compile("^J8, Second Cruiser, sunk")
    )
    assert check(page, AXE.read_text()) == []
    game.refresh_from_db()
    assert game.status == Game.Status.WON
    assert all(len(move["fire"]) == 5 for move in game.log)  # whole rounds only
    assert unexpected(console_errors, refused=[400]) == []
