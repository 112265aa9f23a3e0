"""A person plays in real Chromium: placing, firing by mouse and keyboard, reloading, winning."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game, Shot
from tests.e2e.conftest import unexpected
from tests.web.conftest import COMPUTER_FLEET, fleet_cells, set_fleet

pytestmark = pytest.mark.django_db(transaction=True)

HAND_FLEET = [
    ("Carrier", "A1", "Across"),
    ("Battleship", "C3", "Down"),
    ("Cruiser", "J8", "Across"),
    ("Submarine", "E6", "Down"),
    ("Destroyer", "H1", "Across"),
]


def said(label: str, state: str) -> re.Pattern[str]:
    """A fired cell's accessible name: its label, what it held, the turn it was fired in."""
    return re.compile(rf"^{label}, {state}, turn \d+$")


def cell(page: Page, board: str, label: str):
    return page.get_by_role("grid", name=re.compile(board)).get_by_role(
        "button", name=re.compile(rf"^{label}(,|$)")
    )


def choose_opponent(page: Page, base: str, level_name: str) -> Game:
    page.goto(base + "/")
    page.get_by_role("link", name="New game").click()
    page.get_by_label(re.compile(level_name)).check()
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    # Until the deferred scripts have run, a click is a plain form post (which works too,
    # but is not what these tests are about).
    page.wait_for_load_state("load")
    return Game.objects.get(pk=page.url.rstrip("/").split("/")[-1])


def test_placing_a_fleet_by_hand_then_starting(live_server, page: Page, console_errors):
    game = choose_opponent(page, live_server.url, "Recruit")
    expect(page.get_by_role("button", name="Start the game")).to_have_count(0)
    for name, start, orientation in HAND_FLEET:
        page.get_by_role("radio", name=re.compile(f"^{name}")).check()
        page.get_by_role("radio", name=orientation, exact=True).check()
        cell(page, "Your fleet", start).click()
        expect(page.get_by_text(re.compile(rf"{name} \(\d\)\s+at {start}"))).to_be_visible()
    # A refused position says why and changes nothing.
    page.get_by_role("radio", name=re.compile("^Destroyer")).check()
    page.get_by_role("radio", name="Down", exact=True).check()
    cell(page, "Your fleet", "A2").click()
    expect(page.get_by_role("status")).to_contain_text("overlap the Carrier")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert sorted(game.ships.filter(player=0).values_list("name", "row", "col")) == sorted(
        [
            ("Battleship", 2, 2),
            ("Carrier", 0, 0),
            ("Cruiser", 9, 7),
            ("Destroyer", 7, 0),
            ("Submarine", 4, 5),
        ]
    )
    assert unexpected(console_errors, refused=[422]) == []


def test_rotate_with_the_r_key(live_server, page: Page, console_errors):
    choose_opponent(page, live_server.url, "Recruit")
    across = page.get_by_role("radio", name="Across", exact=True)
    expect(across).to_be_checked()
    page.keyboard.press("r")
    expect(page.get_by_role("radio", name="Down", exact=True)).to_be_checked()
    page.get_by_role("button", name=re.compile("^Turn")).click()  # a touch screen has no R
    expect(across).to_be_checked()
    assert console_errors == []


def htmx_settled(page: Page) -> None:
    """Wait until htmx has swapped in its last answer. A response seen by Playwright may not
    be swapped in yet, and htmx drops a second request from the same form while the first is
    in flight: a click on Start the game just after a Shuffle's answer arrived was lost."""
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def start_shuffled(page: Page, base: str, level_name: str = "Recruit") -> Game:
    game = choose_opponent(page, base, level_name)
    page.get_by_role("button", name="Shuffle").click()
    expect(page.get_by_role("status")).to_contain_text("Fleet placed at random")
    with page.expect_response(re.compile("shuffle$")):
        page.get_by_role("button", name="Shuffle").click()  # again and again
    htmx_settled(page)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
    game.refresh_from_db()
    set_fleet(game, 1, COMPUTER_FLEET)  # a known enemy fleet, so the test can aim
    return game


def test_a_whole_game_by_clicking_to_victory(live_server, page: Page, console_errors):
    game = start_shuffled(page, live_server.url)
    page.reload()
    for label in fleet_cells(COMPUTER_FLEET):
        cell(page, "Enemy", label).click()
        expect(cell(page, "Enemy", label)).to_have_attribute(
            "aria-label", re.compile(r", (hit|sunk|\w+, sunk)")
        )
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_visible()
    # What comes next is the result and Play again: focus goes there, not to a dead cell.
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_focused()
    expect(page.get_by_text("100% accuracy")).to_be_visible()
    # The enemy fleet is revealed and nothing more can be fired.
    expect(cell(page, "Enemy", "J10")).to_have_attribute("aria-label", re.compile("sunk"))
    assert Shot.objects.filter(game=game, player=0).count() == 17
    page.get_by_role("button", name="Play again").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    assert console_errors == []


def test_reload_in_the_middle_and_continue(live_server, page: Page, console_errors):
    game = start_shuffled(page, live_server.url)
    page.reload()
    for label in ["A6", "B2", "J10"]:
        cell(page, "Enemy", label).click()
        expect(cell(page, "Enemy", label)).to_have_attribute(
            "aria-label", re.compile(", (hit|miss)")
        )
    page.reload()
    expect(cell(page, "Enemy", "A6")).to_have_attribute("aria-label", said("A6", "hit"))
    expect(cell(page, "Enemy", "B2")).to_have_attribute("aria-label", said("B2", "miss"))
    expect(page.get_by_role("status")).to_contain_text("J10: hit")
    page.go_back()
    page.go_forward()
    expect(cell(page, "Enemy", "B2")).to_have_attribute("aria-label", said("B2", "miss"))
    cell(page, "Enemy", "C2").click()
    expect(cell(page, "Enemy", "C2")).to_have_attribute("aria-label", said("C2", "miss"))
    game.refresh_from_db()
    assert game.moves == 8
    assert console_errors == []


def test_playing_by_keyboard(live_server, page: Page, console_errors):
    game = start_shuffled(page, live_server.url)
    page.reload()
    cell(page, "Enemy", "A1").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # fires at B2
    expect(cell(page, "Enemy", "B2")).to_have_attribute("aria-label", said("B2", "miss"))
    # Focus stays on the board after the swap, on the cell just fired.
    expect(cell(page, "Enemy", "B2")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press(" ")  # Space fires too: C2
    expect(cell(page, "Enemy", "C2")).to_have_attribute("aria-label", said("C2", "miss"))
    # A typed coordinate, then Enter.
    page.get_by_label("Fire at").fill("a6")
    page.keyboard.press("Enter")
    expect(cell(page, "Enemy", "A6")).to_have_attribute("aria-label", said("A6", "hit"))
    expect(page.get_by_label("Fire at")).to_be_focused()
    expect(page.get_by_label("Fire at")).to_have_value("")  # ready for the next cell
    # The announcements are in the live region.
    expect(page.get_by_role("status")).to_contain_text("A6: hit")
    expect(page.get_by_role("status")).to_contain_text("The Recruit fired at")
    page.keyboard.type("b9")  # the next cell, typed straight away
    page.keyboard.press("Enter")
    expect(cell(page, "Enemy", "B9")).to_have_attribute("aria-label", said("B9", "miss"))
    game.refresh_from_db()
    assert game.moves == 8
    assert console_errors == []


def test_a_phone_sized_screen_needs_no_sideways_scrolling(live_server, page: Page, console_errors):
    page.set_viewport_size({"width": 375, "height": 800})
    start_shuffled(page, live_server.url)
    page.reload()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = cell(page, "Enemy", "E5").bounding_box()
    assert box["width"] >= 28
    assert box["height"] >= 28
    assert console_errors == []


def speaker(switch) -> str:
    """The picture the mute switch shows before its name (a drawing, not an emoji)."""
    return switch.evaluate("b => getComputedStyle(b, '::before').maskImage")


def test_the_mute_switch_is_remembered(live_server, page: Page, console_errors):
    start_shuffled(page, live_server.url)
    switch = page.get_by_role("button", name="Mute sounds")
    expect(switch).to_have_text("Mute sounds")
    assert "sound-on" in speaker(switch)
    switch.click()
    # Muted, it says what pressing it now does (it said "Mute sounds" whatever the state).
    switch = page.get_by_role("button", name="Unmute sounds")
    expect(switch).to_have_text("Unmute sounds")
    assert "sound-off" in speaker(switch)
    page.reload()
    expect(page.get_by_role("button", name="Unmute sounds")).to_be_visible()
    cell(page, "Enemy", "B2").click()  # no sound is made, and nothing breaks
    expect(cell(page, "Enemy", "B2")).to_have_attribute("aria-label", said("B2", "miss"))
    assert console_errors == []


def test_keyboard_focus_survives_setup_swaps_and_the_start(live_server, page: Page, console_errors):
    choose_opponent(page, live_server.url, "Recruit")
    shuffle = page.get_by_role("button", name="Shuffle")
    shuffle.focus()
    with page.expect_response(re.compile("shuffle$")):
        page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Shuffle")).to_be_focused()
    htmx_settled(page)
    page.get_by_role("button", name="Start the game").focus()
    page.keyboard.press("Enter")
    # Play begins with focus on the enemy board, ready for the arrow keys.
    expect(cell(page, "Enemy", "A1")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(cell(page, "Enemy", "A2")).to_be_focused()
    assert console_errors == []


def tab_stops(page: Page, board: str) -> list[str]:
    """The cells of a board that Tab reaches (by their accessible names)."""
    grid = page.get_by_role("grid", name=re.compile(board))
    return grid.evaluate(
        "g => [...g.querySelectorAll('tbody button')]"
        ".filter(b => b.tabIndex >= 0).map(b => b.getAttribute('aria-label'))"
    )


def expect_one_tab_stop(page: Page, board: str) -> None:
    """Exactly one cell of the board in the tab order, waiting for the page's script to fix
    the board up after a swap (an assert straight after the swap would race it)."""
    grid = page.get_by_role("grid", name=re.compile(board))
    expect(grid.locator("tbody button:not([tabindex='-1'])")).to_have_count(1)


def test_each_board_is_one_tab_stop_moved_by_the_arrows(live_server, page: Page, console_errors):
    start_shuffled(page, live_server.url)
    expect_one_tab_stop(page, "Enemy")
    assert tab_stops(page, "Enemy") == ["A1"]
    cell(page, "Enemy", "A1").press("ArrowDown")
    cell(page, "Enemy", "B1").press("Enter")  # a shot: only the cells it changed are swapped
    expect(cell(page, "Enemy", "B1")).to_have_attribute("aria-disabled", "true")
    expect_one_tab_stop(page, "Enemy")
    page.get_by_label("Fire at").fill("K1")  # refused: the whole play area is swapped
    page.get_by_label("Fire at").press("Enter")
    expect(page.get_by_role("status")).to_contain_text("off the board")
    expect_one_tab_stop(page, "Enemy")
    assert unexpected(console_errors, refused=[400]) == []


def test_without_scripts_tab_reaches_every_cell_you_can_fire_at(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/games/new")
    page.get_by_label(re.compile("Recruit")).check()
    page.get_by_role("button", name="Place your fleet").click()
    assert len(tab_stops(page, "Your fleet")) == 100  # where the chosen ship could start
    page.get_by_role("button", name="Shuffle").click()
    page.get_by_role("button", name="Start the game").click()
    assert len(tab_stops(page, "Enemy")) == 100
    cell(page, "Enemy", "B2").click()  # a plain form post
    expect(cell(page, "Enemy", "B2")).to_have_attribute("aria-disabled", "true")
    assert len(tab_stops(page, "Enemy")) == 99
    assert "B2" not in tab_stops(page, "Enemy")
    context.close()


def in_sight(page: Page, locator) -> bool:
    """Wholly inside the viewport (to the pixel: scrolling aligns edges to fractions)."""
    box = locator.bounding_box()
    view = page.viewport_size
    return box is not None and box["y"] >= -1 and box["y"] + box["height"] <= view["height"] + 1


@pytest.mark.parametrize("viewport", [{"width": 320, "height": 640}])
def test_on_a_small_screen_a_refusal_shows_beside_what_was_refused(
    live_server, page: Page, console_errors, viewport
):
    page.set_viewport_size(viewport)
    choose_opponent(page, live_server.url, "Recruit")
    # The Carrier across from J8 would run off the board.
    cell(page, "Your fleet", "J8").click()
    refusal = page.locator("#setup .error")
    expect(refusal).to_have_text("The Carrier would run off the board.")
    assert in_sight(page, refusal)
    assert in_sight(page, cell(page, "Your fleet", "J8"))
    page.get_by_role("button", name="Shuffle").click()
    page.get_by_role("button", name="Start the game").click()
    typed = page.get_by_label("Fire at")
    typed.fill("K1")
    typed.press("Enter")
    refusal = page.locator("#play .error")
    expect(refusal).to_contain_text("off the board")
    expect(typed).to_be_focused()
    assert in_sight(page, refusal)
    assert in_sight(page, typed)
    # Shown once, beside Fire at; the live region says it without showing it again.
    assert page.locator(".error").filter(has_text="off the board").count() == 1
    expect(page.get_by_role("status")).to_contain_text("off the board")
    expect(page.get_by_role("status").locator("p")).to_have_class("sr-only")
    assert unexpected(console_errors, refused=[422, 400]) == []
