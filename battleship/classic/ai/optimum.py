"""The best any player can do on a small board: the exact optimum and an optimal policy.

Audinot, Bonnet and Viennot (2014) show that the optimum of the one-player game (fire at a
hidden random fleet until it is sunk, each shot answered hit or miss and the ship named
when it sinks) can be computed exactly on small boards. Here the fleet comes from the
engine's own random placement (``Board.random_placement``: longest ship first, each uniform
among the places still legal, ships touching where the rules allow it), so the optimum is
the one for the fleets the benchmark and a person's "random fleet" face.

What a player knows is a *belief*: the set of fleets that answer every shot as it was
answered, and the cells hit. Fleets are numbered, a set of them is an ``int`` with a bit per
fleet, and a shot splits it with a few ``&``: a miss, a hit that sinks nothing, or a hit
that sinks one named ship. The expected number of shots still needed from a belief is the
least, over the cells some fleet may hold, of one plus the expectation over the answers;
beliefs are memoised, each as the least of its images under the eight symmetries of the
square (the engine's odds do not change under them), so mirrored positions are solved once.

Two facts keep the search small, both exact: a cell every remaining fleet holds is fired
at at once (it must be fired at some time, and firing it first loses nothing and may tell
a sinking sooner); and a cell is not searched when even hitting everything after it could
not beat the best cell found (``Optimum.value``'s bound).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

import numpy as np
import numpy.typing as npt

from battleship.classic import Coordinate, FiredShot, Orientation, PlayerView, RuleSet, ShipSpec
from battleship.classic.ai import get_player
from battleship.classic.ai.benchmark import play, range_view
from battleship.classic.ai.geometry import bits, halo, index, placements
from battleship.classic.ai.placement import Placement
from battleship.errors import BattleshipError

# Expectations closer than this are equal: two cells are both optimal.
TIE = 1e-9
# Beliefs of fewer fleets than this are memoised as they are, not as their least mirror
# image: their searches are cheaper than the eight images.
MIRROR_FROM = 6


def cell_symmetries(size: int) -> list[list[int]]:
    """The eight symmetries of a square board, each as a map of cells (a list, cell -> image)."""
    maps = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                image = []
                for cell in range(size * size):
                    row, col = divmod(cell, size)
                    if transpose:
                        row, col = col, row
                    if flip_rows:
                        row = size - 1 - row
                    if flip_cols:
                        col = size - 1 - col
                    image.append(row * size + col)
                maps.append(image)
    return maps


def _image(mask: int, cell_map: Sequence[int]) -> int:
    return sum(1 << cell_map[cell] for cell in bits(mask))


def engine_fleets(rules: RuleSet, *, engine: bool = True) -> list[tuple[tuple[int, ...], float]]:
    """Every fleet the engine can lay for ``rules`` (one placement mask per ship, in fleet
    order) with its chance of being laid: longest ship first (fleet order among equals),
    each uniform among the placements still legal (not overlapping, nor touching where the
    rules forbid it). A dead end restarts the whole fleet, so the chances are renormalised
    over the fleets that complete. ``engine`` false: every fleet equally likely."""
    size = rules.board_size
    order = sorted(range(len(rules.fleet)), key=lambda k: -rules.fleet[k].length)
    found: list[tuple[tuple[int, ...], float]] = []
    chosen = [0] * len(rules.fleet)

    def lay(depth: int, blocked: int, odds: float) -> None:
        if depth == len(order):
            found.append((tuple(chosen), odds))
            return
        ship = order[depth]
        options = [p for p in placements(size, rules.fleet[ship].length) if not p & blocked]
        for p in options:
            chosen[ship] = p
            claim = p if rules.allow_adjacent else halo(p, size)
            lay(depth + 1, blocked | claim, odds / len(options))

    lay(0, 0, 1.0)
    if not found:
        raise BattleshipError("this fleet does not fit on this board")
    total = sum(odds for _, odds in found) if engine else float(len(found))
    return [(fleet, (odds if engine else 1.0) / total) for fleet, odds in found]


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer a shot may get, and the belief after it: the fleets left (a bit each), the
    cells hit, the ship sunk (its name) and the chance of the answer."""

    fleets: int
    hits: int
    sunk: str | None
    hit: bool
    chance: float


class Optimum:
    """The exact optimum of ``rules`` (one shot a turn, the ship named when it sinks).

    ``value()`` is the least expected number of shots to sink the fleet; ``shot_values``
    gives each cell's expectation when fired next from any position (a ``PlayerView`` or a
    belief), and ``best_shots`` the optimal ones: an optimal policy.
    """

    def __init__(self, rules: RuleSet, *, engine: bool = True) -> None:
        if not rules.names_sunk_ships or rules.group_reports or rules.salvo_size != 1:
            raise BattleshipError("the optimum is for single shots answered hit, miss or sunk")
        self.rules = rules
        self.size = rules.board_size
        # Fleets sorted by their chance, so that fleets of equal chance are a run of bits and
        # a belief's total chance is a few popcounts.
        listed = sorted(engine_fleets(rules, engine=engine), key=lambda pair: pair[1])
        self.fleets = [fleet for fleet, _ in listed]
        self.chances = [chance for _, chance in listed]
        self.count = len(listed)
        self.all = (1 << self.count) - 1
        self.ship_cells = rules.fleet_cells
        self._runs: list[tuple[int, int, float]] = []
        start = 0
        for k in range(1, self.count + 1):
            if k == self.count or self.chances[k] != self.chances[start]:
                self._runs.append((start, (1 << (k - start)) - 1, self.chances[start]))
                start = k
        cells = self.size * self.size
        self.cover = [0] * cells
        # (ship, cell) -> [(placement, fleets with that ship there)] for the placements through
        # the cell: what a hit on the cell may sink.
        at: list[dict[int, int]] = [{} for _ in rules.fleet]
        for number, fleet in enumerate(self.fleets):
            bit = 1 << number
            for ship, mask in enumerate(fleet):
                at[ship][mask] = at[ship].get(mask, 0) | bit
                for cell in bits(mask):
                    self.cover[cell] |= bit
        self.through: list[list[tuple[int, int, int]]] = [[] for _ in range(cells)]
        for ship, places in enumerate(at):
            for mask, fleets in places.items():
                for cell in bits(mask):
                    self.through[cell].append((ship, mask, fleets))
        self._mirrors = self._fleet_mirrors()
        self.memo: dict[tuple[bytes | int, int], float] = {}
        self._nbytes = (self.count + 7) // 8

    def _fleet_mirrors(self) -> tuple[list[list[int]], npt.NDArray[np.intp]]:
        """The cell maps of the board's symmetries, and for each the fleets' order under it
        (row g: which fleet lands on each number)."""
        numbers = {fleet: k for k, fleet in enumerate(self.fleets)}
        maps = cell_symmetries(self.size)
        sources = np.empty((len(maps), self.count), dtype=np.intp)
        for g, cell_map in enumerate(maps):
            for k, fleet in enumerate(self.fleets):
                sources[g, numbers[tuple(_image(mask, cell_map) for mask in fleet)]] = k
        return maps, sources

    # -- beliefs --------------------------------------------------------------------------

    def chance(self, fleets: int) -> float:
        """The total chance of a set of fleets."""
        return sum(
            chance * ((fleets >> start) & run).bit_count() for start, run, chance in self._runs
        )

    def answers(self, fleets: int, hits: int, cell: int) -> list[Answer]:
        """The answers a shot at ``cell`` may get from the belief (``fleets``, ``hits``), each
        with the belief it leaves and its chance (given the belief)."""
        total = self.chance(fleets)
        found = []
        water = fleets & ~self.cover[cell]
        if water:
            found.append(Answer(water, hits, None, False, self.chance(water) / total))
        struck = fleets & self.cover[cell]
        if struck:
            after = hits | 1 << cell
            sinking: dict[int, int] = {}
            for ship, mask, holding in self.through[cell]:
                if not mask & ~after and holding & struck:
                    sinking[ship] = sinking.get(ship, 0) | (holding & struck)
            afloat = struck
            for ship, sunk in sinking.items():
                afloat &= ~sunk
                name = self.rules.fleet[ship].name
                found.append(Answer(sunk, after, name, True, self.chance(sunk) / total))
            if afloat:
                found.append(Answer(afloat, after, None, True, self.chance(afloat) / total))
        return found

    def belief(self, view: PlayerView) -> tuple[int, int]:
        """The fleets that answer every shot of ``view`` as it was answered, and the cells hit.
        ``BattleshipError`` if no fleet does (the view is not of these rules' fleets)."""
        if view.rules.board_size != self.size or view.rules.fleet != self.rules.fleet:
            raise BattleshipError("the view is not of this board and fleet")
        fleets, hits = self.all, 0
        for shot in view.shots_fired:
            cell = index(shot.coord, self.size)
            said = next(
                (
                    a
                    for a in self.answers(fleets, hits, cell)
                    if (a.hit, a.sunk) == (shot.hit, shot.sunk)
                ),
                None,
            )
            if said is None:
                raise BattleshipError(f"no fleet answers the shot at {shot.coord} so")
            fleets, hits = said.fleets, said.hits
        return fleets, hits

    def _key(self, fleets: int, hits: int) -> tuple[bytes | int, int]:
        if fleets.bit_count() < MIRROR_FROM:
            return fleets, hits
        maps, sources = self._mirrors
        raw = np.frombuffer(fleets.to_bytes(self._nbytes, "little"), dtype=np.uint8)
        members = np.unpackbits(raw, bitorder="little")[: self.count]
        images = [row.tobytes() for row in np.packbits(members[sources], axis=1, bitorder="little")]
        least = min(images)
        # Where the belief is itself symmetric, the hits decide between its images.
        return min(
            (least, _image(hits, maps[g])) for g, image in enumerate(images) if image == least
        )

    # -- the optimum ----------------------------------------------------------------------

    def value(self, fleets: int | None = None, hits: int = 0) -> float:
        """The least expected number of shots still needed from the belief (every fleet and
        no hit: the start)."""
        if fleets is None:
            fleets = self.all
        left = self.ship_cells - hits.bit_count()
        if left == 0:
            return 0.0
        key = self._key(fleets, hits)
        known = self.memo.get(key)
        if known is not None:
            return known
        total = self.chance(fleets)
        ranked = []
        for cell in range(self.size * self.size):
            struck = fleets & self.cover[cell]
            if struck and not hits >> cell & 1:
                if struck == fleets:  # every fleet holds it: fire there first (the docstring)
                    ranked = [(1.0, cell)]
                    break
                ranked.append((self.chance(struck) / total, cell))
        ranked.sort(reverse=True)
        best = math.inf
        for likely, cell in ranked:
            # Each answer needs at least a shot a ship cell left (a hit leaves one fewer):
            # once a cell's bound cannot beat the best, no less likely cell's can.
            bound = 1.0 + left - likely
            if bound >= best - TIE:
                break
            expected = 1.0
            for answer in self.answers(fleets, hits, cell):
                after = self.value(answer.fleets, answer.hits)
                expected += answer.chance * after
                bound += answer.chance * (after - (left - 1 if answer.hit else left))
                if bound >= best - TIE:
                    break
            else:
                best = expected
        self.memo[key] = best
        return best

    def shot_values(self, fleets: int, hits: int) -> dict[int, float]:
        """Every cell some fleet of the belief may hold, and the expected number of shots to
        finish when it is fired next and optimally after."""
        return {
            cell: 1.0
            + sum(a.chance * self.value(a.fleets, a.hits) for a in self.answers(fleets, hits, cell))
            for cell in range(self.size * self.size)
            if fleets & self.cover[cell] and not hits >> cell & 1
        }

    def best_shots(self, view: PlayerView) -> list[Coordinate]:
        """Every optimal next shot from ``view``: an optimal policy."""
        values = self.shot_values(*self.belief(view))
        if not values:  # the fleet is sunk
            return []
        least = min(values.values())
        return [Coordinate(*divmod(c, self.size)) for c, v in values.items() if v <= least + TIE]


# -- the computer levels against it -------------------------------------------------------

_NAMES = {
    5: ["Carrier"],
    4: ["Battleship"],
    3: ["Cruiser", "Submarine"],
    2: ["Destroyer", "Patrol Boat"],
}


def range_rules(size: int, lengths: Sequence[int], *, allow_adjacent: bool = True) -> RuleSet:
    """The rules of a small range: a ``size`` board and ships of ``lengths``, named as in the
    standard fleet where its names go round (the Cruiser, the Destroyer, then the Patrol
    Boat), else by number ("Ship 3"). ``BattleshipError`` if they are not rules."""
    taken: dict[int, int] = {}
    fleet = []
    for number, length in enumerate(lengths, start=1):
        names = _NAMES.get(length, [])
        seen = taken.get(length, 0)
        taken[length] = seen + 1
        fleet.append(ShipSpec(names[seen] if seen < len(names) else f"Ship {number}", length))
    return RuleSet(name="range", board_size=size, fleet=tuple(fleet), allow_adjacent=allow_adjacent)


def fleet_placements(rules: RuleSet, fleet: Sequence[int]) -> list[Placement]:
    """A fleet of masks as ``benchmark.play`` takes it: (name, first cell, orientation)."""
    size = rules.board_size
    found = []
    for spec, mask in zip(rules.fleet, fleet, strict=True):
        first = (mask & -mask).bit_length() - 1
        across = spec.length == 1 or bool(mask >> (first + 1) & 1)
        orientation = Orientation.H if across else Orientation.V
        found.append((spec.name, Coordinate(*divmod(first, size)), orientation))
    return found


@dataclass(frozen=True, slots=True)
class LevelMean:
    """A level's mean shots over every fleet (each weighed by its chance), one figure a
    seed of its tie-breaks; ``mean`` and ``error`` (the standard error) over the seeds."""

    level: int
    name: str
    by_seed: tuple[float, ...]

    @property
    def mean(self) -> float:
        """The mean over the seeds."""
        return statistics.fmean(self.by_seed)

    @property
    def error(self) -> float:
        """The standard error of ``mean`` (0 with one seed)."""
        if len(self.by_seed) < 2:
            return 0.0
        return statistics.stdev(self.by_seed) / math.sqrt(len(self.by_seed))


def level_mean(optimum: Optimum, level: int, seeds: int) -> LevelMean:
    """``level``'s exact mean over every fleet of ``optimum``'s rules, for each of the player
    seeds 1 to ``seeds``. With its seed fixed a level's shot is a function of the view
    alone (its tie-breaks too): one policy a seed, which no fleet can tell apart, so each
    figure is at least the optimum; the seeds show how much the tie-breaks matter."""
    by_seed = []
    name = ""
    for seed in range(1, seeds + 1):
        total = 0.0
        for fleet, chance in zip(optimum.fleets, optimum.chances, strict=True):
            player = get_player(level, seed)
            name = player.name
            placed = fleet_placements(optimum.rules, fleet)
            total += chance * len(play(player, optimum.rules, placed).shots)
        by_seed.append(total)
    return LevelMean(level, name, tuple(by_seed))


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A position where a level's shot is none of the optimal ones: the view, the level's
    shot, the optimal shots, what the level's shot costs (expected shots, optimal play after
    it) and the chance of reaching the position with that level."""

    view: PlayerView
    shot: Coordinate
    best: tuple[Coordinate, ...]
    cost: float
    reach: float


def disagreements(optimum: Optimum, level: int = 5, seed: int = 1) -> list[Disagreement]:
    """Every position of ``level``'s games against every fleet (player seeds as in
    ``level_mean``, one seed) where its shot is none of the optimal ones, positions met
    in several games once, with their chances added up; costliest (cost times reach)
    first."""
    found: dict[tuple[FiredShot | Coordinate, ...], Disagreement] = {}
    size = optimum.size
    for number, (fleet, chance) in enumerate(zip(optimum.fleets, optimum.chances, strict=True)):
        player = get_player(level, seed)
        record = play(player, optimum.rules, fleet_placements(optimum.rules, fleet))
        board_fleets, hits = optimum.all, 0
        fired: list[FiredShot] = []
        for coord in record.shots:
            cell = index(coord, size)
            values = optimum.shot_values(board_fleets, hits)
            least = min(values.values())
            if values[cell] > least + TIE:
                key: tuple[FiredShot | Coordinate, ...] = (*fired, coord)
                seen = found.get(key)
                if seen is None:
                    best = tuple(
                        Coordinate(*divmod(c, size)) for c, v in values.items() if v <= least + TIE
                    )
                    view = range_view(optimum.rules, fired)
                    found[key] = Disagreement(view, coord, best, values[cell] - least, chance)
                else:
                    found[key] = dataclasses.replace(seen, reach=seen.reach + chance)
            answer = next(
                a for a in optimum.answers(board_fleets, hits, cell) if a.fleets >> number & 1
            )
            board_fleets, hits = answer.fleets, answer.hits
            fired.append(FiredShot(coord, answer.hit, answer.sunk))
    return sorted(found.values(), key=lambda d: -d.cost * d.reach)


def _chasing(view: PlayerView) -> bool:
    """Whether a ship is hit and afloat: more cells hit than the sunk ships cover."""
    hit = sum(1 for shot in view.shots_fired if shot.hit)
    return hit > sum(view.rules.ship(name).length for name in view.enemy_sunk)


def picture(found: Disagreement) -> str:
    """The position as a small board: ``o`` a miss, ``x`` a hit (``#`` a sunk ship's last
    hit), ``L`` the level's shot, ``*`` an optimal shot, ``.`` open water."""
    size = found.view.rules.board_size
    marks = [["."] * size for _ in range(size)]
    for shot in found.view.shots_fired:
        marks[shot.coord.row][shot.coord.col] = "#" if shot.sunk else "x" if shot.hit else "o"
    for coord in found.best:
        marks[coord.row][coord.col] = "*"
    marks[found.shot.row][found.shot.col] = "L"
    return "\n".join(" ".join(row) for row in marks)


# -- the command --------------------------------------------------------------------------


def _lengths(text: str) -> list[int]:
    try:
        lengths = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"ships are lengths separated by commas, like 3,2 (not {text!r})"
        ) from None
    if any(length < 1 for length in lengths):
        raise argparse.ArgumentTypeError(f"a ship's length is at least 1 (not {text!r})")
    return lengths


def parser() -> argparse.ArgumentParser:
    """The options of ``python -m battleship.classic.ai.optimum``."""
    found = argparse.ArgumentParser(
        prog="python -m battleship.classic.ai.optimum",
        description="The least expected number of shots to sink a fleet laid by the engine "
        "at random on a small board (one shot a turn, hit or miss, the ship named when it "
        "sinks), the optimal first shots and, with --levels, every computer level's mean.",
    )
    found.add_argument("--board", type=int, required=True, help="the board's side, 2 to 6")
    found.add_argument("--ships", type=_lengths, required=True, help="lengths, like 3,2")
    found.add_argument(
        "--no-touch", action="store_true", help="ships may not touch (the no_touch rules)"
    )
    found.add_argument(
        "--uniform", action="store_true", help="every fleet equally likely, not the engine's odds"
    )
    found.add_argument("--levels", action="store_true", help="every level's mean against it")
    found.add_argument("--seeds", type=int, default=5, help="the levels' seeds (default 5)")
    found.add_argument(
        "--disagree",
        type=int,
        default=0,
        metavar="N",
        help="show the Admiral's N costliest shots that are none of the optimal ones",
    )
    return found


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command, printing to ``out`` (standard output); the exit status (argparse
    exits with 2 for bad usage, saying what is wrong)."""
    out = out or sys.stdout
    options = parser().parse_args(argv)
    if not 2 <= options.board <= 6:
        parser().error(
            f"--board is a side of 2 to 6 cells (not {options.board}): the "
            "search grows too fast for more"
        )
    if options.seeds < 1:
        parser().error(f"--seeds is at least 1 (not {options.seeds})")
    try:
        rules = range_rules(options.board, options.ships, allow_adjacent=not options.no_touch)
        started = time.perf_counter()
        optimum = Optimum(rules, engine=not options.uniform)
    except BattleshipError as error:
        parser().error(str(error))
    value = optimum.value()
    seconds = time.perf_counter() - started
    ships = ", ".join(f"{spec.name} ({spec.length})" for spec in rules.fleet)
    odds = "every fleet equally likely" if options.uniform else "the engine's random fleets"
    touch = "ships never touch" if options.no_touch else "ships may touch"
    first = optimum.best_shots(range_view(rules, []))
    print(
        f"{options.board}x{options.board}, {ships} ({touch}; {odds}): {optimum.count:,} fleets",
        file=out,
    )
    print(
        f"optimum {value:.4f} shots: {len(optimum.memo):,} beliefs solved in {seconds:.1f} s",
        file=out,
    )
    print(f"optimal first shots: {', '.join(map(str, first))}", file=out)
    if options.levels:
        print(f"\n{'player':<14} {'mean':>8} {'s.e.':>6} {'gap':>7} {'gap %':>7}", file=out)
        print(f"{'optimum':<14} {value:>8.4f} {'':>6} {'':>7} {'':>7}", file=out)
        for level in range(5, 0, -1):
            found = level_mean(optimum, level, options.seeds)
            gap = found.mean - value
            print(
                f"{level} {found.name:<12} {found.mean:>8.4f} {found.error:>6.4f} {gap:>+7.3f}"
                f" {100 * gap / value:>+6.2f}%",
                file=out,
            )
    if options.disagree:
        found_all = disagreements(optimum)
        total = sum(d.cost * d.reach for d in found_all)
        print(
            f"\nAdmiral (seed 1): {len(found_all)} positions where its shot is none of the "
            f"optimal ones, costing {total:.4f} shots a game together",
            file=out,
        )
        chasing = [d for d in found_all if _chasing(d.view)]
        print(
            f"{len(chasing)} of them with a hit ship afloat, costing "
            f"{sum(d.cost * d.reach for d in chasing):.4f}; the others while hunting",
            file=out,
        )
        for shown in found_all[: options.disagree]:
            print(
                f"\nreached {shown.reach:.4f}, costs {shown.cost:.4f} shots: the Admiral fires "
                f"{shown.shot} (L), optimal {', '.join(map(str, shown.best))} (*)",
                file=out,
            )
            print(picture(shown), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
