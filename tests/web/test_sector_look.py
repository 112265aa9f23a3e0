"""The sector battle's page in the classic game's look, server side: ships placed from the
sea's own form (a submarine with the heading chosen beside it), a typed placement back to
the typed forms, the fleet drawn whole, each action a button that aims the page (without
JavaScript, a reload with ``?aim=``) and a press on the enemy sea that plays it; and the
whole page the same for two battles that differ only where nothing was told."""

import re

from battleship.sector import Placement
from tests.web.conftest import normalised
from tests.web.test_sector import COMPUTER, new_battle, started, without_digest


def on_the_sea(client, battle, **data):
    """A press on one's own sea while placing: the ship chosen, its lie and heading, a cell."""
    return client.post(f"/sector/{battle.pk}/ships", {"lie": "across", "heading": "E"} | data)


def test_a_ship_placed_on_the_sea_lies_as_chosen_and_a_submarine_heads_as_chosen(guest):
    battle = new_battle(guest)
    assert on_the_sea(guest, battle, ship="Carrier", cell="B2", lie="down").status_code == 302
    assert on_the_sea(guest, battle, ship="Submarine", cell="B6", heading="N").status_code == 302
    battle.refresh_from_db()
    assert battle.placed == [
        Placement.of("Carrier", "B2", "down").to_dict(),
        Placement.of("Submarine", "B6", "N").to_dict(),
    ]
    page = guest.get(f"/sector/{battle.pk}/").content.decode()
    # Each drawn whole from its first cell, as on the classic boards; the submarine's bow
    # where it heads; the next ship to place chosen.
    assert page.count('class="hull hull-V len-5 yours"') == 1
    assert page.count('<span class="heads heads-N"><span class="hull hull-V len-2 yours"') == 1
    assert 'aria-label="B2, your ship, sector I" class="cell ship on-ship" data-ship="Carrier"' in (
        page
    )
    assert re.search(r'value="Battleship" data-length="4" checked>', page)
    assert re.search(r'value="Carrier" data-length="5" data-lie="down">', page)


def test_a_refused_press_on_the_sea_says_why_and_places_nothing(guest):
    battle = new_battle(guest)
    on_the_sea(guest, battle, ship="Carrier", cell="A1")
    response = on_the_sea(guest, battle, ship="Destroyer", cell="B3")
    assert response.status_code == 422
    assert "The Destroyer would be closer than one cell to the Carrier." in response.text
    battle.refresh_from_db()
    assert [p["ship"] for p in battle.placed] == ["Carrier"]


def test_a_typed_placement_comes_back_to_the_typed_forms_open(guest):
    battle = new_battle(guest)
    typed = {"ship": "Carrier", "cell": "A1", "lie": "across", "typed": "1"}
    response = guest.post(f"/sector/{battle.pk}/ships", typed)
    assert response.status_code == 302
    assert response.url == f"/sector/{battle.pk}/?typed=1#typed-places"
    assert '<details class="typed-places" id="typed-places" open>' in guest.get(response.url).text
    plain = guest.get(f"/sector/{battle.pk}/").text
    assert '<details class="typed-places" id="typed-places">' in plain


def test_each_action_is_a_button_that_aims_the_enemy_sea_without_javascript(guest):
    battle = started(guest)
    page = guest.get(f"/sector/{battle.pk}/?aim=recon").text
    assert re.search(
        r'<button type="submit" name="aim" value="recon" [^>]*aria-pressed="true"', page
    )
    assert re.search(
        r'<button type="submit" name="aim" value="shot" [^>]*aria-pressed="false"', page
    )
    assert '<input type="hidden" name="action" value="recon" id="turn-action">' in page
    # A press on the sea sends its cell: recon flies over that cell's sector.
    assert 'name="target" value="B2"' in page
    response = guest.post(
        f"/sector/{battle.pk}/turns", {"move": 0, "action": "recon", "target": "B2"}
    )
    assert response.status_code == 302
    battle.refresh_from_db()
    assert battle.view().reports[0].kind == "recon"
    assert battle.view().reports[0].sector == 1
    # An action not known, or not left, aims a shot.
    page = guest.get(f"/sector/{battle.pk}/?aim=torpedo").text
    assert '<input type="hidden" name="action" value="shot" id="turn-action">' in page


def test_a_refused_turn_keeps_its_action_chosen(guest):
    battle = started(guest)
    response = guest.post(
        f"/sector/{battle.pk}/turns",
        {"move": 0, "action": "barrage", "cells": "A1 A2"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    assert '<input type="hidden" name="action" value="barrage" id="turn-action">' in response.text
    assert '<details class="typed-turn" open>' in response.text


def test_two_battles_differing_only_in_hidden_places_show_the_same_aimed_pages(guest):
    """Each aimed page (and the play area) is the same for two battles whose computer
    fleets differ only where nothing was told, before and after turns."""
    elsewhere = [*COMPUTER[:4], ("Second Submarine", "F5", "^")]
    battles = [started(guest, computer=c, seed=8) for c in (COMPUTER, elsewhere)]
    compared = 0
    for data in ({"action": "recon", "target": "B2"}, {"action": "barrage", "cells": "K1 K2 K3"}):
        for aim in ("shot", "recon", "barrage", "sonar"):
            pages = [guest.get(f"/sector/{b.pk}/?aim={aim}").text for b in battles]
            pages = [without_digest(page) for page in pages]
            assert normalised(pages[0]) == normalised(pages[1]), aim
            compared += 1
        for battle in battles:
            battle.refresh_from_db()
            moved = guest.post(f"/sector/{battle.pk}/turns", {"move": battle.moves} | data)
            assert moved.status_code == 302
            battle.refresh_from_db()
        if battles[0].view().reports != battles[1].view().reports:
            break  # the computer fired from the submarine placed apart: its sector was told
    assert compared >= 4
