"""What a player can conclude from its view: the cells known empty or occupied, where the
enemy's submarines can run and be, and what the enemy was told about its own fleet.

Everything here is read from one ``SectorView``; nothing else is ever seen. Surface ships
never move and sunk ships only leave, so a cell once known free of every ship afloat
stays free of them; submarines never turn, so a line once known free of them stays free.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from battleship.coordinates import Coordinate
from battleship.sector.fleet import FLEET, SUBMARINES, Kind, is_submarine
from battleship.sector.geometry import ALL_CELLS, SIZE, Axis, Course, sector_cells, sector_of
from battleship.sector.view import Report, Result, SectorView

SURFACE = tuple(spec for spec in FLEET if spec.kind is not Kind.SUBMARINE)
LINES = tuple(Course(axis, index) for axis in Axis for index in range(SIZE))

SubState = tuple[int, int]
"""A submarine on a known line: the index of its lower cell along the line and the way it
moves along the line (+1 or -1)."""


@dataclass(slots=True)
class Knowledge:
    """One player's conclusions about the enemy fleet (see the module's docstring)."""

    empty: set[Coordinate] = field(default_factory=set)
    """Cells no enemy surface ship afloat occupies (every cell once all are sunk)."""
    struck: set[Coordinate] = field(default_factory=set)
    """Cells surely hit already: firing there again is wasted. None once every enemy
    surface ship is sunk: the wrecks have left the sea and a submarine may lie at any of
    their cells (the engine opens every cell again then)."""
    occupied: set[Coordinate] = field(default_factory=set)
    """Cells an enemy surface ship afloat occupies (found by recon or hit), minus the cells
    worked out to belong to ships since sunk (none once all are sunk)."""
    uncertain: dict[Coordinate, float] = field(default_factory=dict)
    """Cells of barrages whose count did not say which of them hit, with the share of the
    count each carries: a single shot there tells; another barrage there may tell nothing
    (a cell already hit counts again). None once every enemy surface ship is sunk."""
    sunk: list[str] = field(default_factory=list)
    reconned: set[int] = field(default_factory=set)
    scanned: set[int] = field(default_factory=set)
    sub_lines: set[Course] = field(default_factory=set)
    """Lines a sonar found an enemy submarine on (and no sinking has yet explained)."""
    free_lines: set[Course] = field(default_factory=set)
    """Lines a sonar found no enemy submarine on."""
    sub_states: dict[Course, set[SubState]] = field(default_factory=dict)
    """For each line not known free, where on it a submarine could be now."""
    enemy_origins: list[tuple[int, str | None]] = field(default_factory=list)
    """Sectors the enemy's shots came from (with the Battleship named for a barrage)."""
    told_lines: set[Course] = field(default_factory=set)
    """Lines of our own submarines the enemy's sonar has reported."""
    enemy_shots: list[tuple[int, Coordinate]] = field(default_factory=list)
    """Every cell the enemy fired at, with the turn number."""
    hunt_states: dict[Course, set[SubState]] = field(default_factory=dict)
    """``sub_states`` narrowed further by the sectors the enemy's last ship afloat, a
    submarine, fired from: its bridge lay in the sector announced (only the Admiral uses
    them)."""
    sub_origin: tuple[int, bool] | None = None
    """Once the enemy has only submarines left: the sector its latest shot came from (some
    submarine's bridge lay there) and whether a submarine moved after it."""

    @property
    def surface_afloat(self) -> list[str]:
        return [spec.name for spec in SURFACE if spec.name not in self.sunk]

    @property
    def subs_afloat(self) -> int:
        return sum(1 for name in SUBMARINES if name not in self.sunk)

    def targets(self, legal: Iterable[Coordinate]) -> list[Coordinate]:
        """Cells worth firing at: legal, not struck already."""
        return [cell for cell in legal if cell not in self.struck]

    def sub_cells(self) -> set[Coordinate]:
        """Cells an enemy submarine afloat may lie over now (from ``sub_states``)."""
        if not self.subs_afloat:
            return set()
        cells: set[Coordinate] = set()
        for line, states in self.sub_states.items():
            along = line.cells
            for pos, _way in states:
                cells.add(along[pos])
                cells.add(along[pos + 1])
        return cells


def read(view: SectorView) -> Knowledge:
    """Everything ``view`` tells about the enemy fleet."""
    know = Knowledge()
    me = view.player
    states = {line: _all_states() for line in LINES}
    hunt = dict(states)
    for number, report in enumerate(view.reports):
        if report.player != me:
            _enemy_turn(know, report, number, states, hunt)
            continue
        if report.kind == "shot":
            _shot(know, report, (states, hunt))
        elif report.kind == "barrage":
            _barrage(know, report, (states, hunt))
        elif report.kind == "recon" and report.sector is not None:
            know.reconned.add(report.sector)
            listed = set(report.occupied)
            for cell in sector_cells(report.sector):
                if cell in listed:
                    know.occupied.add(cell)
                else:
                    know.empty.add(cell)
        elif report.kind == "sonar" and report.sector is not None:
            know.scanned.add(report.sector)
            found = set(report.courses)
            for line in LINES:
                if line.crosses(report.sector):
                    if line in found:
                        know.sub_lines.add(line)
                    else:
                        know.free_lines.add(line)
        for name in report.sunk:
            if not is_submarine(name):
                _bury(know, name, report)
    know.occupied -= know.empty
    if not know.surface_afloat:
        # Only submarines are left: no cell holds a surface ship afloat, and a submarine
        # may lie at any wreck's cell (occupied cells a sinking could not be told apart
        # from would otherwise be fired at for ever, as sure hits).
        know.empty = set(ALL_CELLS)
        know.occupied.clear()
        know.struck.clear()
        know.uncertain.clear()
    if not know.subs_afloat:
        know.sub_lines.clear()
    know.sub_states = {
        line: _states(masks)
        for line, masks in states.items()
        if line not in know.free_lines and any(masks)
    }
    know.hunt_states = {
        line: _states(masks)
        for line, masks in hunt.items()
        if line not in know.free_lines and any(masks)
    }
    return know


# Where a submarine may be on one line, as two bit masks over the index of its lower cell
# (bit p: cells p and p + 1): one for each way it can move along the line. Bit masks keep
# replaying a long game's every move and shot well inside a turn's time.
Masks = tuple[int, int]
Tracks = tuple[dict[Course, Masks], ...]
"""The same masks kept twice: ``sub_states`` and ``hunt_states`` (see ``Knowledge``)."""
_FULL = (1 << (SIZE - 1)) - 1


def _all_states() -> Masks:
    return (_FULL, _FULL)


def _moved(masks: Masks) -> Masks:
    """Every place a submarine may be after one more move of either enemy submarine."""
    ahead, back = masks
    return ((ahead | ahead << 1) & _FULL, back | back >> 1)


def _states(masks: Masks) -> set[SubState]:
    return {
        (pos, way)
        for way, mask in zip((1, -1), masks, strict=True)
        for pos in range(SIZE - 1)
        if mask >> pos & 1
    }


def _on_line(line: Course, cell: Coordinate) -> int | None:
    if line.axis is Axis.ROW:
        return cell.col if cell.row == line.index else None
    return cell.row if cell.col == line.index else None


def _clear(tracks: Tracks, cell: Coordinate) -> None:
    """Water at ``cell``: no submarine lies over it now."""
    for line in (Course(Axis.ROW, cell.row), Course(Axis.COLUMN, cell.col)):
        at = _on_line(line, cell)
        if at is None:  # an invariant, and a type narrowing for mypy
            raise RuntimeError("at is not set here")
        keep = ~((1 << at) | (1 << max(at - 1, 0))) & _FULL
        for states in tracks:
            ahead, back = states[line]
            states[line] = (ahead & keep, back & keep)


def _shot(know: Knowledge, report: Report, states: Tracks) -> None:
    cell = report.cells[0]
    know.uncertain.pop(cell, None)
    if report.result is Result.WATER:
        know.empty.add(cell)
        _clear(states, cell)
    elif report.result is Result.SUNK and report.sunk and is_submarine(report.sunk[0]):
        know.empty.add(cell)
        know.sunk.append(report.sunk[0])
        _sub_sunk(know, cell, states)
        return
    else:
        know.struck.add(cell)
        know.occupied.add(cell)
    know.sunk.extend(report.sunk)


def _barrage(know: Knowledge, report: Report, states: Tracks) -> None:
    hits = report.hits or 0
    cells = list(report.cells)
    subs_sunk = sum(1 for name in report.sunk if is_submarine(name))
    known = [cell for cell in cells if cell in know.occupied]
    unresolved = [cell for cell in cells if cell not in know.occupied]
    know.sunk.extend(report.sunk)
    know.struck.update(known)
    if hits == 0:
        for cell in cells:
            _clear(states, cell)
    surface_hits = max(0, hits - len(known) - subs_sunk)
    if not unresolved:
        return
    share = surface_hits / len(unresolved)
    for cell in unresolved:
        know.uncertain.pop(cell, None)
        if share == 0 and not subs_sunk:
            know.empty.add(cell)
        elif share == 1:
            know.struck.add(cell)
            know.occupied.add(cell)
        elif share > 0:
            know.uncertain[cell] = share


def _sub_sunk(know: Knowledge, cell: Coordinate, states: Tracks) -> None:
    """A submarine sank at ``cell``: the sonar's course through it is taken as explained,
    but where a submarine may be on it is kept (sonar tells a course once, so the other
    submarine may run on the same line); only ``cell`` is known free of them now."""
    _clear(states, cell)
    lines = [line for line in know.sub_lines if _on_line(line, cell) is not None]
    if len(lines) == 1:
        know.sub_lines.discard(lines[0])


def _bury(know: Knowledge, name: str, report: Report) -> None:
    """A surface ship sank: the cells that can only have been its own are no longer
    occupied (sunk ships leave the sea)."""
    length = next(spec.length for spec in SURFACE if spec.name == name)
    known = know.occupied | know.struck | set(know.uncertain) | set(report.cells)
    options = []
    for sink_cell in report.cells:
        for dr, dc in ((0, 1), (1, 0)):
            for back in range(length):
                start = (sink_cell.row - dr * back, sink_cell.col - dc * back)
                cells = [(start[0] + dr * i, start[1] + dc * i) for i in range(length)]
                if all(0 <= r < SIZE and 0 <= c < SIZE for r, c in cells):
                    coords = {Coordinate(r, c) for r, c in cells}
                    if coords <= known and not coords & know.empty:
                        options.append(coords)
    if options:
        dead = set.intersection(*options)
        know.occupied -= dead
        for cell in dead:
            know.uncertain.pop(cell, None)
        know.empty |= dead


def _enemy_turn(
    know: Knowledge,
    report: Report,
    number: int,
    states: dict[Course, Masks],
    hunt: dict[Course, Masks],
) -> None:
    if report.origin is not None:
        know.enemy_origins.append((report.origin, report.ship))
    for cell in report.cells:
        know.enemy_shots.append((number, cell))
    know.told_lines.update(report.courses)
    if not know.surface_afloat and report.origin is not None:
        # Only submarines left: the shot came from one of them, its bridge in that sector.
        know.sub_origin = (report.origin, False)
        if know.subs_afloat == 1:
            for line, masks in hunt.items():
                hunt[line] = _bridge_in(line, report.origin, masks)
    if report.sub_moved:
        for track in (states, hunt):
            for line, cells in track.items():
                track[line] = _moved(cells)
        if know.sub_origin is not None:
            know.sub_origin = (know.sub_origin[0], True)


def _bridge_in(line: Course, sector: int, masks: Masks) -> Masks:
    """Only the places on ``line`` whose bridge (astern: the lower cell heading +1, the
    upper heading -1) lies in ``sector``."""
    cells = line.cells
    ahead = sum(1 << p for p in range(SIZE - 1) if sector_of(cells[p]) == sector)
    back = sum(1 << p for p in range(SIZE - 1) if sector_of(cells[p + 1]) == sector)
    return (masks[0] & ahead, masks[1] & back)


def open_cells(know: Knowledge) -> list[Coordinate]:
    """Cells not known empty nor struck."""
    return [cell for cell in ALL_CELLS if cell not in know.empty and cell not in know.struck]
