"""What a computer player knows about the enemy board, read from its own view only.

A sinking announces the ship's name and the shot that sank it, never its cells: which hits
belong to which sunk ship is worked out here (``sunk_layouts``), and the hits no sunk ship
explains are the ones still to chase.

Under group reports (docs/rules/five-shot.md) no cell's result is announced: the cells the
reports settle (``battleship.classic.groups``) are the hits and misses, the others fired at
are ``unknown`` (never water by default), and the deduction's candidates say where each ship
hit may lie.
"""

from __future__ import annotations

from dataclasses import dataclass

from battleship.classic import GroupDeduction, PlayerView, RuleSet, ShipSpec, Torpedo, deduce_groups
from battleship.classic.ai.geometry import full, halo, index, placements_through

# Beyond this many ways to lay the sunk ships over the hits, more gain nothing in play.
MAX_SUNK_LAYOUTS = 256


@dataclass(frozen=True, slots=True)
class Sinking:
    """An announced sinking: the ship, the cell of the shot that sank it, its place in order."""

    name: str
    length: int
    cell: int
    order: int


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The enemy board as one player's shots have revealed it, cells as bitmasks."""

    rules: RuleSet
    size: int
    misses: int
    hits: int
    sinkings: tuple[Sinking, ...]
    afloat: tuple[ShipSpec, ...]
    hit_order: tuple[int, ...]
    """The hit cells, in the order they were hit."""
    unknown: int = 0
    """Cells fired at whose result no report has settled (group reports only)."""
    group: GroupDeduction | None = None
    """What the group reports settle, under group reports."""

    @classmethod
    def from_view(cls, view: PlayerView, *, search: bool = False) -> Knowledge:
        """Read a player's view of the enemy board.

        Under group reports, ``search`` says whether the ships are fitted together to settle
        cells (``battleship.classic.groups``, step 3; the Admiral does), or only each on its own.
        """
        if view.rules.group_reports:
            return cls._from_reports(view, search)
        size = view.rules.board_size
        misses = hits = 0
        sinkings: list[Sinking] = []
        hit_order: list[int] = []
        for shot in view.shots_fired:
            cell = index(shot.coord, size)
            if shot.hit:
                hits |= 1 << cell
                hit_order.append(cell)
                if shot.sunk is not None:
                    spec = view.rules.ship(shot.sunk)
                    sinkings.append(Sinking(spec.name, spec.length, cell, len(hit_order) - 1))
            else:
                misses |= 1 << cell
        # A torpedo runs past every ship cell it meets already hit, and strikes the first one
        # not yet hit: the cells it ran through that were never fired at are water.
        for played in view.moves:
            if played.player == view.player and isinstance(played.move, Torpedo):
                struck = played.cells[0] if played.cells else None
                for coord in played.move.passed(size, struck):
                    if not hits >> index(coord, size) & 1:
                        misses |= 1 << index(coord, size)
        sunk = {s.name for s in sinkings}
        afloat = tuple(s for s in view.rules.fleet if s.name not in sunk)
        return cls(view.rules, size, misses, hits, tuple(sinkings), afloat, tuple(hit_order))

    @classmethod
    def _from_reports(cls, view: PlayerView, search: bool) -> Knowledge:
        found = deduce_groups(view, search=search)
        sunk = set(view.enemy_sunk)
        afloat = tuple(s for s in view.rules.fleet if s.name not in sunk)
        unknown = found.fired & ~found.hit_mask & ~found.miss_mask
        return cls(
            view.rules,
            view.rules.board_size,
            found.miss_mask,
            found.hit_mask,
            (),
            afloat,
            (),
            unknown,
            found,
        )

    @property
    def targeted(self) -> int:
        """Every cell fired at."""
        return self.misses | self.hits | self.unknown

    @property
    def untargeted(self) -> int:
        """Every cell not yet fired at."""
        return full(self.size) & ~self.targeted

    @property
    def fog(self) -> bool:
        """Whether sinkings go unannounced, so a ship may lie sunk on hits unnoticed."""
        return not self.rules.names_sunk_ships

    def sunk_layouts(self, limit: int = MAX_SUNK_LAYOUTS) -> list[tuple[int, ...]]:
        """The ways to lay every sunk ship on the hits, one mask per sinking, in order.

        A sunk ship covers the cell of the shot that sank it and otherwise only cells hit
        before that shot; sunk ships do not overlap; when ships may not touch, no other hit
        lies next to a sunk ship. Under fog of war nothing is announced: one empty layout.
        """
        size = self.size
        before: list[int] = []
        seen = 0
        for cell in self.hit_order:
            seen |= 1 << cell
            before.append(seen)
        candidates: list[list[int]] = []
        for sinking in self.sinkings:
            allowed = before[sinking.order]
            options = [
                p
                for p in placements_through(size, sinking.length, sinking.cell)
                if p & ~allowed == 0
                and (self.rules.allow_adjacent or halo(p, size) & self.hits & ~p == 0)
            ]
            candidates.append(options)
        layouts: list[tuple[int, ...]] = []
        chosen: list[int] = []

        def extend(depth: int, used: int) -> None:
            if len(layouts) >= limit:
                return
            if depth == len(candidates):
                layouts.append(tuple(chosen))
                return
            for p in candidates[depth]:
                if p & used == 0:
                    chosen.append(p)
                    extend(depth + 1, used | p)
                    chosen.pop()

        extend(0, 0)
        return layouts

    def afloat_reach(self) -> int:
        """Under group reports: every cell an afloat ship already hit may cover."""
        reach = 0
        if self.group is not None:
            for spec in self.afloat:
                for p in self.group.candidates.get(spec.name, ()):
                    reach |= p
        return reach

    def maybe_hits(self) -> int:
        """Under group reports: unsettled cells fired at that may hold an afloat ship."""
        return self.unknown & self.afloat_reach()

    def surely_sunk(self) -> int:
        """The hit cells that belong to a sunk ship in every possible layout."""
        if self.group is not None:
            return self.hits & ~self.afloat_reach()
        layouts = self.sunk_layouts()
        if not layouts:
            return 0
        common = full(self.size)
        for layout in layouts:
            common &= sum(layout)
        return common

    def unexplained_hits(self) -> int:
        """Hits that no sunk ship surely accounts for: where an afloat ship may still lie."""
        return self.hits & ~self.surely_sunk()

    def known_water(self) -> int:
        """Untargeted cells that cannot hold a ship: beside a sunk ship when ships never touch."""
        if self.rules.allow_adjacent:
            return 0
        return halo(self.surely_sunk(), self.size) & self.untargeted
