"""Playing the computer in the terminal: driven through standard input, checked by what prints."""

import io
import re

import pytest

from battleship.classic import Board, RuleSet
from battleship.classic.ai import LEVELS, get_player
from battleship.terminal import classic as terminal
from battleship.terminal.console import wants_colour

from .conftest import every_cell, run_play

NAMES = [ship.name for ship in RuleSet.standard().fleet]


def computer_fleet(level=1, seed=5, rules=None):
    """The computer's ships as the terminal game places them for ``seed``."""
    rules = rules or RuleSet.standard()
    board = Board(rules)
    for name, start, way in get_player(level, terminal.computer_seed(seed)).place_fleet(rules):
        board.place_ship(name, start, way)
    return {ship.name: [str(cell) for cell in ship.cells] for ship in board.ships}


def water_cell(fleet):
    taken = {cell for cells in fleet.values() for cell in cells}
    return next(cell for cell in every_cell() if cell not in taken)


def board_row(printed, letter, which):
    """The symbols of row ``letter`` of the last boards printed: 0 own board, 1 enemy's."""
    lines = [line for line in printed.splitlines() if line.startswith(f" {letter} ")]
    halves = lines[-1].split(f" {letter} ")
    return halves[which + 1].split()


def test_it_draws_both_boards_with_row_letters_and_column_numbers():
    _, printed = run_play(["quit"])
    assert "Your fleet" in printed
    assert "Enemy waters (Recruit)" in printed
    numbers = "  ".join(str(n) for n in range(1, 10)) + " 10"
    assert printed.count(numbers) == 2  # one header per board
    for letter in "ABCDEFGHIJ":
        assert len(board_row(printed, letter, 0)) == 10
        assert board_row(printed, letter, 1) == ["."] * 10
    assert "X hit   o miss   # sunk   S ship" in printed
    assert sum(row.count("S") for row in (board_row(printed, r, 0) for r in "ABCDEFGHIJ")) == 17


def test_it_announces_a_miss_a_hit_and_a_sinking_and_marks_them():
    fleet = computer_fleet()
    water = water_cell(fleet)
    first, second = fleet["Destroyer"]
    _, printed = run_play([water, first, "board", second, "quit"])
    assert f"{water}: miss." in printed
    assert f"{first}: hit!" in printed
    assert f"{second}: hit, and you sank their Destroyer!" in printed
    assert "Enemy ships sunk: Destroyer." in printed
    enemy = {letter: board_row(printed, letter, 1) for letter in "ABCDEFGHIJ"}
    assert enemy[water[0]][int(water[1:]) - 1] == "o"
    assert enemy[first[0]][int(first[1:]) - 1] == "#"
    assert enemy[second[0]][int(second[1:]) - 1] == "#"


def test_it_shows_the_computers_answer_after_each_shot():
    _, printed = run_play(["A1", "quit"])
    answer = [line for line in printed.splitlines() if line.startswith("The Recruit fires at ")]
    assert len(answer) == 1
    assert re.fullmatch(r"The Recruit fires at [A-J]\d+: (miss\.|hit your \w+!)", answer[0])


def test_it_names_the_persons_ship_the_computer_hits():
    _, printed = run_play(every_cell()[:40], level=3)
    hits = [line for line in printed.splitlines() if ": hit your " in line]
    assert hits
    assert all(line.split("hit your ")[1].rstrip("!") in NAMES for line in hits)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "Type a cell like B7 to fire, or help for the commands."),
        ("zz", "'zz' is not a cell: use a row letter and a column number, like B7."),
        ("K1", "'K1' is off the board (A1 to J10)."),
        ("A11", "'A11' is off the board (A1 to J10)."),
        ("A0", "'A0' is off the board (A1 to J10)."),
        ("fire at B7", "is not a cell"),
        ("B", "is not a cell"),
        ("7B", "is not a cell"),
        ("123456789", "is not a cell"),
    ],
)
def test_bad_input_gets_a_clear_message_and_a_new_prompt(typed, message):
    _, printed = run_play([typed, "quit"])
    assert message in printed
    assert printed.count("Your shot: ") == 2
    assert "Traceback" not in printed


def test_a_cell_already_fired_at_is_refused_without_a_turn_passing():
    _, printed = run_play(["C3", "c3", "quit"])
    assert "C3 has already been fired at. Try again, or type help." in printed
    assert printed.count("The Recruit fires at") == 1


def test_help_lists_the_commands_and_symbols():
    _, printed = run_play(["help", "quit"])
    for word in ("help", "board", "resign", "quit", "B7", "X hit", "o miss", "# sunk"):
        assert word in printed


def test_resign_ends_the_game_and_reveals_the_enemy_fleet():
    result, printed = run_play(["resign"])
    assert result == "resigned"
    assert "You resigned. The Recruit wins." in printed
    revealed = sum(board_row(printed, letter, 1).count("S") for letter in "ABCDEFGHIJ")
    assert revealed == 17


@pytest.mark.parametrize("typed", [["quit"], ["exit"], []])
def test_quit_and_end_of_input_leave_without_a_traceback(typed):
    result, printed = run_play(typed)
    assert result == "quit"
    assert printed.rstrip().endswith("Goodbye: the game is left unfinished.")


@pytest.mark.parametrize("rules", [RuleSet.standard(), RuleSet.salvo(), RuleSet.fog_of_war()])
def test_a_whole_game_ends_with_the_result_and_the_figures(rules):
    result, printed = run_play(every_cell(), level=3, rules=rules)
    assert result in ("won", "lost")
    last = printed.rstrip().splitlines()[-1]
    if result == "won":
        assert last.startswith("You won! You sank the Lieutenant's whole fleet. (")
    else:
        assert last.startswith("You lost: the Lieutenant sank your whole fleet. (")
    assert "accuracy" in last
    assert "Your ships sunk:" in printed


def test_sinking_the_whole_fleet_first_wins_and_says_so():
    cells = [cell for ship_cells in computer_fleet(level=1, seed=5).values() for cell in ship_cells]
    result, printed = run_play(cells, level=1, seed=5)
    assert result == "won"
    last = printed.rstrip().splitlines()[-1]
    assert last == "You won! You sank the Recruit's whole fleet. (17 shots, 17 hits, accuracy 100%)"


def test_the_same_seed_plays_the_same_game():
    lines = ["A1", "B2", "C3", "D4", "E5", "quit"]
    assert run_play(lines, seed=11, level=2) == run_play(lines, seed=11, level=2)
    assert run_play(lines, seed=11, level=2) != run_play(lines, seed=12, level=2)


def test_it_prints_the_seed_so_a_game_can_be_replayed():
    _, printed = run_play(["quit"], seed=424242)
    assert "Seed 424242: play this game again with --seed 424242." in printed
    _, printed = run_play(["quit"], seed=None)
    assert "play this game again with --seed " in printed


@pytest.mark.parametrize("level", [info.level for info in LEVELS])
def test_it_plays_every_computer_level(level):
    _, printed = run_play(["A1", "quit"], level=level)
    name = get_player(level, 1).name
    assert f"Battleship against the {name} (level {level})." in printed
    assert f"The {name} fires at " in printed


def test_salvo_says_how_many_shots_are_left_in_the_turn():
    _, printed = run_play(["A1", "A2", "quit"], rules=RuleSet.salvo())
    assert "Your shot (5 left this turn): " in printed
    assert "Your shot (4 left this turn): " in printed
    assert "Your shot (3 left this turn): " in printed


def test_fog_of_war_never_names_a_sunk_enemy_ship():
    rules = RuleSet.fog_of_war()
    fleet = computer_fleet(rules=rules)
    _, printed = run_play([*fleet["Destroyer"], "quit"], rules=rules)
    assert "sank their" not in printed
    assert "Enemy ships sunk" not in printed
    assert "#" not in "".join(board_row(printed, letter, 1)[0] for letter in "ABCDEFGHIJ")


# -- placing the fleet by hand -------------------------------------------------------------


def test_manual_placement_asks_for_each_ship_and_explains_mistakes():
    lines = [
        "A1 across",  # Carrier
        "A1 down",  # Battleship: overlaps the Carrier
        "A1",  # no direction
        "J8 across",  # runs off the board
        "C1 down",  # Battleship
        "E5 diagonal",
        "E5 h",  # Cruiser
        "G5 v",  # Submarine
        "J9 across",  # Destroyer
        "quit",
    ]
    result, printed = run_play(lines, manual=True)
    assert result == "quit"
    assert "The Battleship would overlap the Carrier at A1. Try again." in printed
    assert printed.count("Give a cell and a direction, like A1 across or C4 down.") == 2
    assert "The Battleship would run off the board. Try again." in printed
    assert "Placed: Carrier, Battleship, Cruiser, Submarine." in printed
    assert "Your shot: " in printed
    own = {letter: board_row(printed, letter, 0) for letter in "ABCDEFGHIJ"}
    assert own["A"][:5] == ["S"] * 5
    assert [own[r][0] for r in "CDEF"] == ["S"] * 4
    assert own["J"][8:] == ["S", "S"]


def test_random_places_the_rest_around_the_ships_placed_by_hand():
    result, printed = run_play(["A1 across", "random", "quit"], manual=True)
    assert result == "quit"
    assert "Placed: Carrier." in printed
    own = [board_row(printed, letter, 0) for letter in "ABCDEFGHIJ"]
    assert own[0][:5] == ["S"] * 5
    assert sum(row.count("S") for row in own) == 17


def test_quitting_during_placement_does_not_start_the_game():
    result, printed = run_play(["A1 across"], manual=True)
    assert result == "quit"
    assert printed.rstrip().endswith("Goodbye: the game was not started.")
    assert "Your shot" not in printed


# -- colour --------------------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_colour_only_on_a_terminal_without_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert wants_colour(FakeTerminal())
    assert not wants_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(FakeTerminal())


def test_colour_paints_the_symbols_and_plain_output_has_no_escape_codes():
    _, plain = run_play(["A1", "quit"])
    _, coloured = run_play(["A1", "quit"], colour=True)
    assert "\x1b[" not in plain
    assert "\x1b[1;32mS\x1b[0m" in coloured
    assert "\x1b[36mo\x1b[0m" in coloured


def test_ctrl_c_ends_quietly():
    class Interrupting(io.StringIO):
        def readline(self, *args):
            raise KeyboardInterrupt

    out = io.StringIO()
    # Told apart from quit, so that the command can exit 130 as an interrupted program does.
    assert terminal.play(Interrupting(), out, level=1, seed=1) == "interrupted"
    assert "Interrupted" in out.getvalue()


def test_random_placement_starts_afresh_when_the_ships_placed_by_hand_leave_no_room():
    # Five 10-long ships that may not touch fit only on every other row (or column): with
    # two on rows B and E, the other three have only G to J left.
    from battleship.classic import ShipSpec

    rules = RuleSet(
        name="crowded",
        allow_adjacent=False,
        fleet=tuple(ShipSpec(name, 10) for name in ("One", "Two", "Three", "Four", "Five")),
    )
    game = terminal.BattleshipGame(rules, seed=3)
    game.place_ship(0, "One", "B1", "H")
    game.place_ship(0, "Two", "E1", "H")
    terminal._place_rest_randomly(game)
    assert game.boards[0].is_complete


def test_special_weapons_are_typed_and_announced():
    rules = RuleSet.special_weapons()
    fleet = computer_fleet(level=1, seed=5, rules=rules)
    carrier = fleet["Carrier"]
    row = carrier[0][0]
    lines = [f"air {carrier[2]}", "air A1", f"torpedo {row} west", "torpedo Z west", "quit"]
    _, printed = run_play(lines, level=1, seed=5, rules=rules)
    assert f"Your air strike on {carrier[2]}:" in printed
    assert f"{carrier[2]}: hit!" in printed
    assert "Every air strike has been used. Try again" in printed
    assert f"Your torpedo from the west along row {row}: contact!" in printed
    assert "There is no row Z on this board." in printed
    assert "(or a weapon: 1 air strike, 2 torpedoes left; see help)" in printed


def test_a_salvo_can_be_typed_all_at_once():
    _, printed = run_play(["A1 A2 A3 A4 A5", "quit"], level=1, seed=5, rules=RuleSet.salvo())
    assert all(f"A{n}: " in printed for n in range(1, 6))
    assert printed.count("The Recruit fires at ") == 5
