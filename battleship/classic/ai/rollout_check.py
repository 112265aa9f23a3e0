"""Whether the rollout search's claims hold when the Admiral itself plays on.

The search (``battleship.classic.ai.rollout``) picks a cell other than the likeliest when its exact
model says that saves shots: the model plays the greedy rule after the first shot, lowest cell on a
tie. The Admiral breaks ties at random and searches the last ship, so the claim is checked position
by position: the fleets that fit the view are drawn by the engine's odds, and on each the Admiral
plays to the end from the likeliest cell and from the search's, with the same player seed (common
random numbers). Far fewer games tell a claim apart this way than whole paired games, where one
changed shot changes the rest of the game."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from battleship.classic import Coordinate, FiredShot, PlayerView, RuleSet
from battleship.classic.ai import rollout
from battleship.classic.ai.admiral import Admiral
from battleship.classic.ai.benchmark import Fleet, play, range_view
from battleship.classic.ai.geometry import coordinate, index
from battleship.classic.ai.knowledge import Knowledge


@dataclass(frozen=True, slots=True)
class Claim:
    """A position where the search fired elsewhere than the likeliest cell."""

    fired: tuple[FiredShot, ...]
    likeliest: int
    chosen: int
    claimed: float
    """Expected shots saved by the search's own model."""


@dataclass(frozen=True, slots=True)
class Checked:
    """A claim and what the Admiral's own play measured (likeliest minus chosen)."""

    claim: Claim
    measured: float
    standard_error: float


class _Recording(Admiral):
    """The Admiral with the search on (two or three ships afloat), noting each claim."""

    rollout_afloat = rollout.MAX_AFLOAT

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.claims: list[Claim] = []

    def choose_shots(self, view: PlayerView, count: int) -> list[Coordinate]:
        shots = super().choose_shots(view, count)
        knowledge = self.knowledge(view)
        if count == 1 and len(knowledge.afloat) > 1 and rollout.applies(knowledge):
            self._note(view, knowledge, index(shots[0], knowledge.size))
        return shots

    def _note(self, view: PlayerView, knowledge: Knowledge, chosen: int) -> None:
        try:
            found = rollout.fleets(knowledge, rollout.MAX_FLEETS)
        except rollout.TooLarge:
            return
        game = rollout.Search(found, knowledge.untargeted, rollout.MAX_WORK * 4)
        ranked = [c for c in self._ranked(knowledge, view, 1) if c in game.position]
        if not ranked or chosen == ranked[0] or chosen not in game.position:
            return
        try:
            claimed = game.expected(ranked[0]) - game.expected(chosen)
        except rollout.TooLarge:
            return
        self.claims.append(Claim(view.shots_fired, ranked[0], chosen, claimed))


def claims(rules: RuleSet, fleets: Sequence[Fleet], seed: int) -> list[Claim]:
    """Every claim the search makes playing ``fleets`` (player seeds ``seed + number``)."""
    found: list[Claim] = []
    for number, fleet in enumerate(fleets):
        player = _Recording(seed + number)
        play(player, rules, fleet)
        found += player.claims
    return found


def finish(rules: RuleSet, claim: Claim, first: int, afloat: Sequence[int], seed: int) -> int:
    """Shots the Admiral (``seed``) takes to sink ``afloat`` (the afloat ships' masks in
    fleet order) from the claim's position, firing ``first`` first."""
    size = rules.board_size
    knowledge = Knowledge.from_view(range_view(rules, claim.fired))
    names = [spec.name for spec in knowledge.afloat]
    fired = list(claim.fired)
    hit = knowledge.hits
    player = Admiral(seed)
    cell = first
    for shots in range(1, size * size + 1):
        owner = next((k for k, mask in enumerate(afloat) if mask >> cell & 1), None)
        sunk = None
        if owner is not None:
            hit |= 1 << cell
            sunk = names[owner] if not afloat[owner] & ~hit else None
        fired.append(FiredShot(coordinate(cell, size), owner is not None, sunk))
        if all(not mask & ~hit for mask in afloat):
            return shots
        cell = index(player.choose_shot(range_view(rules, fired)), size)
    raise RuntimeError("the Admiral fired at every cell without sinking the fleet")


def check(rules: RuleSet, claim: Claim, draws: int, rng: random.Random) -> Checked:
    """``claim`` against ``draws`` fleets drawn by the engine's odds, each played from the
    likeliest cell and from the chosen one by the Admiral with one seed per fleet."""
    knowledge = Knowledge.from_view(range_view(rules, claim.fired))
    found = rollout.fleets(knowledge, rollout.MAX_FLEETS * 10)
    listed = sorted(found)
    drawn = rng.choices(listed, weights=[found[fleet][1] for fleet in listed], k=draws)
    saved = [
        finish(rules, claim, claim.likeliest, fleet, number)
        - finish(rules, claim, claim.chosen, fleet, number)
        for number, fleet in enumerate(drawn)
    ]
    error = statistics.stdev(saved) / math.sqrt(draws) if draws > 1 else 0.0
    return Checked(claim, statistics.fmean(saved), error)
