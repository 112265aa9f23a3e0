"""A whole sector game (docs/rules/sector.md): setup, turns, reports, the end,
snapshots, per-player views and the legal-action listing.

Each player has a sea of its own, as in the classic game. A turn is one action with a ship
afloat, then at most one submarine move (``Turn``). Every answer is a ``Report`` holding what
both players were told; the actor also knows which of its ships acted and which submarine
moved. What a player may do next depends on its view alone (``Legal``), so neither the
page nor the computer can learn anything hidden from what is offered or refused.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from battleship.coordinates import Coordinate, Orientation
from battleship.errors import BattleshipError, IllegalMove, InvalidPlacement
from battleship.phase import PLAYERS, GamePhase, TwoPlayerGame
from battleship.sector.actions import Action, Barrage, Recon, Shot, Turn, TurnChooser
from battleship.sector.actions import turn_from_dict as _turn_from_dict
from battleship.sector.fleet import (
    FLEET,
    Placement,
    Ship,
    build_fleet,
    check_spacing,
    random_placements,
)
from battleship.sector.geometry import (
    Axis,
    Course,
    Heading,
    sector_cells,
)
from battleship.sector.view import Legal, Report, Result, SectorView, known_hits_in, legal_for

_ORDER = {spec.name: i for i, spec in enumerate(FLEET)}


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


class SectorGame(TwoPlayerGame):
    """A sector game between player 0 and player 1.

    Every invalid input raises a ``ValueError`` subclass and changes nothing. The same
    seed, fleets and turns give the same game, byte for byte in ``get_state()``.
    """

    def __init__(self, seed: int | None = None, first_player: int | None = None) -> None:
        if seed is not None and type(seed) is not int:
            raise BattleshipError(f"the seed must be a whole number, not {seed!r}")
        if first_player is not None:
            self._seat(first_player)
        super().__init__()
        self.seed: int = seed if seed is not None else secrets.randbits(63)
        self._chosen_first = first_player
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
        player is the one chosen at creation, else a seeded coin flip (docs/rules/sector.md)."""
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

    def log(self) -> list[dict[str, Any]]:
        """The turns played, in order, as a stored battle keeps them (``Turn.from_dict``
        reads each back)."""
        return [turn.to_dict() for turn in self.turns]

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

    # -- what a player knows -------------------------------------------------------------

    def legal_actions(self, player: int) -> Legal:
        """What ``player`` may do now (see ``Legal``); from its own knowledge alone."""
        seat = self._seat(player)
        if self.phase is not GamePhase.IN_PROGRESS or self.current_player != seat:
            return Legal()
        return legal_for(self.fleets[seat], known_hits_in(self.reports, seat))

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


def _lie(placement: Placement) -> Orientation | Heading:
    return placement.heading if placement.heading is not None else placement.orientation


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
