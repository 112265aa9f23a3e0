"""A person plays in German and in French, in real Chromium: the browser's language chooses
the site's, announcements, refusals and the end are said in it, and the language switch in
the middle of a game changes the words and nothing else. axe-core finds nothing wrong, the
page's lang attribute included."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import Game, Shot
from tests.e2e.test_every_page_is_clean import check
from tests.e2e.tour import AXE
from tests.web.conftest import COMPUTER_FLEET, fleet_cells, set_fleet

pytestmark = pytest.mark.django_db(transaction=True)

NBSP = "\N{NO-BREAK SPACE}"
WORDS = {
    "de": {
        "locale": "de-DE",
        "home": "Schiffe versenken gegen den Computer",
        "new_game": "Neues Spiel",
        "recruit": "Rekrut",
        "place": "Flotte setzen",
        "shuffle": "Mischen",
        "shuffled": "Flotte zufällig gesetzt",
        "start": "Spiel starten",
        "enemy": "Feindliche Gewässer",
        "heading": "Gegen den Rekruten",
        "said": "Du hast auf A6 geschossen: Treffer.",
        "hit": "A6: Treffer",
        "hit_cell": "A6, Treffer, Runde 1",
        "fire_at": "Schießen auf",
        "fire": "Feuer",
        "refused": "Auf A6 wurde schon geschossen.",
        "name": "Deutsch",
        "sunk": "Treffer \N{EN DASH} versenkt!",
        "won": "Gewonnen! Du hast die ganze feindliche Flotte versenkt.",
        "accuracy": f"17 (Trefferquote 100{NBSP}%)",
    },
    "fr": {
        "locale": "fr-FR",
        "home": "Bataille navale contre l'ordinateur",
        "new_game": "Nouvelle partie",
        "recruit": "Recrue",
        "place": "Placez votre flotte",
        "shuffle": "Mélanger",
        "shuffled": "Flotte placée au hasard",
        "start": "Lancer la partie",
        "enemy": "Eaux ennemies",
        "heading": "Contre le niveau Recrue",
        "said": f"Vous avez tiré en A6{NBSP}: touché.",
        "hit": f"A6{NBSP}: touché",
        "hit_cell": "A6, touché, tour 1",
        "fire_at": "Tirer sur",
        "fire": "Feu",
        "refused": "A6 a déjà été visée.",
        "name": "Français",
        "sunk": f"touché-coulé{NBSP}!",
        "won": f"Victoire{NBSP}! Vous avez coulé toute leur flotte.",
        "accuracy": f"17 (précision 100{NBSP}%)",
    },
}


def enemy_cell(page: Page, words: dict[str, str], label: str):
    return page.get_by_role("grid", name=words["enemy"]).get_by_role(
        "button", name=re.compile(rf"^{label}(,|$)")
    )


def no_problems(page: Page) -> None:
    assert check(page, AXE.read_text()) == []


@pytest.mark.parametrize(("first", "then"), [("de", "fr"), ("fr", "de")])
def test_a_short_game_in_one_language_switched_to_another_halfway(
    live_server, browser: Browser, first, then
):
    start, switched = WORDS[first], WORDS[then]
    context = browser.new_context(locale=start["locale"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    # The browser's language chooses the site's.
    page.goto(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", first)
    expect(page.get_by_role("heading", level=1)).to_have_text(start["home"])
    page.get_by_role("link", name=start["new_game"], exact=True).first.click()
    page.get_by_label(re.compile(start["recruit"])).check()
    page.get_by_role("button", name=start["place"]).click()
    page.wait_for_load_state("load")
    page.get_by_role("button", name=start["shuffle"]).click()
    expect(page.get_by_role("status")).to_contain_text(start["shuffled"])
    page.get_by_role("button", name=start["start"]).click()
    expect(page.get_by_role("grid", name=start["enemy"])).to_be_visible()
    game = Game.objects.get(pk=page.url.rstrip("/").split("/")[-1])
    set_fleet(game, 1, COMPUTER_FLEET)
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_contain_text(start["heading"])

    # An announcement, a cell's accessible name, a refusal: all in the first language.
    enemy_cell(page, start, "A6").click()
    expect(page.get_by_role("status")).to_contain_text(start["said"])
    expect(page.locator("#turn-log-lines")).to_contain_text(start["hit"])
    expect(enemy_cell(page, start, "A6")).to_have_attribute("aria-label", start["hit_cell"])
    page.get_by_label(start["fire_at"]).fill("A6")
    page.get_by_role("button", name=start["fire"], exact=True).click()
    expect(page.locator("#shot-error")).to_have_text(start["refused"])
    no_problems(page)

    # The switch at the foot of the page: the same game, the same shots, other words.
    page.get_by_role("button", name=switched["name"]).click()
    expect(page.locator("html")).to_have_attribute("lang", then)
    assert page.url.rstrip("/").endswith(str(game.pk))
    expect(page.get_by_role("heading", level=1)).to_contain_text(switched["heading"])
    expect(enemy_cell(page, switched, "A6")).to_have_attribute("aria-label", switched["hit_cell"])
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert Shot.objects.filter(game=game, player=0).count() == 1

    # Play on to the end in the second language: a sinking, then the win.
    page.wait_for_load_state("load")
    for label in fleet_cells(COMPUTER_FLEET)[1:]:
        enemy_cell(page, switched, label).click()
        expect(enemy_cell(page, switched, label)).to_have_attribute("aria-label", re.compile(","))
        if label == "E6":  # the last cell of the Carrier
            expect(page.locator("#turn-log-lines")).to_contain_text(switched["sunk"])
    expect(page.get_by_role("heading", name=switched["won"])).to_be_visible()
    expect(page.get_by_text(switched["accuracy"])).to_be_visible()
    no_problems(page)
    assert errors == []
    context.close()
