import itertools
import math

import pytest

from games.ai import fleet_search, get_player
from games.ai.admiral import FleetAdmiral, fleet_posterior
from games.ai.benchmark import play, random_fleets
from games.ai.geometry import bits, index, placements
from games.ai.knowledge import Knowledge
from games.engine import Coordinate, RuleSet, ShipSpec

from .conftest import view_of

PAIR = RuleSet(name="pair", board_size=5, fleet=(ShipSpec("Destroyer", 2), ShipSpec("Cruiser", 3)))
# A 5x5 board, a Destroyer and a Cruiser; B2 hit, seven misses.
SHOTS = [
    ("B2", True, None),
    ("A1", False, None),
    ("C3", False, None),
    ("D1", False, None),
    ("E4", False, None),
    ("A5", False, None),
    ("D4", False, None),
    ("B4", False, None),
]


def cell(label, size=5):
    return index(Coordinate.parse(label, size), size)


def brute_force(knowledge):
    """Every (Destroyer, Cruiser) pair of places that fits the view, counted by hand."""
    size = knowledge.size
    found = {}
    for destroyer, cruiser in itertools.product(placements(size, 2), placements(size, 3)):
        both = destroyer | cruiser
        if destroyer & cruiser or both & knowledge.misses or knowledge.hits & ~both:
            continue
        if destroyer & knowledge.untargeted and cruiser & knowledge.untargeted:
            found[(destroyer, cruiser)] = 1
    return found


def test_the_listed_fleets_are_every_fleet_that_fits_and_give_the_admirals_posterior():
    knowledge = Knowledge.from_view(view_of(PAIR, SHOTS))
    found = fleet_search.candidates(knowledge)
    assert found == brute_force(knowledge)
    heat = fleet_posterior(knowledge)
    assert heat is not None
    total = sum(found.values())
    for c in bits(knowledge.untargeted):
        share = sum(w for fleet, w in found.items() if sum(fleet) >> c & 1) / total
        assert math.isclose(heat[c], share, abs_tol=1e-12)


def played_out(fleets, open_cells, truth, first):
    """Shots to sink ``truth`` firing ``first`` and then the likeliest open cell (lowest on
    a tie) among the fleets that fit every answer so far: the search's policy, by hand."""
    to_hit = [set(bits(ship & open_cells)) for ship in truth]

    def answer(fleet, fired):
        ship = next((s for s in fleet if s >> fired[-1] & 1), None)
        if ship is None:
            return None
        return fleet.index(ship) if set(bits(ship & open_cells)) <= set(fired) else "hit"

    fired, answers = [], []
    shot = first
    while True:
        fired.append(shot)
        answers.append(answer(truth, fired))
        if set().union(*to_hit) <= set(fired):
            return len(fired)
        fitting = [
            fleet
            for fleet in fleets
            if all(answer(fleet, fired[: n + 1]) == said for n, said in enumerate(answers))
        ]
        counts = {
            c: sum(1 for fleet in fitting if sum(fleet) >> c & 1)
            for c in set(bits(open_cells)) - set(fired)
        }
        best = max(counts.values())
        shot = min(c for c, n in counts.items() if n == best)


def test_the_expected_shots_are_those_of_playing_each_fleet_out():
    knowledge = Knowledge.from_view(view_of(PAIR, SHOTS))
    found = fleet_search.candidates(knowledge)
    assert len(found) == 54
    game = fleet_search.FleetSearch(found, knowledge.untargeted)
    fleets = sorted(found)
    for first in ("B3", "E5"):
        by_hand = sum(
            played_out(fleets, knowledge.untargeted, list(truth), cell(first)) for truth in fleets
        )
        assert game.first(cell(first)) == by_hand
        assert game.expected(cell(first)) == pytest.approx(by_hand / len(fleets))


def test_a_search_past_its_bounds_leaves_the_likeliest_cell():
    knowledge = Knowledge.from_view(view_of(PAIR, SHOTS))
    ranked = get_player(6, 1)._ranked(knowledge, view_of(PAIR, SHOTS), 1)
    assert fleet_search.best_shot(knowledge, ranked, max_fleets=5) is None
    assert fleet_search.best_shot(knowledge, ranked, max_work=10) is None
    assert fleet_search.best_shot(knowledge, ranked) in ranked[: fleet_search.FIRST_SHOTS]


def test_it_is_off_under_fog_of_war_and_group_reports():
    for rules in (RuleSet.fog_of_war(), RuleSet.five_shot()):
        knowledge = get_player(6, 1).knowledge(view_of(rules, []))
        assert not fleet_search.applies(knowledge)


SMALL = RuleSet(
    name="small",
    board_size=6,
    fleet=(ShipSpec("Cruiser", 3), ShipSpec("Submarine", 3), ShipSpec("Destroyer", 2)),
)


@pytest.mark.parametrize("rules", [SMALL, RuleSet.standard()], ids=lambda r: r.name)
def test_the_fleet_admiral_fires_legal_shots_the_same_way_for_a_seed(rules, monkeypatch):
    searched = []
    search = fleet_search.best_shot

    def spy(knowledge, ranked, *args):
        shot = search(knowledge, ranked, *args)
        searched.append(shot)
        if shot is not None:  # an open cell that may hold a ship
            assert knowledge.untargeted >> shot & 1
            assert shot in ranked[: fleet_search.FIRST_SHOTS]
        return shot

    monkeypatch.setattr(fleet_search, "best_shot", spy)
    monkeypatch.setattr(FleetAdmiral, "max_work", 200_000)  # a test's time, not a game's
    games = 2 if rules is SMALL else 1
    for number, fleet in enumerate(random_fleets(rules, games, 3)):
        first = play(FleetAdmiral(number), rules, fleet)
        again = play(get_player(6, number), rules, fleet)
        assert first.shots == again.shots  # play() refuses a repeated or illegal shot
        assert len(set(first.shots)) == len(first.shots)
    assert any(shot is not None for shot in searched)
