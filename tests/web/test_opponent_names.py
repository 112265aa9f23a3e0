""" "Against the Admiral": every computer player's name, in every language, is said with the
article and case the phrase needs ("Gegen den Rekruten", not "Gegen Rekrut"), in the game's
heading and title and wherever a game is said to be against one."""

import re

import pytest
from django.test import Client

from tests.web.conftest import started_game

# The game's heading, level by level, as each language says it.
AGAINST = {
    "en-gb": ["Against the Recruit", "Against the Ensign", "Against the Lieutenant",
              "Against the Captain", "Against the Admiral"],
    "de": ["Gegen den Rekruten", "Gegen den Fähnrich", "Gegen den Leutnant",
           "Gegen den Kapitän", "Gegen den Admiral"],
    "fr": ["Contre le niveau Recrue", "Contre le niveau Enseigne", "Contre le niveau Lieutenant",
           "Contre le niveau Capitaine", "Contre le niveau Amiral"],
    "es": ["Contra el Recluta", "Contra el Alférez", "Contra el Teniente",
           "Contra el Capitán", "Contra el Almirante"],
}  # fmt: skip
SECTOR = {
    "en-gb": ["Sector battle against the Deckhand", "Sector battle against the Gunner",
              "Sector battle against the Admiral"],
    "de": ["Sektorenschlacht gegen den Matrosen", "Sektorenschlacht gegen den Kanonier",
           "Sektorenschlacht gegen den Admiral"],
}  # fmt: skip


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def heading(html):
    return text(re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)[1])


@pytest.mark.parametrize("language", AGAINST)
def test_the_games_heading_names_each_level_as_the_language_says_it(db, language):
    client = Client(headers={"accept-language": language})
    for level, said in enumerate(AGAINST[language], start=1):
        page = client.get(started_game(client, level=level).get_absolute_url())
        html = page.content.decode()
        assert heading(html).startswith(said + ","), heading(html)
        title = text(re.search(r"<title>(.*?)</title>", html, re.S)[1])
        assert said.split(" ", 1)[1].lower() in title.lower(), title
        # And where the home page lists it to continue.
        assert said.split(" ", 1)[1] in client.get("/").content.decode()


@pytest.mark.parametrize("language", SECTOR)
def test_a_sector_battles_heading_names_its_level_so_too(db, language):
    client = Client(headers={"accept-language": language})
    for level, said in enumerate(SECTOR[language], start=1):
        response = client.post("/sector/battles", {"level": level})
        assert heading(client.get(response.url).content.decode()) == said


def test_the_headings_comma_is_read_in_the_line_not_apart(guest):
    """The comma between the opponent and the level is for a screen reader only; hidden as
    .sr-only (taken out of the line) it is read apart ("Admiral , level 5"). The browser's
    own reading: tests/e2e/test_browser_headings.py."""
    html = guest.get(started_game(guest, level=5).get_absolute_url()).content.decode()
    h1 = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)[1]
    assert '<span class="sr-inline">,</span> <span class="level-tag">level 5</span>' in h1
    assert "sr-only" not in h1.split("level-tag")[0]
