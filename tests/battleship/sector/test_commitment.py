"""The sector fleet's canonical text (docs/fairness.md): one line, sorted by name, surface
ships across or down, submarines with the way they head; hashed as the classic one is."""

import hashlib

from battleship.sector import Placement, SectorGame
from battleship.sector.commitment import Commitment, placement_text

FLEET = [
    Placement.of("Submarine", "L11", "<"),
    Placement.of("Carrier", "A8", "across"),
    Placement.of("Second Submarine", "I12", "v"),
    Placement.of("Destroyer", "E12", "down"),
    Placement.of("Battleship", "C9", "across"),
]
TEXT = (
    "Battleship C9 across; Carrier A8 across; Destroyer E12 down; "
    "Second Submarine I12 south; Submarine L11 west"
)


def test_the_text_is_one_line_sorted_by_name_with_headings_for_submarines():
    assert placement_text(FLEET) == TEXT
    assert placement_text(reversed(FLEET)) == TEXT
    for heading, word in (("^", "north"), (">", "east")):
        turned = [*FLEET[1:], Placement.of("Submarine", "L11", heading)]
        assert placement_text(turned) == TEXT.replace("L11 west", f"L11 {word}")


def test_the_digest_is_the_classic_one_and_holds_only_for_the_sealed_text():
    salt = "a7" * 32
    revealed = Commitment.reveal(TEXT, salt)
    assert revealed.digest == hashlib.sha256(f"{TEXT}\n{salt}".encode()).hexdigest()
    assert Commitment.sealed(TEXT, salt).digest == revealed.digest
    assert revealed.holds
    assert not Commitment(revealed.digest, TEXT.replace("south", "north"), salt).holds


def test_every_random_fleet_of_the_engine_has_a_text_naming_all_five_ships():
    for seed in range(20):
        game = SectorGame(seed)
        game.setup_random()
        text = placement_text(game.get_state().fleets[1])
        assert text.count("; ") == 4
        assert sum(text.count(w) for w in (" north", " south", " east", " west")) == 2
