"""Invariants that must hold in every game, checked on games hypothesis makes up."""

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battleship.classic import BattleshipGame, Coordinate, GamePhase, GameState, RuleSet

ALL_CELLS = [Coordinate(r, c) for r in range(10) for c in range(10)]
rule_sets = st.sampled_from(
    [RuleSet.standard(), RuleSet.salvo(), RuleSet.no_touch(), RuleSet.fog_of_war()]
)
bad_inputs = st.one_of(
    st.text(max_size=4),
    st.tuples(st.integers(-3, 14), st.integers(-3, 14)),
    st.none(),
    st.integers(),
    st.floats(allow_nan=True),
)


def play(game, picks):
    """Fire at untargeted cells chosen by the picks until they run out or the game ends."""
    for pick in picks:
        if game.phase is GamePhase.FINISHED:
            break
        targeted = game.view_for(game.current_player).targeted
        open_cells = [c for c in ALL_CELLS if c not in targeted]
        game.make_move(open_cells[pick % len(open_cells)])


@given(
    rules=rule_sets, seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 99), max_size=400)
)
def test_random_legal_games_keep_every_invariant(rules, seed, picks):
    game = BattleshipGame(rules, seed=seed)
    game.setup_random()
    play(game, picks)
    shots = game.shots
    for player in (0, 1):
        fired = [s.coord for s in shots if s.player == player]
        assert len(fired) == len(set(fired)), "a cell was fired at twice"
        assert sum(s.hit for s in shots if s.player == player) <= rules.fleet_cells
    if rules == RuleSet.standard() or rules.shots_per_turn.value == "one":
        assert all(a.player != b.player for a, b in itertools.pairwise(shots))
    sunk_all = [
        {s.sunk for s in shots if s.player == player and s.sunk} == {f.name for f in rules.fleet}
        for player in (0, 1)
    ]
    assert (game.phase is GamePhase.FINISHED) == any(sunk_all)
    if game.phase is GamePhase.FINISHED:
        assert sunk_all[game.winner]
        assert not sunk_all[1 - game.winner]
        assert shots[-1].player == game.winner


@given(
    rules=rule_sets, seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 99), max_size=250)
)
def test_play_through_to_the_end_always_finishes_with_one_winner(rules, seed, picks):
    game = BattleshipGame(rules, seed=seed)
    game.setup_random()
    play(game, [*picks, *range(400)])
    assert game.phase is GamePhase.FINISHED
    assert game.winner in (0, 1)


@given(
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 99), max_size=60),
    bad=bad_inputs,
)
def test_every_invalid_move_raises_and_leaves_the_state_unchanged(seed, picks, bad):
    game = BattleshipGame(seed=seed)
    game.setup_random()
    play(game, picks)
    before = game.get_state()
    try:
        game.make_move(bad)
    except ValueError:
        assert game.get_state() == before
    else:
        # Only a legal cell may change the game: on the board and not fired at yet.
        assert isinstance(bad, (str, tuple))
        assert len(game.shots) == len(before.shots) + 1


@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 99), max_size=60))
def test_a_repeated_cell_always_raises_and_changes_nothing(seed, picks):
    game = BattleshipGame(seed=seed)
    game.setup_random()
    play(game, [*picks, 0, 0])
    if game.phase is GamePhase.FINISHED:
        return
    fired = game.view_for(game.current_player).shots_fired
    if not fired:
        return
    before = game.get_state()
    with pytest.raises(ValueError, match="already been fired at"):
        game.make_move(fired[0].coord)
    assert game.get_state() == before


@given(
    rules=rule_sets, seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 99), max_size=300)
)
def test_a_state_round_trips_through_json(rules, seed, picks):
    game = BattleshipGame(rules, seed=seed)
    game.setup_random()
    play(game, picks)
    state = game.get_state()
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert BattleshipGame.from_state(state).get_state() == state
