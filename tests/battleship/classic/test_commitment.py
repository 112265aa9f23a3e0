"""The commitment to a hidden fleet: its canonical text, its digest, and the shell command
the docs give (docs/fairness.md) agreeing with it."""

import hashlib
import random
import subprocess

import pytest

from battleship.classic import Board, Coordinate, RuleSet
from battleship.classic.commitment import Commitment, fleet_digest, placement_text

FLEET = [
    ("Destroyer", Coordinate.parse("J9"), "H"),
    ("Carrier", Coordinate.parse("A1"), "H"),
    ("Submarine", Coordinate.parse("G1"), "V"),
    ("Battleship", Coordinate.parse("B2"), "V"),
    ("Cruiser", Coordinate.parse("E5"), "H"),
]
SALT = "5f" * 32


def test_the_text_is_one_line_sorted_by_name_in_the_documented_form():
    assert placement_text(FLEET) == (
        "Battleship B2 down; Carrier A1 across; Cruiser E5 across; Destroyer J9 across; "
        "Submarine G1 down"
    )
    # The order the ships come in does not matter; their places do.
    assert placement_text(reversed(FLEET)) == placement_text(FLEET)
    moved = [*FLEET[:4], ("Cruiser", Coordinate.parse("E4"), "H")]
    assert placement_text(moved) != placement_text(FLEET)


def test_the_digest_is_sha256_of_text_line_feed_salt():
    text = placement_text(FLEET)
    expected = hashlib.sha256((text + "\n" + SALT).encode("utf-8")).hexdigest()
    assert fleet_digest(text, SALT) == expected
    assert len(expected) == 64
    # A different salt, or a fleet one cell away, is a different digest.
    assert fleet_digest(text, "60" * 32) != expected
    assert fleet_digest(text.replace("E5", "E4"), SALT) != expected


def test_a_sealed_commitment_holds_the_digest_alone_and_a_revealed_one_checks_out():
    text = placement_text(FLEET)
    sealed = Commitment.sealed(text, SALT)
    assert (sealed.placement, sealed.salt, sealed.revealed) == ("", "", False)
    assert not sealed.holds
    revealed = Commitment.reveal(text, SALT)
    assert revealed.digest == sealed.digest
    assert revealed.holds
    forged = Commitment(sealed.digest, text.replace("E5", "E4"), SALT)
    assert not forged.holds


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_documented_shell_command_prints_the_digest(seed):
    board = Board.random_placement(RuleSet.standard(), random.Random(seed))
    text = placement_text((s.name, s.start, s.orientation) for s in board.ships)
    commitment = Commitment.reveal(text, f"{seed:064x}")
    out = subprocess.run(
        ["/bin/sh", "-c", commitment.shell_command], capture_output=True, text=True, check=True
    ).stdout
    assert out.split()[0] == commitment.digest
