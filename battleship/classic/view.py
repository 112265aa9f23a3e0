"""What a player may know of a classic game (``PlayerView``) and the records it is made of:
shots, moves and their results, five-shot group reports."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from battleship.classic.board import Ship
from battleship.classic.moves import Move
from battleship.classic.rules import RuleSet, Weapon
from battleship.coordinates import Coordinate
from battleship.phase import GamePhase

PLAYERS = (0, 1)


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot as it happened: who fired, where, whether it hit, the ship it sank (by name)."""

    player: int
    coord: Coordinate
    hit: bool
    sunk: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict."""
        return {"player": self.player, "cell": str(self.coord), "hit": self.hit, "sunk": self.sunk}


@dataclass(frozen=True, slots=True)
class PlayedMove:
    """A move as it was played: by whom, and the cells it fired at, in order (an air
    strike's open cells; the cell a torpedo struck, or none). Every part of it was
    announced, so both players know it."""

    player: int
    move: Move
    cells: tuple[Coordinate, ...]


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What ``make_move`` did, as the shooter learns it, plus whose turn it is now."""

    player: int
    coord: Coordinate
    hit: bool
    sunk: Ship | None
    """The ship the shot sank, or None. Under fog of war the shooter is not told (see views)."""
    turn_over: bool
    game_over: bool
    winner: int | None
    next_player: int | None
    draw: bool = False
    """Whether the game just ended in a draw (only under rules that end at a round's end)."""


@dataclass(frozen=True, slots=True)
class FiredShot:
    """A shot as its shooter knows it: the cell, hit or miss, and the sunk ship if announced.

    ``hit`` is None where the cell's result was not announced: under group reports
    (``Announcement.GROUP``) a turn's shots are answered together, by a ``GroupReport``.
    """

    coord: Coordinate
    hit: bool | None
    sunk: str | None = None


_TIMES = {1: "", 2: " twice", 3: " three times", 4: " four times", 5: " five times"}


@dataclass(frozen=True, slots=True)
class GroupReport:
    """What the defender announces after a turn under group reports (docs/rules/five-shot.md):
    which ships the turn's cells hit and how many times each, and which sank, never which
    cell hit what. ``str()`` says it as a person would: "Battleship hit twice,
    Submarine hit and sunk"."""

    cells: tuple[Coordinate, ...]
    hits: tuple[tuple[str, int], ...]
    """(ship name, times hit by this turn), in fleet order, only ships hit."""
    sunk: tuple[str, ...] = ()
    """The ships this turn sank, in fleet order."""

    @classmethod
    def announce(
        cls,
        rules: RuleSet,
        cells: Iterable[Coordinate],
        hit: Iterable[str | None],
        sunk: Iterable[str],
    ) -> GroupReport:
        """The report of a turn at ``cells``; ``hit`` names the ship each cell hit (None for
        water), ``sunk`` the ships the turn sank. Ships come out in fleet order."""
        counted: dict[str, int] = {}
        for name in hit:
            if name is not None:
                counted[name] = counted.get(name, 0) + 1
        sank = set(sunk)
        order = [ship.name for ship in rules.fleet]
        return cls(
            tuple(cells),
            tuple((name, counted[name]) for name in order if name in counted),
            tuple(name for name in order if name in sank),
        )

    def times(self, name: str) -> int:
        """How many of this turn's cells hit the ship ``name``."""
        return dict(self.hits).get(name, 0)

    @property
    def hit_count(self) -> int:
        """How many of this turn's cells hit a ship."""
        return sum(count for _, count in self.hits)

    def __str__(self) -> str:
        if not self.hits:
            return "No hits"
        parts = []
        for name, count in self.hits:
            times = _TIMES.get(count, f" {count} times")
            parts.append(f"{name} hit{times}{' and sunk' if name in self.sunk else ''}")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict."""
        return {
            "cells": [str(cell) for cell in self.cells],
            "hits": dict(self.hits),
            "sunk": list(self.sunk),
        }


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything one player may know, and nothing else.

    Their own fleet and the shots it received; the shots they fired with the results that
    were announced; the names of the enemy ships they sank (under fog of war, none). The
    enemy fleet appears only once the game is over. Two games that differ only in where
    the opponent's unsunk ships lie give equal views.
    """

    player: int
    rules: RuleSet
    phase: GamePhase
    current_player: int | None
    winner: int | None
    fleet: tuple[Ship, ...]
    shots_received: tuple[tuple[Coordinate, bool], ...]
    shots_fired: tuple[FiredShot, ...]
    enemy_sunk: tuple[str, ...]
    shots_left_in_turn: int
    move_number: int
    enemy_fleet: tuple[Ship, ...] = ()
    resigned: int | None = None
    last_round: tuple[int, int] = (0, 0)
    """How many shots this player fired in its last turn, and how many the opponent fired
    after them (both know the order of the shots): what the last round announced."""
    moves: tuple[PlayedMove, ...] = ()
    """Every move of both players, in order: all of it was announced."""
    weapons_left: tuple[tuple[Weapon, int], ...] = ()
    """This player's special weapons not yet used."""
    reports: tuple[GroupReport, ...] = ()
    """Under group reports, what each of this player's turns was told, in order (then each
    of its ``shots_fired`` has ``hit`` None)."""

    @property
    def my_turn(self) -> bool:
        """Whether this player is to fire now."""
        return self.phase is GamePhase.IN_PROGRESS and self.current_player == self.player

    @property
    def last_round_moves(self) -> tuple[tuple[PlayedMove, ...], tuple[PlayedMove, ...]]:
        """The moves of the last round: this player's last turn (one or more moves in a
        row) and the opponent's moves after it. Counted in moves, not shots, so that a
        torpedo with no contact (a move that fires no shot) is a round of its own."""
        moves = self.moves
        end = len(moves)
        while end and moves[end - 1].player != self.player:
            end -= 1
        start = end
        while start and moves[start - 1].player == self.player:
            start -= 1
        return moves[start:end], moves[end:]

    @property
    def targeted(self) -> frozenset[Coordinate]:
        """The enemy cells this player has fired at."""
        return frozenset(shot.coord for shot in self.shots_fired)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict."""
        return {
            "player": self.player,
            "rules": self.rules.to_dict(),
            "phase": self.phase.value,
            "current_player": self.current_player,
            "winner": self.winner,
            "fleet": [ship.to_dict() for ship in self.fleet],
            "shots_received": [{"cell": str(c), "hit": hit} for c, hit in self.shots_received],
            "shots_fired": [
                {"cell": str(s.coord), "hit": s.hit, "sunk": s.sunk} for s in self.shots_fired
            ],
            "enemy_sunk": list(self.enemy_sunk),
            "shots_left_in_turn": self.shots_left_in_turn,
            "move_number": self.move_number,
            "enemy_fleet": [ship.to_dict() for ship in self.enemy_fleet],
            "resigned": self.resigned,
            "last_round": list(self.last_round),
            "moves": [
                {"player": m.player, "move": m.move.to_dict(), "cells": [str(c) for c in m.cells]}
                for m in self.moves
            ],
            "weapons_left": {weapon.value: count for weapon, count in self.weapons_left},
            "reports": [report.to_dict() for report in self.reports],
        }


@dataclass(frozen=True, slots=True)
class SpectatorView:
    """What someone watching a game may know: every announcement, and no ship's place.

    ``sides[p]`` is player ``p``'s view with what only ``p`` knows taken out: where ``p``'s
    own ships lie, and what each shot at them did (under group reports the shooter is told
    only a turn's count; the other side's ``shots_fired`` is what anyone knows of ``p``'s
    waters). What is left: ``p``'s shots and what each announced, the whole move list. Both
    fleets appear once the game is over. Two games that differ only in where unsunk ships
    lie give equal spectator views.
    """

    sides: tuple[PlayerView, PlayerView]

    @classmethod
    def of(cls, first: PlayerView, second: PlayerView) -> SpectatorView:
        return cls((_outsiders(first), _outsiders(second)))

    @property
    def phase(self) -> GamePhase:
        return self.sides[0].phase

    @property
    def current_player(self) -> int | None:
        return self.sides[0].current_player

    @property
    def winner(self) -> int | None:
        return self.sides[0].winner

    @property
    def move_number(self) -> int:
        return self.sides[0].move_number


def _outsiders(view: PlayerView) -> PlayerView:
    """``view`` as anyone may know it: its player's own waters gone while the game is on."""
    if view.phase is GamePhase.FINISHED:
        return view
    return replace(view, fleet=(), shots_received=())
