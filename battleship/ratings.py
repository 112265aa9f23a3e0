"""Glicko-2 ratings, as Mark Glickman describes them in "Example of the Glicko-2 system"
(http://www.glicko.net/glicko/glicko2.pdf), with lichess's settings as ``LICHESS``.

Values only: a :class:`Rating` is frozen, and :meth:`System.rate` gives a new one. Nothing
here is stored or timed; the caller decides what a rating period is (lichess rates after
every game, :meth:`System.after_game`)::

    >>> a, b = LICHESS.new(), LICHESS.new()
    >>> a, b = LICHESS.after_game(a, b, 1)
    >>> a.shown, b.shown
    ('1742?', '1258?')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from battleship.errors import InvalidRating

#: Glicko-2's internal scale: a rating of 1500 + 173.7178 μ, a deviation of 173.7178 φ.
SCALE = 173.7178
#: When the volatility's search stops (Glickman's ε).
EPSILON = 0.000001
#: What a game can score for a player: a win, a draw, a loss.
SCORES = (1.0, 0.5, 0.0)
#: From this deviation up a rating is provisional, shown with a "?" (lichess's 110).
PROVISIONAL_DEVIATION = 110.0
#: Up to this deviation a rating is sure enough for a leaderboard (lichess's 75).
RANKED_DEVIATION = 75.0


def _check_number(name: str, value: float, *, positive: bool) -> None:
    if not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidRating(
            f"the {name} must be a finite number, not {value!r}",
            kind="not_a_number",
            name=name,
            value=value,
        )
    if positive and value <= 0:
        raise InvalidRating(
            f"the {name} must be above zero, not {value!r}",
            kind="not_positive",
            name=name,
            value=value,
        )


@dataclass(frozen=True)
class Rating:
    """A player's Glicko-2 rating: the rating itself, its deviation (how unsure it is) and
    its volatility (how much the player's strength moves), on the usual 1500 scale."""

    rating: float
    deviation: float
    volatility: float

    def __post_init__(self) -> None:
        _check_number("rating", self.rating, positive=False)
        _check_number("deviation", self.deviation, positive=True)
        _check_number("volatility", self.volatility, positive=True)

    @property
    def provisional(self) -> bool:
        """Whether the rating is still a guess (deviation 110 or more): shown with a "?"."""
        return self.deviation >= PROVISIONAL_DEVIATION

    @property
    def ranked(self) -> bool:
        """Whether the rating is sure enough for a leaderboard (deviation 75 or less)."""
        return self.deviation <= RANKED_DEVIATION

    @property
    def shown(self) -> str:
        """The rating as a player reads it: the nearest whole number, "1500?" while
        provisional."""
        return f"{round(self.rating)}{'?' if self.provisional else ''}"


@dataclass(frozen=True)
class System:
    """A Glicko-2 rating system: τ (how fast volatility may change), a new player's rating,
    deviation and volatility, and the bounds a new deviation (and volatility) is kept in.

    The new player's deviation is also the largest a deviation grows to; ``min_deviation``
    keeps a rating from ever becoming too sure to move (lichess: 45).
    """

    tau: float
    rating: float
    deviation: float
    volatility: float
    min_deviation: float = 0.0
    max_volatility: float = math.inf

    def __post_init__(self) -> None:
        _check_number("tau", self.tau, positive=True)
        Rating(self.rating, self.deviation, self.volatility)
        if not 0 <= self.min_deviation <= self.deviation:
            raise InvalidRating(
                f"the smallest deviation must be between 0 and {self.deviation}, "
                f"not {self.min_deviation!r}",
                kind="min_deviation",
                value=self.min_deviation,
            )
        if not self.max_volatility >= self.volatility:
            raise InvalidRating(
                f"the largest volatility must be at least {self.volatility}, "
                f"not {self.max_volatility!r}",
                kind="max_volatility",
                value=self.max_volatility,
            )

    def new(self) -> Rating:
        """A new player's rating."""
        return Rating(self.rating, self.deviation, self.volatility)

    def rate(self, player: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
        """The player's rating after one rating period: each game as (the opponent's rating
        at the start of the period, the player's score: 1, 0.5 or 0). Without games only the
        deviation grows (Glickman's step 6). Raises :class:`InvalidRating`, having changed
        nothing, for a score that is none of those."""
        for _, score in games:
            _check_score(score)
        mu = (player.rating - 1500) / SCALE
        phi = player.deviation / SCALE
        sigma = player.volatility
        if not games:
            return self._bounded(player.rating, math.sqrt(phi**2 + sigma**2), sigma)

        # Steps 3 and 4: the estimated variance from the games, and the improvement.
        information = 0.0
        surprise = 0.0
        for opponent, score in games:
            g = _g(opponent.deviation / SCALE)
            expected = 1 / (1 + math.exp(-g * (mu - (opponent.rating - 1500) / SCALE)))
            information += g**2 * expected * (1 - expected)
            surprise += g * (score - expected)
        v = 1 / information
        delta = v * surprise

        # Steps 5 to 7: the new volatility, then the new deviation and rating.
        sigma = self._volatility(phi, sigma, v, delta)
        phi_star = math.sqrt(phi**2 + sigma**2)
        phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
        # mu' = mu + phi'^2 * surprise, on the rating scale: an unchanged rating stays exact.
        return self._bounded(player.rating + SCALE * phi**2 * surprise, phi, sigma)

    def after_game(self, a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
        """Both players' ratings after one game between them, lichess's way: each rated
        against the other's rating from before the game, ``score_a`` being a's (1, 0.5, 0)."""
        _check_score(score_a)
        return self.rate(a, [(b, score_a)]), self.rate(b, [(a, 1 - score_a)])

    def _volatility(self, phi: float, sigma: float, v: float, delta: float) -> float:
        """Glickman's step 5: the root of f by the Illinois algorithm."""
        tau = self.tau
        a = math.log(sigma**2)

        def f(x: float) -> float:
            ex = math.exp(x)
            return (
                ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2
            )

        big_a = a
        if delta**2 > phi**2 + v:
            big_b = math.log(delta**2 - phi**2 - v)
        else:
            k = 1
            while f(a - k * tau) < 0:
                k += 1
            big_b = a - k * tau
        f_a, f_b = f(big_a), f(big_b)
        while abs(big_b - big_a) > EPSILON:
            big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
            f_c = f(big_c)
            if f_c * f_b <= 0:
                big_a, f_a = big_b, f_b
            else:
                f_a /= 2
            big_b, f_b = big_c, f_c
        return math.exp(big_a / 2)

    def _bounded(self, rating: float, phi: float, sigma: float) -> Rating:
        deviation = min(max(phi * SCALE, self.min_deviation), self.deviation)
        return Rating(rating, deviation, min(sigma, self.max_volatility))


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def _check_score(score: float) -> None:
    if score not in SCORES:
        raise InvalidRating(
            f"a game's score must be 1, 0.5 or 0, not {score!r}", kind="score", score=score
        )


#: Lichess's Glicko-2: τ 0.75, a new player 1500 ± 500 with volatility 0.09, a deviation
#: kept between 45 and 500 and a volatility at most 0.1 (lila's modules/rating, Glicko.scala).
LICHESS = System(
    tau=0.75, rating=1500, deviation=500, volatility=0.09, min_deviation=45, max_volatility=0.1
)
