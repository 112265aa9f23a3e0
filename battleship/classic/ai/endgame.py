"""The last ship: a small search game instead of always firing at the likeliest cell.

With one ship afloat and sinkings announced, the hidden fleet is just that ship's
placement. Over the ways to lay the sunk ships (``Knowledge.sunk_layouts``), a placement
*fits* when it avoids the misses and the sunk cells (and, when ships may not touch, the
cells around the sunk ships and every hit outside it), covers every hit the sunk ships
leave unexplained, and still has a cell not fired at. Its weight is the number of sunk
layouts it fits, so these weighted *candidates* are the Admiral's whole-fleet posterior
(the cell probabilities are the same).

What is left is a search game: each shot answers hit or miss, and the game ends when
every cell of the true placement has been hit (the sinking is announced). Firing at the
likeliest cell is not always quickest: a cell that splits the candidates better can save
shots later. For each of the likeliest few cells this computes exactly the expected
number of shots to finish when that cell is fired first and the likeliest cell after
(the greedy rule, lowest cell on a tie), over the weighted candidates, and picks the
smallest. Candidate sets are bitmasks over the candidates, and the totals are integers
(shots times weight, summed), so equal expectations are exactly equal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from battleship.classic.ai.geometry import bits, halo, placements, placements_through
from battleship.classic.ai.knowledge import Knowledge

# How many of the likeliest cells are tried as the first shot.
FIRST_SHOTS = 6
# Past this many candidate placements, or when the positions searched times the cells
# scanned in each passes MAX_WORK, the likeliest cell stands: it bounds a move's time
# (about 15 ms at most on a 10x10 board). The bound counts work, not time, so the same
# view gives the same shot on any machine.
MAX_CANDIDATES = 200
MAX_WORK = 100_000


def applies(knowledge: Knowledge) -> bool:
    """Whether the view is a last-ship endgame: one ship afloat, sinkings announced."""
    return len(knowledge.afloat) == 1 and not knowledge.fog


def candidates(knowledge: Knowledge) -> dict[int, int]:
    """The placements the last afloat ship may have, each with the number of sunk layouts
    it fits. Empty if the view has no ship or more than one afloat, or contradicts itself.
    """
    if len(knowledge.afloat) != 1:
        return {}
    size = knowledge.size
    length = knowledge.afloat[0].length
    no_touch = not knowledge.rules.allow_adjacent
    hits = knowledge.hits
    untargeted = knowledge.untargeted
    # Layouts covering the same cells rule out the same placements: count them once.
    unions = Counter(sum(layout) for layout in knowledge.sunk_layouts())
    found: dict[int, int] = {}
    for sunk, layouts in unions.items():
        blocked = knowledge.misses | sunk
        if no_touch and sunk:
            blocked |= halo(sunk, size)
        unexplained = hits & ~sunk
        if unexplained:
            lowest = (unexplained & -unexplained).bit_length() - 1
            pool: Iterable[int] = placements_through(size, length, lowest)
        else:
            pool = placements(size, length)
        for mask in pool:
            if mask & blocked or unexplained & ~mask or not mask & untargeted:
                continue
            if no_touch and halo(mask, size) & hits & ~mask:
                continue  # a hit beside it would be another ship touching it
            found[mask] = found.get(mask, 0) + layouts
    return found


class TooLarge(Exception):
    """The search passed ``MAX_WORK``."""


class SearchGame:
    """The last ship's search game over weighted candidate placements.

    A position is the set of candidates still consistent (a bitmask over candidate
    numbers) and the cells hit in it so far, which every candidate of the set covers (a
    miss removes the candidates covering the cell instead). ``total`` is the sum over the
    set of weight times shots to finish, so dividing by the set's weight gives the
    expected shots.
    """

    def __init__(self, found: dict[int, int], untargeted: int, max_work: int | None = None):
        masks = sorted(found)
        self.remaining = [mask & untargeted for mask in masks]
        self.weights = [found[mask] for mask in masks]
        self.all = (1 << len(masks)) - 1
        union = 0
        for cells in self.remaining:
            union |= cells
        self.cells = list(bits(union))
        self.cover = [0] * len(self.cells)
        self.position = {cell: k for k, cell in enumerate(self.cells)}
        for i, cells in enumerate(self.remaining):
            for cell in bits(cells):
                self.cover[self.position[cell]] |= 1 << i
        groups: dict[int, int] = {}
        for i, weight in enumerate(self.weights):
            groups[weight] = groups.get(weight, 0) | 1 << i
        self.groups = sorted(groups.items())
        self.uniform = self.groups[0][0] if len(self.groups) == 1 else 0
        self.memo: dict[tuple[int, int], int] = {}
        self.nodes = 0
        work = MAX_WORK if max_work is None else max_work
        self.max_nodes = work // max(1, len(self.cells))

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
            # One candidate left: every cell of it still to hit takes one shot.
            i = members.bit_length() - 1
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
        if struck:
            hit |= 1 << self.cells[k]
            alive = struck
            for i in bits(struck):
                if not self.remaining[i] & ~hit:
                    alive ^= 1 << i  # sunk: the game is over
            if alive:
                result += self.total(alive, hit)
        return result

    def expected(self, cell: int) -> float:
        """Expected shots to finish, firing ``cell`` first and greedily after."""
        return self.first(cell) / self.weight(self.all)

    def first(self, cell: int) -> int:
        """``total`` of the whole set when ``cell`` is fired first."""
        k = self.position.get(cell)
        if k is None:  # a cell no candidate covers: a wasted shot
            return self.weight(self.all) + self.total(self.all)
        return self.fire(self.all, 0, k)


def best_shot(knowledge: Knowledge, ranked: list[int]) -> int | None:
    """Of the first ``FIRST_SHOTS`` cells of ``ranked`` that some candidate covers, the one
    with the fewest expected shots to finish; the earliest in ``ranked`` on a tie.

    ``ranked`` is the untargeted cells, likeliest first. ``None`` when the view is not a
    last-ship endgame or the search would be too large: then the likeliest cell stands.
    """
    if not applies(knowledge):
        return None
    found = candidates(knowledge)
    if not found or len(found) > MAX_CANDIDATES:
        return None
    game = SearchGame(found, knowledge.untargeted)
    tried = [cell for cell in ranked if cell in game.position][:FIRST_SHOTS]
    if len(tried) < 2:
        return tried[0] if tried else None
    try:
        totals = [game.first(cell) for cell in tried]
    except TooLarge:
        return None
    return tried[totals.index(min(totals))]
