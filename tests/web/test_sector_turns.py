"""A sector turn by htmx: the answer is the play area with the turn's announcements in the
live region (out of band), the enemy sea marks each cell with the turn that fired at it or
saw it and what sonar ruled out, and nothing hidden differs between two battles that differ
only where nothing was told. Without JavaScript the same post is answered by a redirect."""

import re

from tests.web.conftest import normalised
from tests.web.test_sector import COMPUTER, started, without_digest


def hx_turn(client, battle, **data):
    battle.refresh_from_db()
    data.setdefault("move", battle.moves)
    return client.post(f"/sector/{battle.pk}/turns", data, HTTP_HX_REQUEST="true")


def live_region(html):
    """What the answer puts into the live region to be spoken: the out-of-band part's text
    (not the cue that the computer is aiming, which is only seen)."""
    match = re.search(r'<div hx-swap-oob="innerHTML:#announcer">(.*?)</div>', html, re.S)
    assert match, "no live region words in the answer"
    spoken = re.sub(r'<span class="turn-cue" aria-hidden="true">.*?</span>', "", match.group(1))
    return " ".join(re.sub(r"<[^>]+>", " ", spoken).split())


def cell_name(html, label):
    # The first name after the cell's own mark (its numeral and turn are hidden from readers).
    match = re.search(rf'data-cell="{label}".*?aria-label="([^"]+)"', html, re.DOTALL)
    assert match, label
    return match.group(1)


def test_a_turn_by_htmx_answers_with_the_play_area_and_speaks_what_was_told(guest):
    battle = started(guest)

    response = hx_turn(guest, battle, action="shot", ship="Carrier", target="A8", sub="Submarine")

    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html  # only the play area
    assert html.lstrip().startswith('<div id="play"')
    said = live_region(html)
    assert "Your Carrier from sector I fires at A8: hit. Your Submarine moved." in said
    # The computer's answer, as the person was told it (the Deckhand fires single shots,
    # from its Carrier, whose bridge is in sector IV).
    assert said.endswith("From sector IV: a shot at J3, water.")
    battle.refresh_from_db()
    assert battle.moves == 2
    assert f'value="{battle.moves}"' in html  # the next turn's number, for the next post


def test_recon_sonar_and_a_barrage_are_spoken_in_the_live_region(guest):
    battle = started(guest)
    recon = live_region(hx_turn(guest, battle, action="recon", sector="III").content.decode())
    assert "Your recon over III: A8, A9, C9 occupied." in recon
    sonar = live_region(hx_turn(guest, battle, action="sonar", sector="XII").content.decode())
    assert "Your sonar over XII: a submarine on course column 12." in sonar
    barrage = hx_turn(guest, battle, action="barrage", cells="C9 C10 C11")
    assert "barrage at C9, C10, C11, three hits." in live_region(barrage.content.decode())


def test_a_refused_htmx_turn_is_said_in_the_live_region_and_changes_nothing(guest):
    battle = started(guest)
    response = hx_turn(guest, battle, action="barrage", cells="A1 A2")
    assert response.status_code == 400
    assert "A barrage fires at exactly three cells." in live_region(response.content.decode())
    stale = hx_turn(guest, battle, action="shot", target="B2", move=5)
    assert stale.status_code == 409
    assert "out of date" in live_region(stale.content.decode())
    battle.refresh_from_db()
    assert battle.moves == 0


def test_without_javascript_a_turn_is_a_post_and_a_redirect(guest):
    battle = started(guest)
    # Before the first turn the live region says where to begin, as the classic game's does.
    page = guest.get(battle.get_absolute_url()).content.decode()
    assert "The game is on: fire at a cell of Enemy waters." in page
    response = guest.post(
        f"/sector/{battle.pk}/turns", {"action": "shot", "target": "B2", "move": 0}
    )
    assert response.status_code == 302
    page = guest.get(response.url).content.decode()
    assert '<div id="announcer" class="announcer" aria-live="polite" role="status">' in page
    assert "fires at B2: water." in page
    assert "The game is on" not in page


def test_the_enemy_sea_marks_each_cell_with_its_turn_and_what_sonar_ruled_out(guest):
    battle = started(guest)
    hx_turn(guest, battle, action="shot", ship="Carrier", target="A8")
    hx_turn(guest, battle, action="shot", ship="Carrier", target="B2")
    hx_turn(guest, battle, action="recon", sector="III")
    # Sonar over I: no submarine course crosses it, so rows A-C hold no submarine heading
    # across and columns 1-3 none heading down; A1 to C3 can hold no submarine at all.
    html = hx_turn(guest, battle, action="sonar", sector="I").content.decode()

    assert (
        cell_name(html, "A8")
        == "A8, hit, turn 1, no submarine heading across on this row, sector III"
    )
    assert cell_name(html, "B2").startswith("B2, water when fired at, turn 2, no submarine can")
    assert cell_name(html, "A9").startswith("A9, recon saw a ship, turn 3, no submarine heading")
    assert cell_name(html, "C3") == "C3, unknown, no submarine can be here, sector I"
    assert (
        cell_name(html, "C7") == "C7, unknown, no submarine heading across on this row, sector III"
    )
    assert (
        cell_name(html, "J2") == "J2, unknown, no submarine heading down this column, sector XIII"
    )
    assert cell_name(html, "J7") == "J7, unknown, sector XV"
    # Seen too: the turn's number on the cell, and the cleared cells shaded.
    assert re.search(
        r'<span class="cell-turn" aria-hidden="true">1</span><button[^>]+aria-label="A8,', html
    )
    assert re.search(
        r'class="s-unknown no-sub"><span class="sector-numeral" aria-hidden="true">I<', html
    )


def test_two_battles_differing_only_in_hidden_places_send_the_same_htmx_answers(guest):
    """Action by action (recon, sonar, shots, barrages, submarine moves), the htmx answers
    of two battles whose computer fleets differ only where nothing was told are the same."""
    elsewhere = [*COMPUTER[:4], ("Second Submarine", "F5", "^")]
    battles = [started(guest, computer=c, seed=8) for c in (COMPUTER, elsewhere)]
    actions = [
        # Sonar only where neither second submarine's course (column 12, column 5) runs.
        {"action": "recon", "target": "B2"},
        {"action": "sonar", "sector": "VII", "sub": "Submarine"},
        {"action": "shot", "ship": "Destroyer", "target": "J7"},
        {"action": "barrage", "cells": "K1 K2 K3"},
        {"action": "shot", "ship": "Carrier", "target": "H2", "sub": "Second Submarine"},
        {"action": "recon", "sector": "XII"},
        {"action": "barrage", "cells": "A1 A2 A3"},
        # (The Deckhand sank the Destroyer, whose sonar this was, in the sixth turn.)
        {"action": "shot", "ship": "Carrier", "target": "C3"},
    ]
    compared = 0
    for data in actions:
        answers = [hx_turn(guest, battle, **data) for battle in battles]
        assert [a.status_code for a in answers] == [200, 200], data
        for battle in battles:
            battle.refresh_from_db()
        told = [battle.view().reports for battle in battles]
        if told[0] != told[1]:
            break  # the computer fired from the moved submarine: its sector was told
        texts = [normalised(without_digest(a.content.decode())) for a in answers]
        assert texts[0] == texts[1], data
        compared += 1
    assert compared >= 6
