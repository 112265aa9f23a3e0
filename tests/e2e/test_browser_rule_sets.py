"""Salvo and special weapons played to the end in real Chromium, by clicking and by typed
cells, on a desktop and on a phone-sized screen."""

import json
import re

import pytest
from playwright.sync_api import Page, expect

from core.rule_sets import OFFERED
from games.models import Game, Shot
from tests.e2e.conftest import unexpected
from tests.web.conftest import COMPUTER_FLEET, fleet_cells, set_fleet

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 375, "height": 800}


def cell(page: Page, label: str):
    return page.get_by_role("grid", name=re.compile("Enemy")).get_by_role(
        "button", name=re.compile(rf"^{label}(,|$)")
    )


def start(page: Page, base: str, rules_title: str, fleet=COMPUTER_FLEET) -> Game:
    """A game against the Recruit under the rules titled, begun with the person's fleet placed
    at random and the enemy's known (so that the test can aim), its page freshly loaded.

    Made by the requests the new-game and placing pages send, through the page's own cookies
    and CSRF token, not by clicking them: the tests that use it play, and placing by clicking
    has tests of its own (test_browser_game.py, test_browser_placing.py, test_browser_start.py).
    """
    rules = next(info.name for info in OFFERED if info.title == rules_title)
    page.goto(base + "/games/new")
    token = json.loads(page.locator("body").get_attribute("hx-headers"))["X-CSRFToken"]
    made = page.request.post(
        base + "/games/", form={"csrfmiddlewaretoken": token, "level": "1", "rules": rules}
    )
    assert made.ok, made.status
    game = Game.objects.get(pk=made.url.rstrip("/").split("/")[-1])
    for step in ("shuffle", "start"):
        sent = page.request.post(base + f"/games/{game.pk}/{step}", headers={"X-CSRFToken": token})
        assert sent.ok, (step, sent.status)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    set_fleet(game, 1, fleet)  # a known enemy fleet, so the test can aim
    page.goto(base + game.get_absolute_url())
    page.wait_for_load_state("load")
    expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
    return game


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_a_salvo_game_to_the_end_by_picking_cells_and_by_typing(
    live_server, page: Page, console_errors, viewport
):
    if viewport:
        page.set_viewport_size(viewport)
    game = start(page, live_server.url, "Salvo")
    targets = fleet_cells(COMPUTER_FLEET)
    water = ["F1", "F2", "F3", "F4", "F5", "G1", "G2", "G3", "G4", "G5", "G6", "G7"]
    typed = True
    while targets:
        status = page.locator("#volley-status")
        expect(status).to_be_visible()
        size = int(status.get_attribute("data-volley"))
        turn = (targets + water)[:size]
        targets, water = targets[len(turn) :], water[max(0, len(turn) - len(targets)) :]
        if typed:
            page.get_by_label("Fire at").fill(" ".join(turn))
            page.get_by_role("button", name="Fire", exact=True).click()
        else:
            for label in turn:
                cell(page, label).click()
            expect(page.locator(".volley-count")).to_have_text(f"{size} of {size} chosen.")
            cell(page, turn[0]).click()  # unpick one, and pick it again
            expect(page.locator(".volley-count")).to_have_text(f"{size - 1} of {size} chosen.")
            expect(page.get_by_role("button", name=re.compile("Fire the salvo"))).to_be_disabled()
            cell(page, turn[0]).click()
            page.get_by_role("button", name=re.compile("Fire the salvo")).click()
        typed = not typed
        if not targets:
            break
        expect(cell(page, turn[-1])).to_have_attribute(
            "aria-label", re.compile(", (hit|miss|sunk)")
        )
        no_sideways_scroll(page)
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_visible()
    assert Shot.objects.filter(game=game, player=0, hit=True).count() == 17
    game.refresh_from_db()
    assert all(len(move["fire"]) > 1 for move in game.log[0::2][:-1])  # whole salvos
    no_sideways_scroll(page)
    assert unexpected(console_errors) == []


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_a_special_weapons_game_to_the_end(live_server, page: Page, console_errors, viewport):
    if viewport:
        page.set_viewport_size(viewport)
    game = start(page, live_server.url, "Special weapons")
    # The air strike's square is shown before it is fired.
    page.get_by_label(re.compile("Air strike")).fill("B7")
    expect(page.locator("table.board.enemy td.preview")).to_have_count(9)
    page.get_by_role("button", name="Strike", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Your air strike on B7: 6 hits.")
    expect(page.locator("#turn-log-lines")).to_contain_text("A6: hit")  # every shot, in the log
    expect(page.get_by_label(re.compile("Air strike"))).to_have_count(0)  # spent
    # A torpedo down column 10 from the bottom: the Destroyer's J10 first.
    page.get_by_label(re.compile("Torpedo")).select_option(label="Column 10")
    expect(page.locator("table.board.enemy td.preview")).to_have_count(10)
    page.get_by_label("launched from").select_option("end")
    page.get_by_role("button", name="Launch", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text(
        "Your torpedo from the south along column 10 struck J10: hit."
    )
    expect(page.locator("#turn-log-lines")).to_contain_text("J10: hit")
    fired = {s.cell for s in Shot.objects.filter(game=game, player=0)}
    for label in fleet_cells(COMPUTER_FLEET):
        if label in fired:
            continue
        cell(page, label).click()
        if label != fleet_cells(COMPUTER_FLEET)[-1]:
            expect(cell(page, label)).to_have_attribute("aria-label", re.compile(", (hit|sunk)"))
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_visible()
    game.refresh_from_db()
    assert game.log[0] == {"air_strike": "B7"}
    assert game.log[2] == {"torpedo": {"from": "south", "line": 9}}
    no_sideways_scroll(page)
    assert unexpected(console_errors) == []


def test_no_touching_shows_where_a_ship_cannot_go_and_refuses_it(
    live_server, page: Page, console_errors
):
    page.goto(live_server.url + "/games/new?rules=no_touch")
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    page.wait_for_load_state("load")
    board = page.get_by_role("grid", name=re.compile("Your fleet"))

    def setup_cell(label):
        return board.get_by_role("button", name=re.compile(rf"^{label}(,|$)"))

    page.get_by_role("radio", name=re.compile("^Carrier")).check()
    setup_cell("A1").click()
    expect(page.get_by_role("status")).to_contain_text("Carrier placed at A1")
    page.get_by_role("radio", name=re.compile("^Battleship")).check()
    setup_cell("B2").hover()
    expect(page.locator(".setup-board .preview.blocked")).to_have_count(4)  # beside the Carrier
    setup_cell("C2").hover()
    expect(page.locator(".setup-board .preview")).to_have_count(4)
    expect(page.locator(".setup-board .preview.blocked")).to_have_count(0)
    setup_cell("B6").click()  # corner to corner with the Carrier's A5
    expect(page.get_by_role("status")).to_contain_text("would touch the Carrier")
    assert unexpected(console_errors, refused=[422]) == []
