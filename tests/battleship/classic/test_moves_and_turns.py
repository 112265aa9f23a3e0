"""Moves as values and turn structure as rule-set policies: known answers.

A ``Fire`` is applied whole or not at all; the shots a turn holds come from the rule set's
allowance (one, one per ship afloat, a fixed five, one per unhit cell), counted at the start
of the turn, or of the round when the game ends only at a round's end; such a game can end
in a draw.
"""

import random

import pytest

from battleship.classic import (
    BattleshipGame,
    Coordinate,
    Fire,
    GameEnd,
    GamePhase,
    IllegalMove,
    InvalidCoordinate,
    RuleSet,
    ShipSpec,
    ShotsPerTurn,
    move_from_dict,
)

HUMAN_FLEET = [
    ("Carrier", "A1", "H"),
    ("Battleship", "C1", "H"),
    ("Cruiser", "E1", "H"),
    ("Submarine", "G1", "H"),
    ("Destroyer", "I1", "H"),
]


def game_with(rules, fleets=(HUMAN_FLEET, HUMAN_FLEET), seed=1):
    game = BattleshipGame(rules, seed)
    for player, fleet in enumerate(fleets):
        game.place_fleet(player, fleet)
    game.start()
    return game


class FirstOpenCells:
    """A chooser that fires at the first open cells, row by row: a known sequence."""

    def choose_move(self, view):
        fired = view.targeted
        size = view.rules.board_size
        open_cells = [
            Coordinate(r, c)
            for r in range(size)
            for c in range(size)
            if Coordinate(r, c) not in fired
        ]
        return Fire(tuple(open_cells[: view.shots_left_in_turn]))


# -- Fire, the move --------------------------------------------------------------------


def test_a_typed_volley_reads_back_as_it_is_written():
    move = Fire.parse("b7 C8, d9")
    assert str(move) == "B7 C8 D9"
    assert Fire.parse("B 10").cells == (Coordinate(1, 9),)  # not B1
    assert move_from_dict(move.to_dict()) == move
    assert move.to_dict() == {"fire": ["B7", "C8", "D9"]}


@pytest.mark.parametrize("text", ["", "  ", "B7 B7", "K1", "B7 zz"])
def test_a_volley_that_is_not_one_is_refused(text):
    with pytest.raises(ValueError):
        Fire.parse(text)


@pytest.mark.parametrize("data", [{}, {"fire": "B7"}, {"fire": [7]}, {"shot": ["B7"]}, ["B7"]])
def test_a_stored_move_of_the_wrong_shape_is_refused(data):
    with pytest.raises(ValueError):
        move_from_dict(data)


def test_the_standard_turn_is_one_shot_and_passes_to_the_other_player():
    game = game_with(RuleSet.standard())
    (result,) = game.play(Fire.parse("A1"))
    assert (result.player, result.hit, result.turn_over, result.next_player) == (0, True, True, 1)
    assert game.moves == [Fire.parse("A1")]
    assert game.make_move("J10").player == 1
    assert len(game.moves) == 2


@pytest.mark.parametrize(
    ("move", "error"),
    [
        ("A1 A2", "this turn has 1 shot left, not 2"),
        ("K1", "off the board"),
    ],
)
def test_a_move_refused_changes_nothing(move, error):
    game = game_with(RuleSet.standard())
    game.make_move("B5")
    game.make_move("B5")
    before = game.get_state()
    with pytest.raises(ValueError, match=error):
        game.play(Fire.parse(move, board_size=11) if move == "K1" else Fire.parse(move))
    assert game.get_state() == before
    assert len(game.moves) == 2


def test_a_volley_with_one_cell_fired_at_before_is_refused_whole():
    game = game_with(RuleSet.salvo())
    game.play(Fire.parse("J1 J2 J3 J4 J5"))
    game.play(Fire.parse("J1 J2 J3 J4 J5"))
    before = game.get_state()
    with pytest.raises(IllegalMove, match="J3 has already been fired at"):
        game.play(Fire.parse("A1 A2 J3 A4 A5"))
    assert game.get_state() == before


def test_no_move_is_played_before_the_start_or_after_the_end():
    game = BattleshipGame(RuleSet.standard(), 1)
    with pytest.raises(IllegalMove, match="before the game has started"):
        game.play(Fire.parse("A1"))
    game = game_with(RuleSet.standard())
    game.resign(0)
    with pytest.raises(IllegalMove, match="after the game is over"):
        game.play(Fire.parse("A1"))


def test_a_move_for_a_bigger_board_is_refused_as_off_the_board():
    game = game_with(RuleSet.standard())
    with pytest.raises(IllegalMove, match="off the board"):
        game.play(Fire((Coordinate(10, 0),)))


def test_a_game_replays_from_its_moves_as_from_its_shots():
    game = game_with(RuleSet.salvo(), seed=4)
    chooser = FirstOpenCells()
    for _ in range(6):
        game.play_turn(chooser)
    fleets = [[(s.name, s.start, s.orientation) for s in board.ships] for board in game.boards]
    by_moves = BattleshipGame.replay(game.rules, game.seed, fleets, game.moves)
    by_shots = BattleshipGame.replay(game.rules, game.seed, fleets, [s.coord for s in game.shots])
    assert by_moves.get_state() == by_shots.get_state() == game.get_state()


# -- turn structure --------------------------------------------------------------------


def test_play_turn_plays_exactly_the_turn_of_the_player_to_move():
    game = game_with(RuleSet.salvo())
    results = game.play_turn(FirstOpenCells())
    assert [str(r.coord) for r in results] == ["A1", "A2", "A3", "A4", "A5"]
    assert {r.player for r in results} == {0}
    assert game.current_player == 1


def test_five_shots_a_turn_under_a_fixed_allowance():
    rules = RuleSet(name="five", shots_per_turn=ShotsPerTurn.FIXED, salvo_size=5)
    game = game_with(rules)
    for player in (0, 1, 0):
        assert game.current_player == player
        assert game.view_for(player).shots_left_in_turn == 5
        assert len(game.play_turn(FirstOpenCells())) == 5


def test_one_shot_per_unhit_cell_counted_at_each_turn_without_rounds():
    rules = RuleSet(name="cells", shots_per_turn=ShotsPerTurn.UNHIT_CELLS)
    game = game_with(rules)
    assert game.view_for(0).shots_left_in_turn == 17
    game.play_turn(FirstOpenCells())  # A1-A10, B1-B7: the Carrier's five cells hit
    assert game.view_for(1).shots_left_in_turn == 12


def test_one_shot_per_unhit_cell_counted_at_the_start_of_the_round_with_rounds():
    rules = RuleSet(
        name="cells_rounds",
        shots_per_turn=ShotsPerTurn.UNHIT_CELLS,
        game_end=GameEnd.END_OF_ROUND,
    )
    game = game_with(rules)
    game.play_turn(FirstOpenCells())  # five of player 1's cells hit in round 1 ...
    assert game.view_for(1).shots_left_in_turn == 17  # ... its round-1 turn still has 17
    game.play_turn(FirstOpenCells())  # player 1 hits A1-A5 (the Carrier) in its 17
    assert game.view_for(0).shots_left_in_turn == 17 - 5  # round 2, counted now
    game.play_turn(FirstOpenCells())  # player 0's round-2 turn hits player 1 again ...
    assert game.view_for(1).shots_left_in_turn == 12  # ... but it counted at the round's start


TINY = dict(board_size=3, fleet=(ShipSpec("Boat", 1),), game_end=GameEnd.END_OF_ROUND)


def test_both_fleets_sunk_in_one_round_is_a_draw():
    game = game_with(RuleSet(name="tiny", **TINY), fleets=([("Boat", "A1", "H")],) * 2)
    (first,) = game.play(Fire.parse("A1", 3))
    assert first.hit
    assert not first.game_over
    assert game.current_player == 1
    (second,) = game.play(Fire.parse("A1", 3))
    assert second.game_over
    assert second.draw
    assert second.winner is None
    assert game.phase is GamePhase.FINISHED
    assert game.is_draw
    assert game.winner is None


def test_a_fleet_sunk_alone_in_a_round_loses_at_the_round_end():
    game = game_with(RuleSet(name="tiny", **TINY), fleets=([("Boat", "A1", "H")],) * 2)
    game.play(Fire.parse("A1", 3))
    (answer,) = game.play(Fire.parse("C3", 3))
    assert answer.game_over
    assert not answer.draw
    assert answer.winner == 0
    assert not game.is_draw


def test_the_standard_game_ends_the_moment_the_last_ship_sinks():
    game = game_with(RuleSet.standard())
    cells = [
        f"{row}{col}"
        for row, length in zip("ACEGI", (5, 4, 3, 3, 2), strict=True)
        for col in range(1, length + 1)
    ]
    for cell in cells[:-1]:
        game.make_move(cell)
        game.make_move(next_open(game, 1))
    last = game.make_move(cells[-1])
    assert last.game_over
    assert last.winner == 0
    assert not last.draw
    assert game.current_player is None


def next_open(game, player):
    fired = game.view_for(player).targeted
    return next(
        Coordinate(r, c)
        for r in range(9, -1, -1)
        for c in range(10)
        if Coordinate(r, c) not in fired
    )


def test_every_rule_of_a_random_game_holds_under_every_allowance():
    """Whatever the allowance, a turn holds what it says and the turns alternate."""
    for policy in ShotsPerTurn:
        rules = RuleSet(name=policy.value, shots_per_turn=policy, salvo_size=3)
        game = BattleshipGame(rules, 9)
        game.setup_random()
        rng = random.Random(policy.value)
        while game.phase is GamePhase.IN_PROGRESS:
            seat = game.current_player
            left = game.view_for(seat).shots_left_in_turn
            fired = game.view_for(seat).targeted
            open_cells = [
                Coordinate(r, c)
                for r in range(10)
                for c in range(10)
                if Coordinate(r, c) not in fired
            ]
            results = game.play(Fire(tuple(rng.sample(open_cells, min(left, len(open_cells))))))
            assert results[-1].turn_over or results[-1].game_over


def test_an_unknown_cell_label_is_an_invalid_coordinate():
    with pytest.raises(InvalidCoordinate):
        Fire.parse("Z0")
