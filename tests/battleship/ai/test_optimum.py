"""The exact optimum on small boards (``battleship.classic.ai.optimum``): checked against a
plain search over every answer, played out as a policy, and set against every level."""

import functools
from fractions import Fraction

import pytest

from battleship.classic import Board, Coordinate, FiredShot, RuleSet, ShipSpec
from battleship.classic.ai.benchmark import range_view
from battleship.classic.ai.optimum import (
    Optimum,
    disagreements,
    level_mean,
    main,
    range_rules,
)


def engine_odds(rules):
    """Every fleet the engine lays, as frozensets of (ship, cell), with its exact chance:
    the engine's own ``Board.legal_placements``, longest ship first, each uniform."""
    found = {}

    def lay(board, order, odds):
        if not order:
            fleet = frozenset((s.name, c) for s in board.ships for c in s.cells)
            found[fleet] = found.get(fleet, 0) + odds
            return
        options = board.legal_placements(order[0].name)
        for start, way in options:
            board.place_ship(order[0].name, start, way)
            lay(board, order[1:], odds / len(options))
            board.remove_ship(order[0].name)

    lay(Board(rules), sorted(rules.fleet, key=lambda s: -s.length), Fraction(1))
    total = sum(found.values())
    return {fleet: odds / total for fleet, odds in found.items()}


def plain_optimum(rules):
    """The optimum by a plain search: from the fleets that answer every shot so far and the
    cells hit, each cell not hit is tried, each answer weighed by the fleets that give it;
    exact fractions, no symmetry, no bound, no shortcut."""
    odds = engine_odds(rules)
    size = rules.board_size
    cells = [Coordinate(r, c) for r in range(size) for c in range(size)]
    ship_cells = sum(s.length for s in rules.fleet)

    def answer(fleet, hit, cell):
        owner = next((name for name, c in fleet if c == cell), None)
        if owner is None:
            return "miss"
        afloat = [c for name, c in fleet if name == owner and c not in hit | {cell}]
        return "hit" if afloat else owner

    @functools.cache
    def value(fleets, hit):
        if len(hit) == ship_cells:
            return Fraction(0)
        total = sum(odds[f] for f in fleets)
        best = None
        for cell in cells:
            if cell in hit:
                continue
            split = {}
            for f in fleets:
                split.setdefault(answer(f, hit, cell), []).append(f)
            if set(split) == {"miss"}:
                continue  # no fleet there: a shot that tells nothing
            expected = 1 + sum(
                sum(odds[f] for f in group)
                / total
                * value(frozenset(group), hit if said == "miss" else hit | {cell})
                for said, group in split.items()
            )
            best = expected if best is None else min(best, expected)
        return best

    return value(frozenset(odds), frozenset())


def tiny(size, *lengths, allow_adjacent=True):
    return range_rules(size, lengths, allow_adjacent=allow_adjacent)


@pytest.mark.parametrize(
    "rules",
    [
        tiny(3, 2),
        tiny(3, 3),
        tiny(3, 2, 1),
        tiny(3, 2, 2),
        tiny(4, 3),
        tiny(3, 2, 1, allow_adjacent=False),
    ],
    ids=["3x3 2", "3x3 3", "3x3 2,1", "3x3 2,2", "4x4 3", "3x3 2,1 no touch"],
)
def test_it_agrees_with_a_plain_search_over_every_answer(rules):
    assert Optimum(rules).value() == pytest.approx(float(plain_optimum(rules)), abs=1e-9)


def test_it_knows_a_ship_alone_on_a_tiny_board():
    # A Destroyer on 3x3 (12 places): 4.5 shots on average, from the centre or the middle
    # of an edge alike; a corner first is worse.
    optimum = Optimum(tiny(3, 2))
    assert optimum.value() == pytest.approx(4.5)
    first = optimum.best_shots(range_view(optimum.rules, []))
    assert [str(c) for c in first] == ["A2", "B1", "B2", "B3", "C2"]


def test_its_policy_reads_a_view_hit_by_hit():
    optimum = Optimum(tiny(3, 2))
    hit = [FiredShot(Coordinate(1, 1), True)]
    # A hit in the centre: any of its four neighbours, all alike.
    assert [str(c) for c in optimum.best_shots(range_view(optimum.rules, hit))] == [
        "A2",
        "B1",
        "B3",
        "C2",
    ]
    sunk = [*hit, FiredShot(Coordinate(1, 2), True, "Destroyer")]
    assert optimum.best_shots(range_view(optimum.rules, sunk)) == []
    wrong = [*hit, FiredShot(Coordinate(1, 2), True, "Cruiser")]
    with pytest.raises(ValueError, match="no fleet answers"):
        optimum.best_shots(range_view(optimum.rules, wrong))


def test_its_fleets_are_the_engines_with_the_engines_odds():
    rules = tiny(4, 3, 2, allow_adjacent=False)
    optimum = Optimum(rules)
    exact = engine_odds(rules)
    assert optimum.count == len(exact)
    size = rules.board_size
    for fleet, chance in zip(optimum.fleets, optimum.chances, strict=True):
        cells = frozenset(
            (spec.name, Coordinate(*divmod(c, size)))
            for spec, mask in zip(rules.fleet, fleet, strict=True)
            for c in range(size * size)
            if mask >> c & 1
        )
        assert chance == pytest.approx(float(exact[cells]))


def test_its_policy_played_on_every_fleet_needs_the_optimum():
    optimum = Optimum(tiny(3, 2, 1))
    total = 0.0
    for number, chance in enumerate(optimum.chances):
        fleets, hits, shots = optimum.all, 0, 0
        while hits.bit_count() < optimum.ship_cells:
            values = optimum.shot_values(fleets, hits)
            cell = min(values, key=values.__getitem__)
            fleets, hits = next(
                (a.fleets, a.hits)
                for a in optimum.answers(fleets, hits, cell)
                if a.fleets >> number & 1
            )
            shots += 1
        total += chance * shots
    assert total == pytest.approx(optimum.value())


def test_no_level_beats_it_and_the_admirals_gap_is_its_wrong_shots():
    optimum = Optimum(tiny(3, 2, 1))
    best = optimum.value()
    means = {level: level_mean(optimum, level, 1).mean for level in (1, 2, 3, 4, 5)}
    assert all(mean >= best - 1e-9 for mean in means.values())
    assert means[1] > means[5]
    # Each shot that is none of the optimal ones costs what it costs, played optimally after,
    # and nothing else does: over every fleet they add up to the whole gap.
    lost = sum(d.cost * d.reach for d in disagreements(optimum, 5, seed=1))
    assert means[5] - best == pytest.approx(lost, abs=1e-9)


def test_the_command_prints_the_optimum_and_the_levels(capsys):
    assert (
        main(["--board", "3", "--ships", "2", "--levels", "--seeds", "2", "--disagree", "1"]) == 0
    )
    out = capsys.readouterr().out
    assert "optimum 4.5000 shots" in out
    assert "optimal first shots: A2, B1, B2, B3, C2" in out
    assert "5 Admiral" in out
    assert "1 Recruit" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--board", "9", "--ships", "2"], "--board is a side of 2 to 6 cells"),
        (["--board", "4", "--ships", "3,x"], "ships are lengths separated by commas"),
        (["--board", "4", "--ships", "0"], "a ship's length is at least 1"),
        (["--board", "3", "--ships", "4"], "every ship must fit on the board"),
        (["--board", "2", "--ships", "2,2,2"], "this fleet does not fit on this board"),
        (["--board", "4", "--ships", "2", "--seeds", "0"], "--seeds is at least 1"),
        (["--ships", "2"], "--board"),
    ],
)
def test_bad_arguments_get_a_clear_error(capsys, argv, says):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    assert says in capsys.readouterr().err


def test_it_refuses_rules_it_does_not_solve():
    with pytest.raises(ValueError, match="single shots"):
        Optimum(
            RuleSet(
                board_size=4, fleet=(ShipSpec("Boat", 2),), name="fog", announcement="hit_or_miss"
            )
        )
