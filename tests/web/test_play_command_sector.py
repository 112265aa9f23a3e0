"""``manage.py play --mode sector``: the sector game (docs/rules/sector.md) in the terminal."""

import io

import pytest
from django.core.management import CommandError, call_command

from battleship.classic import ROW_LETTERS
from battleship.sector import SectorGame
from battleship.terminal import sector as sector_terminal


def call_play(*args, typed=""):
    out = io.StringIO()
    call_command("play", "--mode", "sector", *args, stdin=io.StringIO(typed), stdout=out)
    return out.getvalue()


def sweep():
    """Every cell of the sea in reading order, each as its own turn with no submarine
    moved (the empty line answers the move question, or is a harmless blank action)."""
    cells = [f"{ROW_LETTERS[row]}{col + 1}" for row in range(12) for col in range(12)]
    return "".join(f"{cell} carrier\n\n{cell} submarine\n\n{cell}\n\n" for cell in cells)


def computer_fleet(seed):
    """The computer's fleet of the terminal game of ``seed`` (from the seed, as it places it)."""
    game = SectorGame(seed, first_player=0)
    game.setup_random()
    return game.fleets[1]


def test_it_draws_both_seas_with_the_sector_lines_and_numerals():
    printed = call_play("--seed", "3", "--level", "1", typed="resign\n")
    assert "Sector battle against the Deckhand (level 1)." in printed
    assert "----I-----+----II----+---III----+---IV----" in printed
    assert "---XIII---+---XIV----+----XV----+---XVI---" in printed
    assert " A   " in printed
    assert "You resigned. The Deckhand wins." in printed


def test_each_action_is_answered_and_told():
    typed = "recon XIV\n\nsonar X\n\nbarrage A1 A2 A3\n\nB7 destroyer\n\nlog\nresign\n"
    printed = call_play("--seed", "3", "--level", "2", typed=typed)
    assert "Your recon over XIV: " in printed
    assert "Your sonar over X: " in printed
    assert "Your Battleship from sector " in printed
    assert ": barrage at A1, A2, A3, " in printed
    assert "Your Destroyer from sector " in printed
    assert "fires at B7: " in printed


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("recon XX", "'XX' is not a sector"),
        ("barrage A1 A1 A2", "A barrage fires at three different cells"),
        ("barrage A1 A2", "A barrage fires at exactly three cells"),
        ("B7 C8", "Fire at one cell, from one ship"),
        ("M1", "off the board"),
        ("sonar", "Name one sector after sonar"),
    ],
)
def test_bad_input_gets_a_message_and_changes_nothing(typed, message):
    printed = call_play("--seed", "3", typed=f"{typed}\nlog\nresign\n")
    assert message in printed
    # Nothing was played: no report of the person's, and no answer from the computer.
    assert "Your recon" not in printed
    assert "Your sonar" not in printed
    assert " from sector " not in printed
    assert "The enemy's" not in printed
    assert "From sector" not in printed


def test_a_whole_game_is_played_to_the_end():
    # Firing at the computer's ships (submarines first, and where they may have moved),
    # then at the whole sea: a game the person wins, against a Deckhand that would win a
    # plain sweep of the sea.
    fleet = computer_fleet(2)
    subs = [c for ship in fleet if ship.is_submarine for c in (*ship.cells, *ship.next_cells())]
    surface = [c for ship in fleet if not ship.is_submarine for c in ship.cells]
    aimed = "".join(f"{cell}\n\n" for cell in (*subs, *surface))  # from any ship afloat
    out = io.StringIO()
    result = sector_terminal.play(
        io.StringIO(aimed + sweep() * 3), out, level=1, seed=2, colour=False
    )
    printed = out.getvalue()
    assert result == "won"
    assert "You won in " in printed
    assert "The Deckhand's fleet, revealed" in printed


def test_a_submarine_is_moved_when_asked():
    typed = "recon I\n1\nresign\n"
    printed = call_play("--seed", "3", typed=typed)
    assert "Move a submarine? 1 " in printed
    assert " moved." in printed


def test_manual_placement_keeps_the_spacing_rule():
    typed = "A1 across\nB1 across\nC1 across\nrandom\nresign\n"
    printed = call_play("--manual", "--seed", "1", typed=typed)
    assert "Carrier (5 cells, across or down): " in printed
    assert "The Battleship would be closer than one cell to the Carrier. Try again." in printed
    assert "You resigned." in printed


def test_two_computers_can_be_watched():
    printed = call_play("--watch", "--level", "3", "--vs", "1", "--all", "--seed", "4")
    assert printed.startswith("Admiral (level 3), player 1 against Deckhand (level 1), player 2.")
    assert " wins, after " in printed


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--level", "4"], "there is no level 4"), (["--rules", "salvo"], "classic game")],
)
def test_bad_options_are_refused(args, message):
    with pytest.raises(CommandError, match=message):
        call_play(*args)
