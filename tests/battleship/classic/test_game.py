import json

import pytest

from battleship.classic import (
    BattleshipGame,
    Coordinate,
    FirstPlayer,
    GamePhase,
    GameState,
    RuleSet,
)

# Player 1's fleet in the tests below: known cells, so shots can aim at them.
FLEET_A = [
    ("Carrier", "A1", "H"),
    ("Battleship", "C1", "H"),
    ("Cruiser", "E1", "H"),
    ("Submarine", "G1", "H"),
    ("Destroyer", "I1", "H"),
]
FLEET_B = [
    ("Carrier", "A6", "V"),
    ("Battleship", "A8", "V"),
    ("Cruiser", "H1", "H"),
    ("Submarine", "J1", "H"),
    ("Destroyer", "J9", "H"),
]


def new_game(rules=None, seed=7):
    game = BattleshipGame(rules, seed=seed)
    game.place_fleet(0, FLEET_A)
    game.place_fleet(1, FLEET_B)
    game.start()
    return game


def cells(fleet):
    from battleship.classic import Ship

    return [
        str(c)
        for name, start, way in fleet
        for c in Ship(
            name, RuleSet.standard().ship(name).length, Coordinate.parse(start), way
        ).cells
    ]


def test_a_new_game_waits_in_setup_and_cannot_start_without_fleets():
    game = BattleshipGame(seed=1)
    assert game.phase is GamePhase.SETUP
    assert game.winner is None
    game.place_ship(0, "Carrier", "A1", "H")
    with pytest.raises(ValueError, match="whole fleet"):
        game.start()
    assert game.phase is GamePhase.SETUP


def test_player_0_fires_first_by_default_and_turns_alternate():
    game = new_game()
    assert game.phase is GamePhase.IN_PROGRESS
    assert game.current_player == 0
    result = game.make_move("A6")  # hits player 1's Carrier
    assert result.hit
    assert result.sunk is None
    assert result.turn_over
    assert game.current_player == 1
    game.make_move("A1")  # player 1 hits back; a hit does not earn another shot
    assert game.current_player == 0


def test_the_rules_can_say_player_1_fires_first():
    game = new_game(RuleSet(first_player=FirstPlayer.PLAYER_1))
    assert game.current_player == 1


def test_a_coin_flip_is_seeded():
    rules = RuleSet(first_player=FirstPlayer.COIN_FLIP)
    firsts = {seed: new_game(rules, seed).current_player for seed in range(40)}
    assert set(firsts.values()) == {0, 1}
    assert all(new_game(rules, seed).current_player == first for seed, first in firsts.items())


def test_sinking_every_ship_ends_the_game_with_the_shooter_as_winner():
    game = new_game()
    targets = cells(FLEET_B)
    misses = [f"{r}{c}" for r in "BCDEFG" for c in (2, 3, 4)]
    sunk = []
    for i, target in enumerate(targets):
        result = game.make_move(target)
        if result.sunk:
            sunk.append(result.sunk.name)
        if result.game_over:
            break
        game.make_move(misses[i])
    assert sunk == ["Carrier", "Battleship", "Cruiser", "Submarine", "Destroyer"]
    assert result.game_over
    assert game.phase is GamePhase.FINISHED
    assert game.winner == 0
    assert result.winner == 0
    assert game.current_player is None
    with pytest.raises(ValueError, match="after the game is over"):
        game.make_move("J10")


@pytest.mark.parametrize("bad", ["K1", "A11", (10, 0), (0, 10), (-1, 2), "", "zz", None, 3.5])
def test_bad_cells_raise_and_change_nothing(bad):
    game = new_game()
    before = game.get_state()
    with pytest.raises(ValueError):
        game.make_move(bad)
    assert game.get_state() == before


def test_a_repeated_cell_raises_and_does_not_pass_the_turn():
    game = new_game()
    game.make_move("E5")
    game.make_move("E5")  # player 1 may fire at the same label on the other board
    before = game.get_state()
    with pytest.raises(ValueError, match="already been fired at"):
        game.make_move("E5")
    assert game.get_state() == before
    assert game.current_player == 0


def test_no_shot_before_the_start_and_no_placement_after():
    game = BattleshipGame(seed=3)
    with pytest.raises(ValueError, match="before the game has started"):
        game.make_move("A1")
    game.setup_random()
    with pytest.raises(ValueError, match="before the game starts"):
        game.place_ship(0, "Carrier", "A1", "H")


def test_setup_random_is_reproducible_from_the_seed():
    a, b, c = BattleshipGame(seed=5), BattleshipGame(seed=5), BattleshipGame(seed=6)
    for game in (a, b, c):
        game.setup_random()
    assert a.get_state() == b.get_state()
    assert a.get_state().fleets != c.get_state().fleets


def test_setup_random_keeps_a_fleet_placed_by_hand():
    game = BattleshipGame(seed=5)
    game.place_fleet(0, FLEET_A)
    game.setup_random()
    assert sorted(str(c) for s in game.boards[0].ships for c in s.cells) == sorted(cells(FLEET_A))


def test_same_rules_seed_and_moves_give_byte_identical_states():
    def play(seed):
        game = BattleshipGame(seed=seed)
        game.setup_random()
        for label in ["A1", "B2", "C3", "D4", "E5", "F6"]:
            game.make_move(label)
        return json.dumps(game.get_state().to_dict(), sort_keys=True)

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_a_state_round_trips_and_rebuilds_the_game():
    game = new_game()
    for label in ["A6", "A1", "B6", "A2", "J10"]:
        game.make_move(label)
    state = game.get_state()
    data = json.loads(json.dumps(state.to_dict()))
    assert GameState.from_dict(data) == state
    rebuilt = BattleshipGame.from_state(state)
    assert rebuilt.get_state() == state
    assert rebuilt.current_player == game.current_player


def test_a_tampered_state_is_refused():
    game = new_game()
    game.make_move("A6")
    data = game.get_state().to_dict()
    data["shots"][0]["hit"] = False
    with pytest.raises(ValueError, match="does not agree"):
        GameState.from_dict(data)


def test_a_view_holds_what_the_player_may_know():
    game = new_game()
    game.make_move("A6")  # hit
    game.make_move("J10")  # miss on player 0's board
    view = game.view_for(0)
    assert [str(c) for c in view.fleet[0].cells] == ["A1", "A2", "A3", "A4", "A5"]
    assert [(str(s.coord), s.hit, s.sunk) for s in view.shots_fired] == [("A6", True, None)]
    assert [(str(c), hit) for c, hit in view.shots_received] == [("J10", False)]
    assert view.enemy_sunk == ()
    assert view.enemy_fleet == ()
    assert view.my_turn
    json.dumps(view.to_dict())


def test_views_do_not_depend_on_the_opponents_unsunk_ships():
    moved = [*FLEET_B[:-1], ("Destroyer", "F9", "V")]  # the Destroyer elsewhere, unseen
    one = BattleshipGame(seed=2)
    other = BattleshipGame(seed=2)
    for game, fleet in ((one, FLEET_B), (other, moved)):
        game.place_fleet(0, FLEET_A)
        game.place_fleet(1, fleet)
        game.start()
        for label in ["A6", "A1", "B6", "J10", "H1"]:
            game.make_move(label)
    assert one.view_for(0) == other.view_for(0)
    assert one.get_state() != other.get_state()


def test_a_sinking_is_named_in_the_view_and_the_fleet_shows_at_the_end():
    game = new_game()
    for target, reply in zip(["J9", "J10"], ["B5", "B6"], strict=True):
        game.make_move(target)
        game.make_move(reply)
    view = game.view_for(0)
    assert view.enemy_sunk == ("Destroyer",)
    assert view.shots_fired[-1].sunk == "Destroyer"


def test_fog_of_war_never_names_a_sunk_ship():
    game = new_game(RuleSet.fog_of_war())
    for target, reply in zip(["J9", "J10"], ["B5", "B6"], strict=True):
        game.make_move(target)
        game.make_move(reply)
    view = game.view_for(0)
    assert view.enemy_sunk == ()
    assert all(s.sunk is None for s in view.shots_fired)
    assert "Destroyer" not in json.dumps(view.to_dict()["shots_fired"])


def test_salvo_gives_one_shot_per_own_ship_afloat():
    game = new_game(RuleSet.salvo())
    assert game.view_for(0).shots_left_in_turn == 5
    for label in ["J9", "J10", "C3", "C4"]:
        game.make_move(label)
        assert game.current_player == 0
    game.make_move("C5")
    assert game.current_player == 1
    assert game.view_for(1).shots_left_in_turn == 4  # player 1 lost its Destroyer
    for label in ["I1", "I2", "D1", "D2"]:  # sinks player 0's Destroyer
        game.make_move(label)
    assert game.current_player == 0
    assert game.view_for(0).shots_left_in_turn == 4


def test_a_resignation_ends_the_game_for_the_other_player_and_replays():
    game = new_game()
    game.make_move("A6")
    game.make_move("A1")
    game.resign(0)
    assert game.phase is GamePhase.FINISHED
    assert game.winner == 1
    view = game.view_for(0)
    assert view.resigned == 0
    assert len(view.enemy_fleet) == 5  # the game is over: the enemy fleet is shown
    state = game.get_state()
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    with pytest.raises(ValueError, match="in progress"):
        game.resign(1)


def test_a_view_knows_how_many_shots_the_last_round_had_on_each_side():
    game = BattleshipGame(RuleSet.standard(), seed=3)
    game.setup_random()
    assert game.view_for(0).last_round == (0, 0)
    game.make_move("A1")
    assert (game.view_for(0).last_round, game.view_for(1).last_round) == ((1, 0), (0, 1))
    game.make_move("J10")
    assert (game.view_for(0).last_round, game.view_for(1).last_round) == ((1, 1), (1, 0))


@pytest.mark.parametrize("seed", ["42", 1.5, True])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    with pytest.raises(ValueError, match="seed"):
        BattleshipGame(RuleSet.standard(), seed=seed)
