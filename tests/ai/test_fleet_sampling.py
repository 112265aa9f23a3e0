import itertools

import numpy as np
import pytest

from games.ai import admiral, fleet_sampling, get_player
from games.ai.geometry import halo, placements
from games.ai.knowledge import Knowledge
from games.engine import Coordinate, RuleSet, ShipSpec

from .conftest import view_of

SIZE = 5
NO_TOUCH = RuleSet(
    name="tiny no-touch",
    board_size=SIZE,
    fleet=(ShipSpec("Cruiser", 3), ShipSpec("Destroyer", 2), ShipSpec("Boat", 2)),
    allow_adjacent=False,
)


def cell(label):
    coord = Coordinate.parse(label, SIZE)
    return coord.row * SIZE + coord.col


def counted_by_hand(misses, hits):
    """Per cell, the share of every legal fleet (ships apart, misses clear, each hit
    covered, no ship all hit) that covers it, by listing every fleet."""
    water = sum(1 << cell(c) for c in misses)
    hit = sum(1 << cell(c) for c in hits)
    covered = np.zeros(SIZE * SIZE)
    fleets = 0
    options = [placements(SIZE, spec.length) for spec in NO_TOUCH.fleet]
    for fleet in itertools.product(*options):
        if any(p & water or p & ~hit == 0 for p in fleet):
            continue
        if any(halo(a, SIZE) & b for a, b in itertools.combinations(fleet, 2)):
            continue
        if hit & ~sum(fleet):
            continue
        fleets += 1
        for p in fleet:
            covered[[c for c in range(SIZE * SIZE) if p >> c & 1]] += 1
    return covered / fleets


@pytest.mark.parametrize(
    ("misses", "hits", "pairwise_exact"),
    [
        (["C3"], [], 2),  # hunting: three free ships, past what pairs count exactly
        (["B2", "D4"], ["A5"], 1),  # one hit to explain; its two free ships drawn too
    ],
)
def test_the_drawn_fleets_give_the_counted_odds_of_ships_apart(
    monkeypatch, misses, hits, pairwise_exact
):
    # Three ships that may not touch on a 5x5 board: few enough fleets to list by hand.
    monkeypatch.setattr(fleet_sampling, "PAIRWISE_EXACT", pairwise_exact)
    shots = [(c, False, None) for c in misses] + [(c, True, None) for c in hits]
    knowledge = Knowledge.from_view(view_of(NO_TOUCH, shots))
    monkeypatch.setattr(fleet_sampling, "DRAWS", 200_000)
    drawn = admiral.fleet_posterior(knowledge, "known answer")
    assert drawn is not None
    exact = counted_by_hand(misses, hits)
    open_cells = [c for c in range(SIZE * SIZE) if knowledge.untargeted >> c & 1]
    assert max(abs(drawn[c] - exact[c]) for c in open_cells) < 0.01


def test_an_explanation_drawn_rarely_still_counts_in_full():
    # Two explanations of one hit, each fixing ship 0 on one row of a 1x3 "board" of rows;
    # ship 1 is free. Whatever share of the draws each explanation gets, the weights undo
    # it: the heat and weight estimate the count of fleets.
    cells = {1: np.eye(3)}
    conflict = {(1, 1): np.eye(3, dtype=bool)}
    fitting = {1: np.ones(3, dtype=bool)}
    explanations = [((0, 0),), ((0, 1),)]
    for proposal in ([0.5, 0.5], [0.9, 0.1]):
        heat, weight = fleet_sampling.explained_posterior(
            cells,
            conflict,
            fitting,
            [1, 1],
            explanations,
            [1.0, 1.0],
            np.array(proposal),
            4000,
            fleet_sampling.generator("x"),
        )
        # Fleets: ship 0 on row 0 with ship 1 on row 1 or 2, or ship 0 on row 1 with 0 or 2.
        assert weight == pytest.approx(4.0, rel=0.1)
        assert (heat / weight).tolist() == pytest.approx([0.75, 0.75, 0.5], rel=0.1)


def test_the_admiral_draws_the_same_fleets_for_the_same_seed_and_view():
    rules = RuleSet.no_touch()
    view = view_of(rules, [("E5", False, None), ("C3", True, None), ("H8", False, None)])
    first = get_player(5, 7)
    assert first.heatmap(view) == get_player(5, 7).heatmap(view)
    assert first.choose_shot(view) == get_player(5, 7).choose_shot(view)
    assert str(first.choose_shot(view)) not in {"E5", "C3", "H8"}
