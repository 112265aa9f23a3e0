"""What the classic game shows, built from one player's view alone: the web pages, the
terminal game and the full-screen game all draw from it. (Another family of games, such
as the sector game, brings display builders of its own.)

Nothing here sees the opponent's board: the only input is a ``PlayerView``, so no page or
partial can carry an unsunk enemy ship.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from battleship.classic import (
    ROW_LETTERS,
    Coordinate,
    GameEnd,
    GroupDeduction,
    PlayedMove,
    PlayerView,
    Torpedo,
    deduce_groups,
    sunk_ship_cells,
)
from battleship.classic.sentences import last_round, outcome, ship_label
from battleship.words import gettext, pgettext, ship_name


class CellState(enum.StrEnum):
    """What a player knows of a cell: the one vocabulary of every board drawn."""

    UNKNOWN = "unknown"
    """An enemy cell not fired at: anything may be there."""
    WATER = "water"
    """A cell of one's own board with no ship, not fired at."""
    SHIP = "ship"
    """A ship's cell not hit: one's own, or the enemy's revealed at the end."""
    MISS = "miss"
    HIT = "hit"
    SUNK = "sunk"
    GROUP = "group"
    """Under group reports (docs/rules/five-shot.md): fired at, and what it holds not known yet."""

    @property
    def said(self) -> str:
        """The word a screen reader says after the cell's name ("" for nothing known)."""
        if self is CellState.GROUP:
            return pgettext("cell", "fired at, not known yet")
        if self is CellState.MISS:
            return pgettext("cell", "miss")
        if self is CellState.HIT:
            return pgettext("cell", "hit")
        if self is CellState.SUNK:
            return pgettext("cell", "sunk")
        return ""

    @property
    def symbol(self) -> str:
        """The mark drawn in a fired-at cell, beside its colour."""
        marks = {CellState.MISS: "•", CellState.HIT: "✕", CellState.SUNK: "✖", CellState.GROUP: "?"}
        return marks.get(self, "")


@dataclass(frozen=True)
class Hull:
    """A ship drawn whole from its first cell (the bow): how long, which way, and how it is."""

    length: int
    way: str  # "H" across, "V" down
    state: str  # "yours" (afloat), "sunk", "revealed" (theirs, at the end)
    fresh: bool = False  # sunk by the last round: drawn in


@dataclass(frozen=True)
class Cell:
    label: str
    state: CellState
    ship: str = ""
    can_fire: bool = False
    hull: Hull | None = None  # on the first cell of a ship that is shown
    latest: bool = False  # fired at in the last round (marked until the next)
    turn: int | None = None  # the shooter's turn it was fired at in, counted from 1
    ship_label: str = ""  # the ship's name as said, where it differs (``ship_label``)
    deduced: bool = False  # under group reports: hit or water as the reports settle it
    rounds: bool = False  # under the five-shot rules a turn is said as its round
    track: str = ""  # a torpedo of the last round ran through it: the edge it came from

    @property
    def row(self) -> int:
        return ROW_LETTERS.index(self.label[0])

    @property
    def col(self) -> int:
        return int(self.label[1:]) - 1

    @property
    def when(self) -> str:
        """The turn (or round) it was fired in, as a hover title says it; "" if never."""
        if self.turn is None:
            return ""
        if self.rounds:
            return gettext("Round %(round)d") % {"round": self.turn}
        return gettext("Turn %(turn)d") % {"turn": self.turn}

    @property
    def name(self) -> str:
        """The accessible name: the label first, then what is known of the cell."""
        ship = self.ship_label or (ship_name(self.ship) if self.ship else "")
        if self.state is CellState.GROUP and self.turn is not None:
            # One of a round's cells whose report has not said what it holds.
            return gettext("%(cell)s, fired in round %(round)d, not yet known") % {
                "cell": self.label,
                "round": self.turn,
            }
        parts = [self.label]
        if ship and self.state in (CellState.SHIP, CellState.HIT, CellState.SUNK):
            parts.append(ship)
        if said := self.state.said:
            parts.append(said)
        if self.deduced:
            parts.append(pgettext("cell", "deduced"))
        if self.turn is not None:
            if self.rounds:
                parts.append(pgettext("cell", "round %(round)d") % {"round": self.turn})
            else:
                parts.append(pgettext("cell", "turn %(turn)d") % {"turn": self.turn})
        return ", ".join(parts)

    @property
    def symbol(self) -> str:
        return self.state.symbol


@dataclass(frozen=True)
class ShipStatus:
    name: str
    length: int
    hits: int | None  # None where it cannot be known (enemy ships before the end)
    sunk: bool | None  # None where it cannot be known (under fog of war, before the end)
    parts: tuple[bool, ...] | None = None
    """Each of its cells from the bow (top or left), hit or not; None where not known (an
    enemy ship afloat: its damage is not announced)."""


@dataclass(frozen=True)
class GameDisplay:
    columns: list[int]
    own_rows: list[tuple[str, list[Cell]]]
    enemy_rows: list[tuple[str, list[Cell]]]
    own_fleet: list[ShipStatus]
    enemy_fleet: list[ShipStatus]
    announcements: list[str] = field(default_factory=list)
    sound: str = ""
    outcome: str = ""


@functools.cache
def _grid(size: int) -> tuple[tuple[str, tuple[tuple[Coordinate, str], ...]], ...]:
    """Each row's letter and its cells with their labels: made once, read on every page."""
    return tuple(
        (letter, tuple((cell := Coordinate(r, c), str(cell)) for c in range(size)))
        for r, letter in enumerate(ROW_LETTERS[:size])
    )


def _hull(ship_cells: Iterable[Coordinate], state: str, fresh: bool) -> tuple[Coordinate, Hull]:
    """A ship's first cell (top or left), where its drawing starts, and the drawing."""
    cells = sorted(ship_cells)
    way = "H" if len(cells) > 1 and cells[0].row == cells[-1].row else "V"
    return cells[0], Hull(len(cells), way, state, fresh)


def _turns(view: PlayerView) -> tuple[dict[Coordinate, int], dict[Coordinate, int]]:
    """The turn each cell was fired at in: the player's own shots, and the opponent's at
    the player's board, each side's turns counted from 1 (a Salvo or a weapon is one turn;
    the moves of one turn follow each other)."""
    mine: dict[Coordinate, int] = {}
    theirs: dict[Coordinate, int] = {}
    turns = [0, 0]
    previous = None
    for played in view.moves:
        if played.player != previous:
            turns[played.player] += 1
            previous = played.player
        into = mine if played.player == view.player else theirs
        for cell in played.cells:
            into[cell] = turns[played.player]
    return mine, theirs


def _sunk_under_groups(view: PlayerView, found: GroupDeduction) -> dict[str, frozenset[Coordinate]]:
    """Under group reports, the cells of each sunk enemy ship where they are known: once the
    game is over, every ship all of whose cells were hit; before, a ship reported sunk whose
    placement the reports pin down to one."""
    size = view.rules.board_size
    if view.enemy_fleet:
        return {
            ship.name: frozenset(ship.cells)
            for ship in view.enemy_fleet
            if found.hits.issuperset(ship.cells)
        }
    settled = {}
    for name in view.enemy_sunk:
        placements = found.candidates.get(name, ())
        if len(placements) == 1:
            mask = placements[0]
            settled[name] = frozenset(
                Coordinate(*divmod(bit, size)) for bit in range(size * size) if mask >> bit & 1
            )
    return settled


def _tracks(moves: Iterable[PlayedMove], size: int) -> dict[Coordinate, str]:
    """The cells each torpedo of ``moves`` ran through before it struck (all of its line if
    it made no contact), each with the edge it was launched from. Only what was announced:
    the move and the cell it struck; nothing past that cell."""
    tracks: dict[Coordinate, str] = {}
    for played in moves:
        if isinstance(played.move, Torpedo):
            struck = played.cells[0] if played.cells else None
            for cell in played.move.passed(size, struck):
                tracks[cell] = played.move.edge.value
    return tracks


class _Cells:
    """What the view says of each cell of both boards, looked up once; cells made on demand."""

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        self.labels = {spec.name: ship_label(rules, spec.name) for spec in rules.fleet}
        self.rounds = rules.game_end == GameEnd.END_OF_ROUND
        # Own board: ships and the shots received.
        self.own_ship_at = {cell: ship.name for ship in view.fleet for cell in ship.cells}
        self.received = dict(view.shots_received)
        self.own_sunk = {
            ship.name for ship in view.fleet if all(self.received.get(c) for c in ship.cells)
        }
        # Enemy waters: the person's shots, cells known to belong to sunk ships, and at the
        # end the fleet revealed.
        self.fired: dict[Coordinate, bool | None] = {
            shot.coord: shot.hit for shot in view.shots_fired
        }
        self.deduced: frozenset[Coordinate] = frozenset()
        if view.rules.group_reports:
            # No cell's result is announced: a cell is a hit or a miss once every fleet
            # that fits the reports agrees on it, else it stays one of its turn's group.
            found = deduce_groups(view)
            self.fired.update(dict.fromkeys(found.hits, True))
            self.fired.update(dict.fromkeys(found.misses, False))
            if not view.enemy_fleet:  # at the end the fleet is shown: nothing is deduced
                self.deduced = found.hits | found.misses
            sunk = _sunk_under_groups(view, found)
        else:
            sunk = sunk_ship_cells(view)
        self.sunk = sunk
        self.sunk_cells = {cell: name for name, cells in sunk.items() for cell in cells}
        self.revealed = {cell: ship.name for ship in view.enemy_fleet for cell in ship.cells}
        self.can_fire = view.my_turn
        self.turn_fired, self.turn_received = _turns(view)
        # The last round's moves, each side's, marked until the next round (a torpedo with
        # no contact too: it is a move, and ends the mark of the one before); a torpedo's
        # track, up to the cell it struck, as both players know it.
        mine, theirs = view.last_round_moves
        size = rules.board_size
        self.latest_fired = {cell for played in mine for cell in played.cells}
        self.latest_received = {cell for played in theirs for cell in played.cells}
        self.track_fired = _tracks(mine, size)
        self.track_received = _tracks(theirs, size)
        # Ships are drawn whole: yours always, theirs once sunk (or all at the end); one sunk
        # by the last round is drawn in.
        self.enemy_hulls = dict(
            [
                _hull(ship.cells, "revealed", False)
                for ship in view.enemy_fleet
                if ship.name not in sunk
            ]
            + [_hull(cells, "sunk", bool(cells & self.latest_fired)) for cells in sunk.values()]
        )
        self.own_hulls = dict(
            _hull(ship.cells, "sunk", bool(set(ship.cells) & self.latest_received))
            if ship.name in self.own_sunk
            else _hull(ship.cells, "yours", False)
            for ship in view.fleet
        )

    def own(self, coord: Coordinate, label: str) -> Cell:
        ship = self.own_ship_at.get(coord, "")
        hull = self.own_hulls.get(coord)
        named = self.labels.get(ship, "") if ship else ""
        if coord in self.received:
            turn = self.turn_received.get(coord)
            state = CellState.MISS
            if self.received[coord]:
                state = CellState.SUNK if ship in self.own_sunk else CellState.HIT
            latest = coord in self.latest_received
            return Cell(
                label, state, ship, hull=hull, latest=latest, turn=turn, ship_label=named,
                rounds=self.rounds, track=self.track_received.get(coord, ""),
            )  # fmt: skip
        state = CellState.SHIP if ship else CellState.WATER
        track = self.track_received.get(coord, "")
        return Cell(label, state, ship, hull=hull, ship_label=named, track=track)

    def enemy(self, coord: Coordinate, label: str) -> Cell:
        hull = self.enemy_hulls.get(coord)
        latest = coord in self.latest_fired
        turn = self.turn_fired.get(coord)
        rounds = self.rounds
        track = self.track_fired.get(coord, "")
        if coord in self.sunk_cells:
            name = self.sunk_cells[coord]
            return Cell(
                label, CellState.SUNK, name, hull=hull, latest=latest, turn=turn,
                ship_label=self.labels.get(name, ""), rounds=rounds, track=track,
            )  # fmt: skip
        if coord in self.fired:
            known = self.fired[coord]
            state = (
                CellState.GROUP if known is None else (CellState.HIT if known else CellState.MISS)
            )
            ship = self.revealed.get(coord, "")
            return Cell(
                label, state, ship, hull=hull, latest=latest, turn=turn,
                ship_label=self.labels.get(ship, ""), deduced=coord in self.deduced, rounds=rounds,
                track=track,
            )  # fmt: skip
        if coord in self.revealed:
            name = self.revealed[coord]
            return Cell(
                label, CellState.SHIP, name, hull=hull, ship_label=self.labels.get(name, ""),
                track=track,
            )  # fmt: skip
        return Cell(label, CellState.UNKNOWN, can_fire=self.can_fire, track=track)


def round_number(view: PlayerView) -> int | None:
    """Under rules played in rounds (the five-shot games): the round being played (or the
    last one, once the game is over), counted from 1; None under other rules."""
    if view.rules.game_end != GameEnd.END_OF_ROUND:
        return None
    rounds = 0
    previous = None
    for played in view.moves:
        if played.player != previous and played.player == view.player:
            rounds += 1  # the player fires first in each round
        previous = played.player
    finished_round = bool(view.moves) and view.moves[-1].player != view.player
    return rounds + 1 if view.my_turn and (finished_round or not rounds) else max(rounds, 1)


@dataclass(frozen=True)
class WatchedBoard:
    """One player's shots drawn on the other's waters, as someone watching may see them
    (``SpectatorView.sides[p]``): no sentence of the other's moves, which a spectator's side
    cannot say (it holds nothing of the player's own waters)."""

    columns: list[int]
    enemy_rows: list[tuple[str, list[Cell]]]
    enemy_fleet: list[ShipStatus]


def watched_board(view: PlayerView) -> WatchedBoard:
    """``view``'s enemy waters alone (a spectator's side of the game)."""
    size = view.rules.board_size
    cells = _Cells(view)
    rows = [(letter, [cells.enemy(c, label) for c, label in row]) for letter, row in _grid(size)]
    return WatchedBoard(list(range(1, size + 1)), rows, _enemy_fleet_status(view, cells))


def build_display(view: PlayerView) -> GameDisplay:
    size = view.rules.board_size
    grid = _grid(size)
    cells = _Cells(view)
    own_rows = [(letter, [cells.own(c, label) for c, label in row]) for letter, row in grid]
    enemy_rows = [(letter, [cells.enemy(c, label) for c, label in row]) for letter, row in grid]
    announcements, sound = last_round(view)
    if view.my_turn and not view.shots_fired:
        announcements = [gettext("The game is on: fire at a cell of Enemy waters.")]
    return GameDisplay(
        columns=list(range(1, size + 1)),
        own_rows=own_rows,
        enemy_rows=enemy_rows,
        own_fleet=_own_fleet_status(view, cells),
        enemy_fleet=_enemy_fleet_status(view, cells),
        announcements=announcements,
        sound=sound,
        outcome=outcome(view),
    )


def _own_fleet_status(view: PlayerView, cells: _Cells) -> list[ShipStatus]:
    """Your ships, each with how many of its cells are hit."""
    hits_on = {
        ship.name: sum(1 for c in ship.cells if cells.received.get(c)) for ship in view.fleet
    }
    return [
        ShipStatus(
            cells.labels[s.name],
            s.length,
            hits_on.get(s.name, 0),
            s.name in cells.own_sunk,
            tuple(bool(cells.received.get(c)) for c in sorted(s.cells)),
        )
        for s in view.fleet
    ]


def _enemy_fleet_status(view: PlayerView, cells: _Cells) -> list[ShipStatus]:
    """Their ships: sunk or not, and nothing more (their damage is not announced).

    At the end their fleet is revealed, and a ship all of whose cells were hit is sunk
    whether or not its sinking was named. Under fog of war no sinking is named, so before
    the end whether a ship is sunk is not known (None): the list claims neither.
    """
    if not view.enemy_fleet and not view.rules.names_sunk_ships:
        return [ShipStatus(cells.labels[s.name], s.length, None, None) for s in view.rules.fleet]
    sunk = set(cells.sunk) if view.enemy_fleet else set(view.enemy_sunk)
    # A sunk ship is hit in every part; of one afloat nothing is known.
    return [
        ShipStatus(
            cells.labels[s.name],
            s.length,
            None,
            s.name in sunk,
            (True,) * s.length if s.name in sunk else None,
        )
        for s in view.rules.fleet
    ]


@dataclass(frozen=True)
class MoveDisplay:
    """The answer to a shot in a game that goes on: only what the move changed.

    The cells fired at, and after a sinking the sunk ship's cells; a fleet's list only
    when it changed (theirs when one of theirs sank, yours when you were hit), else None;
    what was announced.
    """

    changed_enemy: list[Cell]
    changed_own: list[Cell]
    enemy_fleet: list[ShipStatus] | None
    own_fleet: list[ShipStatus] | None
    announcements: list[str]
    sound: str
    outcome: str = ""
    """Always empty: a game that ends gets the whole play area, not this answer (the
    announcements partial, shared with the whole page, reads it)."""


def build_move(view: PlayerView, mine: int, theirs: int) -> MoveDisplay:
    """What changed with the person's last ``mine`` shots and the computer's last ``theirs``.

    Read from the person's view like everything else here: under fog of war a sinking of
    theirs is not in the view, so the answer looks like any other hit.
    """
    cells = _Cells(view)
    fired = view.shots_fired[len(view.shots_fired) - mine :]
    received = view.shots_received[len(view.shots_received) - theirs :]
    they_sank = any(shot.sunk for shot in fired)
    # A ship of yours hit now and sunk now sank with this move.
    sunk_now = {cells.own_ship_at[coord] for coord, hit in received if hit} & cells.own_sunk
    enemy = {shot.coord for shot in fired} | (set(cells.sunk_cells) if they_sank else set())
    enemy |= set(cells.track_fired)  # a torpedo's track is drawn anew with the move
    own = {coord for coord, _hit in received} | {
        coord for coord, name in cells.own_ship_at.items() if name in sunk_now
    }
    own |= set(cells.track_received)
    announcements, sound = last_round(view)
    return MoveDisplay(
        changed_enemy=[cells.enemy(c, str(c)) for c in sorted(enemy)],
        changed_own=[cells.own(c, str(c)) for c in sorted(own)],
        enemy_fleet=_enemy_fleet_status(view, cells) if they_sank else None,
        own_fleet=_own_fleet_status(view, cells) if any(hit for _, hit in received) else None,
        announcements=announcements,
        sound=sound,
    )
