import itertools

import numpy as np
import pytest

from battleship.classic import Coordinate, RuleSet, ShipSpec
from battleship.classic.ai import fleet_sampling, get_player, posterior
from battleship.classic.ai.geometry import halo, placements
from battleship.classic.ai.knowledge import Knowledge

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
    """Per cell, the chance that a ship covers it, listing every fleet the engine's random
    placement can lay (longest first, each ship uniform among the places left beside the
    ships before it) that fits the view: misses clear, each hit covered, no ship all hit."""
    water = sum(1 << cell(c) for c in misses)
    hit = sum(1 << cell(c) for c in hits)
    covered = np.zeros(SIZE * SIZE)
    total = 0.0
    options = [placements(SIZE, spec.length) for spec in NO_TOUCH.fleet]  # longest first

    def legal(placed):
        return lambda p: not any(halo(q, SIZE) & p for q in placed)

    for a in options[0]:
        second = [b for b in options[1] if legal([a])(b)]
        for b in second:
            third = [c for c in options[2] if legal([a, b])(c)]
            for c in third:
                fleet = (a, b, c)
                if any(p & water or p & ~hit == 0 for p in fleet) or hit & ~(a | b | c):
                    continue
                chance = 1 / (len(options[0]) * len(second) * len(third))
                total += chance
                for p in fleet:
                    covered[[x for x in range(SIZE * SIZE) if p >> x & 1]] += chance
    return covered / total


@pytest.mark.parametrize(
    ("misses", "hits", "pairwise_exact"),
    [
        (["C3"], [], 2),  # hunting: three free ships, past what pairs count exactly
        (["B2", "D4"], ["A5"], 1),  # one hit to explain; its two free ships drawn too
    ],
)
def test_the_drawn_fleets_give_the_odds_of_the_engines_random_placement(
    monkeypatch, misses, hits, pairwise_exact
):
    # Three ships that may not touch on a 5x5 board: few enough fleets to list by hand.
    # Untouching ships crowd the board, so how fleets are laid matters: the engine's random
    # placement (what a person's "random fleet" is) puts ships nearer the centre than a
    # uniform choice among fleets would, and the Admiral weighs fleets as it lays them.
    monkeypatch.setattr(fleet_sampling, "PAIRWISE_EXACT", pairwise_exact)
    shots = [(c, False, None) for c in misses] + [(c, True, None) for c in hits]
    knowledge = Knowledge.from_view(view_of(NO_TOUCH, shots))
    monkeypatch.setattr(fleet_sampling, "DRAWS", 200_000)
    drawn = posterior.fleet_posterior(knowledge, "known answer")
    assert drawn is not None
    exact = counted_by_hand(misses, hits)
    open_cells = [c for c in range(SIZE * SIZE) if knowledge.untargeted >> c & 1]
    assert max(abs(drawn[c] - exact[c]) for c in open_cells) < 0.01


def test_an_explanation_drawn_rarely_still_counts_in_full():
    # A 3-cell "board" of two one-cell ships: "long" laid first, then "short". One hit to
    # explain, by "long" on cell 0 or on cell 1 ("short" free). The engine lays every
    # ordered pair of cells with odds 1/6: four pairs fit, covering cells 0, 1, 2 in 3, 3
    # and 2 of them. Whatever share of the draws each explanation gets, the weights undo it.
    cells = {2: np.eye(3), 1: np.eye(3)}
    apart = {pair: ~np.eye(3, dtype=bool) for pair in itertools.product((1, 2), repeat=2)}
    fitting = {2: np.ones(3, dtype=bool), 1: np.ones(3, dtype=bool)}
    for proposal in ([0.5, 0.5], [0.9, 0.1]):
        heat, weight = fleet_sampling.placed_posterior(
            cells,
            apart,
            fitting,
            [(2, 0, -1), (1, 1, -1)],
            [((0, 0),), ((0, 1),)],
            [1.0, 1.0],
            np.array(proposal),
            4000,
            fleet_sampling.generator("x"),
        )
        assert weight == pytest.approx(4 / 6, rel=0.1)
        assert (heat / weight).tolist() == pytest.approx([0.75, 0.75, 0.5], rel=0.1)


def test_the_admiral_draws_the_same_fleets_for_the_same_seed_and_view():
    rules = RuleSet.no_touch()
    view = view_of(rules, [("E5", False, None), ("C3", True, None), ("H8", False, None)])
    first = get_player(5, 7)
    assert first.heatmap(view) == get_player(5, 7).heatmap(view)
    assert first.choose_shot(view) == get_player(5, 7).choose_shot(view)
    assert str(first.choose_shot(view)) not in {"E5", "C3", "H8"}
