"""Every page and state a player meets, visited in one go: the accessibility scan and the
no-sideways-scroll check walk it at each screen size, and so can a script taking screenshots.

``tour(page, base)`` yields a short name for each state once it is on screen.
"""

import re
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Page, expect

from games.models import Game
from tests.web.conftest import COMPUTER_FLEET, PASSWORD, fleet_cells, set_fleet

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# The longest username Django allows: it must not push a phone's header past the screen.
LONG_NAME = "a_very_long_name_" + "x" * 133


def cell(page: Page, board: str, label: str):
    return page.get_by_role("grid", name=re.compile(board)).get_by_role(
        "button", name=re.compile(rf"^{label}(,|$)")
    )


def records(username: str) -> None:
    """Finished games enough for statistics, history, replay and a leaderboard row."""
    from django.contrib.auth import get_user_model

    from tests.web.conftest import finished_game

    user = get_user_model().objects.create_user(username, password=PASSWORD)
    for i in range(6):
        finished_game(user, ["won", "lost", "won"][i % 3], level=2, shots=30 + i)


LEARNING_PAGES = (
    ("/learn/", "learn"),
    ("/learn/how-to-play", "learn how to play"),
    ("/learn/strategy", "learn strategy"),
    ("/learn/computer", "learn the computer levels"),
    ("/learn/tips", "learn tips"),
    ("/learn/faq", "learn questions"),
)


def tour(page: Page, base: str) -> Iterator[str]:
    page.goto(base + "/")
    yield "home"
    page.goto(base + "/signup")
    yield "sign up"
    page.goto(base + "/login")
    yield "log in"
    records(LONG_NAME)
    page.get_by_label("Username").fill(LONG_NAME)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(base + "/games/new")
    yield "new game"
    page.get_by_label(re.compile("Recruit")).check()
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    page.wait_for_load_state("load")
    yield "setup, empty"
    page.get_by_role("button", name="Shuffle").click()
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    yield "setup, full"
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("grid", name=re.compile("Enemy"))).to_be_visible()
    game = Game.objects.get(pk=page.url.rstrip("/").split("/")[-1])
    set_fleet(game, 1, COMPUTER_FLEET)
    page.reload()
    yield "play, start"
    targets = fleet_cells(COMPUTER_FLEET)
    for label in ["B2", *targets[:6]]:
        cell(page, "Enemy", label).click()
        expect(cell(page, "Enemy", label)).to_have_attribute("aria-disabled", "true")
    yield "play, under way"
    typed = page.get_by_label("Fire at")
    typed.fill("K11")
    typed.press("Enter")
    expect(page.locator("#play .error")).to_be_visible()
    yield "play, a refusal"
    for label in targets[6:]:
        cell(page, "Enemy", label).click()
        expect(cell(page, "Enemy", label)).to_have_attribute("aria-disabled", "true")
    expect(page.get_by_role("heading", name=re.compile("You won"))).to_be_visible()
    yield "game over"
    page.goto(base + "/stats")
    yield "statistics"
    page.goto(base + "/history")
    yield "history"
    page.goto(base + f"/history/{game.pk}/?step=5")
    yield "replay"
    page.goto(base + "/leaderboard")
    yield "leaderboard"
    page.goto(base + "/password")
    yield "password change"
    page.goto(base + "/rules/special_weapons")
    yield "a rules page"
    page.goto(base + "/games/new?rules=special_weapons")
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    page.get_by_role("button", name="Shuffle").click()
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_label(re.compile("Air strike"))).to_be_visible()
    page.get_by_label(re.compile("Air strike")).fill("E5")  # its square previewed
    yield "play, special weapons"
    page.goto(base + "/games/new?rules=salvo")
    page.get_by_role("button", name="Place your fleet").click()
    expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible()
    page.get_by_role("button", name="Shuffle").click()
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#volley-status")).to_be_visible()
    page.wait_for_load_state("load")
    for label in ("B2", "C3"):
        cell(page, "Enemy", label).click()
    expect(page.locator(".volley-count")).to_have_text("2 of 5 chosen.")
    yield "play, a salvo being picked"
    for path, name in LEARNING_PAGES:
        page.goto(base + path)
        yield name
    page.goto(base + "/sector/rules")
    yield "sector battle rules"
    page.goto(base + "/live")
    yield "live games"
    page.goto(base + "/stranger/")
    yield "play a stranger"
    page.get_by_role("button", name="Find an opponent").click()
    expect(page.get_by_role("heading", name="Looking for an opponent")).to_be_visible()
    yield "looking for a stranger"
    page.get_by_role("button", name="Cancel").click()
    page.goto(base + "/no-such-page")
    yield "404"
