"""Turn structure as policies of the rule set: how many shots a turn holds, and when the
game ends (and how: a win, or a draw).

Each policy is a small function registered under the rule set's value for it, so a new
rule (a five-shot round, a weapon's turn) is a new entry here, not another branch inside
``BattleshipGame``. Turns alternate between the two players, the first player chosen by
``RuleSet.first_player``; a round is the first player's turn and the other's after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from battleship.classic.board import Board
from battleship.classic.rules import GameEnd, RuleSet, ShotsPerTurn


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``winner`` is the player who won, or None for a draw."""

    winner: int | None

    @property
    def is_draw(self) -> bool:
        return self.winner is None


Allowance = Callable[[RuleSet, Board], int]
"""Shots a player may fire in a turn, from the rules and the player's own board."""

Ending = Callable[[Sequence[Board], int, bool], Outcome | None]
"""After a shot by ``shooter``: the game's outcome, or None while it goes on. The flag says
whether that shot closed a round."""

ALLOWANCES: dict[ShotsPerTurn, Allowance] = {}
ENDINGS: dict[GameEnd, Ending] = {}


def allowance(policy: ShotsPerTurn) -> Callable[[Allowance], Allowance]:
    """Register the shot allowance of ``policy``."""

    def register(rule: Allowance) -> Allowance:
        ALLOWANCES[policy] = rule
        return rule

    return register


def ending(policy: GameEnd) -> Callable[[Ending], Ending]:
    """Register the end condition of ``policy``."""

    def register(rule: Ending) -> Ending:
        ENDINGS[policy] = rule
        return rule

    return register


@allowance(ShotsPerTurn.ONE)
def _one(rules: RuleSet, own: Board) -> int:
    return 1


@allowance(ShotsPerTurn.UNSUNK_SHIPS)
def _one_per_ship_afloat(rules: RuleSet, own: Board) -> int:
    return len(own.afloat)


@allowance(ShotsPerTurn.FIXED)
def _fixed(rules: RuleSet, own: Board) -> int:
    return rules.salvo_size


@allowance(ShotsPerTurn.UNHIT_CELLS)
def _one_per_unhit_cell(rules: RuleSet, own: Board) -> int:
    return own.unhit_cells


@ending(GameEnd.FIRST_FLEET_SUNK)
def _first_fleet_sunk(boards: Sequence[Board], shooter: int, round_over: bool) -> Outcome | None:
    return Outcome(winner=shooter) if boards[1 - shooter].all_sunk else None


@ending(GameEnd.END_OF_ROUND)
def _end_of_round(boards: Sequence[Board], shooter: int, round_over: bool) -> Outcome | None:
    if not round_over:
        return None
    sunk = [board.all_sunk for board in boards]
    if all(sunk):
        return Outcome(winner=None)
    if any(sunk):
        return Outcome(winner=sunk.index(False))
    return None


def counts_at_round_start(rules: RuleSet) -> bool:
    """Whether both players' allowances are counted when a round begins
    (docs/rules/five-shot.md, 'A round'), rather than each at the start of its own turn (Salvo)."""
    return rules.game_end is GameEnd.END_OF_ROUND
