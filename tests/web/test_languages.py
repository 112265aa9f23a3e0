"""The site in English, German, French and Spanish: the browser's language the first time,
the language switch after that (a cookie, and on the account for a signed-in player), and
everything a page says in it: refusals, plural forms, numbers and dates."""

import re
from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.test import Client

from battleship.classic import RuleSet
from battleship.classic.variants import VARIANTS
from battleship.words import LEVEL_DESCRIPTIONS, level_name, ship_name
from core.rule_sets import OFFERED
from tests.web.conftest import PASSWORD, finished_game, fire, make_user, new_game, started_game

COOKIE = settings.LANGUAGE_COOKIE_NAME


def lang_of(html):
    return re.search(r'<html lang="([^"]+)"', html)[1]


def heading(html):
    return re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S)[1]


@pytest.mark.parametrize(
    ("accept", "lang", "title"),
    [
        ("de-DE,de;q=0.9,en;q=0.5", "de", "Schiffe versenken gegen den Computer"),
        ("fr-FR,fr;q=0.9", "fr", "Bataille navale contre l'ordinateur"),
        ("es-ES,es;q=0.9", "es", "Hundir la flota contra el ordenador"),
        ("en-US,en;q=0.9", "en-gb", "Battleship against the computer"),
        ("ja-JP", "en-gb", "Battleship against the computer"),
    ],
)
def test_the_browsers_language_chooses_the_pages_language_the_first_time(
    guest, accept, lang, title
):
    html = guest.get("/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert lang_of(html) == lang
    assert heading(html) == title


def test_a_german_game_page_names_ships_levels_and_cells_in_german(guest):
    game = started_game(guest, level=4)
    fire(guest, game, "A6")  # the computer's Carrier (A6 down)
    html = guest.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Gegen den Kapitän" in heading(html)
    assert 'aria-label="Feindliche Gewässer"' in html
    assert "<h3>Deine Schiffe</h3>" in html
    assert "Flugzeugträger" in html
    assert "Schlachtschiff" in html
    assert "U-Boot" in html
    # The accessible name keeps the cell's name, then says what it is in German.
    assert 'aria-label="A6, Treffer, Runde 1"' in html
    assert "A6: Treffer" in html  # the announcement


def test_the_language_switch_is_remembered_by_a_cookie(guest):
    response = guest.post("/language", {"language": "fr", "next": "/games/new"})
    assert response.status_code == 302
    assert response.url == "/games/new"
    assert response.cookies[COOKIE].value == "fr"
    # The cookie wins over the browser's language from then on.
    html = guest.get("/games/new", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert lang_of(html) == "fr"
    assert heading(html) == "Nouvelle partie"


def test_the_switch_is_a_plain_form_on_every_page_with_each_language_in_itself(guest):
    html = guest.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    form = re.search(r'<form method="post" action="/language".*?</form>', html, re.S)[0]
    assert 'name="csrfmiddlewaretoken"' in form
    assert 'name="next" value="/"' in form
    buttons = re.findall(r'<button type="submit" name="language" value="([^"]+)" lang="\1"', form)
    assert buttons == ["en-gb", "de", "fr", "es"]
    assert 'value="de" lang="de" class="nav-link" aria-current="true">Deutsch<' in form
    assert ">Español<" in form
    assert ">Français<" in form
    assert ">English<" in form


def test_a_language_the_site_does_not_offer_changes_nothing(guest):
    response = guest.post("/language", {"language": "xx", "next": "/"})
    assert response.status_code == 302
    assert COOKIE not in response.cookies


def test_a_signed_in_players_choice_is_kept_on_the_account_and_applied_at_the_next_login(db):
    make_user("ana")
    first = Client()
    assert first.post("/login", {"username": "ana", "password": PASSWORD}).status_code == 302
    first.post("/language", {"language": "es", "next": "/"})
    from accounts.models import Preferences

    assert Preferences.objects.get(user__username="ana").language == "es"

    # Another browser, English by its own choice: the login brings the account's Spanish.
    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    response = other.post("/login", {"username": "ana", "password": PASSWORD})
    assert response.cookies[COOKIE].value == "es"
    html = other.get("/stats").content.decode()
    assert lang_of(html) == "es"
    assert heading(html) == "Tus estadísticas"


def test_a_guests_choice_goes_with_them_to_their_new_account(guest):
    guest.post("/language", {"language": "de", "next": "/"})
    response = guest.post(
        "/signup", {"username": "neu", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    from accounts.models import Preferences

    assert Preferences.objects.get(user__username="neu").language == "de"


def test_an_engine_refusal_comes_back_in_the_pages_language(guest):
    game = started_game(guest)
    fire(guest, game, "B7")
    for lang, said in [
        ("de", "Auf B7 wurde schon geschossen."),
        ("fr", "B7 a déjà été visée."),
        ("es", "Ya has disparado a B7."),
        ("en", "B7 has already been fired at."),
    ]:
        game.refresh_from_db()
        response = guest.post(
            f"/games/{game.pk}/shots",
            {"cell": "B7", "move": game.moves},
            HTTP_ACCEPT_LANGUAGE=lang,
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 400
        assert said in response.content.decode()


def test_a_placement_refusal_names_both_ships_in_the_pages_language(guest):
    game = new_game(guest)
    guest.post(f"/games/{game.pk}/ships", {"ship": "Carrier", "cell": "A1", "orientation": "H"})
    response = guest.post(
        f"/games/{game.pk}/ships",
        {"ship": "Destroyer", "cell": "A2", "orientation": "V"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 422
    assert "Le Torpilleur chevaucherait le Porte-avions en A2." in response.content.decode()


def test_a_typed_cell_that_is_no_cell_is_refused_in_the_pages_language(guest):
    game = started_game(guest)
    response = guest.post(
        f"/games/{game.pk}/shots",
        {"cell": "7B", "move": game.moves},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    assert "ist kein Feld: Gib einen Zeilenbuchstaben und eine Spaltenzahl an" in (
        response.content.decode()
    )


def test_plural_forms_follow_the_number(guest):
    one = started_game(guest)
    fire(guest, one, "B7")
    two = started_game(guest)
    fire(guest, two, "B7")
    fire(guest, two, "B8")
    html = guest.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "bisher 1 Schuss" in html
    assert "bisher 2 Schüsse" in html
    html = guest.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1 tir pour l'instant" in html
    assert "2 tirs pour l'instant" in html
    html = guest.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "1 disparo hasta ahora" in html
    assert "2 disparos hasta ahora" in html


def test_numbers_and_dates_are_written_the_languages_way(owner):
    moment = datetime(2026, 3, 5, 14, 7, tzinfo=UTC)
    finished_game(owner.user, "won", shots=37, hits=17, finished_at=moment)
    finished_game(owner.user, "lost", shots=60, hits=16, finished_at=moment)
    german = owner.get("/stats", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    english = owner.get("/stats", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<dd>48,5</dd>" in german  # shots a game: (37 + 60) / 2
    assert "<dd>48.5</dd>" in english
    assert "<dd>50\N{NO-BREAK SPACE}%</dd>" in german  # the win rate
    assert "<dd>50%</dd>" in english
    history = owner.get("/history", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "5. Mär 2026, 14:07" in history
    assert "5 Mar 2026, 14:07" in owner.get("/history").content.decode()


def test_a_finished_games_summary_says_its_time_and_accuracy_in_french(guest):
    game = started_game(guest)
    for cell in ["A6", "B6", "C6", "D6", "E6", "A8", "B8", "C8", "D8", "H1", "H2", "H3"]:
        fire(guest, game, cell)
    for cell in ["J1", "J2", "J3", "J9"]:
        fire(guest, game, cell)
    fire(guest, game, "J10")
    html = guest.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Victoire\N{NO-BREAK SPACE}! Vous avez coulé toute leur flotte." in html
    assert "(précision 100\N{NO-BREAK SPACE}%)" in html


def test_every_ship_level_and_rule_set_the_site_shows_has_its_translation():
    """A ship, a level or a rule set added without an entry would show in English."""
    from django.utils import translation

    from battleship.classic.ai import LEVELS
    from battleship.sector.ai import LEVELS as SECTOR_LEVELS
    from battleship.sector.fleet import FLEET

    ships = {spec.name for name in VARIANTS for spec in VARIANTS[name]().fleet}
    ships |= {spec.name for spec in FLEET}
    # In Spanish every one of these names differs from the English.
    with translation.override("es"):
        for name in ships:
            assert ship_name(name) != name, name
        for info in [*LEVELS, *SECTOR_LEVELS]:
            assert level_name(info.name) != info.name, info.name
            assert info.description in LEVEL_DESCRIPTIONS
        for info in OFFERED:
            with translation.override("en"):
                english = (info.title, info.summary)
            assert (info.title, info.summary) != english, info.name
    assert RuleSet.standard().fleet  # the fleet the home page lists


def test_the_charts_coordinates_stay_numbers_in_every_language(owner):
    moment = datetime(2026, 3, 5, 14, 7, tzinfo=UTC)
    for n, status in enumerate(["won", "lost", "won", "won", "lost", "won", "lost", "won"]):
        finished_game(owner.user, status, shots=40 + n, hits=17, finished_at=moment)
    html = owner.get("/stats", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    svgs = re.findall(r"<svg viewBox.*?</svg>", html, re.S)
    assert len(svgs) == 3
    numbers = [
        value
        for svg in svgs
        for value in re.findall(r' (?:x1?|x2|y1?|y2|width|height|fill-opacity)="([^"]*)"', svg)
    ]
    assert any("." in value for value in numbers)  # fractions there are, written with a point
    assert not [value for value in numbers if "," in value]


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_every_kind_of_page_is_whole_in_each_language(owner, language):
    """Each page and state renders in the language, with no English left in its headings."""
    from tests.web.test_sector import started as sector_started
    from tests.web.test_sector import turn

    played = started_game(owner)
    fire(owner, played, "A6")
    setup = new_game(owner)
    finished = started_game(owner)
    fire(owner, finished, "B7")
    owner.post(f"/games/{finished.pk}/resign")
    battle = sector_started(owner)
    turn(owner, battle, action="shot", target="A1")
    over = sector_started(owner)
    owner.post(f"/sector/{over.pk}/resign")
    pages = [
        "/",
        "/games/new",
        setup.get_absolute_url(),
        played.get_absolute_url(),
        "/rules/special_weapons",
        "/stats",
        "/history",
        finished.get_absolute_url(),
        f"/history/{finished.pk}/?step=2",
        "/leaderboard",
        "/password",
        "/history?mode=sector",
        "/sector/new",
        "/sector/rules",
        f"/sector/{battle.pk}/",
        f"/sector/{over.pk}/replay?step=1",
        "/no-such-page",
    ]
    english = re.compile(
        r"\b(Your|Enemy|Place|Replay|Against|the|shots?|games?|Leaderboard|Statistics)\b"
    )
    for path in pages:
        response = owner.get(path, HTTP_ACCEPT_LANGUAGE=language)
        html = response.content.decode()
        assert response.status_code == (404 if path == "/no-such-page" else 200), path
        assert lang_of(html) == language, path
        for text in re.findall(r"<h[1-3][^>]*>(.*?)</h[1-3]>", html, re.S):
            words = re.sub(r"<[^>]+>", " ", text)
            assert not english.search(words), (path, words)
