"""The computer players of the sector game: three levels, each a step up from the one below.

The Deckhand plays as a new player does (issue 41: a new player beats it more often than
not, ``bench_sector --newcomer``): single shots at random, and a ship it has hit followed
up only now and then. The Gunner works sector by sector with every ability and uses what it
knows (where enemy shots came from, where the last submarines can be, what its own shots
tell the enemy); the Admiral weighs a belief over every enemy ship and wins 65 to 90 % of
its battles against the Gunner (``bench_sector``).

A player chooses a whole ``Turn`` from its ``SectorView`` alone and keeps no memory between
turns: its choice is a function of its seed, the turn number and its view, so a game
replays exactly from what is stored.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import ClassVar

from battleship.coordinates import Coordinate
from battleship.sector.actions import Action, Barrage, Recon, Shot, Sonar, SubMove, Turn
from battleship.sector.ai.knowledge import LINES, SURFACE, Knowledge, read
from battleship.sector.fleet import Ship
from battleship.sector.geometry import (
    ALL_CELLS,
    SECTORS,
    SIZE,
    Axis,
    Course,
    sector_cells,
    sector_of,
)
from battleship.sector.view import Result, SectorView


class SectorPlayer:
    """Base of the computer players: ``choose_move(view)`` gives the next turn."""

    level: ClassVar[int]
    name: ClassVar[str]
    description: ClassVar[str]

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def rng(self, view: SectorView) -> random.Random:
        return random.Random(f"{self.seed}:{view.player}:{view.turn_number}")

    def choose_move(self, view: SectorView) -> Turn:
        if not view.my_turn:
            raise ValueError("it is not this player's turn")
        return self.choose(view, self.rng(view))

    def choose(self, view: SectorView, rng: random.Random) -> Turn:
        raise NotImplementedError


_DIAGONAL = (1, 6, 11, 16)
"""Four sonar sweeps over these sectors cross every row and every column of the sea."""


def _neighbours(cell: Coordinate) -> list[Coordinate]:
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = cell.row + dr, cell.col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append(Coordinate(r, c))
    return out


def _along_lines(frontier: list[Coordinate], hits: set[Coordinate]) -> list[Coordinate]:
    """The cells of ``frontier`` that carry on a line of two hits or more (a ship lies along
    its hits), or the whole frontier when no line is known yet."""
    inline = []
    for cell in frontier:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            behind = (cell.row + dr, cell.col + dc), (cell.row + 2 * dr, cell.col + 2 * dc)
            if all(0 <= r < SIZE and 0 <= c < SIZE and Coordinate(r, c) in hits for r, c in behind):
                inline.append(cell)
                break
    return inline or frontier


class Deckhand(SectorPlayer):
    """The easiest level: a new player's way (``battleship.sector.ai.newcomer``), a little
    absent-minded. Single shots only, from the first ship of its fleet afloat (its Carrier
    while it floats: a surface ship, whose sector tells the enemy where it lies), at cells
    it has not fired at; after a hit, at the cells around its hits since its last sinking, but only
    ``FOLLOW_UP`` of the time (else anywhere new); once only submarines are left, which
    move, anywhere at all. It never moves a submarine of its own."""

    level = 1
    name = "Deckhand"
    description = (
        "Fires single shots at random and goes after a ship it has hit only now and then: "
        "an opponent to learn the game against."
    )
    FOLLOW_UP = 0.7
    """How often a hit is followed up: a new player (who always does) beats it about 60 %
    of the time (docs/sector.md)."""

    def choose(self, view: SectorView, rng: random.Random) -> Turn:
        fired: set[Coordinate] = set()
        hunting: list[Coordinate] = []  # its hits since its last sinking
        sunk: set[str] = set()
        for report in view.reports:
            if report.player != view.player or report.kind != "shot":
                continue
            fired.update(report.cells)
            sunk.update(report.sunk)
            if report.result is Result.SUNK:
                hunting = []
            elif report.result is Result.HIT:
                hunting.extend(report.cells)
        if all(spec.name in sunk for spec in SURFACE):
            fired = set()  # only submarines left: they move, old water may hold them now
        targets = set(view.legal.targets)
        around = sorted(
            {n for hit in hunting for n in _neighbours(hit) if n in targets and n not in fired}
        )
        if rng.random() >= self.FOLLOW_UP:
            around = []  # its mind elsewhere
        fresh = sorted(c for c in targets if c not in fired)
        cell = rng.choice(around or fresh or sorted(targets))
        return Turn(Shot(view.legal.shooters[0], cell))


class _SectorBySector(SectorPlayer):
    """The plan the Gunner plays by (it was the Deckhand's before issue 41): recon over
    sector after sector, fire at what it finds and along its lines of hits, sweep for
    submarines with sonar and shoot along their courses."""

    def choose(self, view: SectorView, rng: random.Random) -> Turn:
        know = read(view)
        targets = set(view.legal.targets) - know.struck
        action = self._action(view, know, targets, rng)
        return Turn(action, self._move(view, know, rng))

    def _move(self, view: SectorView, know: Knowledge, rng: random.Random) -> SubMove | None:
        """A submarine picked at random, every other turn or so."""
        legal = view.legal
        if legal.submarines and rng.random() < 0.5:
            return SubMove(rng.choice(legal.submarines))
        return None

    def _shooter(self, view: SectorView, rng: random.Random) -> str:
        """Any ship afloat."""
        return rng.choice(view.legal.shooters)

    def _recon_sector(self, know: Knowledge, unreconned: list[int], rng: random.Random) -> int:
        """A sector not flown over yet, picked at random."""
        return rng.choice(unreconned)

    def _action(
        self, view: SectorView, know: Knowledge, targets: set[Coordinate], rng: random.Random
    ) -> Action:
        """Every choice fires where the answer is not known yet, so each turn teaches
        something: cells known hit, or known water where no submarine can be, are left
        alone, and a barrage never goes again over cells a barrage left in doubt (a cell
        already hit counts again, and the same count would come back for ever)."""
        legal = view.legal
        sure = sorted(c for c in know.occupied if c in targets)
        if sure:
            if legal.barrage and len(sure) >= 3:
                return Barrage((sure[0], sure[1], sure[2]))
            return Shot(self._shooter(view, rng), sure[0])
        hits = know.struck & know.occupied
        frontier = sorted(
            {n for hit in hits for n in _neighbours(hit) if n in targets and n not in know.empty}
        )
        if frontier:
            return Shot(self._shooter(view, rng), rng.choice(_along_lines(frontier, hits)))
        doubt = sorted(c for c in know.uncertain if c in targets)
        if doubt:
            best = max(know.uncertain[c] for c in doubt)
            likely = [c for c in doubt if know.uncertain[c] == best]
            return Shot(self._shooter(view, rng), rng.choice(likely))
        unreconned = [s for s in SECTORS if s not in know.reconned]
        if legal.recon and unreconned and know.surface_afloat:
            return Recon(self._recon_sector(know, unreconned, rng))
        if legal.sonar and know.subs_afloat > len(know.sub_lines):
            sweep = [s for s in _DIAGONAL if s not in know.scanned]
            if sweep:
                return Sonar(sweep[0])
        subs = know.sub_cells()
        on_lines = sorted(
            c for line in know.sub_lines for c in line.cells if c in targets and c in subs
        )
        if on_lines:
            return Shot(self._shooter(view, rng), rng.choice(on_lines))
        open_cells = sorted(c for c in targets if c not in know.empty)
        pool = [c for c in open_cells if (c.row + c.col) % 2 == 0] or open_cells
        pool = pool or sorted(c for c in targets if c in subs) or sorted(targets)
        if legal.barrage and len(pool) >= 3:
            a, b, c = rng.sample(pool, 3)
            return Barrage((a, b, c))
        return Shot(self._shooter(view, rng), rng.choice(pool))


class Gunner(_SectorBySector):
    level = 2
    name = "Gunner"
    description = (
        "Flies over sector after sector and fires along its lines of hits, sweeps for "
        "submarines with sonar, and uses what it is told: flies first over the sectors the "
        "enemy fired from, tracks where the last submarines can be and moves its own out "
        "of danger."
    )

    def _action(
        self, view: SectorView, know: Knowledge, targets: set[Coordinate], rng: random.Random
    ) -> Action:
        if not know.surface_afloat and know.subs_afloat:
            return _hunt(view, know, rng)
        return super()._action(view, know, targets, rng)

    def _move(self, view: SectorView, know: Knowledge, rng: random.Random) -> SubMove | None:
        return _evasive_move(view, know, rng)

    def _shooter(self, view: SectorView, rng: random.Random) -> str:
        return _quiet_shooter(view, rng)

    def _recon_sector(self, know: Knowledge, unreconned: list[int], rng: random.Random) -> int:
        """A sector an enemy shot or barrage came from (a ship's bridge lies there), if one
        is left to fly over, else any."""
        origins = {sector for sector, _ship in know.enemy_origins}
        return rng.choice([s for s in unreconned if s in origins] or unreconned)


class _Placements:
    """Every place each enemy surface ship could lie on an empty sea: cells and bridge sector."""

    table: ClassVar[dict[str, list[tuple[tuple[Coordinate, ...], int]]]] = {}

    _building: ClassVar[threading.Lock] = threading.Lock()

    @classmethod
    def of(cls, name: str) -> list[tuple[tuple[Coordinate, ...], int]]:
        # Built once, whole, then published: a server answers turns in several threads, and
        # none may read a table half built.
        if not cls.table:
            with cls._building:
                if not cls.table:
                    table = {}
                    for spec in SURFACE:
                        rows = []
                        for dr, dc in ((0, 1), (1, 0)):
                            for row in range(SIZE - dr * (spec.length - 1)):
                                for col in range(SIZE - dc * (spec.length - 1)):
                                    cells = tuple(
                                        Coordinate(row + dr * i, col + dc * i)
                                        for i in range(spec.length)
                                    )
                                    rows.append((cells, sector_of(cells[spec.bridge])))
                        table[spec.name] = rows
                    cls.table = table
        return cls.table[name]


# How much likelier a placement is for each cell it covers that is known occupied.
_OCCUPIED_WEIGHT = 40.0
# How much likelier a ship's bridge is in a sector an enemy shot came from.
_ORIGIN_WEIGHT = 3.0
# In the last hunt: how much likelier a place on a course sonar found, and one whose
# bridge was in the sector the enemy's latest shot came from.
_SONAR_WEIGHT = 30.0
_HUNT_ORIGIN_WEIGHT = 5.0


def _bridge_near(cells: Sequence[Coordinate], pos: int, way: int, origin: tuple[int, bool]) -> bool:
    """Whether a submarine at ``pos`` heading ``way`` can have had its bridge in the
    sector ``origin`` names (one cell back, if a submarine moved since)."""
    sector, moved = origin
    bridge = pos if way == 1 else pos + 1
    if sector_of(cells[bridge]) == sector:
        return True
    back = bridge - way
    return moved and 0 <= back < len(cells) and sector_of(cells[back]) == sector


class SectorAdmiral(SectorPlayer):
    level = 3
    name = "Admiral"
    description = (
        "Keeps a belief over where every enemy ship and moving submarine can be, from every "
        "answer and every sector the enemy fired from, weighs shot, barrage, recon and sonar "
        "by what each is worth, and moves its submarines out of danger."
    )

    def choose(self, view: SectorView, rng: random.Random) -> Turn:
        know = read(view)
        surface = self.surface_belief(know)
        subs = self.submarine_belief(know)
        action = self._action(view, know, surface, subs, rng)
        return Turn(action, _evasive_move(view, know, rng))

    # -- belief --------------------------------------------------------------------------

    @staticmethod
    def surface_belief(know: Knowledge) -> dict[Coordinate, float]:
        """For each cell, the chance an enemy surface ship afloat lies there (known
        occupied cells near 1)."""
        barrage_from = {sector for sector, ship in know.enemy_origins if ship == "Battleship"}
        shot_from = {sector for sector, ship in know.enemy_origins if ship is None}
        occupied, empty = know.occupied, know.empty
        belief: dict[Coordinate, float] = dict.fromkeys(ALL_CELLS, 0.0)
        for name in know.surface_afloat:
            weighted: list[tuple[tuple[Coordinate, ...], float]] = []
            total = 0.0
            for cells, bridge_sector in _Placements.of(name):
                if name == "Battleship" and barrage_from and bridge_sector not in barrage_from:
                    continue
                weight = 1.0
                for cell in cells:
                    if cell in empty:
                        weight = 0.0
                        break
                    if cell in occupied:
                        weight *= _OCCUPIED_WEIGHT
                if not weight:
                    continue
                if bridge_sector in shot_from:
                    weight *= _ORIGIN_WEIGHT
                weighted.append((cells, weight))
                total += weight
            if not total:
                continue
            for cells, weight in weighted:
                share = weight / total
                for cell in cells:
                    belief[cell] += share
        for cell in occupied:
            belief[cell] = 1.0
        for cell, share in know.uncertain.items():
            belief[cell] = max(belief[cell], share)
        return belief

    @staticmethod
    def submarine_belief(know: Knowledge) -> dict[Coordinate, float]:
        """For each cell, the chance an enemy submarine is there now, from the lines sonar
        found and where on them a submarine can have moved since the water it was shot at."""
        belief: dict[Coordinate, float] = {}
        if not know.subs_afloat:
            return belief
        for line in know.sub_lines:
            states = know.sub_states.get(line)
            if not states:
                continue
            share = 1.0 / len(states)
            cells = line.cells
            for pos, _way in states:
                for cell in (cells[pos], cells[pos + 1]):
                    belief[cell] = belief.get(cell, 0.0) + share
        return belief

    # -- the action ----------------------------------------------------------------------

    def _action(
        self,
        view: SectorView,
        know: Knowledge,
        surface: dict[Coordinate, float],
        subs: dict[Coordinate, float],
        rng: random.Random,
    ) -> Action:
        legal = view.legal
        if not know.surface_afloat and know.subs_afloat:
            return _hunt(view, know, rng)
        targets = [c for c in legal.targets if c not in know.struck]
        score = {}
        for cell in targets:
            p = min(1.0, surface[cell])
            score[cell] = p + (1.0 - p) * min(1.0, subs.get(cell, 0.0))
        # Ties broken at random, so that the same view need not give the same cells.
        ranked = sorted(targets, key=lambda c: (-score[c], rng.random()))
        best = [score[c] for c in ranked[:3]]
        # A barrage tells only its count: never again at cells a barrage left in doubt.
        volley = [c for c in ranked if c not in know.uncertain][:3]
        if legal.barrage and len(volley) == 3 and score[volley[2]] >= 0.95:
            return Barrage((volley[0], volley[1], volley[2]))
        if best[0] >= 0.95:
            return Shot(_quiet_shooter(view, rng), ranked[0])
        recon_value, recon_sector = self._recon_value(know, surface)
        if legal.recon and recon_value >= 0.6 and recon_value > 2 * sum(best):
            return Recon(recon_sector)
        if best[0] >= 0.4:
            return Shot(_quiet_shooter(view, rng), ranked[0])
        if legal.sonar and know.subs_afloat > len(know.sub_lines):
            sector = self._sonar_sector(know)
            if sector is not None and (not legal.recon or recon_value < 0.6):
                return Sonar(sector)
        if legal.barrage and len(volley) == 3 and ranked[0] not in know.uncertain:
            return Barrage((volley[0], volley[1], volley[2]))
        return Shot(_quiet_shooter(view, rng), ranked[0])

    @staticmethod
    def _recon_value(know: Knowledge, surface: dict[Coordinate, float]) -> tuple[float, int]:
        """The sector where the aircraft would find the most ship cells not known yet."""
        best, where = 0.0, 1
        for sector in SECTORS:
            value = sum(
                surface[c]
                for c in sector_cells(sector)
                if c not in know.occupied and c not in know.empty
            )
            if value > best:
                best, where = value, sector
        return best, where

    @staticmethod
    def _sonar_sector(know: Knowledge) -> int | None:
        """The sector whose sweep crosses the most lines that may still hold a submarine."""
        unknown = [line for line in LINES if line in know.sub_states and line not in know.sub_lines]
        if not unknown:
            return None
        counts = {s: sum(1 for line in unknown if line.crosses(s)) for s in SECTORS}
        sector = max(SECTORS, key=lambda s: counts[s])
        return sector if counts[sector] else None


# -- shared by the Gunner and the Admiral ----------------------------------------------


def _hunt(view: SectorView, know: Knowledge, rng: random.Random) -> Action:
    """Only submarines are left: fire where the most places a submarine can still be
    lie (every place alike, those on a course sonar found 30 times likelier, those whose
    bridge lay in the sector the latest enemy shot came from 5 times), or sweep with sonar
    first while no course is known for each submarine."""
    legal = view.legal
    states = know.hunt_states or know.sub_states
    origin = know.sub_origin if know.subs_afloat > 1 else None
    weight: dict[Coordinate, float] = {}
    unknown: dict[Course, float] = {}
    for line, places in states.items():
        found = line in know.sub_lines
        cells = line.cells
        for pos, way in places:
            share = _SONAR_WEIGHT if found else 1.0
            if origin is not None and _bridge_near(cells, pos, way, origin):
                share *= _HUNT_ORIGIN_WEIGHT
            for cell in (cells[pos], cells[pos + 1]):
                weight[cell] = weight.get(cell, 0.0) + share
            if not found:
                unknown[line] = unknown.get(line, 0.0) + share
    targets = [c for c in legal.targets if c in weight] or list(legal.targets)
    ranked = sorted(targets, key=lambda c: (-weight.get(c, 0.0), rng.random()))
    known = len(know.sub_lines & set(states))
    if legal.sonar and unknown and know.subs_afloat > known:
        counts = {s: sum(m for line, m in unknown.items() if line.crosses(s)) for s in SECTORS}
        return Sonar(max(SECTORS, key=lambda s: counts[s]))
    if legal.barrage and len(ranked) >= 3:
        return Barrage((ranked[0], ranked[1], ranked[2]))
    return Shot(_quiet_shooter(view, rng), ranked[0])


def _quiet_shooter(view: SectorView, rng: random.Random) -> str:
    """A ship whose sector the enemy was told already, else a submarine (it moves on),
    else any: each new sector announced tells the enemy where to look."""
    told = {r.ship for r in view.reports if r.player == view.player and r.kind == "shot"}
    afloat = {ship.name: ship for ship in view.fleet if ship.afloat}
    shooters = view.legal.shooters
    for name in shooters:
        ship = afloat[name]
        if name in told and not ship.is_submarine:
            return name
    subs = [name for name in shooters if afloat[name].is_submarine]
    return rng.choice(subs or list(shooters))


def _evasive_move(view: SectorView, know: Knowledge, rng: random.Random) -> SubMove | None:
    """Move the submarine most in danger to a safer cell: danger is its course told to
    the enemy and the enemy's recent shots on its line; beneath a surface ship it is
    shielded."""
    afloat = [ship for ship in view.fleet if ship.afloat]
    covered = {c for ship in afloat if not ship.is_submarine for c in ship.cells}
    recent = [cell for number, cell in know.enemy_shots if number >= view.turn_number - 12]
    best: tuple[float, str] | None = None
    for ship in afloat:
        if ship.name not in view.legal.submarines:
            continue
        ahead = ship.next_cells()
        if ahead is None:  # an invariant, and a type narrowing for mypy
            raise RuntimeError("ahead is not set here")
        gain = _danger(ship.cells, ship, covered, recent, know) - _danger(
            ahead, ship, covered, recent, know
        )
        if best is None or gain > best[0]:
            best = (gain, ship.name)
    if best is None:
        return None
    if best[0] > 0 or (best[0] == 0 and rng.random() < 0.5):
        return SubMove(best[1])
    return None


def _line_of(ship: Ship) -> Course:
    cell = ship.cells[0]
    if ship.heading is not None and ship.heading.orientation.value == "H":
        return Course(Axis.ROW, cell.row)
    return Course(Axis.COLUMN, cell.col)


def _danger(
    cells: Sequence[Coordinate],
    ship: Ship,
    covered: set[Coordinate],
    recent: list[Coordinate],
    know: Knowledge,
) -> float:
    exposed = [c for c in cells if c not in covered]
    if not exposed:
        return 0.0
    line = _line_of(ship)
    danger = 2.0 if line in know.told_lines else 0.5
    for shot in recent:
        for cell in exposed:
            gap = abs(shot.row - cell.row) + abs(shot.col - cell.col)
            if gap <= 2:
                danger += 1.0 / (1 + gap)
    return danger * len(exposed) / len(cells)
