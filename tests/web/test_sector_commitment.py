"""The commitment to the computer's sector fleet: its fingerprint shown from the start of
the battle and never changing (though its submarines move), its starting places and salt
sent to nobody before the end, and shown at the end (won, lost, resigned) and on the replay
so that hashing them gives the fingerprint shown at the start."""

import hashlib
import re
import subprocess

import pytest

from battleship.sector import Placement, parse_cell
from battleship.sector.commitment import placement_text
from sector.models import SectorBattle
from tests.web.conftest import normalised
from tests.web.test_commitment import DOCS, digest_on, revealed_on
from tests.web.test_sector import COMPUTER, PERSON, new_battle, place, started, turn

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
STARTING_TEXT = (
    "Battleship C9 across; Carrier A8 across; Destroyer E12 down; "
    "Second Submarine I12 south; Submarine L11 west"
)


def url(battle, path=""):
    return f"/sector/{battle.pk}/{path}"


def test_the_text_is_the_starting_placement_with_each_submarines_heading():
    placements = [Placement.of(*ship) for ship in COMPUTER]
    assert placement_text(placements) == STARTING_TEXT
    assert placement_text(reversed(placements)) == STARTING_TEXT
    turned = [*placements[:3], Placement.of("Submarine", "L11", ">")]
    assert placement_text([*turned, placements[4]]) != STARTING_TEXT


def test_the_fingerprint_is_shown_from_the_start_and_never_changes_as_submarines_move(guest):
    battle = new_battle(guest)
    for name, cell, lie in PERSON:
        place(guest, battle, name, cell, lie)
    assert digest_on(guest.get(url(battle)).content.decode()) is None  # nothing to seal yet
    assert guest.post(url(battle, "start")).status_code == 302
    page = guest.get(url(battle)).content.decode()
    first = digest_on(page)
    assert first is not None
    assert "The computer's fleet, sealed" in page
    assert "what is sealed is where every ship started" in page
    for target in ["B2", "C5", "D3", "J7"]:
        fired = turn(guest, battle, action="shot", ship="Carrier", target=target, sub="Submarine")
        assert fired.status_code == 302
        assert digest_on(guest.get(url(battle)).content.decode()) == first
    assert digest_on(guest.get(url(battle), headers=HX).content.decode()) == first
    battle.refresh_from_db()
    assert not battle.is_over
    assert battle.moves == 8


def test_nothing_of_the_seal_is_sent_before_the_end_and_all_of_it_after(guest):
    battle = started(guest)
    battle.refresh_from_db()
    salt = battle.fleet_salt
    assert len(salt) == 64
    seen = [guest.get(url(battle)), guest.get(url(battle), headers=HX)]
    for target in ["B2", "C5", "J7"]:
        seen.append(turn(guest, battle, action="shot", target=target))
        seen.append(guest.get(url(battle)))
        seen.append(turn(guest, battle, action="recon", target="3", move=0))  # stale: refused
    battle.refresh_from_db()
    seen += [
        guest.post(url(battle, "turns"), {"move": battle.moves, "action": "shot"}, headers=HX),
        guest.get(url(battle, "replay")),  # refused: not over
        guest.get("/"),
        guest.get("/history?mode=sector"),
    ]
    for response in seen:
        body = response.content.decode()
        assert salt not in body
        assert STARTING_TEXT not in body
        assert 'id="commitment-salt"' not in body
    start_digest = digest_on(seen[0].content.decode())
    assert guest.post(url(battle, "resign")).status_code == 302  # no JavaScript
    ended = guest.get(url(battle)).content.decode()
    assert revealed_on(ended) == (STARTING_TEXT, salt)
    assert "The computer's fleet, unsealed" in ended
    assert "compare them with the first turn of the replay" in ended
    again = hashlib.sha256(f"{STARTING_TEXT}\n{salt}".encode()).hexdigest()
    assert again == start_digest == digest_on(ended)
    replay = guest.get(url(battle, "replay?step=3")).content.decode()
    assert revealed_on(replay) == (STARTING_TEXT, salt)
    assert digest_on(replay) == start_digest


def test_two_battles_differing_only_in_hidden_places_differ_only_by_their_fingerprints(guest):
    elsewhere = [*COMPUTER[:4], ("Second Submarine", "F5", "^")]
    battles = [started(guest, computer=c, seed=4) for c in (COMPUTER, elsewhere)]
    for target in [None, "B2", "C5", "D3"]:
        if target:
            for battle in battles:
                assert turn(guest, battle, action="recon", target=target).status_code == 302
        for headers in ({}, HX):
            pages = [guest.get(url(b), headers=headers).content.decode() for b in battles]
            digests = [digest_on(page) for page in pages]
            assert None not in digests
            assert digests[0] != digests[1]
            unsealed = [
                normalised(re.sub(r"/sector/[0-9a-f-]{36}/", "/sector/<id>/", page))
                .replace(digest, "<digest>")
                .replace(str(battle.pk), "<id>")
                for page, digest, battle in zip(pages, digests, battles, strict=True)
            ]
            assert unsealed[0] == unsealed[1]


def test_the_same_fleet_is_sealed_differently_in_two_battles(guest):
    one, other = started(guest), started(guest)
    one.refresh_from_db(), other.refresh_from_db()
    assert one.fleets[1] == other.fleets[1]
    assert one.fleet_salt != other.fleet_salt
    assert digest_on(guest.get(url(one)).content.decode()) != digest_on(
        guest.get(url(other)).content.decode()
    )


def test_a_battle_played_to_the_end_reveals_where_the_fleet_started(guest):
    battle = started(guest)
    first = digest_on(guest.get(url(battle)).content.decode())
    cells = [f"{row}{col}" for row in "ABCDEFGHIJKL" for col in range(1, 13)]
    for cell in cells * 2:
        battle.refresh_from_db()
        if battle.is_over:
            break
        legal = battle.view().legal
        if parse_cell(cell) in legal.targets:
            turn(guest, battle, action="shot", ship=legal.shooters[0], target=cell)
    battle.refresh_from_db()
    assert battle.status in ("won", "lost")
    placement, salt = revealed_on(guest.get(url(battle)).content.decode())
    assert placement == STARTING_TEXT  # where the submarines started, not where they ended
    assert hashlib.sha256(f"{placement}\n{salt}".encode()).hexdigest() == first


def test_a_battle_from_before_commitments_shows_none_and_still_plays_and_ends(guest):
    battle = started(guest)
    SectorBattle.objects.filter(pk=battle.pk).update(fleet_salt="")
    page = guest.get(url(battle))
    assert page.status_code == 200
    assert 'id="commitment"' not in page.content.decode()
    assert turn(guest, battle, action="shot", target="B2").status_code == 302
    assert guest.post(url(battle, "resign")).status_code == 302
    assert 'id="commitment"' not in guest.get(url(battle)).content.decode()
    replay = guest.get(url(battle, "replay"))
    assert replay.status_code == 200
    assert 'id="commitment"' not in replay.content.decode()


def test_the_documented_command_prints_the_fingerprint_shown_at_the_start(guest):
    battle = started(guest)
    first = digest_on(guest.get(url(battle)).content.decode())
    assert guest.post(url(battle, "resign")).status_code == 302
    page = guest.get(url(battle)).content.decode()
    placement, salt = revealed_on(page)
    docs = DOCS.read_text()
    assert STARTING_TEXT in docs  # the sector fleet's text, documented as the engine writes it
    documented = re.search(r"^\s*(printf .*sha256sum)\s*$", docs, re.M).group(1)
    command = documented.replace("PLACEMENT", placement).replace("SALT", salt)
    printed = subprocess.run(["/bin/sh", "-c", command], capture_output=True, text=True, check=True)
    assert printed.stdout.split()[0] == first
    assert f"printf &#x27;%s\\n%s&#x27; &#x27;{placement}&#x27; {salt} | sha256sum" in page
