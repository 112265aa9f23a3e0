"""The posterior over whole fleets, checked against every fleet listed and every shot
replayed; and the rollout search over them (``battleship.classic.ai.rollout``)."""

import random

import pytest

from battleship.classic import Coordinate, RuleSet, ShipSpec
from battleship.classic.ai import admiral, posterior, rollout, rollout_check
from battleship.classic.ai.benchmark import random_fleets
from battleship.classic.ai.geometry import bits, placements
from battleship.classic.ai.knowledge import Knowledge
from tests.battleship.ai.conftest import view_of

SIZE = 5
TINY = RuleSet(
    name="tiny",
    board_size=SIZE,
    fleet=(ShipSpec("Cruiser", 3), ShipSpec("Destroyer", 2), ShipSpec("Boat", 2)),
)


def cell(label):
    coord = Coordinate.parse(label, SIZE)
    return coord.row * SIZE + coord.col


def replayed(shots, engine):
    """Per open cell, the chance that a ship covers it, by hand: every fleet the engine's
    random placement can lay (Cruiser, then Destroyer, then Boat, each uniform among the
    places left), kept if it answers every shot, in order, as the view says (a hit or a
    miss, and the ship's name exactly when its last cell is hit). Weighed by the engine's
    odds of laying it, or each fleet once (``engine`` false)."""
    order = [placements(SIZE, spec.length) for spec in TINY.fleet]
    names = [spec.name for spec in TINY.fleet]
    fired = [(cell(c), hit, sunk) for c, hit, sunk in shots]
    heat = [0.0] * (SIZE * SIZE)
    total = 0.0
    for a in order[0]:
        second = [b for b in order[1] if not b & a]
        for b in second:
            third = [c for c in order[2] if not c & (a | b)]
            for c in third:
                fleet = dict(zip(names, (a, b, c), strict=True))
                hit, answers = 0, True
                for x, said_hit, said_sunk in fired:
                    owner = next((n for n, p in fleet.items() if p >> x & 1), None)
                    if (owner is not None) != said_hit:
                        answers = False
                        break
                    if owner is not None:
                        hit |= 1 << x
                        done = not fleet[owner] & ~hit
                        if said_sunk != (owner if done else None):
                            answers = False
                            break
                if not answers:
                    continue
                weight = 1 / (len(order[0]) * len(second) * len(third)) if engine else 1.0
                total += weight
                for x in bits(a | b | c):
                    heat[x] += weight
    return [h / total for h in heat]


# Each shot: (cell, hit, name of the ship it sank or None).
HUNTING = [("C3", False, None), ("B2", False, None), ("D4", False, None)]
# The Destroyer sank on B3 when only B2 and B3 were hit: it lay on B2-B3, never on B3-B4
# though B4 was hit too (after it sank). Counting every layout over the hits would let
# the Destroyer lie on B3-B4 and another ship cover B2.
SUNK_BEFORE = [("B2", True, None), ("B3", True, "Destroyer"), ("B4", True, None)]
# The Boat sank on D2 with D1 and D2 hit (C2 water): it lay on D1-D2; E2 is open.
SUNK_AFTER = [
    ("D1", True, None),
    ("C2", False, None),
    ("D3", True, None),
    ("D2", True, "Boat"),
    ("A5", False, None),
]


@pytest.mark.parametrize("shots", [HUNTING, SUNK_BEFORE, SUNK_AFTER])
def test_the_listed_fleets_give_the_odds_of_the_engines_random_placement(shots):
    knowledge = Knowledge.from_view(view_of(TINY, shots))
    found = rollout.posterior(knowledge, limit=100_000)
    assert found is not None
    exact = replayed(shots, engine=True)
    for x, chance in found.items():
        assert chance == pytest.approx(exact[x], abs=1e-12)
    # The engine's odds are not a uniform choice among fleets: the check can tell them apart.
    if shots is HUNTING:
        uniform = replayed(shots, engine=False)
        assert max(abs(found[x] - uniform[x]) for x in found) > 0.005


@pytest.mark.parametrize("shots", [SUNK_BEFORE, SUNK_AFTER])
def test_the_admirals_posterior_is_a_uniform_choice_among_the_fleets_that_answer_every_shot(
    shots,
):
    # Two ships afloat once one sank: the Admiral's pairwise count is exact then.
    knowledge = Knowledge.from_view(view_of(TINY, shots))
    heat = posterior.fleet_posterior(knowledge, "x")
    assert heat is not None
    exact = replayed(shots, engine=False)
    for x in bits(knowledge.untargeted):
        assert heat[x] == pytest.approx(exact[x], abs=1e-12)


def test_a_sunk_ship_covers_only_cells_hit_before_it_sank():
    knowledge = Knowledge.from_view(view_of(TINY, SUNK_BEFORE))
    assert knowledge.sunk_layouts() == [(1 << cell("B2") | 1 << cell("B3"),)]
    listed = rollout.fleets(knowledge)
    assert listed
    # B4 is covered by an afloat ship in every fleet, and nothing covers B2-B3 but the
    # Destroyer: the fleets that would need a ship on B2 are not there.
    assert all(sum(fleet) >> cell("B4") & 1 for fleet in listed)
    assert not any(sum(fleet) >> cell("B2") & 1 for fleet in listed)


def test_the_engines_odds_of_every_fleet_add_up_to_one():
    knowledge = Knowledge.from_view(view_of(TINY, []))
    cruiser, destroyer, boat = (placements(SIZE, spec.length) for spec in TINY.fleet)
    total = sum(
        rollout.engine_odds(knowledge, {"Cruiser": a, "Destroyer": b, "Boat": c})
        for a in cruiser
        for b in destroyer
        if not a & b
        for c in boat
        if not c & (a | b)
    )
    assert total == pytest.approx(1.0, abs=1e-12)
    # The Cruiser on A1-A3 has 1 of 30 places; it rules out 6 of the Destroyer's 40 (three
    # across row A, three down from A1, A2, A3); the Destroyer on B1-B2 rules out 6 more of
    # the Boat's, 2 of them (down from A1 and A2) already ruled out: 30 left.
    laid = {"Cruiser": 0b111, "Destroyer": 0b11 << 5, "Boat": 0b11 << 10}
    assert rollout.engine_odds(knowledge, laid) == pytest.approx(1 / (30 * 34 * 30))


def test_the_search_weighs_each_fleet_by_its_odds():
    # One two-cell ship on a line of four cells 0-3: on 0-1 (odds 1/2), 1-2 or 2-3 (1/4
    # each). Fired at cell 1 first: 0-1 is hit and the greedy rule (the cell most fleets
    # cover, the lowest on a tie) fires 0 next and sinks it, 2 shots; 1-2 takes 0 (a miss)
    # then 2, 3 shots; 2-3 is a miss and then 2 shots, 3 in all. 2.5 expected. Fired at
    # cell 2 first, symmetrically, 0-1 takes 3 and 1-2 takes 2: 2.75.
    found = {(0b0011,): (1, 0.5), (0b0110,): (1, 0.25), (0b1100,): (1, 0.25)}
    game = rollout.Search(found, 0b1111)
    assert game.expected(1) == pytest.approx(2.5)
    assert game.expected(2) == pytest.approx(2.75)


def test_the_admiral_with_the_search_fires_a_new_cell_and_the_same_one_for_the_same_seed():
    class Searching(admiral.Admiral):
        rollout_afloat = 3
        rollout_last = True

    view = view_of(TINY, SUNK_AFTER)
    first = Searching(7).choose_shot(view)
    assert first == Searching(7).choose_shot(view)
    assert str(first) not in {c for c, _, _ in SUNK_AFTER}


def test_the_drawn_fleets_weighed_by_their_odds_give_the_engines_placement():
    knowledge = Knowledge.from_view(view_of(TINY, HUNTING))
    drawn = rollout.sampled_fleets(knowledge, 20_000, random.Random("known answer"))
    assert sum(count for count, _ in drawn.values()) == 20_000
    total = sum(odds for _, odds in drawn.values())
    heat = [0.0] * (SIZE * SIZE)
    for fleet, (_, odds) in drawn.items():
        for x in bits(sum(fleet)):
            heat[x] += odds / total
    exact = replayed(HUNTING, engine=True)
    # 0.008 off here; the same draws counted alone (a uniform choice among fleets) are
    # 0.023 off, as uniform placement is 0.015 off the engine's.
    assert max(abs(heat[x] - exact[x]) for x in bits(knowledge.untargeted)) < 0.012


def test_fleets_are_drawn_only_while_hunting():
    # B4 is hit and no sunk ship explains it: the listing covers such views, not the draws.
    knowledge = Knowledge.from_view(view_of(TINY, SUNK_BEFORE))
    assert rollout.sampled_fleets(knowledge, 100, random.Random(1)) == {}


def test_the_searchs_claims_are_cells_it_expects_to_save_shots_at():
    fleets = random_fleets(TINY, 6, 3)
    found = rollout_check.claims(TINY, fleets, 3)
    assert found
    for claim in found:
        assert claim.chosen != claim.likeliest
        assert claim.claimed > 0


def test_a_claim_checked_with_the_same_first_cell_on_both_sides_measures_nothing():
    # Common random numbers: the same fleet, the same first cell and the same player seed
    # make the same game, so every difference is exactly 0.
    claim = rollout_check.claims(TINY, random_fleets(TINY, 6, 3), 3)[0]
    same = rollout_check.Claim(claim.fired, claim.chosen, claim.chosen, 0.0)
    checked = rollout_check.check(TINY, same, 8, random.Random(2))
    assert (checked.measured, checked.standard_error) == (0.0, 0.0)
