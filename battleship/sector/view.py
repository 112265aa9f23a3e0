"""What a player of the sector game may know: the reports both players were told
(``Report``), what the player may do next (``Legal``, from its view alone) and its whole
view of the game (``SectorView``)."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from battleship.coordinates import Coordinate
from battleship.errors import IllegalMove
from battleship.phase import GamePhase
from battleship.sector.actions import Barrage, Recon, Shot, Sonar, Turn
from battleship.sector.fleet import (
    FLEET,
    Kind,
    Ship,
    is_submarine,
)
from battleship.sector.geometry import (
    ALL_CELLS,
    Course,
    numeral,
)


class Result(enum.StrEnum):
    """The answer to one shot: water, a hit, or a ship sunk (named in ``Report.sunk``)."""

    WATER = "water"
    HIT = "hit"
    SUNK = "sunk"


_SURFACE_SHIPS = sum(1 for spec in FLEET if spec.kind is not Kind.SUBMARINE)


@dataclass(frozen=True, slots=True)
class Report:
    """One turn as it was announced.

    Both players know ``kind``, the ``cells`` fired at, the ``origin`` sector of a shot or
    barrage, the ``sector`` scanned by recon or sonar, and the answer (``result`` of a shot,
    ``hits`` of a barrage, ``sunk`` ship names, ``occupied`` cells, ``courses``), and whether
    a submarine moved. ``ship`` (the ship that acted) and ``moved`` (the submarine that
    moved) are None in the opponent's copy; only a shot hides its ship (a barrage is the
    Battleship's, recon the Carrier's, sonar the Destroyer's).
    """

    player: int
    kind: str
    ship: str | None = None
    origin: int | None = None
    sector: int | None = None
    cells: tuple[Coordinate, ...] = ()
    result: Result | None = None
    hits: int | None = None
    sunk: tuple[str, ...] = ()
    occupied: tuple[Coordinate, ...] = ()
    courses: tuple[Course, ...] = ()
    sub_moved: bool = False
    moved: str | None = None

    def seen_by(self, player: int) -> Report:
        """This report as ``player`` knows it."""
        if player == self.player:
            return self
        # A shot names only its sector; a barrage, recon or sonar says which ship acted.
        ship = None if self.kind == "shot" else self.ship
        return replace(self, ship=ship, moved=None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "ship": self.ship,
            "origin": numeral(self.origin) if self.origin else None,
            "sector": numeral(self.sector) if self.sector else None,
            "cells": [str(c) for c in self.cells],
            "result": self.result.value if self.result else None,
            "hits": self.hits,
            "sunk": list(self.sunk),
            "occupied": [str(c) for c in self.occupied],
            "courses": [str(c) for c in self.courses],
            "sub_moved": self.sub_moved,
            "moved": self.moved,
        }


@dataclass(frozen=True, slots=True)
class Legal:
    """What the player to move may do now: the ships that may shoot, the abilities it has,
    the cells it may fire at (every cell but those it was told it hit on a surface ship,
    see ``known_hits_in``),
    and the submarines that may move afterwards. Empty for the player who waits."""

    shooters: tuple[str, ...] = ()
    barrage: bool = False
    recon: bool = False
    sonar: bool = False
    targets: frozenset[Coordinate] = frozenset()
    submarines: tuple[str, ...] = ()

    def check(self, turn: Turn) -> None:
        """``IllegalMove`` naming the first thing in ``turn`` that is not allowed now."""
        if not self.shooters:
            raise IllegalMove("it is not this player's turn", kind="not_your_turn")
        action = turn.action
        if isinstance(action, Shot):
            if action.ship not in self.shooters:
                raise IllegalMove(
                    f"the {action.ship} is sunk and cannot fire",
                    kind="sunk_cannot_fire",
                    ship=action.ship,
                )
            self._check_targets((action.cell,))
        elif isinstance(action, Barrage):
            if not self.barrage:
                raise IllegalMove(
                    "only the Battleship fires a barrage, and it is sunk", kind="no_barrage"
                )
            self._check_targets(action.cells)
        elif isinstance(action, Recon) and not self.recon:
            raise IllegalMove(
                "only the Carrier launches the recon aircraft, and it is sunk", kind="no_recon"
            )
        elif isinstance(action, Sonar) and not self.sonar:
            raise IllegalMove("only the Destroyer uses sonar, and it is sunk", kind="no_sonar")
        if turn.move is not None and turn.move.submarine not in self.submarines:
            raise IllegalMove(
                f"the {turn.move.submarine} cannot move: it is sunk, at the edge of the sea, "
                "or another submarine is in its way",
                kind="sub_cannot_move",
                ship=turn.move.submarine,
            )

    def _check_targets(self, cells: Iterable[Coordinate]) -> None:
        for cell in cells:
            if cell not in self.targets:
                raise IllegalMove(
                    f"{cell} is a ship's cell already hit: fire elsewhere",
                    kind="already_hit",
                    cell=str(cell),
                )

    def to_dict(self) -> dict[str, Any]:
        return {
            "shooters": list(self.shooters),
            "barrage": self.barrage,
            "recon": self.recon,
            "sonar": self.sonar,
            "targets": sorted(str(c) for c in self.targets),
            "submarines": list(self.submarines),
        }


@dataclass(frozen=True, slots=True)
class SectorView:
    """Everything one player may know (docs/rules/sector.md), and nothing else: its own fleet as it
    is now, every report as it was told to this player, and what it may do. The enemy fleet
    appears only once the game is over. Two games that differ only in what this player was
    never told give equal views."""

    player: int
    phase: GamePhase
    first_player: int | None
    current_player: int | None
    winner: int | None
    fleet: tuple[Ship, ...]
    reports: tuple[Report, ...]
    legal: Legal
    enemy_fleet: tuple[Ship, ...] = ()
    resigned: int | None = None

    @property
    def my_turn(self) -> bool:
        return self.phase is GamePhase.IN_PROGRESS and self.current_player == self.player

    @property
    def turn_number(self) -> int:
        return len(self.reports)

    @property
    def enemy_sunk(self) -> tuple[str, ...]:
        """The enemy ships this player sank, in order."""
        return tuple(n for r in self.reports if r.player == self.player for n in r.sunk)

    @property
    def known_hits_in(self) -> frozenset[Coordinate]:
        """Enemy cells this player was told it hit on a surface ship (never fired at again)."""
        return known_hits_in(self.reports, self.player)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "phase": self.phase.value,
            "first_player": self.first_player,
            "current_player": self.current_player,
            "winner": self.winner,
            "fleet": [ship.to_dict() for ship in self.fleet],
            "reports": [report.to_dict() for report in self.reports],
            "legal": self.legal.to_dict(),
            "enemy_fleet": [ship.to_dict() for ship in self.enemy_fleet],
            "resigned": self.resigned,
        }


def known_hits_in(reports: Iterable[Report], player: int) -> frozenset[Coordinate]:
    """The cells ``player`` may not fire at (docs/rules/sector.md): those it was told it hit on a
    surface ship, while any enemy surface ship is afloat.

    Once every surface ship is sunk only submarines are left, and every cell is open again:
    else a submarine could hide for ever beneath a wreck's cell at the edge of the sea. A
    cell hit by a barrage is not known to be hit (only the count is told), so it stays
    open: firing there again answers "hit" and does no more damage.
    """
    hits = set()
    surface_sunk = 0
    for report in reports:
        if report.player != player:
            continue
        surface_sunk += sum(1 for name in report.sunk if not is_submarine(name))
        if report.kind == "shot" and report.result is not None:
            # A sunk submarine leaves its cell empty; a surface ship's cell stays struck.
            sub_sunk = report.result is Result.SUNK and is_submarine(report.sunk[0])
            if report.result is not Result.WATER and not sub_sunk:
                hits.add(report.cells[0])
    if surface_sunk == _SURFACE_SHIPS:
        return frozenset()
    return frozenset(hits)


def legal_for(fleet: Sequence[Ship], known_hits: Iterable[Coordinate]) -> Legal:
    """What a player with ``fleet`` afloat, told it hit ``known_hits_in``, may do on its turn."""
    afloat = {ship.name: ship for ship in fleet if ship.afloat}
    blocked = {cell for ship in afloat.values() if ship.is_submarine for cell in ship.cells}
    movable = []
    for ship in afloat.values():
        if ship.is_submarine:
            ahead = ship.next_cells()
            if ahead is not None and not (set(ahead) - set(ship.cells)) & blocked:
                movable.append(ship.name)
    kinds = {ship.kind for ship in afloat.values()}
    return Legal(
        shooters=tuple(afloat),
        barrage=Kind.BATTLESHIP in kinds,
        recon=Kind.CARRIER in kinds,
        sonar=Kind.DESTROYER in kinds,
        targets=frozenset(ALL_CELLS) - frozenset(known_hits),
        submarines=tuple(movable),
    )
