"""A whole sector game (rules/003, decisions 15 to 20): setup, turns, reports, the end,
snapshots, per-player views and the legal-action listing.

Each player has a sea of its own, as in the classic game. A turn is one action with a ship
afloat, then at most one submarine move (``Turn``). Every answer is a ``Report`` holding what
both players were told; the actor also knows which of its ships acted and which submarine
moved. What a player may do next depends on its view alone (``Legal``), so neither the
page nor the computer can learn anything hidden from what is offered or refused.
"""

from __future__ import annotations

import enum
import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from battleship.coordinates import Coordinate, Orientation
from battleship.errors import BattleshipError, IllegalMove, InvalidPlacement
from battleship.phase import GamePhase
from battleship.sector.actions import Action, Barrage, Recon, Shot, Sonar, Turn, TurnChooser
from battleship.sector.actions import turn_from_dict as _turn_from_dict
from battleship.sector.fleet import (
    FLEET,
    Kind,
    Placement,
    Ship,
    build_fleet,
    check_spacing,
    is_submarine,
    random_placements,
)
from battleship.sector.geometry import (
    ALL_CELLS,
    Axis,
    Course,
    Heading,
    numeral,
    sector_cells,
)

PLAYERS = (0, 1)
_ORDER = {spec.name: i for i, spec in enumerate(FLEET)}
_SURFACE_SHIPS = sum(1 for spec in FLEET if spec.kind is not Kind.SUBMARINE)


class Result(enum.StrEnum):
    """The answer to one shot: water, a hit, or a ship sunk (named in ``Report.sunk``)."""

    WATER = "water"
    HIT = "hit"
    SUNK = "sunk"


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
    see ``_known_hits``),
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
    """Everything one player may know (decision 20), and nothing else: its own fleet as it
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
    def known_hits(self) -> frozenset[Coordinate]:
        """Enemy cells this player was told it hit on a surface ship (never fired at again)."""
        return _known_hits(self.reports, self.player)

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


def _known_hits(reports: Iterable[Report], player: int) -> frozenset[Coordinate]:
    """The cells ``player`` may not fire at (decision 18): those it was told it hit on a
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


@dataclass(frozen=True, slots=True)
class SectorState:
    """An immutable snapshot of a whole game, enough to rebuild it exactly: the seed, who
    started, both fleets as placed and every turn in order."""

    seed: int
    phase: GamePhase
    first_player: int | None
    current_player: int | None
    winner: int | None
    fleets: tuple[tuple[Placement, ...], tuple[Placement, ...]]
    turns: tuple[Turn, ...] = ()
    resigned: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable dict; ``SectorState.from_dict`` reads it back."""
        return {
            "game": "sector",
            "seed": self.seed,
            "phase": self.phase.value,
            "first_player": self.first_player,
            "current_player": self.current_player,
            "winner": self.winner,
            "fleets": [[p.to_dict() for p in fleet] for fleet in self.fleets],
            "turns": [turn.to_dict() for turn in self.turns],
            "resigned": self.resigned,
        }

    @classmethod
    def from_dict(cls, data: object) -> SectorState:
        """Read a dict written by ``to_dict``; rebuilt and checked by replaying its turns."""
        if not isinstance(data, dict) or data.get("game") != "sector":
            raise BattleshipError("not a sector game's state")
        try:
            fleets = [[Placement.from_dict(p) for p in fleet] for fleet in data["fleets"]]
            game = SectorGame.replay(
                int(data["seed"]),
                fleets,
                [_turn_from_dict(t) for t in data["turns"]],
                started=GamePhase(data["phase"]) is not GamePhase.SETUP,
                first_player=data["first_player"],
                resigned=data["resigned"],
            )
        except (KeyError, TypeError) as error:
            raise BattleshipError(f"malformed sector game state: {error}") from error
        state = game.get_state()
        if state.to_dict() != data:
            raise BattleshipError("the game state does not agree with a replay of its turns")
        return state


class SectorGame:
    """A sector game between player 0 and player 1.

    Every invalid input raises a ``ValueError`` subclass and changes nothing. The same
    seed, fleets and turns give the same game, byte for byte in ``get_state()``.
    """

    def __init__(self, seed: int | None = None, first_player: int | None = None) -> None:
        if seed is not None and type(seed) is not int:
            raise BattleshipError(f"the seed must be a whole number, not {seed!r}")
        if first_player is not None:
            self._seat(first_player)
        self.seed: int = seed if seed is not None else secrets.randbits(63)
        self._chosen_first = first_player
        self.phase = GamePhase.SETUP
        self.first_player: int | None = None
        self.current_player: int | None = None
        self.winner: int | None = None
        self.resigned: int | None = None
        self.placements: list[dict[str, Placement]] = [{}, {}]
        self.fleets: list[list[Ship]] = [[], []]
        self.turns: list[Turn] = []
        self.reports: list[Report] = []

    # -- setup ---------------------------------------------------------------------------

    def place_ship(
        self,
        player: int,
        name: str,
        start: Coordinate | str,
        lie: Orientation | Heading | str,
    ) -> Ship:
        """Place one ship during setup (a submarine takes a heading, the others across or
        down); ``InvalidPlacement`` if it leaves the sea or comes within a cell of another."""
        self._require_setup()
        seat = self._seat(player)
        placement = Placement.of(name, start, lie)
        ship = Ship.placed(placement)
        check_spacing(self._placed_ships(seat), ship)
        self.placements[seat][name] = placement
        return ship

    def remove_ship(self, player: int, name: str) -> None:
        self._require_setup()
        seat = self._seat(player)
        if name not in self.placements[seat]:
            raise InvalidPlacement(f"the {name!r} is not placed")
        del self.placements[seat][name]

    def place_fleet(self, player: int, placements: Iterable[Placement]) -> None:
        """Place a whole fleet at once, all or nothing."""
        self._require_setup()
        seat = self._seat(player)
        ships = build_fleet(placements)
        self.placements[seat] = {ship.name: ship.placement for ship in ships}

    def setup_random(self) -> None:
        """Place every incomplete fleet at random (reproducible from the seed) and start."""
        self._require_setup()
        for seat in PLAYERS:
            if len(self.placements[seat]) < len(FLEET):
                rng = random.Random(f"{self.seed}:sector-fleet:{seat}")
                self.placements[seat] = {p.name: p for p in random_placements(rng)}
        self.start()

    def start(self) -> None:
        """Begin play; ``InvalidPlacement`` unless both fleets are complete. The first
        player is the one chosen at creation, else a coin flip from the seed (decision 19)."""
        self._require_setup()
        fleets = []
        for seat in PLAYERS:
            if len(self.placements[seat]) < len(FLEET):
                raise InvalidPlacement(f"player {seat} has not placed the whole fleet")
            fleets.append(list(build_fleet(self.placements[seat].values())))
        self.fleets = fleets
        if self._chosen_first is None:
            self.first_player = random.Random(f"{self.seed}:first-player").randrange(2)
        else:
            self.first_player = self._chosen_first
        self.current_player = self.first_player
        self.phase = GamePhase.IN_PROGRESS

    def _placed_ships(self, seat: int) -> list[Ship]:
        return [Ship.placed(p) for p in self.placements[seat].values()]

    # -- play ----------------------------------------------------------------------------

    def play(self, turn: Turn | Action) -> Report:
        """Validate ``turn`` (or a bare action: no submarine moves) for the player to move
        and apply it whole; the report as the actor sees it. ``IllegalMove`` (a
        ``ValueError``) for anything not allowed now, and nothing changes."""
        if not isinstance(turn, Turn):
            turn = Turn(turn)
        if self.phase is not GamePhase.IN_PROGRESS:
            when = "before the game has started" if self.phase is GamePhase.SETUP else "over"
            raise IllegalMove(f"no turn can be played: the game is {when}", kind="no_turn_now")
        actor = self._current()
        self.legal_actions(actor).check(turn)
        report = self._apply(actor, turn)
        self.reports.append(report)
        self.turns.append(turn if report.sub_moved or turn.move is None else Turn(turn.action))
        return report

    def play_turn(self, chooser: TurnChooser) -> Report:
        """Let ``chooser`` (a computer player) play the turn of the player to move, from
        that player's view alone: the one computer turn every front end uses."""
        if self.phase is not GamePhase.IN_PROGRESS:
            raise IllegalMove("no turn can be played: the game is not in progress")
        return self.play(chooser.choose_move(self.view_for(self._current())))

    def _apply(self, actor: int, turn: Turn) -> Report:
        action = turn.action
        enemy = self.fleets[1 - actor]
        own = {ship.name: ship for ship in self.fleets[actor]}
        report: Report
        if isinstance(action, Shot):
            result, sunk = self._strike(enemy, action.cell)
            report = Report(
                actor,
                "shot",
                ship=action.ship,
                origin=own[action.ship].sector,
                cells=(action.cell,),
                result=result,
                sunk=(sunk,) if sunk else (),
            )
        elif isinstance(action, Barrage):
            hits, sunk_names = 0, []
            for cell in action.cells:
                result, sunk = self._strike(enemy, cell)
                hits += result is not Result.WATER
                if sunk:
                    sunk_names.append(sunk)
            report = Report(
                actor,
                "barrage",
                ship="Battleship",
                origin=own["Battleship"].sector,
                cells=action.cells,
                hits=hits,
                sunk=tuple(sunk_names),
            )
        elif isinstance(action, Recon):
            area = set(sector_cells(action.sector))
            occupied = sorted(
                cell
                for ship in enemy
                if ship.afloat and not ship.is_submarine
                for cell in ship.cells
                if cell in area
            )
            report = Report(
                actor, "recon", ship="Carrier", sector=action.sector, occupied=tuple(occupied)
            )
        else:
            report = Report(
                actor,
                "sonar",
                ship="Destroyer",
                sector=action.sector,
                courses=sonar_courses(enemy, action.sector),
            )
        if not any(ship.afloat for ship in enemy):
            self.phase = GamePhase.FINISHED
            self.winner = actor
            self.current_player = None
            return report  # the game is over: no submarine moves after the last sinking
        if turn.move is not None:
            fleet = self.fleets[actor]
            index = next(i for i, s in enumerate(fleet) if s.name == turn.move.submarine)
            fleet[index] = fleet[index].moved()
            report = replace(report, sub_moved=True, moved=turn.move.submarine)
        self.current_player = 1 - actor
        return report

    @staticmethod
    def _strike(fleet: list[Ship], cell: Coordinate) -> tuple[Result, str | None]:
        """One shell at ``cell`` of ``fleet``: a surface ship there takes it (a submarine
        beneath is shielded); else a submarine there sinks; else water."""
        for index, ship in enumerate(fleet):
            if ship.afloat and not ship.is_submarine and cell in ship.cells:
                hits = ship.hits | {cell}
                afloat = len(hits) < len(ship.cells)
                fleet[index] = replace(ship, hits=hits, afloat=afloat)
                return (Result.HIT, None) if afloat else (Result.SUNK, ship.name)
        for index, ship in enumerate(fleet):
            if ship.afloat and cell in ship.cells:
                fleet[index] = replace(ship, hits=frozenset({cell}), afloat=False)
                return Result.SUNK, ship.name
        return Result.WATER, None

    def resign(self, player: int) -> None:
        """``player`` gives up: the game ends and the other player wins."""
        seat = self._seat(player)
        if self.phase is not GamePhase.IN_PROGRESS:
            raise IllegalMove("only a game in progress can be resigned", kind="cannot_resign")
        self.phase = GamePhase.FINISHED
        self.winner = 1 - seat
        self.resigned = seat
        self.current_player = None

    # -- what a player knows -------------------------------------------------------------

    def legal_actions(self, player: int) -> Legal:
        """What ``player`` may do now (see ``Legal``); from its own knowledge alone."""
        seat = self._seat(player)
        if self.phase is not GamePhase.IN_PROGRESS or self.current_player != seat:
            return Legal()
        return legal_for(self.fleets[seat], _known_hits(self.reports, seat))

    def view_for(self, player: int) -> SectorView:
        seat = self._seat(player)
        over = self.phase is GamePhase.FINISHED
        return SectorView(
            player=seat,
            phase=self.phase,
            first_player=self.first_player,
            current_player=self.current_player,
            winner=self.winner,
            fleet=tuple(self.fleets[seat]) or self._setup_fleet(seat),
            reports=tuple(report.seen_by(seat) for report in self.reports),
            legal=self.legal_actions(seat),
            enemy_fleet=tuple(self.fleets[1 - seat]) if over else (),
            resigned=self.resigned,
        )

    def _setup_fleet(self, seat: int) -> tuple[Ship, ...]:
        return tuple(sorted(self._placed_ships(seat), key=lambda s: _ORDER[s.name]))

    # -- snapshots -----------------------------------------------------------------------

    def get_state(self) -> SectorState:
        fleets = tuple(
            tuple(sorted(self.placements[seat].values(), key=lambda p: _ORDER[p.name]))
            for seat in PLAYERS
        )
        return SectorState(
            seed=self.seed,
            phase=self.phase,
            first_player=self.first_player,
            current_player=self.current_player,
            winner=self.winner,
            fleets=(fleets[0], fleets[1]),
            turns=tuple(self.turns),
            resigned=self.resigned,
        )

    @classmethod
    def from_state(cls, state: SectorState) -> SectorGame:
        return cls.replay(
            state.seed,
            state.fleets,
            state.turns,
            started=state.phase is not GamePhase.SETUP,
            first_player=state.first_player,
            resigned=state.resigned,
        )

    @classmethod
    def replay(
        cls,
        seed: int,
        fleets: Sequence[Iterable[Placement]],
        turns: Iterable[Turn],
        *,
        started: bool = True,
        first_player: int | None = None,
        resigned: int | None = None,
    ) -> SectorGame:
        """A game from its seed, both fleets, who started (None: the seed's coin flip) and
        its turns in order."""
        game = cls(seed, first_player)
        for seat, fleet in enumerate(fleets):
            for placement in fleet:
                game.place_ship(seat, placement.name, placement.start, _lie(placement))
        if started:
            game.start()
        for turn in turns:
            game.play(turn)
        if resigned is not None:
            game.resign(resigned)
        return game

    # -- internals -----------------------------------------------------------------------

    def _current(self) -> int:
        if self.current_player is None:  # an invariant, and a type narrowing for mypy
            raise RuntimeError("self.current_player is not set here")
        return self.current_player

    def _require_setup(self) -> None:
        if self.phase is not GamePhase.SETUP:
            raise InvalidPlacement(
                "ships can only be placed before the game starts", kind="placing_over"
            )

    @staticmethod
    def _seat(player: int) -> int:
        if player not in PLAYERS or isinstance(player, bool):
            raise BattleshipError(f"player must be 0 or 1, not {player!r}")
        return player


def _lie(placement: Placement) -> Orientation | Heading:
    return placement.heading if placement.heading is not None else placement.orientation


def legal_for(fleet: Sequence[Ship], known_hits: Iterable[Coordinate]) -> Legal:
    """What a player with ``fleet`` afloat, told it hit ``known_hits``, may do on its turn."""
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


def sonar_courses(fleet: Iterable[Ship], sector: int) -> tuple[Course, ...]:
    """The courses of ``fleet``'s submarines afloat that cross ``sector``, each line once."""
    courses = set()
    for ship in fleet:
        if ship.afloat and ship.heading is not None:
            if ship.heading.orientation is Orientation.H:
                course = Course(Axis.ROW, ship.cells[0].row)
            else:
                course = Course(Axis.COLUMN, ship.cells[0].col)
            if course.crosses(sector):
                courses.add(course)
    return tuple(sorted(courses))
