"""What a computer player knows about the enemy board, read from its own view only.

A sinking announces the ship's name and the shot that sank it, never its cells: which hits
belong to which sunk ship is worked out here (``sunk_layouts``), and the hits no sunk ship
explains are the ones still to chase.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.geometry import full, halo, index, placements_through
from games.engine import PlayerView, RuleSet, ShipSpec, Torpedo

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

    @classmethod
    def from_view(cls, view: PlayerView) -> Knowledge:
        """Read a player's view of the enemy board."""
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

    @property
    def targeted(self) -> int:
        """Every cell fired at."""
        return self.misses | self.hits

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

    def surely_sunk(self) -> int:
        """The hit cells that belong to a sunk ship in every possible layout."""
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
