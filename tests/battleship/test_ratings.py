"""Glicko-2 ratings: Glickman's worked example to the printed digit, lichess's settings, what
a player sees after a game, and bad input refused with nothing changed."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from battleship.errors import BattleshipError, InvalidRating
from battleship.ratings import LICHESS, SCALE, Rating, System

GLICKMAN = System(tau=0.5, rating=1500, deviation=350, volatility=0.06)

ratings = st.floats(800, 3000)
volatilities = st.floats(0.03, 0.1)
players = st.builds(Rating, ratings, st.floats(30, 500), volatilities)
scores = st.sampled_from([1, 0.5, 0])


def test_it_gives_glickmans_worked_example_to_the_printed_digit():
    player = Rating(1500, 200, 0.06)
    games = [
        (Rating(1400, 30, 0.06), 1),
        (Rating(1550, 100, 0.06), 0),
        (Rating(1700, 300, 0.06), 0),
    ]
    after = GLICKMAN.rate(player, games)
    # The paper rounds as it goes: mu' and phi' to their printed digits; 1464.06 is converted
    # from the rounded mu' (unrounded, 1464.0507), and 0.05999 is cut off (0.0599960).
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.deviation / SCALE, 4) == 0.8722
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52


def test_a_period_without_games_only_makes_the_rating_less_sure():
    player = Rating(1500, 200, 0.06)
    after = GLICKMAN.rate(player, [])
    assert after.deviation == pytest.approx(math.sqrt(200**2 + (0.06 * SCALE) ** 2))
    assert (after.rating, after.volatility) == (1500, 0.06)


def test_a_new_lichess_player_is_1500_provisional():
    new = LICHESS.new()
    assert new == Rating(1500, 500, 0.09)
    assert new.provisional
    assert not new.ranked
    assert new.shown == "1500?"


def test_a_deviation_never_grows_past_a_new_players():
    assert LICHESS.rate(LICHESS.new(), []).deviation == 500
    assert GLICKMAN.rate(Rating(1500, 349.9, 0.06), []).deviation == 350


def test_a_lichess_deviation_never_falls_below_45():
    sure = Rating(1500, 45, 0.09)
    for _ in range(20):
        sure, _unused = LICHESS.after_game(sure, Rating(1500, 45, 0.09), 1)
    assert sure.deviation >= 45


def test_a_lichess_volatility_stays_at_most_0_1():
    erratic = Rating(1500, 60, 0.1)
    for score in [1, 0] * 10:
        erratic, _unused = LICHESS.after_game(erratic, Rating(2500, 45, 0.09), score)
    assert erratic.volatility <= 0.1


@pytest.mark.parametrize(
    ("deviation", "provisional", "ranked", "shown"),
    [
        (500, True, False, "1500?"),
        (110, True, False, "1500?"),
        (109.9, False, False, "1500"),
        (75.1, False, False, "1500"),
        (75, False, True, "1500"),
        (45, False, True, "1500"),
    ],
)
def test_the_provisional_and_ranked_lines_are_lichesss(deviation, provisional, ranked, shown):
    rating = Rating(1500.4, deviation, 0.09)
    assert (rating.provisional, rating.ranked, rating.shown) == (provisional, ranked, shown)


def test_a_rating_is_shown_as_the_nearest_whole_number():
    assert Rating(1464.06, 60, 0.06).shown == "1464"
    assert Rating(1464.6, 60, 0.06).shown == "1465"
    assert Rating(1464.6, 150, 0.06).shown == "1465?"


def test_after_game_rates_each_player_against_the_others_rating_before_the_game():
    a, b = Rating(1600, 80, 0.06), Rating(1450, 200, 0.07)
    assert LICHESS.after_game(a, b, 0) == (LICHESS.rate(a, [(b, 0)]), LICHESS.rate(b, [(a, 1)]))


@given(players, players)
def test_a_win_never_lowers_a_rating_and_a_loss_never_raises_it(a, b):
    won, lost = LICHESS.after_game(a, b, 1)
    assert won.rating >= a.rating
    assert lost.rating <= b.rating


@given(players, players, scores)
def test_a_game_is_the_same_seen_from_either_side(a, b, score):
    new_a, new_b = LICHESS.after_game(a, b, score)
    assert LICHESS.after_game(b, a, 1 - score) == (new_b, new_a)


@given(players)
def test_a_draw_between_equals_changes_neither_rating_and_treats_both_alike(a):
    new_a, new_b = LICHESS.after_game(a, a, 0.5)
    assert new_a == new_b
    assert new_a.rating == a.rating


@given(
    st.builds(Rating, ratings, st.floats(110, 500), volatilities),
    st.floats(-200, 200),
    st.floats(45, 200),
    scores,
)
def test_a_provisional_rating_gets_surer_with_each_game_against_a_near_opponent(
    player, gap, deviation, score
):
    opponent = Rating(player.rating + gap, deviation, 0.09)
    assert LICHESS.rate(player, [(opponent, score)]).deviation < player.deviation


def test_an_established_deviation_can_grow_after_one_game():
    # One game a rating period, as lichess rates: the volatility added at each period (step 6)
    # outweighs what one game against an equal tells, so a steady player's deviation settles
    # near 75 instead of falling to 45 (lichess adds volatility by days played, not by game).
    steady = Rating(1500, 60, 0.09)
    assert LICHESS.after_game(steady, steady, 0.5)[0].deviation > 60


@pytest.mark.parametrize(
    "values",
    [
        (math.nan, 200, 0.06),
        (1500, math.nan, 0.06),
        (1500, 200, math.inf),
        (1500, -1, 0.06),
        (1500, 0, 0.06),
        (1500, 200, 0),
        ("1500", 200, 0.06),
    ],
)
def test_it_refuses_a_rating_that_is_not_one(values):
    with pytest.raises(InvalidRating, match=r"rating|deviation|volatility"):
        Rating(*values)


@pytest.mark.parametrize("score", [2, 0.7, -1, math.nan, "1", None])
def test_it_refuses_a_score_other_than_a_win_a_draw_or_a_loss_and_changes_nothing(score):
    a, b = Rating(1500, 200, 0.06), Rating(1400, 30, 0.06)
    with pytest.raises(InvalidRating) as refused:
        LICHESS.after_game(a, b, score)
    assert str(refused.value).startswith("a game's score must be 1, 0.5 or 0")
    assert refused.value.kind == "score"
    with pytest.raises(InvalidRating):
        GLICKMAN.rate(a, [(b, 1), (b, score)])
    assert (a, b) == (Rating(1500, 200, 0.06), Rating(1400, 30, 0.06))


def test_the_error_is_the_librarys_and_a_value_error():
    with pytest.raises(InvalidRating) as refused:
        Rating(1500, -5, 0.06)
    assert isinstance(refused.value, BattleshipError)
    assert isinstance(refused.value, ValueError)
    assert str(refused.value) == "the deviation must be above zero, not -5"
    assert (refused.value.kind, refused.value.values) == (
        "not_positive",
        {"name": "deviation", "value": -5},
    )


@pytest.mark.parametrize(
    "settings",
    [
        {"tau": 0},
        {"tau": math.nan},
        {"deviation": -350},
        {"min_deviation": 400},
        {"max_volatility": 0.01},
    ],
)
def test_it_refuses_a_system_that_cannot_rate(settings):
    with pytest.raises(InvalidRating):
        System(**{"tau": 0.5, "rating": 1500, "deviation": 350, "volatility": 0.06} | settings)
