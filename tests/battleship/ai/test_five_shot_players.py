"""The computer under the five-shot rules (docs/rules/five-shot.md): every level plays whole
games by the rules from its own view, reads group reports as what they are (a cell whose result was
not announced is not water), and the Admiral's posterior is the one over fleets that fit
every report."""

import itertools

import pytest

from battleship.classic import (
    Announcement,
    BattleshipGame,
    Coordinate,
    Fire,
    FiredShot,
    GameEnd,
    GamePhase,
    GroupReport,
    RuleSet,
    ShipSpec,
    ShotsPerTurn,
)
from battleship.classic.ai import LEVELS, get_player
from battleship.classic.ai.benchmark import range_view
from battleship.classic.variants import rule_set

FIVE_SHOT = ["five_shot", "five_shot_called", "five_shot_cells"]


@pytest.mark.parametrize("name", FIVE_SHOT)
@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_every_level_plays_whole_games_by_the_rules(level, name):
    # The engine refuses a turn of the wrong size or a cell fired at before, so a game
    # played to its end was played by the rules.
    game = BattleshipGame(rule_set(name), seed=level)
    game.setup_random()
    players = [get_player(level, 1), get_player(1 + level % 5, 2)]
    while game.phase is GamePhase.IN_PROGRESS:
        game.play_turn(players[game.current_player])
    assert game.phase is GamePhase.FINISHED
    cells = [shot.coord for shot in game.shots if shot.player == 0]
    assert len(cells) == len(set(cells))


def cells(*labels):
    return tuple(Coordinate.parse(label) for label in labels)


def test_a_cell_whose_result_was_not_announced_is_neither_hit_nor_water():
    rules = RuleSet.five_shot()
    turn = cells("A1", "C3", "E5", "G7", "J9")
    report = GroupReport(turn, (("Submarine", 1),), ("Submarine",))
    view = range_view(rules, _unannounced(turn), 5, reports=[report])
    for level in (1, 2, 3, 4, 5):
        knowledge = get_player(level, 1).knowledge(view)
        assert knowledge.hits == 0
        assert knowledge.misses == 0
        assert knowledge.targeted.bit_count() == 5  # never fired at again
        assert [s.name for s in knowledge.afloat] == [s.name for s in rules.fleet[:-1]]
        move = get_player(level, 1).choose_move(view)
        assert len(move.cells) == 5
        assert not set(move.cells) & set(turn)


def _unannounced(turn):
    return tuple(FiredShot(cell, None) for cell in turn)


TINY = RuleSet(
    name="tiny_group",
    board_size=4,
    fleet=(ShipSpec("Cruiser", 2), ShipSpec("Submarine", 1)),
    shots_per_turn=ShotsPerTurn.FIXED,
    salvo_size=3,
    announcement=Announcement.GROUP,
    game_end=GameEnd.END_OF_ROUND,
)


def exact_posterior(rules, reports):
    """By brute force: over every fleet that fits every report, the share with a ship in
    each cell not fired at."""
    size = rules.board_size
    every = [Coordinate(r, c) for r in range(size) for c in range(size)]
    fired = {cell for report in reports for cell in report.cells}

    def places(length):
        for r, c in itertools.product(range(size), repeat=2):
            for dr, dc in ((0, 1), (1, 0)):
                ship = {Coordinate(r + dr * i, c + dc * i) for i in range(length)}
                if all(cell.in_bounds(size) for cell in ship) and (length > 1 or dr == 0):
                    yield frozenset(ship)

    counts = dict.fromkeys(every, 0)
    total = 0
    fleets = itertools.product(*(list(places(s.length)) for s in rules.fleet))
    for fleet in fleets:
        if len(frozenset().union(*fleet)) != sum(len(ship) for ship in fleet):
            continue
        fits = all(
            len(ship & set(report.cells)) == report.times(spec.name)
            for report in reports
            for spec, ship in zip(rules.fleet, fleet, strict=True)
        )
        if not fits:
            continue
        total += 1
        for ship in fleet:
            for cell in ship - fired:
                counts[cell] += 1
    open_cells = [cell for cell in every if cell not in fired]
    mass = sum(counts[cell] for cell in open_cells)
    return {cell: counts[cell] / mass for cell in open_cells}


def test_the_admirals_posterior_is_over_the_fleets_that_fit_every_report():
    # Of A1 B2 C3, one cell holds the Cruiser and one the Submarine, which sank.
    report = GroupReport(
        cells("A1", "B2", "C3"), (("Cruiser", 1), ("Submarine", 1)), ("Submarine",)
    )
    view = range_view(TINY, _unannounced(report.cells), 3, reports=[report])
    heat = get_player(5, 1).heatmap(view)
    exact = exact_posterior(TINY, [report])
    assert heat.keys() == exact.keys()
    for cell, share in exact.items():
        assert heat[cell] == pytest.approx(share, abs=1e-9), cell


def test_a_report_of_no_hits_is_water_to_every_level_above_the_recruit():
    rules = RuleSet.five_shot()
    game = BattleshipGame(rules, seed=4)
    game.setup_random()
    taken = {cell for ship in game.boards[1].ships for cell in ship.cells}
    water = [
        Coordinate(r, c) for r in range(10) for c in range(10) if Coordinate(r, c) not in taken
    ]
    game.play(Fire(tuple(water[:5])))
    view = game.view_for(0)
    assert str(view.reports[0]) == "No hits"
    for level in (2, 3, 4, 5):
        knowledge = get_player(level, 1).knowledge(view)
        assert knowledge.misses.bit_count() == 5
