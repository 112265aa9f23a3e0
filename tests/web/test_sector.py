"""The sector battle in the browser: chosen from the new-game page, set up on the 12 x 12
sea, played turn by turn with the computer answering in the same request, every invalid
request refused with a clear message and an unchanged battle, nothing hidden sent."""

import html
import re

import pytest
from django.test import Client

from battleship.sector import FLEET, Placement, parse_cell
from sector.models import SectorBattle
from tests.web.conftest import normalised

PERSON = [
    ("Carrier", "A1", "across"),
    ("Battleship", "C1", "across"),
    ("Destroyer", "E1", "across"),
    ("Submarine", "G1", ">"),
    ("Second Submarine", "I1", ">"),
]
COMPUTER = [
    ("Carrier", "A8", "across"),
    ("Battleship", "C9", "across"),
    ("Destroyer", "E12", "down"),
    ("Submarine", "L11", "<"),
    ("Second Submarine", "I12", "v"),
]


def new_battle(client, level=1):
    response = client.post("/sector/battles", {"level": level})
    assert response.status_code == 302
    return SectorBattle.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def started(client, level=1, computer=COMPUTER, seed=11):
    """A battle in progress with both fleets known (the person's placed through the page)."""
    battle = new_battle(client, level)
    battle.seed = seed
    battle.save(update_fields=["seed"])
    for name, cell, lie in PERSON:
        assert place(client, battle, name, cell, lie).status_code == 302
    assert client.post(f"/sector/{battle.pk}/start").status_code == 302
    battle.refresh_from_db()
    battle.fleets[1] = [Placement.of(*ship).to_dict() for ship in computer]
    battle.save(update_fields=["fleets"])
    return battle


def place(client, battle, name, cell, lie):
    return client.post(f"/sector/{battle.pk}/ships", {"ship": name, "cell": cell, "lie": lie})


def turn(client, battle, **data):
    battle.refresh_from_db()
    data.setdefault("move", battle.moves)
    return client.post(f"/sector/{battle.pk}/turns", data)


def test_it_is_chosen_from_the_new_game_page_with_its_rules(guest):
    page = guest.get("/games/new").content.decode()
    assert 'href="/sector/new"' in page
    rules = guest.get("/sector/new").content.decode()
    assert "Sector battle" in rules
    assert "Deckhand" in rules
    assert "Admiral" in rules
    assert "only the number of" in rules


def test_an_unknown_level_is_refused(guest):
    response = guest.post("/sector/battles", {"level": 4})
    assert response.status_code == 400
    assert "Choose one of the 3 opponents." in response.content.decode()
    assert not SectorBattle.objects.exists()


def test_setup_draws_the_sectors_and_refuses_ships_too_close_with_the_reason(guest):
    battle = new_battle(guest)
    page = guest.get(f"/sector/{battle.pk}/").content.decode()
    assert page.count('class="sector-numeral"') == 16
    assert ">XIV<" in page
    assert place(guest, battle, "Carrier", "A1", "across").status_code == 302

    response = place(guest, battle, "Battleship", "B6", "across")

    assert response.status_code == 422
    reason = "The Battleship would be closer than one cell to the Carrier."
    assert reason in response.content.decode()
    battle.refresh_from_db()
    assert [p["ship"] for p in battle.placed] == ["Carrier"]


def test_a_submarine_is_placed_with_its_heading_shown(guest):
    battle = new_battle(guest)
    assert place(guest, battle, "Submarine", "F6", "N").status_code == 302
    page = guest.get(f"/sector/{battle.pk}/").content.decode()
    assert 'aria-label="F6, your submarine heading north, sector VI"' in page
    assert "▲" in page


def test_it_will_not_start_before_the_whole_fleet_is_placed(guest):
    battle = new_battle(guest)
    place(guest, battle, "Carrier", "A1", "across")
    response = guest.post(f"/sector/{battle.pk}/start")
    assert response.status_code == 409
    assert "Place all 5 ships before starting." in response.content.decode()
    battle.refresh_from_db()
    assert battle.status == "setup"


def test_a_turn_is_answered_by_the_computer_in_the_same_request(guest):
    battle = started(guest)

    response = turn(guest, battle, action="recon", target="J7")

    assert response.status_code == 302
    battle.refresh_from_db()
    assert battle.moves == 2
    assert battle.log[0] == {"action": "recon", "sector": "XV"}
    page = guest.get(f"/sector/{battle.pk}/").content.decode()
    assert "Your recon over XV: no ship seen." in page
    assert 'aria-live="polite"' in page


def test_a_shot_is_told_with_its_sector_and_the_submarine_moves(guest):
    battle = started(guest)
    response = turn(guest, battle, action="shot", ship="Destroyer", target="A8", sub="Submarine")
    assert response.status_code == 302
    page = guest.get(f"/sector/{battle.pk}/").content.decode()
    assert "Your Destroyer from sector V fires at A8: hit. Your Submarine moved." in page
    assert 'aria-label="A8, hit, turn 1, sector III"' in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "torpedo", "target": "A1"}, "is not an action"),
        ({"action": "shot", "target": "M1"}, "off the board"),
        ({"action": "shot", "ship": "Cruiser", "target": "A1"}, "not a ship of the fleet"),
        ({"action": "barrage", "cells": "A1 A2"}, "exactly three cells"),
        ({"action": "barrage", "cells": "A1 A1 A2"}, "three different cells"),
        ({"action": "recon", "sector": "XX"}, "not a sector"),
        ({"action": "sonar", "sector": ""}, "not a sector"),
        ({"action": "shot", "target": "A1", "sub": "Carrier"}, "not a submarine"),
        (
            {"action": "shot", "target": "A1", "sub": "Second Submarine", "move": "x"},
            "did not say which move it was",
        ),
    ],
)
def test_an_invalid_turn_is_refused_with_a_message_and_changes_nothing(guest, data, message):
    """A turn that could never be played: 400, as in every mode (modes/refusals.py)."""
    battle = started(guest)
    before = (battle.moves, battle.log)

    response = turn(guest, battle, **data)

    assert response.status_code == 400
    assert message in response.content.decode()
    battle.refresh_from_db()
    assert (battle.moves, battle.log) == before


def test_a_struck_cell_and_a_sunk_ship_are_refused(guest):
    battle = started(guest)
    turn(guest, battle, action="shot", ship="Carrier", target="A8")
    before = SectorBattle.objects.get(pk=battle.pk).log

    response = turn(guest, battle, action="shot", ship="Carrier", target="A8")

    assert response.status_code == 400
    assert "A8 is a ship&#x27;s cell already hit: fire elsewhere." in response.content.decode()
    assert SectorBattle.objects.get(pk=battle.pk).log == before


def test_a_repeated_post_is_applied_once(guest):
    battle = started(guest)
    first = turn(guest, battle, action="shot", target="B2", move=0)
    second = turn(guest, battle, action="shot", target="B3", move=0)
    assert first.status_code == 302
    assert second.status_code == 409
    battle.refresh_from_db()
    assert battle.moves == 2


def test_someone_elses_battle_is_not_found(guest, outsider):
    battle = started(guest)
    assert outsider.get(f"/sector/{battle.pk}/").status_code == 404
    assert outsider.post(f"/sector/{battle.pk}/turns", {"move": 0}).status_code == 404
    assert outsider.post(f"/sector/{battle.pk}/resign").status_code == 404


def test_resigning_ends_it_and_reveals_the_enemy_fleet(guest):
    battle = started(guest)
    assert guest.post(f"/sector/{battle.pk}/resign").status_code == 302
    page = guest.get(f"/sector/{battle.pk}/").content.decode()
    assert "You resigned. The Deckhand wins." in page
    assert 'aria-label="A8, enemy ship, sector III"' in page
    assert turn(guest, battle, action="shot", target="A1").status_code == 409
    assert "Resigned" in guest.get("/history?mode=sector").content.decode()


def test_a_whole_battle_is_played_to_the_end_and_listed(guest):
    battle = started(guest)
    cells = [f"{row}{col}" for row in "ABCDEFGHIJKL" for col in range(1, 13)]
    for cell in cells * 2:
        battle.refresh_from_db()
        if battle.is_over:
            break
        # From a ship afloat (the Deckhand sinks ships), at a cell not struck already.
        legal = battle.view().legal
        if parse_cell(cell) in legal.targets:
            fired = turn(guest, battle, action="shot", ship=legal.shooters[0], target=cell)
            assert fired.status_code == 302
    battle.refresh_from_db()
    assert battle.status in ("won", "lost")
    history = guest.get("/history?mode=sector").content.decode()
    assert battle.get_status_display() in history
    assert f"/sector/{battle.pk}/replay?step=0" in history


def page_of(client, battle):
    html = without_digest(client.get(f"/sector/{battle.pk}/").content.decode())
    return normalised(re.sub(r"/sector/[0-9a-f-]{36}/", "/sector/<id>/", html))


def without_digest(html):
    """A page with the sealed fleet's fingerprint blanked: it differs between two fleets, as
    it must, and says nothing of them (tests/web/test_sector_commitment.py)."""
    return re.sub(r"\b[0-9a-f]{64}\b", "<digest>", html)


def test_two_battles_differing_only_in_hidden_places_send_the_same_pages(guest):
    """The computer's second submarine lies elsewhere, out of sight: the person's pages are
    the same, turn after turn, for as long as what the person was told is the same (until
    the computer fires from that submarine and its sector is told; with this seed it does
    not within ten turns)."""
    elsewhere = [*COMPUTER[:4], ("Second Submarine", "F5", "^")]
    battles = [started(guest, computer=c, seed=4) for c in (COMPUTER, elsewhere)]
    compared = 0
    for target in ["B2", "C5", "D3", "J7", "H2", "K4", "A2", "L2", "G9", "F11"]:
        views = [battle.view() for battle in battles]
        if views[0].reports != views[1].reports:
            break
        assert page_of(guest, battles[0]) == page_of(guest, battles[1])
        compared += 1
        for battle in battles:
            assert turn(guest, battle, action="recon", target=target).status_code == 302
            battle.refresh_from_db()
    assert compared == 10


def test_a_finished_battle_replays_turn_by_turn_with_both_fleets_and_tracks(guest):
    battle = started(guest)
    turn(guest, battle, action="shot", ship="Carrier", target="A8", sub="Submarine")
    turn(guest, battle, action="shot", ship="Carrier", target="L1", sub="Submarine")
    assert guest.get(f"/sector/{battle.pk}/replay").status_code == 409  # not over yet
    guest.post(f"/sector/{battle.pk}/resign")

    first = guest.get(f"/sector/{battle.pk}/replay?step=0").content.decode()
    later = guest.get(f"/sector/{battle.pk}/replay?step=4").content.decode()

    assert "Turn 0 of 4. The battle begins: you start." in first
    assert 'aria-label="A8, enemy ship, sector III"' in first
    assert "Turn 4 of 4." in later
    assert 'aria-label="A8, hit, sector III"' in later
    # The person's Submarine ran east from G1-G2 to G3-G4: G1 and G2 are its track.
    assert 'aria-label="G1, a submarine passed here, sector IX"' in later
    assert 'aria-label="G4, your submarine heading east, sector X"' in later


def test_a_replay_step_out_of_range_is_clamped_and_nonsense_refused(guest):
    battle = started(guest)
    guest.post(f"/sector/{battle.pk}/resign")
    assert "Turn 0 of 0." in guest.get(f"/sector/{battle.pk}/replay?step=99").content.decode()
    assert guest.get(f"/sector/{battle.pk}/replay?step=x").status_code == 409


def test_finished_battles_are_in_the_one_history_and_unfinished_ones_on_the_home_page(
    guest, outsider
):
    for level in (1, 2):
        guest.post(f"/sector/{started(guest, level=level).pk}/resign")
    going = started(guest, level=3)
    placing = new_battle(guest)
    someone_elses = started(outsider)

    # The old address of the sector list is the history's sector filter now.
    moved = guest.get("/sector/")
    assert moved.status_code == 301
    assert moved["Location"] == "/history?mode=sector"

    history = guest.get("/history?mode=sector").content.decode()
    assert "2 finished games, newest first" in history
    assert history.count("Resigned") == 2
    assert f"/sector/{going.pk}/" not in history
    theirs = outsider.get("/history?mode=sector").content.decode()
    assert "Resigned" not in theirs
    assert "No finished games yet." in theirs

    home = guest.get("/").content.decode()
    assert "Sector battle against the" in home
    for battle in (going, placing):
        assert f'href="/sector/{battle.pk}/"' in home
    assert f"/sector/{someone_elses.pk}/" not in home
    assert "Sector battle against the" not in Client().get("/").content.decode()


def test_no_sector_page_shows_template_text(guest):
    from tests.web.test_no_template_text import assert_clean

    assert_clean(guest.get("/sector/new"))
    assert_clean(guest.get("/sector/rules"))
    assert_clean(guest.get("/history?mode=sector"))
    battle = new_battle(guest)
    assert_clean(guest.get(f"/sector/{battle.pk}/"))
    assert_clean(place(guest, battle, "Carrier", "A1", "up"))
    battle = started(guest)
    assert_clean(guest.get(f"/sector/{battle.pk}/"))
    assert turn(guest, battle, action="sonar", sector="X", sub="Submarine").status_code == 302
    assert_clean(guest.get(f"/sector/{battle.pk}/"))
    assert_clean(turn(guest, battle, action="barrage", cells="A1"))
    guest.post(f"/sector/{battle.pk}/resign")
    assert_clean(guest.get(f"/sector/{battle.pk}/"))
    assert_clean(guest.get(f"/sector/{battle.pk}/replay?step=1"))


@pytest.mark.usefixtures("steady_rate_clock")
def test_turns_are_rate_limited_per_player(guest, settings):
    battle = started(guest)
    settings.FIRE_RATE = "1/m"
    assert turn(guest, battle, action="recon", sector="I").status_code == 302
    assert turn(guest, battle, action="recon", sector="II").status_code == 429
    battle.refresh_from_db()
    assert battle.moves == 2


RULES_HEADINGS = {
    "en": (
        "Sector battle: the rules",
        [
            "The sea and its sectors",
            "The fleet",
            "Placing your fleet",
            "A turn",
            "The actions, and what the enemy is told",
            "Hits and sinking",
            "The end",
            "Tips",
        ],
    ),
    "de": (
        "Sektorenschlacht: die Regeln",
        ["Das Meer und seine Sektoren", "Die Flotte", "Die Aktionen und was der Gegner erfährt"],
    ),
    "fr": (
        "Bataille des secteurs : les règles",
        ["La mer et ses secteurs", "La flotte", "Les actions, et ce que l'ennemi apprend"],
    ),
    "es": (
        "Batalla de sectores: las reglas",
        ["El mar y sus sectores", "La flota", "Las acciones, y lo que se le dice al enemigo"],
    ),
}


def rules_page(client, language="en"):
    response = client.get("/sector/rules", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def sector_maps(page):
    """Each sector map's sectors: numeral, the cells it spans, and what sonar ruled out."""
    found = []
    for table in re.findall(r'<table class="sector-map">.*?</table>', page, re.S):
        found.append(
            re.findall(
                r'<td rowspan="3" colspan="3"(?: class="m-([\w-]+)")?>'
                r'<span class="sector-map-numeral">(\w+)</span> '
                r'<span class="sector-map-cells">(\w+)\u2013(\w+)</span>',
                table,
            )
        )
    return found


@pytest.mark.parametrize("language", RULES_HEADINGS)
def test_the_rules_page_answers_in_each_language_with_its_headings(guest, language):
    page = rules_page(guest, language)
    title, sections = RULES_HEADINGS[language]
    assert re.findall(r"<h1>(.*?)</h1>", page) == [title]
    headings = re.findall(r'<h2 id="[\w-]+">(.*?)</h2>', page)
    for section in sections:
        assert section in headings, (language, section)


def test_the_rules_page_maps_all_sixteen_sectors_and_what_sonar_rules_out(guest):
    sea, sonar = sector_maps(rules_page(guest))
    numerals = "I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI".split()  # noqa: SIM905
    assert [numeral for _state, numeral, _first, _last in sea] == numerals
    spans = {numeral: (first, last) for _state, numeral, first, last in sea}
    assert spans["I"] == ("A1", "C3")
    assert spans["XIV"] == ("J4", "L6")  # the source's G10 is our J7: sector XV
    assert spans["XVI"] == ("J10", "L12")
    assert not any(state for state, *_ in sea)
    # The sonar tip (docs/rules/sector.md): sweeps of VI and XVI finding nothing clear VIII and XIV.
    states = {numeral: state for state, numeral, _first, _last in sonar}
    assert {n for n, s in states.items() if s == "scanned"} == {"VI", "XVI"}
    assert {n for n, s in states.items() if s == "clear"} == {"VIII", "XIV"}
    assert {n for n, s in states.items() if s == "across"} == {"V", "VII", "XIII", "XV"}
    assert {n for n, s in states.items() if s == "down"} == {"II", "X", "IV", "XII"}
    assert {n for n, s in states.items() if not s} == {"I", "III", "IX", "XI"}


def test_the_rules_page_lists_the_engines_fleet_with_lengths_and_bridges(guest):
    page = rules_page(guest)
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th><td>(\d+)</td><td>(.*?)</td>', page)
    assert [(name, int(length)) for name, length, _ in rows] == [
        (ship.name, ship.length) for ship in FLEET
    ]
    bridges = {name: re.sub(r"<[^>]+>", "", bridge) for name, _, bridge in rows}
    assert bridges["Carrier"] == "■■●■■ in the middle"
    assert bridges["Battleship"].startswith("■●■■ second from the bow")
    assert bridges["Submarine"].startswith("●■▶ astern")
    for words in ("only the number of hits", "Submarines are invisible to it", "no draw"):
        assert words in page


def test_the_rules_page_is_in_german_for_a_german_reader(guest):
    page = rules_page(guest, "de")
    assert "Ein U-Boot sinkt beim ersten Treffer, obwohl es zwei Felder lang ist." in page
    assert "A submarine sinks at the first hit" not in page
    assert '<th scope="row">Zerstörer</th><td>3</td>' in page


def test_the_new_battle_and_battle_pages_link_the_full_rules(guest):
    for page in (
        guest.get("/sector/new").content.decode(),
        guest.get(f"/sector/{new_battle(guest).pk}/").content.decode(),
        guest.get(f"/sector/{started(guest).pk}/").content.decode(),
    ):
        assert '<a href="/sector/rules">The full rules</a>' in page


def test_resigning_is_asked_first_as_in_the_classic_game(guest):
    battle = started(guest)
    page = guest.get(f"/sector/{battle.pk}/").content.decode()
    # The resign button is inside a closed box that asks first: one click does not end it.
    box = re.search(r"<details class=\"resign\">(.*?)</details>", page, re.S)
    assert box, "no question before resigning"
    assert "Give up this battle? It counts as a loss." in box[1]
    assert f'action="/sector/{battle.pk}/resign"' in box[1]
    assert "Yes, resign" in box[1]
    assert f'action="/sector/{battle.pk}/resign"' not in page.replace(box[0], "")


def test_a_refused_placement_keeps_what_the_player_typed_and_chose(guest):
    battle = new_battle(guest)
    refused = place(guest, battle, "Carrier", "L12", "down")
    assert refused.status_code == 422
    page = refused.content.decode()
    assert "The Carrier at L12 would leave the sea." in page
    carrier = re.search(r'value="Carrier">(.*?)</form>', page, re.S)
    assert carrier
    assert re.search(r'<input name="cell"[^>]* value="L12" aria-invalid="true"', carrier[1])
    assert '<option value="down" selected>' in carrier[1]
    # The other ships' forms are as they were.
    battleship = re.search(r'value="Battleship">(.*?)</form>', page, re.S)
    assert battleship
    assert "aria-invalid" not in battleship[1]
    assert "selected" not in battleship[1]
    submarine = place(guest, battle, "Submarine", "L12", "S").content.decode()
    assert '<option value="S" selected>' in submarine
