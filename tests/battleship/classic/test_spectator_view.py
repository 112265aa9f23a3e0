"""What someone watching may know (``BattleshipGame.spectator_view``): every announcement and
no ship's place, in every rule set, until the end shows both fleets."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battleship.classic import BattleshipGame, Coordinate, Fire, GamePhase, RuleSet
from battleship.classic.variants import VARIANTS, rule_set


def fleet(rules: RuleSet, moved: bool = False) -> list[tuple[str, Coordinate, str]]:
    """The fleet across rows A, C, E, G, I (a sixth ship at I7); ``moved``: the ship on row
    G at the row's other end, a place no shot at rows A to D can tell from the first."""
    placed = []
    for i, spec in enumerate(rules.fleet):
        row, col = (2 * i, 0) if i < 5 else (8, 6)
        if moved and i == 3:
            col = rules.board_size - spec.length
        placed.append((spec.name, Coordinate(row, col), "H"))
    return placed


def started(rules: RuleSet, moved: bool) -> BattleshipGame:
    game = BattleshipGame(rules, seed=7)
    for player in (0, 1):
        for name, cell, way in fleet(rules, moved):
            game.place_ship(player, name, cell, way)
    game.start()
    return game


@pytest.mark.parametrize("name", sorted(VARIANTS))
@given(picks=st.lists(st.integers(0, 39), max_size=30))
@settings(max_examples=10, deadline=None)
def test_two_games_that_differ_only_where_an_unhit_ship_lies_look_the_same(name, picks):
    rules = rule_set(name)
    one, two = started(rules, moved=False), started(rules, moved=True)
    assert one.view_for(0).fleet != two.view_for(0).fleet  # the twins do differ
    cells = [Coordinate(row, col) for row in range(4) for col in range(10)]
    for pick in picks:
        if one.phase is not GamePhase.IN_PROGRESS:
            break
        view = one.view_for(one.current_player)
        free = [c for c in cells if c not in view.targeted]
        # A turn of as many cells as it takes (one, a Salvo's, a five-shot round's).
        count = max(view.shots_left_in_turn, 1)
        if count > len(free):
            break  # the turn would need cells beyond the first four rows
        volley = Fire(tuple((free * 2)[pick % len(free) :][:count]))
        for game in (one, two):
            game.play(volley)
    assert one.spectator_view() == two.spectator_view()


def test_a_spectator_sees_every_shot_and_no_ship_until_the_end():
    rules = RuleSet.standard()
    game = started(rules, moved=False)
    first = game.current_player
    game.make_move(Coordinate.parse("A1"))  # a hit on the Carrier
    watched = game.spectator_view()
    assert all(side.fleet == () for side in watched.sides)
    assert all(side.shots_received == () for side in watched.sides)
    fired = watched.sides[first].shots_fired
    assert [(str(s.coord), s.hit) for s in fired] == [("A1", True)]
    assert watched.move_number == 1
    game.resign(game.current_player)
    over = game.spectator_view()
    assert over.phase is GamePhase.FINISHED
    assert {s.name for s in over.sides[0].fleet} == {spec.name for spec in rules.fleet}
