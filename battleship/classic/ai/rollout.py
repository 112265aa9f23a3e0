"""Rollouts over every fleet that fits the view, weighed as the engine lays fleets.

When few ships are afloat, every fleet they can still form is listed (``fleets``): each
afloat ship's placement, over every way to lay the sunk ships on the hits
(``Knowledge.sunk_layouts``: a sunk ship covers the shot that sank it and otherwise only
cells hit *before* it). A listed fleet is weighed twice:

- ``layouts``, the number of sunk layouts it fits: a uniform choice among whole fleets,
  the Admiral's own posterior (``battleship.classic.ai.admiral``), which its greedy shot follows;
- ``odds``, the chance that the engine's random placement (``Board.random_placement``:
  longest ship first, each uniform among the places left beside those before it) lays
  that fleet, summed over its sunk layouts: what the benchmark's fleets and a person's
  "random fleet" follow. Fleets with ships near the centre are a little likelier.

The search (``Search``) is a rollout of the Admiral's greedy rule with every fleet instead
of a sample, so common random numbers are not needed: for each of the likeliest few cells
it works out exactly the expected number of shots to sink every afloat ship when that cell
is fired first and the likeliest cell (by ``layouts``) after, the expectation taken over
``odds``, and fires where that is fewest. A hit may announce which ship it sank, which
splits the fleets too. It is one step of policy improvement: never worse than the greedy
rule in expectation under the odds.

Nothing here imports the Admiral: it hands in its ranked cells and takes a cell back.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from battleship.classic.ai.geometry import bits, halo, placements
from battleship.classic.ai.knowledge import Knowledge

# How many of the likeliest cells are tried as the first shot.
FIRST_SHOTS = 6
# The search applies with at most this many ships afloat (the last ship alone is
# ``battleship.classic.ai.endgame``'s unless ``Admiral.rollout_last`` says otherwise).
MAX_AFLOAT = 3
# Past this many listed fleets, or when the positions searched times the cells scanned in
# each pass MAX_WORK, the likeliest cell stands: it bounds a move's time. The bounds count
# work, not time, so the same view gives the same shot on any machine.
MAX_FLEETS = 3000
MAX_WORK = 1_500_000
# Expected shots closer than this (relative) are equal: the earlier ranked cell stands.
_TIE = 1e-12
# Sets of at most this many fleets are summed and scanned fleet by fleet.
_FEW = 24


class TooLarge(Exception):
    """The listing passed its fleet limit or the search its work limit."""


@functools.cache
def _clashes(
    size: int, lengths: tuple[int, ...], allow_adjacent: bool
) -> dict[tuple[int, int], dict[int, int]]:
    """(a, b) -> length-``a`` placement mask -> the length-``b`` placements it rules out
    for the engine (overlapping it or, when ships may not touch, touching it), as a
    bitmask over ``placements(size, b)``."""
    masks = {length: placements(size, length) for length in lengths}
    claims = {
        length: {p: p if allow_adjacent else halo(p, size) for p in found}
        for length, found in masks.items()
    }
    found: dict[tuple[int, int], dict[int, int]] = {}
    for a in lengths:
        for b in lengths:
            found[(a, b)] = {
                p: sum(1 << j for j, q in enumerate(masks[b]) if q & claim)
                for p, claim in claims[a].items()
            }
    return found


def engine_odds(knowledge: Knowledge, fleet: dict[str, int]) -> float:
    """The chance that the engine's random placement lays exactly ``fleet`` (ship name ->
    placement mask, the whole fleet): longest ship first (fleet order among equals), each
    uniform among the placements that neither overlap nor, where that is forbidden, touch
    the ships laid before it. (A dead end restarts the whole fleet: the same factor for
    every fleet, left out.)"""
    rules = knowledge.rules
    size = knowledge.size
    lengths = tuple(sorted({spec.length for spec in rules.fleet}))
    clashes = _clashes(size, lengths, rules.allow_adjacent)
    order = sorted(rules.fleet, key=lambda spec: -spec.length)
    odds = 1.0
    for i, spec in enumerate(order):
        ruled_out = 0
        for before in order[:i]:
            ruled_out |= clashes[(before.length, spec.length)][fleet[before.name]]
        left = len(placements(size, spec.length)) - ruled_out.bit_count()
        if left <= 0:
            return 0.0
        odds /= left
    return odds


def fleets(
    knowledge: Knowledge, limit: int = MAX_FLEETS
) -> dict[tuple[int, ...], tuple[int, float]]:
    """Every placement of the afloat ships (one mask each, in fleet order) that fits the
    view, with (``layouts``, ``odds``) as the module's docstring says. ``TooLarge`` past
    ``limit`` fleets. Empty if the view has no ship afloat or contradicts itself."""
    size = knowledge.size
    no_touch = not knowledge.rules.allow_adjacent
    ships = knowledge.afloat
    if not ships:
        return {}
    found: dict[tuple[int, ...], tuple[int, float]] = {}
    for layout in knowledge.sunk_layouts() or [()]:
        laid, options, unexplained = _fitting(knowledge, layout)
        for chosen in _listing(options, unexplained, size if no_touch else 0, limit):
            whole = laid | {spec.name: mask for spec, mask in zip(ships, chosen, strict=True)}
            layouts, odds = found.get(chosen, (0, 0.0))
            found[chosen] = (layouts + 1, odds + engine_odds(knowledge, whole))
            if len(found) > limit:
                raise TooLarge
    return found


def _fitting(
    knowledge: Knowledge, layout: Sequence[int]
) -> tuple[dict[str, int], list[list[int]], int]:
    """For one way to lay the sunk ships: them (name -> mask), each afloat ship's
    placements that fit the view, and the hits they must cover between them."""
    size = knowledge.size
    no_touch = not knowledge.rules.allow_adjacent
    hits = knowledge.hits
    untargeted = knowledge.untargeted
    sunk = sum(layout)
    blocked = knowledge.misses | sunk
    if no_touch and sunk:
        blocked |= halo(sunk, size)
    options = [
        [
            mask
            for mask in placements(size, spec.length)
            if not mask & blocked
            and (knowledge.fog or mask & untargeted)  # an afloat ship is not all hit
            and not (no_touch and halo(mask, size) & hits & ~mask)
        ]
        for spec in knowledge.afloat
    ]
    laid = {s.name: mask for s, mask in zip(knowledge.sinkings, layout, strict=False)}
    return laid, options, hits & ~sunk


def sampled_fleets(
    knowledge: Knowledge, draws: int, rng: random.Random
) -> dict[tuple[int, ...], tuple[int, float]]:
    """``draws`` fleets of the afloat ships drawn from the posterior, as ``fleets`` gives
    them: ``layouts`` counts the draws of a fleet, ``odds`` adds up each draw's weight.

    Only while hunting (every hit explained by a sunk ship; else empty). A draw takes a
    sunk layout and each afloat ship's placement uniformly among those fitting it, and is
    dropped where ships overlap (or touch, where they may not): the draws left are uniform
    among fleets per layout, and each weighs the engine's odds of its fleet over that
    chance (importance sampling: the weighted draws follow the engine's placement)."""
    no_touch_size = knowledge.size if not knowledge.rules.allow_adjacent else 0
    prepared = []
    for layout in knowledge.sunk_layouts() or [()]:
        laid, options, unexplained = _fitting(knowledge, layout)
        if unexplained:
            return {}
        room = 1
        for places in options:
            room *= len(places)
        if room:
            prepared.append((laid, options, room * 1.0))
    found: dict[tuple[int, ...], tuple[int, float]] = {}
    ships = [spec.name for spec in knowledge.afloat]
    drawn = 0
    for _ in range(draws * 20):  # a bound: overlaps drop few draws on a board this open
        if drawn == draws or not prepared:
            break
        laid, options, places_drawn = prepared[rng.randrange(len(prepared))]
        chosen = tuple(rng.choice(places) for places in options)
        used = 0
        for mask in chosen:
            if mask & used:
                break
            used |= halo(mask, no_touch_size) if no_touch_size else mask
        else:
            drawn += 1
            whole = laid | dict(zip(ships, chosen, strict=True))
            weight = engine_odds(knowledge, whole) * places_drawn * len(prepared)
            count, odds = found.get(chosen, (0, 0.0))
            found[chosen] = (count + 1, odds + weight)
    return found


def _listing(
    options: list[list[int]], unexplained: int, no_touch_size: int, limit: int
) -> list[tuple[int, ...]]:
    """Every way to take one of ``options`` per ship, no two overlapping (nor touching,
    given the board size when ships may not touch), together covering ``unexplained``.
    ``TooLarge`` past ``limit`` partial or whole fleets."""
    # Ships with the fewest places first: the listing branches least.
    order = sorted(range(len(options)), key=lambda k: len(options[k]))
    partial = 1
    for k in order[:-1]:
        partial *= len(options[k])
    if partial > limit:
        raise TooLarge  # more partial fleets than fleets allowed: not worth listing
    chosen = [0] * len(options)
    listed: list[tuple[int, ...]] = []

    def extend(depth: int, used: int, covered: int) -> None:
        if depth == len(order):
            if not unexplained & ~covered:
                listed.append(tuple(chosen))
                if len(listed) > limit:
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
    return listed


def posterior(knowledge: Knowledge, limit: int = MAX_FLEETS) -> dict[int, float] | None:
    """Per untargeted cell, the chance that an afloat ship covers it when fleets are laid
    as the engine lays them (from ``fleets``). None if no fleet fits the view."""
    found = fleets(knowledge, limit)
    total = sum(odds for _, odds in found.values())
    if total <= 0:
        return None
    heat = dict.fromkeys(bits(knowledge.untargeted), 0.0)
    for chosen, (_, odds) in found.items():
        for cell in bits(sum(chosen) & knowledge.untargeted):
            heat[cell] += odds / total
    return heat


class Search:
    """The search game over the listed fleets.

    A position is the set of fleets still consistent (a bitmask over fleet numbers) and
    the cells hit in it so far. ``total`` is the sum over the set of odds times shots to
    finish, so dividing by the set's odds gives the expected shots.
    """

    def __init__(
        self,
        found: dict[tuple[int, ...], tuple[int, float]],
        untargeted: int,
        max_work: int = MAX_WORK,
    ) -> None:
        listed = sorted(found)
        self.ships = [tuple(mask & untargeted for mask in fleet) for fleet in listed]
        self.remaining = [sum(ships) for ships in self.ships]
        layouts = [found[fleet][0] for fleet in listed]
        odds = np.array([found[fleet][1] for fleet in listed], dtype=np.float64)
        self.odds = odds / odds.sum() if odds.sum() > 0 else odds
        self.plain_odds: list[float] = self.odds.tolist()
        self.count = len(listed)
        self.all = (1 << self.count) - 1
        union = 0
        for cells in self.remaining:
            union |= cells
        self.cells = list(bits(union))
        self.position = {cell: k for k, cell in enumerate(self.cells)}
        members: list[list[int]] = [[] for _ in self.cells]
        # owner[k][i]: which ship of fleet i covers the cell at position k.
        self.owner: list[dict[int, int]] = [{} for _ in self.cells]
        for i, ships in enumerate(self.ships):
            for s, cells in enumerate(ships):
                for cell in bits(cells):
                    k = self.position[cell]
                    members[k].append(i)
                    self.owner[k][i] = s
        self.cover = [sum(1 << i for i in found_at) for found_at in members]
        groups: dict[int, int] = {}
        for i, weight in enumerate(layouts):
            groups[weight] = groups.get(weight, 0) | 1 << i
        self.groups = sorted(groups.items())
        self.uniform = self.groups[0][0] if len(self.groups) == 1 else 0
        self.memo: dict[tuple[int, int], float] = {}
        self.max_nodes = max_work // max(1, len(self.cells))
        self.nodes = 0
        self._bytes = (self.count + 7) // 8

    def weight(self, members: int) -> float:
        """The summed odds of a set of fleets."""
        if members.bit_count() <= _FEW:
            odds = self.plain_odds
            return sum(odds[i] for i in bits(members))
        packed = np.frombuffer(members.to_bytes(self._bytes, "little"), dtype=np.uint8)
        chosen = np.unpackbits(packed, count=self.count, bitorder="little")
        return float(self.odds @ chosen)

    def greedy(self, members: int, hit: int) -> int:
        """The Admiral's shot: the cell not yet hit that most fleets cover (counted by
        layouts, as its posterior counts them), the lowest on a tie, as a position."""
        best, best_score = -1, 0
        uniform = self.uniform
        if members.bit_count() <= _FEW:
            # Few fleets: only the cells they cover can score.
            union = 0
            for i in bits(members):
                union |= self.remaining[i]
            positions: Iterable[int] = sorted(self.position[c] for c in bits(union & ~hit))
        else:
            positions = range(len(self.cells))
        cells, cover = self.cells, self.cover
        for k in positions:
            covered = members & cover[k]
            if not covered or hit >> cells[k] & 1:
                continue
            if uniform:
                score = covered.bit_count()
            else:
                score = sum(w * (covered & group).bit_count() for w, group in self.groups)
            if score > best_score:
                best, best_score = k, score
        return best

    def total(self, members: int, hit: int = 0) -> float:
        """Odds times shots to finish, summed over ``members``, firing greedily."""
        if not members:
            return 0.0
        if members & (members - 1) == 0:
            i = members.bit_length() - 1  # one fleet: one shot per cell still to hit
            return self.plain_odds[i] * (self.remaining[i] & ~hit).bit_count()
        key = (members, hit)
        found = self.memo.get(key)
        if found is None:
            found = self.fire(members, hit, self.greedy(members, hit))
            self.memo[key] = found
        return found

    def fire(self, members: int, hit: int, k: int) -> float:
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
        # What the hit announces: the ship it sank, or nothing. The fleets split by it.
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

    def first(self, cell: int) -> float:
        """``total`` of every fleet when ``cell`` is fired first."""
        k = self.position.get(cell)
        if k is None:  # a cell no fleet covers: a wasted shot
            return self.weight(self.all) + self.total(self.all)
        return self.fire(self.all, 0, k)

    def expected(self, cell: int) -> float:
        """Expected shots to finish, firing ``cell`` first and greedily after."""
        return self.first(cell) / self.weight(self.all)


def applies(knowledge: Knowledge, max_afloat: int = MAX_AFLOAT) -> bool:
    """Whether each shot's result and each sinking are announced, with 1 to
    ``max_afloat`` ships afloat."""
    return not knowledge.fog and knowledge.group is None and 0 < len(knowledge.afloat) <= max_afloat


def best_shot(
    knowledge: Knowledge,
    ranked: Sequence[int],
    first_shots: int = FIRST_SHOTS,
    max_fleets: int = MAX_FLEETS,
    max_work: int = MAX_WORK,
    max_afloat: int = MAX_AFLOAT,
    samples: int = 0,
    seed: str = "",
) -> int | None:
    """Of the first ``first_shots`` cells of ``ranked`` (untargeted cells, likeliest first)
    that some fleet covers, the one with the fewest expected shots to finish; the earliest
    in ``ranked`` on a tie. ``None`` where the search does not apply or would be too
    large: then the caller's own shot stands."""
    if not applies(knowledge, max_afloat):
        return None
    try:
        found = fleets(knowledge, max_fleets)
    except TooLarge:
        if not samples:
            return None
        rng = random.Random(f"{seed}:{knowledge.misses}:{knowledge.hits}")
        found = sampled_fleets(knowledge, samples, rng)
    if not found:
        return None
    game = Search(found, knowledge.untargeted, max_work)
    tried = [cell for cell in ranked if cell in game.position][:first_shots]
    if len(tried) < 2:
        return tried[0] if tried else None
    try:
        totals = [game.first(cell) for cell in tried]
    except TooLarge:
        return None
    best = min(totals)
    return next(c for c, t in zip(tried, totals, strict=True) if t <= best * (1 + _TIE))


def odds_vector(knowledge: Knowledge, limit: int = MAX_FLEETS) -> npt.NDArray[np.float64]:
    """``posterior`` as a vector over every cell (0 where fired at or nothing fits)."""
    heat = np.zeros(knowledge.size * knowledge.size)
    for cell, chance in (posterior(knowledge, limit) or {}).items():
        heat[cell] = chance
    return heat
