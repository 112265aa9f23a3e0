import math

import pytest

from battleship.classic import Coordinate, RuleSet, ShipSpec
from battleship.classic.ai import get_player

from .conftest import view_of


@pytest.mark.parametrize("level", [4, 5])
def test_it_counts_a_lone_destroyer_hit_in_the_corner_by_hand(level):
    # One 2-long ship, hit in the corner A1: it lies on A1-A2 or A1-B1, one way each.
    rules = RuleSet(name="corner", fleet=(ShipSpec("Destroyer", 2),))
    heat = get_player(level, 1).heatmap(view_of(rules, [("A1", True, None)]))
    nonzero = {str(c): p for c, p in heat.items() if p > 0}
    assert nonzero.keys() == {"A2", "B1"}
    assert math.isclose(nonzero["A2"], 0.5)
    assert math.isclose(nonzero["B1"], 0.5)


@pytest.mark.parametrize("level", [4, 5])
def test_it_counts_a_hit_next_to_a_miss_by_hand(level):
    # The Destroyer hit at B2 with a miss at B3: A2, B1 and C2 are the three ways left.
    rules = RuleSet(name="small", board_size=4, fleet=(ShipSpec("Destroyer", 2),))
    heat = get_player(level, 1).heatmap(view_of(rules, [("B3", False, None), ("B2", True, None)]))
    nonzero = {str(c): round(p, 9) for c, p in heat.items() if p > 0}
    assert nonzero == {"A2": round(1 / 3, 9), "B1": round(1 / 3, 9), "C2": round(1 / 3, 9)}


def test_the_admiral_weighs_whole_fleets_not_single_ships():
    # A 3x3 board whose row C is all misses, two 2-long ships, a hit at A1. The hit ship
    # lies A1-A2 (then the other fits 3 ways: B1-B2, B2-B3, A3-B3) or A1-B1 (4 ways: A2-A3,
    # B2-B3, A2-B2, A3-B3). A2 is covered in 3 + 2 of these 7 fleets, and every fleet has
    # 3 ship cells left to find, so the heat map gives A2 (5/7) / 3.
    rules = RuleSet(
        name="pair", board_size=3, fleet=(ShipSpec("Destroyer", 2), ShipSpec("Boat", 2))
    )
    shots = [("C1", False, None), ("C2", False, None), ("C3", False, None), ("A1", True, None)]
    heat = get_player(5, 1).heatmap(view_of(rules, shots))
    assert math.isclose(heat[Coordinate(0, 1)], 5 / 21)
    assert math.isclose(heat[Coordinate(1, 0)], 5 / 21)  # B1: 4 + 1 of the 7 fleets
    assert math.isclose(heat[Coordinate(1, 2)], 4 / 21)  # B3: 2 + 2 of the 7 fleets


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_it_stops_chasing_hits_that_a_sunk_ship_explains(level):
    # The Destroyer sank on A1-A2 (its two hits): nothing around it is a target any more,
    # so the next shot is a hunting shot with the same odds as on a fresh board region.
    rules = RuleSet.standard()
    shots = [("A1", True, None), ("A2", True, "Destroyer")]
    view = view_of(rules, shots)
    for seed in range(5):
        shot = get_player(level, seed).choose_shot(view)
        assert str(shot) not in {"A3", "B1", "B2"}


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_it_never_fires_next_to_a_sunk_ship_when_ships_may_not_touch(level):
    rules = RuleSet.no_touch()
    shots = [("E5", True, None), ("E6", True, "Destroyer")]
    view = view_of(rules, shots)
    water = {"D4", "D5", "D6", "D7", "E4", "E7", "F4", "F5", "F6", "F7"}
    player = get_player(level, 3)
    if level >= 4:
        heat = player.heatmap(view)
        assert all(heat[Coordinate.parse(c)] == 0 for c in water)
    for seed in range(5):
        # Every level, the Recruit too, knows the rule: water all round a sunk ship.
        assert str(get_player(level, seed).choose_shot(view)) not in water


def test_the_admiral_samples_many_explanations_without_bias(monkeypatch):
    # Two lone hits far apart: any ship may cover either, which is over a thousand ways,
    # past the Admiral's cap. The weighted sample must stay close to counting every way
    # (keeping only the first ways found put the Carrier on C3 in all of them).
    from battleship.classic.ai import posterior
    from battleship.classic.ai.knowledge import Knowledge

    rules = RuleSet.standard()
    knowledge = Knowledge.from_view(view_of(rules, [("C3", True, None), ("H8", True, None)]))
    open_cells = [c for c in range(100) if knowledge.untargeted >> c & 1]
    sampled = posterior.fleet_posterior(knowledge, "1")
    assert sampled is not None
    assert sampled.tolist() == posterior.fleet_posterior(knowledge, "1").tolist()
    monkeypatch.setattr(posterior, "MAX_EXPLANATIONS", 10**6)
    exact = posterior.fleet_posterior(knowledge)
    assert exact is not None
    assert max(abs(sampled[c] - exact[c]) for c in open_cells) < 0.08
    monkeypatch.setattr(posterior, "MAX_EXPLANATIONS", 250)
    monkeypatch.setattr(posterior, "EXPLANATION_DRAWS", 0)
    # With nothing drawn there is nothing to weigh: the count really passed the cap.
    assert posterior.fleet_posterior(knowledge) is None


@pytest.mark.parametrize("allow_adjacent", [True, False])
def test_the_admiral_hunts_with_exactly_the_counted_odds_of_two_free_ships(allow_adjacent):
    # No hit to explain, two ships free on a 4x4 board with two misses: the Admiral's hunting
    # posterior (its own code path) is exact for two free ships, so it must equal counting
    # every legal fleet by brute force.
    from battleship.classic.ai.geometry import halo, placements

    size = 4
    rules = RuleSet(
        name="hunt",
        board_size=size,
        fleet=(ShipSpec("Cruiser", 3), ShipSpec("Destroyer", 2)),
        allow_adjacent=allow_adjacent,
    )
    misses = {"B2", "C3"}
    blocked = sum(1 << (Coordinate.parse(c).row * size + Coordinate.parse(c).col) for c in misses)
    covered = [0] * (size * size)
    for a in placements(size, 3):
        for b in placements(size, 2):
            apart = halo(a, size) if not allow_adjacent else a
            if (a | b) & blocked or apart & b:
                continue
            for cell in range(size * size):
                covered[cell] += bool((a | b) >> cell & 1)
    heat = get_player(5, 1).heatmap(view_of(rules, [(c, False, None) for c in sorted(misses)]))
    for cell in range(size * size):
        coord = Coordinate(cell // size, cell % size)
        if str(coord) not in misses:
            assert math.isclose(heat[coord], covered[cell] / sum(covered), abs_tol=1e-12)
