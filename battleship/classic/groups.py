"""What a player can work out from group reports (docs/rules/five-shot.md).

Under ``Announcement.GROUP`` a turn is answered as a whole: "Battleship hit twice,
Submarine hit and sunk" says that two of the turn's cells hold Battleship cells and one
the Submarine, not which. Where every fleet that fits all the reports agrees on a cell
(a ship there in every one, or in none), the cell is known: ``deduce_groups``.

How it works. Each report is a constraint on each ship *separately*: a placement of the
Battleship fits when it covers exactly as many cells of each turn as that turn's report
gave the Battleship (so exactly the cells hit in all, which also says whether it sank).
Ships are tied to one another only by not overlapping. So:

1. each ship hit at least once gets its *candidates*, the placements that fit its own
   counts; a ship never hit lies clear of every cell fired at;
2. the candidates are pruned against the cells another ship surely covers (the cells all
   its candidates share), until nothing changes;
3. ships whose candidates can overlap form a *component*; each component's joint
   placements (no two overlapping) are enumerated exactly by a depth-first search,
   bounded by ``MAX_NODES`` nodes;
4. a fired cell is a sure hit when every joint placement of its component covers it, a
   sure miss when no candidate of any ship covers it.

Exact, except in two ways, both on the side of saying less: ships never hit are not
fitted into the water left (on a 10 x 10 board there is always room, so this changes
nothing in practice), and a component whose search passes ``MAX_NODES`` falls back on
step 2's candidates (a cell is known only when step 2 alone settles it). What is reported
known is always true; cells are only sometimes left unknown that a full search would
settle. The placements are bitmasks (bit ``row * size + col``), the form the computer
players use too.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from battleship.classic.rules import RuleSet
from battleship.classic.view import GroupReport, PlayerView
from battleship.coordinates import Coordinate

MAX_NODES = 4000
"""Search nodes per component before it falls back on the pruned candidates: bounds a
deduction's time (a few milliseconds) whatever the reports."""


@dataclass(frozen=True, slots=True)
class Component:
    """Ships whose candidates can overlap, and every way to place them together."""

    ships: tuple[str, ...]
    solutions: tuple[tuple[int, ...], ...]
    """One placement per ship of ``ships``, in that order: every joint placement when
    ``complete``, else none (the search was cut short)."""
    complete: bool


@dataclass(frozen=True, slots=True)
class GroupDeduction:
    """What the group reports settle, in cells and as bitmasks."""

    size: int
    fired: int
    """Every cell fired at."""
    hit_mask: int
    """Fired cells that hold a ship in every fleet that fits the reports."""
    miss_mask: int
    """Fired cells that hold a ship in none."""
    candidates: dict[str, tuple[int, ...]]
    """For each ship hit at least once, the placements it may have (after the search, the
    ones that are part of some joint placement when its component was searched whole)."""
    components: tuple[Component, ...]
    consistent: bool = True
    """False if no fleet fits the reports (a real game never gives that)."""
    reports: tuple[GroupReport, ...] = ()
    """The reports it was worked out from."""

    @property
    def exact(self) -> bool:
        """Whether every component was searched whole (then the answer is exact)."""
        return all(component.complete for component in self.components)

    def _cells(self, mask: int) -> frozenset[Coordinate]:
        size = self.size
        return frozenset(Coordinate(*divmod(cell, size)) for cell in _bits(mask))

    @property
    def hits(self) -> frozenset[Coordinate]:
        """The fired cells that must hold a ship."""
        return self._cells(self.hit_mask)

    @property
    def misses(self) -> frozenset[Coordinate]:
        """The fired cells that must be water."""
        return self._cells(self.miss_mask)

    @property
    def unknown(self) -> frozenset[Coordinate]:
        """The fired cells the reports do not settle."""
        return self._cells(self.fired & ~self.hit_mask & ~self.miss_mask)


def deduce_groups(view: PlayerView, *, search: bool = True) -> GroupDeduction:
    """What ``view``'s group reports settle about the cells its player fired at.

    Once the game is over the enemy fleet is revealed, and every cell is known from it.
    ``search=False`` stops after step 2 (each ship on its own, then pruned): less, in
    less time, and still never wrong (the lower computer levels reason so).
    """
    size = view.rules.board_size
    if view.enemy_fleet:
        fired = _mask((cell for report in view.reports for cell in report.cells), size)
        ships = _mask((cell for ship in view.enemy_fleet for cell in ship.cells), size)
        return GroupDeduction(size, fired, fired & ships, fired & ~ships, {}, ())
    return deduce(view.rules, view.reports, search=search)


def deduce(
    rules: RuleSet, reports: Sequence[GroupReport], *, search: bool = True
) -> GroupDeduction:
    """What ``reports`` (one a turn, in order) settle; see the module's docstring."""
    size = rules.board_size
    fired = _mask((cell for report in reports for cell in report.cells), size)
    candidates = ship_candidates(rules, reports)
    if not _prune(candidates):
        return GroupDeduction(size, fired, 0, 0, {}, (), False, tuple(reports))
    components = []
    hit_mask = 0
    for names in _components(candidates):
        component = _search(names, candidates) if search else Component(names, (), False)
        if component.complete and not component.solutions:
            return GroupDeduction(size, fired, 0, 0, {}, (), False, tuple(reports))
        if component.complete:
            for i, name in enumerate(names):
                used = {solution[i] for solution in component.solutions}
                candidates[name] = [p for p in candidates[name] if p in used]
            always = -1
            for solution in component.solutions:
                always &= _union(solution)
            hit_mask |= always
        else:
            for name in names:
                hit_mask |= _common(candidates[name])
        components.append(component)
    covered = 0
    for found in candidates.values():
        covered |= _union(found)
    return GroupDeduction(
        size,
        fired,
        hit_mask & fired,
        fired & ~covered,
        {name: tuple(found) for name, found in candidates.items()},
        tuple(components),
        True,
        tuple(reports),
    )


def ship_candidates(rules: RuleSet, reports: Sequence[GroupReport]) -> dict[str, list[int]]:
    """For each ship hit at least once, every placement that fits its own counts in every
    report (step 1 of the module's docstring), each ship on its own."""
    size = rules.board_size
    groups = [(_mask(report.cells, size), dict(report.hits)) for report in reports]
    fired = 0
    for cells, _ in groups:
        fired |= cells
    candidates: dict[str, list[int]] = {}
    for ship in rules.fleet:
        needed = [(cells, counts[ship.name]) for cells, counts in groups if ship.name in counts]
        if not needed:
            continue
        total = sum(count for _, count in needed)
        candidates[ship.name] = [
            p
            for p in _placements(size, ship.length)
            if (p & fired).bit_count() == total
            and all((p & cells).bit_count() == count for cells, count in needed)
        ]
    return candidates


def _prune(candidates: dict[str, list[int]]) -> bool:
    """Drop candidates overlapping a cell another ship surely covers, until nothing
    changes; False if some ship is left with none."""
    changed = True
    while changed:
        changed = False
        sure = {name: _common(found) for name, found in candidates.items()}
        for name, found in candidates.items():
            others = 0
            for other, cells in sure.items():
                if other != name:
                    others |= cells
            kept = [p for p in found if not p & others]
            if not kept:
                return False
            if len(kept) < len(found):
                candidates[name] = kept
                changed = True
    return True


def _components(candidates: dict[str, list[int]]) -> list[tuple[str, ...]]:
    """The ships grouped so that ships of different groups can never overlap."""
    reach = {name: _union(found) for name, found in candidates.items()}
    groups: list[tuple[list[str], int]] = []
    for name, cells in reach.items():
        joined = [group for group in groups if group[1] & cells]
        names = [name]
        for group in joined:
            names = group[0] + names
            cells |= group[1]
            groups.remove(group)
        groups.append((names, cells))
    return [tuple(names) for names, _ in groups]


def _search(names: tuple[str, ...], candidates: dict[str, list[int]]) -> Component:
    """Every joint placement of ``names`` (no two overlapping), within ``MAX_NODES``."""
    order = sorted(range(len(names)), key=lambda i: len(candidates[names[i]]))
    lists = [candidates[names[i]] for i in order]
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []
    nodes = 0

    def extend(depth: int, used: int) -> bool:
        nonlocal nodes
        if depth == len(lists):
            found.append(tuple(chosen))
            return True
        for p in lists[depth]:
            nodes += 1
            if nodes > MAX_NODES:
                return False
            if p & used:
                continue
            chosen.append(p)
            whole = extend(depth + 1, used | p)
            chosen.pop()
            if not whole:
                return False
        return True

    if not extend(0, 0):
        return Component(names, (), complete=False)
    # Back to the order of ``names``.
    back = [order.index(i) for i in range(len(names))]
    solutions = tuple(tuple(solution[j] for j in back) for solution in found)
    return Component(names, solutions, complete=True)


def _common(found: Sequence[int]) -> int:
    """The cells every placement of ``found`` covers."""
    common = -1
    for p in found:
        common &= p
    return common if found else 0


def _union(found: Sequence[int]) -> int:
    cells = 0
    for p in found:
        cells |= p
    return cells


def _mask(cells: Iterable[Coordinate], size: int) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << (cell.row * size + cell.col)
    return mask


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@functools.cache
def _placements(size: int, length: int) -> tuple[int, ...]:
    """Every placement of a ``length`` ship on an empty ``size`` board, as bitmasks (the
    order of ``battleship.classic.ai.geometry.placements``)."""
    across = sum(1 << i for i in range(length))
    down = sum(1 << (i * size) for i in range(length))
    found = [across << (r * size + c) for r in range(size) for c in range(size - length + 1)]
    if length > 1:
        found += [down << (r * size + c) for r in range(size - length + 1) for c in range(size)]
    return tuple(found)
