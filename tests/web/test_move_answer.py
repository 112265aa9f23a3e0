"""What the answer to a shot swaps in, built from the person's view alone (no database)."""

from battleship.classic import BattleshipGame, RuleSet
from battleship.classic.display import build_display, build_move
from core.templatetags.boards import fleet_status
from tests.web.conftest import COMPUTER_FLEET, HUMAN_FLEET


def game_with(rules, moves):
    game = BattleshipGame(rules, seed=1)
    game.place_fleet(0, HUMAN_FLEET)
    game.place_fleet(1, COMPUTER_FLEET)
    game.start()
    for cell in moves:
        game.make_move(cell)
    return game


def test_it_sends_every_cell_of_your_ship_when_theirs_sinks_it():
    # Your Destroyer lies on I1-I2: they hit I1, then sink it with I2.
    game = game_with(RuleSet.standard(), ["B10", "I1", "C10", "I2"])
    answer = build_move(game.view_for(0), mine=1, theirs=1)
    assert [(c.label, c.state) for c in answer.changed_own] == [("I1", "sunk"), ("I2", "sunk")]
    assert [(c.label, c.state) for c in answer.changed_enemy] == [("C10", "miss")]
    assert ("Destroyer", True) in [(s.name, s.sunk) for s in answer.own_fleet]
    assert answer.enemy_fleet is None  # none of theirs sank


def test_its_cells_are_those_of_the_whole_page():
    game = game_with(RuleSet.standard(), ["A6", "I1", "A7", "C5", "A8", "I2"])
    view = game.view_for(0)
    answer = build_move(view, mine=1, theirs=1)
    page = build_display(view)
    enemy = {c.label: c for _, row in page.enemy_rows for c in row}
    own = {c.label: c for _, row in page.own_rows for c in row}
    assert answer.changed_enemy
    assert answer.changed_own
    assert all(c == enemy[c.label] for c in answer.changed_enemy)
    assert all(c == own[c.label] for c in answer.changed_own)


def test_a_salvo_answer_carries_every_shot_of_both_turns():
    game = BattleshipGame(RuleSet.salvo(), seed=1)
    game.place_fleet(0, HUMAN_FLEET)
    game.place_fleet(1, COMPUTER_FLEET)
    game.start()
    mine, theirs = ["B1", "B2", "B3", "B4", "B5"], ["A1", "A2", "A3", "A4", "A5"]
    for cell in mine + theirs:
        game.make_move(cell)
    answer = build_move(game.view_for(0), mine=5, theirs=5)
    assert [c.label for c in answer.changed_enemy] == mine
    assert [c.label for c in answer.changed_own] == theirs
    # Every shot of both turns is announced, not only the last of each.
    assert answer.announcements == [f"{cell}: miss" for cell in mine] + [
        "They fired at A1: hit",
        "They fired at A2: hit",
        "They fired at A3: hit",
        "They fired at A4: hit",
        "They fired at A5: hit. They sank your Carrier.",
    ]
    assert answer.announcements == build_display(game.view_for(0)).announcements


def test_a_salvo_turn_under_way_announces_your_shots_so_far_and_nothing_of_theirs():
    game = game_with(RuleSet.salvo(), ["B1", "B2", "B3", "B4", "B5"])
    for cell in ["A1", "A2", "A3", "A4", "A5"]:  # their turn: your Carrier sinks
        game.make_move(cell)
    game.make_move("A6")  # your next turn, first of four shots (a ship of yours is down)
    game.make_move("C10")
    view = game.view_for(0)
    assert view.last_round == (2, 0)
    assert build_display(view).announcements == ["A6: hit", "C10: miss"]
    # The sound is the shot just made, a miss, not the turn's hit before it.
    assert build_display(view).sound == "miss"
    assert build_move(view, mine=1, theirs=0).sound == "miss"
    assert game.view_for(1).last_round == (5, 2)


def test_a_fleet_list_says_how_many_cells_of_a_ship_are_hit():
    game = game_with(RuleSet.standard(), ["J10", "C1", "J9", "C2"])
    answer = build_move(game.view_for(0), mine=1, theirs=1)
    html = fleet_status(answer.own_fleet, "Your ships", "own-fleet", oob=True)
    assert 'id="own-fleet" aria-label="Your ships" hx-swap-oob="true"' in html
    assert '<span class="ship-name">Battleship</span>' in html
    assert '<span class="ship-state">2 of 4 hit</span>' in html
    assert html.count('<span class="ship-state">undamaged</span>') == 4
