import math
from fractions import Fraction

import pytest

from battleship.classic import Coordinate, RuleSet, ShipSpec
from battleship.classic.ai import endgame, get_player
from battleship.classic.ai.admiral import Admiral
from battleship.classic.ai.benchmark import play, random_fleets
from battleship.classic.ai.geometry import bits, index
from battleship.classic.ai.knowledge import Knowledge
from battleship.classic.ai.posterior import fleet_posterior

from .conftest import view_of


def cell(label, size):
    return index(Coordinate.parse(label, size), size)


def mask(labels, size):
    return sum(1 << cell(label, size) for label in labels.split())


def probabilities(found, untargeted):
    """Per untargeted cell, the weighted share of the places that cover it."""
    total = sum(found.values())
    heat = dict.fromkeys(bits(untargeted), 0.0)
    for place, weight in found.items():
        for c in bits(place & untargeted):
            heat[c] += weight / total
    return heat


# A 5x5 board whose last ship is a Destroyer; x marks a miss:
#
#     A  .  x  .  x  .        Its seven places: a = A3-B3, b = B3-C3, c = C1-C2,
#     B  x  x  .  x  x        d = C2-C3, e = C3-C4, f = C4-C5, g = E1-E2.
#     C  .  .  .  .  .
#     D  x  x  x  x  x        C3 is in three of them (b, d, e), the likeliest cell.
#     E  .  .  x  x  x
CORRIDOR_MISSES = "A2 A4 B1 B2 B4 B5 D1 D2 D3 D4 D5 E3 E4 E5"


def corridor_view():
    rules = RuleSet(name="corridor", board_size=5, fleet=(ShipSpec("Destroyer", 2),))
    return view_of(rules, [(label, False, None) for label in CORRIDOR_MISSES.split()])


def test_the_last_ship_search_beats_the_likeliest_cell():
    view = corridor_view()
    knowledge = Knowledge.from_view(view)
    found = endgame.candidates(knowledge)
    assert len(found) == 7
    assert set(found.values()) == {1}
    heat = get_player(5, 1).heatmap(view)
    # The heat map is still the posterior (shared over the 2 cells to find): C3 is in 3 of
    # the 7 places, the likeliest cell.
    assert math.isclose(heat[Coordinate.parse("C3")], 3 / 14)
    assert max(heat, key=heat.__getitem__) == Coordinate.parse("C3")

    game = endgame.SearchGame(found, knowledge.untargeted)
    # C3 first, then the likeliest (lowest cell on a tie). A hit (b, d, e) leaves B3, C2,
    # C4: b sinks in 2 shots, d in 3, e in 4. A miss leaves a, c, f, g, which share no
    # cell: A3 (a sinks in 3: C3, A3, B3), then C1 (c: 4), C4 (f: 5), E1 (g: 6).
    # (2 + 3 + 4) + (3 + 4 + 5 + 6) = 27 shots over the 7 places.
    assert game.first(cell("C3", 5)) == 27
    # C2 first: a hit (c, d) then C1: c in 2, d in 3. A miss leaves a, b, e, f, g; B3 (in
    # a and b) hits a or b, then A3: a in 3, b in 4; B3 missed, C4 (e and f) then C3: e in
    # 4, f in 5, and g after C4 misses: E1, E2, in 5. (2 + 3) + (3 + 4) + (4 + 5 + 5) = 26.
    assert game.first(cell("C2", 5)) == 26
    assert game.expected(cell("C2", 5)) == pytest.approx(26 / 7)
    # B3 and C4 split the places as well as C2 does.
    assert game.first(cell("B3", 5)) == 26
    assert game.first(cell("C4", 5)) == 26
    for seed in range(8):
        assert str(get_player(5, seed).choose_shot(view)) in {"B3", "C2", "C4"}


def test_without_the_search_the_admiral_fires_the_likeliest_cell(monkeypatch):
    monkeypatch.setattr(Admiral, "search_endgame", False)
    assert str(get_player(5, 1).choose_shot(corridor_view())) == "C3"


def test_the_expected_shots_match_a_hand_count_with_weights():
    # Three cells in a row, the ship on A1-A2 (weight 1) or on A2-A3 (weight 3).
    size = 3
    untargeted = mask("A1 A2 A3", size)
    found = {mask("A1 A2", size): 1, mask("A2 A3", size): 3}
    game = endgame.SearchGame(found, untargeted)
    # A2 hits either way; then A3 (weight 3 against 1): A2-A3 sinks in 2 shots, A1-A2
    # takes A3 missed and A1, 3 shots. (3 * 2 + 1 * 3) / 4.
    assert Fraction(game.first(cell("A2", size)), 4) == Fraction(9, 4)
    # A1 first: A1-A2 sinks in 2; A2-A3 takes A1 missed, A2, A3: 3. (1 * 2 + 3 * 3) / 4.
    assert Fraction(game.first(cell("A1", size)), 4) == Fraction(11, 4)
    # A3 first: A2-A3 in 2 (A3, A2); A1-A2 in 3 (A3 missed, A2, A1). (3 * 2 + 1 * 3) / 4.
    assert Fraction(game.first(cell("A3", size)), 4) == Fraction(9, 4)
    # A cell no place covers wastes a shot on top of the greedy search.
    assert game.first(cell("B1", size)) == 4 + game.total(game.all)


def test_it_weighs_each_place_by_the_sunk_layouts_it_fits():
    # Hits B1 and B3, then B2 sinks the Destroyer: it lay on B1-B2 (B3 is the Cruiser's)
    # or on B2-B3 (B1 is). The Cruiser lies across the unexplained hit either way.
    rules = RuleSet(
        name="pair", board_size=4, fleet=(ShipSpec("Destroyer", 2), ShipSpec("Cruiser", 3))
    )
    shots = [("B1", True, None), ("B3", True, None), ("B2", True, "Destroyer")]
    knowledge = Knowledge.from_view(view_of(rules, shots))
    found = endgame.candidates(knowledge)
    assert found == {
        mask("A3 B3 C3", 4): 1,
        mask("B3 C3 D3", 4): 1,
        mask("A1 B1 C1", 4): 1,
        mask("B1 C1 D1", 4): 1,
    }


def test_the_last_ship_search_never_fires_known_water_when_ships_may_not_touch():
    # The Destroyer sank on C3-C4, then C6 hit the Cruiser. C5, B5 and D5 are next to the
    # Cruiser's hit but also next to the sunk Destroyer: water.
    rules = RuleSet(
        name="small_no_touch",
        board_size=6,
        fleet=(ShipSpec("Destroyer", 2), ShipSpec("Cruiser", 3)),
        allow_adjacent=False,
    )
    shots = [("C3", True, None), ("C4", True, "Destroyer"), ("C6", True, None)]
    view = view_of(rules, shots)
    knowledge = Knowledge.from_view(view)
    water = knowledge.known_water()
    assert water == mask("B2 B3 B4 B5 C2 C5 D2 D3 D4 D5", 6)
    found = endgame.candidates(knowledge)
    assert found == {mask("A6 B6 C6", 6): 1, mask("B6 C6 D6", 6): 1, mask("C6 D6 E6", 6): 1}
    for seed in range(8):
        assert str(get_player(5, seed).choose_shot(view)) in {"B6", "D6"}


@pytest.mark.parametrize("rules", [RuleSet.standard(), RuleSet.no_touch()], ids=lambda r: r.name)
def test_the_places_give_the_admirals_posterior_and_legal_shots(rules, monkeypatch):
    # Every last-ship position of a few whole games: the weighted places give exactly the
    # Admiral's cell probabilities, and the shot is an untargeted cell that may hold the
    # ship (never known water).
    seen = []
    choose = Admiral.choose_shots

    def spy(self, view, count):
        shots = choose(self, view, count)
        knowledge = Knowledge.from_view(view)
        if endgame.applies(knowledge):
            seen.append((knowledge, shots))
        return shots

    monkeypatch.setattr(Admiral, "choose_shots", spy)
    for number, fleet in enumerate(random_fleets(rules, 4, 5)):
        play(get_player(5, number), rules, fleet)
    assert len(seen) > 10
    for knowledge, shots in seen:
        heat = fleet_posterior(knowledge)
        assert heat is not None
        share = probabilities(endgame.candidates(knowledge), knowledge.untargeted)
        assert set(share) == set(bits(knowledge.untargeted))
        assert all(math.isclose(heat[c], p, abs_tol=1e-12) for c, p in share.items())
        (shot,) = shots
        shot_cell = index(shot, knowledge.size)
        assert knowledge.untargeted >> shot_cell & 1
        assert not knowledge.known_water() >> shot_cell & 1
        assert share[shot_cell] > 0


def test_the_search_is_off_under_fog_of_war_and_with_ships_left():
    fog = RuleSet.fog_of_war()
    lone = RuleSet(name="lone", board_size=5, fleet=(ShipSpec("Destroyer", 2),))
    assert not endgame.applies(Knowledge.from_view(view_of(fog, [])))
    assert endgame.applies(Knowledge.from_view(view_of(lone, [])))
    assert endgame.candidates(Knowledge.from_view(view_of(RuleSet.standard(), []))) == {}


def test_a_search_past_its_bound_leaves_the_likeliest_cell(monkeypatch):
    monkeypatch.setattr(endgame, "MAX_WORK", 10)
    view = corridor_view()
    knowledge = Knowledge.from_view(view)
    player = get_player(5, 1)
    assert endgame.best_shot(knowledge, player._ranked(knowledge, view, 1)) is None
    assert str(player.choose_shot(view)) == "C3"
