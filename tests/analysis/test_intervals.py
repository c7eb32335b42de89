"""Intervals against published values and against what a sample must give."""

from __future__ import annotations

import math

import numpy as np
import pytest
from skagway_experiments.analysis import (
    bootstrap_mean,
    bootstrap_mean_difference,
    format_interval,
    newcombe_difference,
    wilson,
)


def test_wilson_matches_newcombe_1998_table_i() -> None:
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
    # Table I, method 3 (score): 81/263 -> 0.2553 to 0.3662.
    rate, low, high = wilson(81, 263)
    assert rate == pytest.approx(81 / 263)
    assert (low, high) == pytest.approx((0.2553, 0.3662), abs=1e-4)


def test_newcombe_difference_matches_the_published_example() -> None:
    # Newcombe (1998), "Interval estimation for the difference between independent
    # proportions", Table II example (a): 56/70 - 48/80, method 10: 0.0524 to 0.3339.
    diff, low, high = newcombe_difference(56, 70, 48, 80)
    assert diff == pytest.approx(56 / 70 - 48 / 80)
    assert (low, high) == pytest.approx((0.0524, 0.3339), abs=1e-4)


def test_newcombe_difference_is_antisymmetric_and_knows_nothing_without_data() -> None:
    d1, lo1, hi1 = newcombe_difference(3, 20, 11, 25)
    d2, lo2, hi2 = newcombe_difference(11, 25, 3, 20)
    assert (d1, lo1, hi1) == pytest.approx((-d2, -hi2, -lo2))
    diff, low, high = newcombe_difference(0, 0, 4, 9)
    assert math.isnan(diff) and (low, high) == (-1.0, 1.0)


def test_bootstrap_mean_of_a_normal_sample_is_close_to_the_t_interval() -> None:
    values = np.random.default_rng(5).normal(10.0, 2.0, size=400)
    mean, low, high = bootstrap_mean(values)
    assert mean == pytest.approx(values.mean())
    half_t = 1.966 * values.std(ddof=1) / math.sqrt(len(values))  # t(399), 97.5%
    assert (high - low) / 2 == pytest.approx(half_t, rel=0.1)
    assert low < mean < high


def test_bootstrap_is_seeded_and_degenerate_samples_say_so() -> None:
    values = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    assert bootstrap_mean(values) == bootstrap_mean(values)
    assert bootstrap_mean(values, seed=1) != bootstrap_mean(values, seed=2)
    assert bootstrap_mean([7.0, 7.0, 7.0]) == (7.0, 7.0, 7.0)
    single = bootstrap_mean([4.0])
    assert single[0] == 4.0 and math.isnan(single[1]) and math.isnan(single[2])
    assert all(math.isnan(x) for x in bootstrap_mean([]))


def test_bootstrap_difference_brackets_a_real_gap_and_not_a_null_one() -> None:
    rng = np.random.default_rng(9)
    a, b = rng.normal(5.0, 1.0, 300), rng.normal(4.0, 1.0, 300)
    diff, low, high = bootstrap_mean_difference(a, b)
    assert diff == pytest.approx(a.mean() - b.mean())
    assert 0 < low < diff < high
    same = rng.normal(5.0, 1.0, 300)
    _, low, high = bootstrap_mean_difference(a, same)
    assert low < 0 < high


def test_format_interval() -> None:
    assert format_interval(0.5, 0.25, 0.75) == "0.500 [0.250, 0.750]"
    assert format_interval(2.0, math.nan, math.nan, 1) == "2.0 [?, ?]"
