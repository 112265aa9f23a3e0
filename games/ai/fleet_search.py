"""The last few ships: the search of ``games.ai.endgame`` over whole fleets of them.

When few ships are afloat and most of the board has been fired at, every fleet of the
afloat ships that fits the view can be listed. Each listed fleet (weighted by the number
of ways to lay the sunk ships it fits) is a *candidate*, and the candidates are the
Admiral's whole-fleet posterior, exactly. Each shot answers hit or miss and, for a hit
that completes a ship, that ship's name; the game ends when every cell of the true fleet
has been hit. For each of the likeliest few cells this works out exactly the expected
number of shots to finish when that cell is fired first and the likeliest cell after
(the greedy rule, lowest cell on a tie), and fires where that is fewest: one step of
policy improvement over the greedy player (rollout with every fleet, not a sample).
"""

from __future__ import annotations

import math
from collections import Counter

from games.ai.geometry import bits, halo, placements
from games.ai.knowledge import Knowledge

# How many of the likeliest cells are tried as the first shot.
FIRST_SHOTS = 6
# Past this many candidate fleets, or when the positions searched times the cells
# scanned in each pass MAX_WORK, the likeliest cell stands: it bounds a move's time.
# The bounds count work, not time, so the same view gives the same shot on any machine.
MAX_FLEETS = 3000
MAX_WORK = 1_500_000


class TooLarge(Exception):
    """The listing passed ``MAX_FLEETS`` or the search passed ``MAX_WORK``."""


def applies(knowledge: Knowledge) -> bool:
    """Whether sinkings are announced cell by cell (not fog, not group reports)."""
    return not knowledge.fog and knowledge.group is None and bool(knowledge.afloat)


def candidates(knowledge: Knowledge, limit: int = MAX_FLEETS) -> dict[tuple[int, ...], int]:
    """The fleets the afloat ships may form (one mask per afloat ship, in fleet order),
    each with the number of sunk layouts it fits. ``TooLarge`` past ``limit`` fleets.
    """
    size = knowledge.size
    no_touch = not knowledge.rules.allow_adjacent
    hits = knowledge.hits
    untargeted = knowledge.untargeted
    ships = knowledge.afloat
    unions = Counter(sum(layout) for layout in knowledge.sunk_layouts())
    found: dict[tuple[int, ...], int] = {}
    for sunk, layouts in unions.items():
        blocked = knowledge.misses | sunk
        if no_touch and sunk:
            blocked |= halo(sunk, size)
        unexplained = hits & ~sunk
        options: list[list[int]] = []
        for spec in ships:
            fit = [
                mask
                for mask in placements(size, spec.length)
                if not mask & blocked
                and mask & untargeted
                and not (no_touch and halo(mask, size) & hits & ~mask)
            ]
            options.append(fit)
        _list(options, unexplained, layouts, size if no_touch else 0, limit, found)
    return found


def _list(
    options: list[list[int]],
    unexplained: int,
    weight: int,
    no_touch_size: int,
    limit: int,
    found: dict[tuple[int, ...], int],
) -> None:
    """Add to ``found`` (with ``weight``) every fleet taking one of ``options`` per ship,
    no two overlapping (nor touching, given the board size when ships may not touch),
    together covering ``unexplained``. ``TooLarge`` past ``limit`` fleets found."""
    # Ships with the fewest places first: the listing branches least.
    order = sorted(range(len(options)), key=lambda k: len(options[k]))
    if math.prod(len(options[k]) for k in order[:-1]) > limit:
        raise TooLarge  # more partial fleets than fleets allowed: not worth listing
    chosen = [0] * len(options)

    def extend(depth: int, used: int, covered: int) -> None:
        if depth == len(order):
            if unexplained & ~covered:
                return
            key = tuple(chosen)
            found[key] = found.get(key, 0) + weight
            if len(found) > limit:
                raise TooLarge
            return
        k = order[depth]
        for mask in options[k]:
            if mask & used:
                continue
            chosen[k] = mask
            claimed = halo(mask, no_touch_size) if no_touch_size else mask
            extend(depth + 1, used | claimed, covered | mask)

    extend(0, 0, 0)


class FleetSearch:
    """The search game over weighted candidate fleets (``endgame.SearchGame`` for several
    ships: a hit may also announce which ship it sank).

    A position is the set of candidates still consistent (a bitmask over candidate
    numbers) and the cells hit in it so far. ``total`` is the sum over the set of weight
    times shots to finish, so dividing by the set's weight gives the expected shots.
    """

    def __init__(
        self, found: dict[tuple[int, ...], int], untargeted: int, max_work: int = MAX_WORK
    ) -> None:
        fleets = sorted(found)
        self.weights = [found[fleet] for fleet in fleets]
        self.ships = [tuple(mask & untargeted for mask in fleet) for fleet in fleets]
        self.remaining = [sum(ships) for ships in self.ships]
        self.all = (1 << len(fleets)) - 1
        union = 0
        for cells in self.remaining:
            union |= cells
        self.cells = list(bits(union))
        self.position = {cell: k for k, cell in enumerate(self.cells)}
        members: list[list[int]] = [[] for _ in self.cells]
        # owner[k][i]: which ship of candidate i covers the cell at position k.
        self.owner: list[dict[int, int]] = [{} for _ in self.cells]
        for i, ships in enumerate(self.ships):
            for s, cells in enumerate(ships):
                for cell in bits(cells):
                    k = self.position[cell]
                    members[k].append(i)
                    self.owner[k][i] = s
        self.cover = [sum(1 << i for i in found_at) for found_at in members]
        groups: dict[int, int] = {}
        for i, weight in enumerate(self.weights):
            groups[weight] = groups.get(weight, 0) | 1 << i
        self.groups = sorted(groups.items())
        self.uniform = self.groups[0][0] if len(self.groups) == 1 else 0
        self.memo: dict[tuple[int, int], int] = {}
        self.max_nodes = max_work // max(1, len(self.cells))
        self.nodes = 0

    def weight(self, members: int) -> int:
        """The summed weight of a set of candidates."""
        if self.uniform:
            return self.uniform * members.bit_count()
        return sum(w * (members & group).bit_count() for w, group in self.groups)

    def greedy(self, members: int, hit: int) -> int:
        """The likeliest cell not yet hit (the lowest on a tie), as a position in cells."""
        best, best_score = -1, 0
        uniform = self.uniform
        for k, cover in enumerate(self.cover):
            covered = members & cover
            if not covered or hit >> self.cells[k] & 1:
                continue
            if uniform:
                score = covered.bit_count()
            else:
                score = sum(w * (covered & group).bit_count() for w, group in self.groups)
            if score > best_score:
                best, best_score = k, score
        return best

    def total(self, members: int, hit: int = 0) -> int:
        """Weight times shots to finish, summed over ``members``, firing greedily."""
        if not members:
            return 0
        if members & (members - 1) == 0:
            i = members.bit_length() - 1  # one candidate: one shot per cell still to hit
            return self.weights[i] * (self.remaining[i] & ~hit).bit_count()
        key = (members, hit)
        found = self.memo.get(key)
        if found is None:
            found = self.fire(members, hit, self.greedy(members, hit))
            self.memo[key] = found
        return found

    def fire(self, members: int, hit: int, k: int) -> int:
        """``total`` when the cell at position ``k`` is fired first, then greedily."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooLarge
        cover = self.cover[k]
        result = self.weight(members)
        missed = members & ~cover
        if missed:
            result += self.total(missed, hit)
        struck = members & cover
        if not struck:
            return result
        hit |= 1 << self.cells[k]
        # What the hit announces: the ship it sank, or nothing. The candidates split by it.
        told: dict[int, int] = {}
        owner = self.owner[k]
        for i in bits(struck):
            if not self.remaining[i] & ~hit:
                continue  # the whole fleet sunk: the game is over
            s = owner[i]
            said = s if not self.ships[i][s] & ~hit else -1
            told[said] = told.get(said, 0) | 1 << i
        for part in told.values():
            result += self.total(part, hit)
        return result

    def first(self, cell: int) -> int:
        """``total`` of the whole set when ``cell`` is fired first."""
        k = self.position.get(cell)
        if k is None:  # a cell no candidate covers: a wasted shot
            return self.weight(self.all) + self.total(self.all)
        return self.fire(self.all, 0, k)

    def expected(self, cell: int) -> float:
        """Expected shots to finish, firing ``cell`` first and greedily after."""
        return self.first(cell) / self.weight(self.all)


def best_shot(
    knowledge: Knowledge,
    ranked: list[int],
    max_fleets: int = MAX_FLEETS,
    max_work: int = MAX_WORK,
) -> int | None:
    """Of the first ``FIRST_SHOTS`` cells of ``ranked`` that some candidate covers, the one
    with the fewest expected shots to finish; the earliest in ``ranked`` on a tie.

    ``None`` when sinkings are not announced shot by shot or the listing or the search
    would be too large: then the likeliest cell stands.
    """
    if not applies(knowledge):
        return None
    try:
        found = candidates(knowledge, max_fleets)
    except TooLarge:
        return None
    if not found:
        return None
    game = FleetSearch(found, knowledge.untargeted, max_work)
    tried = [cell for cell in ranked if cell in game.position][:FIRST_SHOTS]
    if len(tried) < 2:
        return tried[0] if tried else None
    try:
        totals = [game.first(cell) for cell in tried]
    except TooLarge:
        return None
    return tried[totals.index(min(totals))]
