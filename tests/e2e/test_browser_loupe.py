"""The loupe in real Chromium: on a phone's touch screen (375 x 800) a plain shot is one tap
on the board (issue 41: cells of 32 px or more), but with a weapon chosen, whose mistake
would waste it, a tap on Enemy waters' cells (under 44 px) fires nothing and opens the
neighbourhood magnified, every target in it 44 px or more; a tap there aims and, again,
fires as a click on the board would: an air strike, a torpedo (the saved game says where
each landed), in a game against the computer and a friend's. The loupe shows the board's
own cells (names, marks, ship drawings) and nothing else; a mouse never meets it."""

import os
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from daily.models import DailyAttempt
from duels.models import Duel
from tests.e2e.test_browser_aim import ROW_I, announced, edge, mode, previewed, td, tracked
from tests.e2e.test_browser_rule_sets import start
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 375, "height": 800}


@pytest.fixture(scope="module")
def axe_source() -> str:
    return AXE.read_text()


@pytest.fixture
def phone(browser: Browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, errors
    context.close()


def loupe(page: Page):
    return page.get_by_role("dialog", name=re.compile("^Close-up around"))


def in_loupe(page: Page, name: str):
    return loupe(page).get_by_role("button", name=name, exact=True)


def loupe_preview(page: Page) -> set[str]:
    return set(
        page.locator("#loupe td.preview button").evaluate_all("bs => bs.map(b => b.ariaLabel)")
    )


def small_targets(page: Page) -> list[str]:
    """Every button of the open loupe smaller than 44 x 44 px, or not wholly on the screen."""
    return page.locator("#loupe button:visible").evaluate_all(
        """bs => bs.map(b => [b.ariaLabel || b.textContent.trim(), b.getBoundingClientRect()])
             .filter(([, r]) => r.width < 44 || r.height < 44 || r.left < 0
                     || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight)
             .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )


def copied_exactly(page: Page) -> list[str]:
    """Each loupe cell against the board's cell at its place: the same name, state and marks."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('#loupe td[data-row]')).flatMap(td => {
             const board = document.querySelector(
               `table.board.enemy td[data-row="${td.dataset.row}"][data-col="${td.dataset.col}"]`);
             const [a, b] = [td.querySelector('button'), board.querySelector('button')];
             return a.ariaLabel === b.ariaLabel && a.className === b.className
               && a.textContent === b.textContent && td.className === board.className
               && a.getAttribute('aria-disabled') === b.getAttribute('aria-disabled')
               ? [] : [b.ariaLabel];
           })"""
    )


def test_with_a_weapon_chosen_a_tap_opens_the_loupe_and_a_shot_needs_none(
    live_server, phone, axe_source
):
    page, errors = phone
    game = start(page, live_server.url, "Special weapons")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    board_e5 = td(page, "E5").locator("button")
    assert 32 <= board_e5.bounding_box()["width"] < 44  # a shot's target; a weapon's is bigger

    mode(page, "Air strike").tap()
    board_e5.tap()
    expect(loupe(page)).to_be_visible()
    expect(loupe(page)).to_have_accessible_name("Close-up around E5")
    game.refresh_from_db()
    assert game.log == []  # a tap on the small board fires nothing
    expect(in_loupe(page, "E5")).to_be_focused()  # focus moves in, to the tapped cell
    cells = loupe(page).locator("td button")
    expect(cells).to_have_count(25)  # 5 x 5, named as the board names them
    names = set(cells.evaluate_all("bs => bs.map(b => b.ariaLabel)"))
    assert names == {f"{r}{c}" for r in "CDEFG" for c in range(3, 8)}
    assert small_targets(page) == []
    assert copied_exactly(page) == []
    expect(loupe(page)).to_contain_text("Air strike aimed at E5: the square from D4 to F6.")
    assert check(page, axe_source) == []

    # Closed by Escape, by its close button, by a tap outside: focus back on the board.
    page.keyboard.press("Escape")
    expect(loupe(page)).to_have_count(0)
    expect(board_e5).to_be_focused()
    td(page, "B2").locator("button").tap()
    expect(loupe(page)).to_have_accessible_name("Close-up around B2")
    loupe(page).get_by_role("button", name="Close the close-up").tap()
    expect(loupe(page)).to_have_count(0)
    expect(td(page, "B2").locator("button")).to_be_focused()
    td(page, "J9").locator("button").tap()
    page.touchscreen.tap(360, 10)  # outside the loupe
    expect(loupe(page)).to_have_count(0)
    game.refresh_from_db()
    assert game.log == []

    # A shot again: one tap on the board fires it, no loupe; the destroyer at J9-J10 sunk.
    mode(page, "A shot").tap()
    td(page, "J9").locator("button").tap()
    announced(page, "J9: hit")
    expect(loupe(page)).to_have_count(0)
    td(page, "J10").locator("button").tap()
    announced(page, "sank")
    game.refresh_from_db()
    assert [move for move in game.log[::2]] == [{"fire": ["J9"]}, {"fire": ["J10"]}]
    expect(td(page, "J10").locator("button")).to_be_focused()  # back where the shot went

    # The sunk destroyer is drawn in the loupe as on the board, nothing more.
    mode(page, "Air strike").tap()
    td(page, "J8").locator("button").tap()
    expect(loupe(page)).to_be_visible()
    assert copied_exactly(page) == []
    expect(loupe(page).locator(".hull.hull-H.len-2.sunk")).to_have_count(1)
    assert loupe(page).locator("td:has(.hull)").get_attribute("data-col") == "8"
    expect(loupe(page).get_by_role("button", name=re.compile("^J9, .*sunk", re.I))).to_be_visible()
    if shots := os.environ.get("SHOTS"):  # docs/screenshots/loupe-after-375.png (docs/look.md)
        page.screenshot(path=f"{shots}/loupe-after-375.png")
    page.keyboard.press("Escape")
    game.refresh_from_db()
    assert len(game.log) == 4
    assert errors == []


def test_an_air_strike_and_a_torpedo_through_the_loupe(live_server, phone, axe_source):
    page, errors = phone
    game = start(page, live_server.url, "Special weapons")
    # Big enough for a finger; typing a target does not zoom the page.
    for button in (mode(page, "A shot"), mode(page, "Air strike"), mode(page, "Torpedo")):
        box = button.bounding_box()
        assert box["height"] >= 44
        assert box["width"] >= 44
    for field in ("#strike-center", "#torpedo-line", "#torpedo-end", "#typed-cell"):
        assert page.locator(field).evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 16
        assert page.locator(field).bounding_box()["height"] >= 44

    # The strike: the tap on the board aims it, the loupe shows its square.
    mode(page, "Air strike").tap()
    td(page, "E5").locator("button").tap()
    expect(loupe(page)).to_be_visible()
    expect(loupe(page)).to_contain_text("Air strike aimed at E5: the square from D4 to F6.")
    assert loupe_preview(page) == {f"{r}{c}" for r in "DEF" for c in (4, 5, 6)}
    assert previewed(page) == loupe_preview(page)
    fire = loupe(page).get_by_role("button", name="Fire the air strike at E5")
    expect(fire).to_be_visible()
    assert small_targets(page) == []
    assert check(page, axe_source) == []
    if shots := os.environ.get("SHOTS"):
        page.screenshot(path=f"{shots}/loupe-strike-after-375.png")
    in_loupe(page, "D6").tap()  # another cell: aimed there instead, not fired
    expect(loupe(page)).to_contain_text("Tap again to fire.")
    assert loupe_preview(page) == {f"{r}{c}" for r in "CDE" for c in (5, 6, 7)}
    assert previewed(page) == loupe_preview(page)
    game.refresh_from_db()
    assert game.log == []
    in_loupe(page, "D6").tap()  # again: fired
    expect(loupe(page)).to_have_count(0)
    announced(page, "Your air strike on D6:")
    game.refresh_from_db()
    assert game.log[0] == {"air_strike": "D6"}

    # The torpedo: a launch point tapped on the board aims it; the loupe's are 44 px.
    mode(page, "Torpedo").tap()
    edge(page, "Row I, from the left").tap()
    expect(loupe(page)).to_be_visible()
    assert previewed(page) == set(ROW_I)
    expect(loupe(page).locator("td.aim-path-west")).to_have_count(5)
    points = loupe(page).get_by_role("button", name=re.compile("^(Row|Column) "))
    expect(points).to_have_count(20)  # five lines a side
    assert small_targets(page) == []
    assert check(page, axe_source) == []
    loupe(page).get_by_role("button", name="Row H, from the right").tap()
    assert previewed(page) == {f"H{n}" for n in range(1, 11)}
    game.refresh_from_db()
    assert len(game.log) == 2  # aimed only
    loupe(page).get_by_role("button", name="Launch the torpedo").tap()
    announced(page, "Your torpedo from the east along row H")
    game.refresh_from_db()
    assert game.log[2] == {"torpedo": {"from": "east", "line": 7}}
    announced(page, "H3: hit")  # the cruiser's end, at H1-H3
    assert tracked(page) == {f"H{n}" for n in range(4, 11)}

    # The last torpedo: aimed by the tap on the board, launched by a tap on the same
    # launch point in the loupe.
    mode(page, "Torpedo").tap()
    edge(page, "Row I, from the left").tap()
    expect(loupe(page)).to_contain_text("Torpedo aimed along row I, from the left.")
    loupe(page).get_by_role("button", name="Row I, from the left").tap()
    expect(loupe(page)).to_have_count(0)
    announced(page, "no contact")
    game.refresh_from_db()
    assert game.log[4] == {"torpedo": {"from": "west", "line": 8}}
    assert tracked(page) == set(ROW_I)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert errors == []


def test_a_salvos_cells_are_picked_by_a_tap_each_without_the_loupe(live_server, phone):
    page, errors = phone
    game = start(page, live_server.url, "Salvo")
    for cell in ("A1", "A2"):
        td(page, cell).locator("button").tap()
        expect(td(page, cell).locator("button")).to_have_attribute("aria-pressed", "true")
    expect(loupe(page)).to_have_count(0)
    fire = page.get_by_role("button", name=re.compile("^Fire the salvo"))
    assert fire.bounding_box()["height"] >= 44
    td(page, "A2").locator("button").tap()  # unpicked
    expect(td(page, "A2").locator("button")).to_have_attribute("aria-pressed", "false")
    game.refresh_from_db()
    assert game.log == []
    for cell in ("A2", "A3", "A4", "A5"):
        td(page, cell).locator("button").tap()
    fire.tap()  # the round fires with its button
    announced(page, "You fired 5 shots")
    game.refresh_from_db()
    assert game.log[0] == {"fire": ["A1", "A2", "A3", "A4", "A5"]}
    assert errors == []


def test_a_mouse_never_meets_the_loupe(live_server, page: Page):
    page.set_viewport_size(PHONE)
    game = start(page, live_server.url, "Classic")
    td(page, "E5").locator("button").click()  # a click fires at once, as before
    announced(page, "You fired at E5")
    expect(page.locator("#loupe[open]")).to_have_count(0)
    game.refresh_from_db()
    assert game.log[0] == {"fire": ["E5"]}


def test_the_daily_challenge_fires_on_one_tap(live_server, phone):
    page, errors = phone
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Play today's challenge").click()
    expect(page.get_by_role("heading", name=re.compile("^Daily challenge"))).to_be_visible()
    page.wait_for_load_state("load")
    board = page.get_by_role("grid", name="The day's fleet")
    board.get_by_role("button", name="D4", exact=True).tap()
    expect(page.get_by_role("status")).to_contain_text("D4: ")
    expect(loupe(page)).to_have_count(0)
    attempt = DailyAttempt.objects.get()
    assert attempt.log == ["D4"]
    assert errors == []


def test_in_the_loupe_the_keyboard_aims_as_on_the_board(live_server, phone):
    """A tablet's keyboard: the focused cell shows the strike's square, Enter fires it."""
    page, errors = phone
    game = start(page, live_server.url, "Special weapons")
    mode(page, "Air strike").tap()
    td(page, "E5").locator("button").tap()
    expect(in_loupe(page, "E5")).to_be_focused()
    page.keyboard.press("Tab")  # the next cell of the loupe: E6
    expect(in_loupe(page, "E6")).to_be_focused()
    expect(loupe(page)).to_contain_text("Air strike aimed at E6: the square from D5 to F7.")
    assert loupe_preview(page) == {f"{r}{c}" for r in "DEF" for c in (5, 6, 7)}
    game.refresh_from_db()
    assert game.log == []
    page.keyboard.press("Enter")
    announced(page, "Your air strike on E6:")
    game.refresh_from_db()
    assert game.log[0] == {"air_strike": "E6"}
    assert errors == []


def test_on_a_phone_on_its_side_the_loupe_opens_beside_the_board(live_server, browser: Browser):
    context = browser.new_context(
        viewport={"width": 800, "height": 375}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    game = start(page, live_server.url, "Special weapons")
    mode(page, "Air strike").tap()
    td(page, "E5").locator("button").tap()
    expect(loupe(page)).to_be_visible()
    assert small_targets(page) == []  # fewer cells, each 44 px, all on the screen
    board = page.locator("table.board.enemy").bounding_box()
    assert page.locator("#loupe").bounding_box()["x"] >= board["x"] + board["width"]
    assert td(page, "E5").bounding_box()["y"] >= 0  # the tapped row still in sight
    in_loupe(page, "E5").tap()  # aimed there by the tap on the board: fired
    announced(page, "Your air strike on E5:")
    game.refresh_from_db()
    assert game.log[0] == {"air_strike": "E5"}
    context.close()


def test_a_friend_games_weapon_is_aimed_through_the_loupe(live_server, browser: Browser, settings):
    settings.FRIEND_KEEPALIVE_SECONDS = 1
    phones = [browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True) for _ in range(2)]
    host, friend = (context.new_page() for context in phones)
    host.goto(live_server.url + "/")
    host.get_by_role("link", name="Play a friend").first.click()
    host.locator("#friend-rules-special_weapons").check()
    host.get_by_label("Your name, as your friend will see it").fill("Ann")
    host.get_by_role("button", name="Get the invite link").click()
    link = host.get_by_label("Invite link").input_value()
    friend.goto(link)
    friend.get_by_label("Your name, as your friend will see it").fill("Bob")
    friend.get_by_role("button", name="Join the game").click()
    expect(host.get_by_role("heading", name="Place your fleet")).to_be_visible(timeout=5000)
    for page in (host, friend):
        page.get_by_role("button", name="Shuffle").click()
        page.get_by_role("button", name="Ready", exact=True).click()
        if page is host:
            expect(friend.get_by_text("Ann is ready and waiting for you.")).to_be_visible(
                timeout=5000
            )
    for page in (host, friend):
        expect(page.get_by_text(re.compile("The coin flip"))).to_be_visible(timeout=5000)
    game = Duel.objects.get(token=link.rstrip("/").split("/")[-1])
    mover = host if game.view(0).my_turn else friend
    them = "Bob" if mover is host else "Ann"
    waters = mover.get_by_role("grid", name=f"{them}'s waters")
    mode(mover, "Air strike").tap()
    waters.get_by_role("button", name="E5", exact=True).tap()
    expect(loupe(mover)).to_be_visible()
    assert small_targets(mover) == []
    expect(loupe(mover)).to_contain_text("Air strike aimed at E5: the square from D4 to F6.")
    game.refresh_from_db()
    assert game.moves == 0  # aimed only
    in_loupe(mover, "F6").tap()  # aimed there instead
    in_loupe(mover, "F6").tap()  # fired
    expect(waters.get_by_role("button", name=re.compile("^F6, (hit|miss)"))).to_be_visible()
    game.refresh_from_db()
    assert game.log == [{"air_strike": "F6"}]
    for context in phones:
        context.close()
