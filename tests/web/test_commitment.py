"""The commitment to the computer's fleet: its fingerprint shown from the first shot and
never changing, its places and salt sent to nobody before the end, and shown at the end
(win, loss or resignation) so that hashing them gives the fingerprint shown at the start."""

import hashlib
import re
import subprocess
from pathlib import Path

import pytest

from battleship.classic import Ship
from battleship.classic.commitment import placement_text
from games.models import COMPUTER, Game
from tests.web.conftest import (
    COMPUTER_FLEET,
    HUMAN_FLEET,
    fire,
    fleet_cells,
    new_game,
    normalised,
    started_game,
)

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"
SHOTS = ["A1", "B2", "C3", "A6", "J9", "J10", "E5", "F5"]


def digest_on(html):
    """The fingerprint a page shows (the one shown before the end), or None."""
    found = re.search(r'<code id="commitment-digest">([0-9a-f]{64})</code>', html)
    return found.group(1) if found else None


def revealed_on(html):
    placement = re.search(r'<code id="commitment-placement">([^<]*)</code>', html)
    salt = re.search(r'<code id="commitment-salt">([0-9a-f]*)</code>', html)
    return (placement.group(1), salt.group(1)) if placement and salt else None


def computer_placement(game):
    game.refresh_from_db()
    return placement_text(Ship.placement_from_dict(ship) for ship in game.fleets[COMPUTER])


def test_the_fingerprint_is_shown_from_the_start_and_never_changes(guest):
    game = new_game(guest)
    for name, start, way in HUMAN_FLEET:
        game.place_ship(name, start, way)
    setup = guest.get(game.get_absolute_url()).content.decode()
    assert digest_on(setup) is None  # no computer fleet yet: nothing to seal
    started = guest.post(f"/games/{game.pk}/start", headers=HX).content.decode()
    first = digest_on(started)
    assert first is not None, "the answer to Start shows the sealed fleet"
    assert "The computer's fleet, sealed" in started
    for cell in SHOTS:
        assert fire(guest, game, cell).status_code == 200
        assert digest_on(guest.get(game.get_absolute_url()).content.decode()) == first
    assert digest_on(guest.get(game.get_absolute_url(), headers=HX).content.decode()) == first


def test_nothing_of_the_seal_is_sent_before_the_end_and_all_of_it_after(guest):
    game = started_game(guest, level=2)
    game.refresh_from_db()
    salt, placement = game.fleet_salt, computer_placement(game)
    assert len(salt) == 64
    url = game.get_absolute_url()
    seen = [guest.get(url), guest.get(url, headers=HX)]
    for cell in SHOTS:
        seen += [fire(guest, game, cell), fire(guest, game, cell, htmx=False)]  # the 2nd: refused
    seen += [fire(guest, game, "Z1"), guest.post(f"/games/{game.pk}/hint", {"move": 0}, headers=HX)]
    seen += [
        guest.get(url),
        guest.get(f"/history/{game.pk}/"),
        guest.get("/"),
        guest.get("/history"),
    ]
    for response in seen:
        body = response.content.decode()
        assert salt not in body
        assert placement not in body
        assert 'id="commitment-salt"' not in body
    start_digest = digest_on(seen[0].content.decode())
    ended = guest.post(f"/games/{game.pk}/resign", headers=HX).content.decode()
    assert salt in ended
    assert placement in ended
    assert revealed_on(ended) == (placement, salt)
    # The revealed places and salt hash to the fingerprint shown at the start.
    again = hashlib.sha256(f"{placement}\n{salt}".encode()).hexdigest()
    assert again == start_digest == digest_on(ended)
    replay = guest.get(f"/history/{game.pk}/").content.decode()
    assert revealed_on(replay) == (placement, salt)
    assert digest_on(replay) == start_digest


def test_a_game_won_shows_the_fleet_it_was_sealed_with(guest):
    game = started_game(guest)
    first = digest_on(guest.get(game.get_absolute_url()).content.decode())
    for cell in fleet_cells(COMPUTER_FLEET):
        last = fire(guest, game, cell)
    game.refresh_from_db()
    assert game.status == Game.Status.WON
    page = last.content.decode()
    placement, salt = revealed_on(page)
    assert placement == (
        "Battleship A8 down; Carrier A6 down; Cruiser H1 across; Destroyer J9 across; "
        "Submarine J1 across"
    )
    assert hashlib.sha256(f"{placement}\n{salt}".encode()).hexdigest() == first


def test_two_games_with_different_fleets_differ_only_by_their_fingerprints(guest, outsider):
    one = started_game(guest, level=3)
    moved = [*COMPUTER_FLEET[:4], ("Destroyer", "F9", "V")]
    other = started_game(outsider, level=3, computer_fleet=moved)
    Game.objects.filter(pk__in=[one.pk, other.pk]).update(seed=1234)
    pages = [
        c.get(g.get_absolute_url()).content.decode() for c, g in ((guest, one), (outsider, other))
    ]
    digests = [digest_on(page) for page in pages]
    assert None not in digests
    assert digests[0] != digests[1]
    # A fingerprint is all that differs: the two pages are otherwise the same, byte for byte.
    unsealed = [
        normalised(page.replace(d, "<digest>")) for page, d in zip(pages, digests, strict=True)
    ]
    assert unsealed[0] == unsealed[1]


def test_the_same_fleet_is_sealed_differently_in_two_games(guest, outsider):
    """A fresh salt each game: a fingerprint cannot be looked up among those of known fleets."""
    one, other = started_game(guest), started_game(outsider)
    one.refresh_from_db(), other.refresh_from_db()
    assert computer_placement(one) == computer_placement(other)
    assert one.fleet_salt != other.fleet_salt
    first = digest_on(guest.get(one.get_absolute_url()).content.decode())
    second = digest_on(outsider.get(other.get_absolute_url()).content.decode())
    assert first != second


def test_a_game_from_before_commitments_shows_none_and_still_plays_and_ends(guest):
    game = started_game(guest)
    Game.objects.filter(pk=game.pk).update(fleet_salt="")
    page = guest.get(game.get_absolute_url())
    assert page.status_code == 200
    assert 'id="commitment"' not in page.content.decode()
    assert fire(guest, game, "A1").status_code == 200
    ended = guest.post(f"/games/{game.pk}/resign", headers=HX)
    assert ended.status_code == 200
    assert 'id="commitment"' not in ended.content.decode()
    assert guest.get(f"/history/{game.pk}/").status_code == 200


def test_the_documented_command_prints_the_fingerprint_shown_at_the_start(guest):
    """docs/fairness.md's one-line command, filled in with what the page revealed, run by sh."""
    game = started_game(guest)
    first = digest_on(guest.get(game.get_absolute_url()).content.decode())
    assert guest.post(f"/games/{game.pk}/resign").status_code == 302  # no JavaScript
    page = guest.get(game.get_absolute_url()).content.decode()
    placement, salt = revealed_on(page)
    documented = re.search(r"^\s*(printf .*sha256sum)\s*$", DOCS.read_text(), re.M).group(1)
    command = documented.replace("PLACEMENT", placement).replace("SALT", salt)
    printed = subprocess.run(["/bin/sh", "-c", command], capture_output=True, text=True, check=True)
    assert printed.stdout.split()[0] == first
    # The page gives the same command, filled in.
    assert f"printf &#x27;%s\\n%s&#x27; &#x27;{placement}&#x27; {salt} | sha256sum" in page


def test_the_readme_links_the_fairness_page():
    readme = (DOCS.parents[1] / "README.md").read_text()
    assert "docs/fairness.md" in readme
