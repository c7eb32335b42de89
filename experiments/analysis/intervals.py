"""Confidence intervals behind every claim of the strategy report.

Rates (win rates, how often a seat made a choice) get Wilson score intervals, which
stay inside [0, 1] and behave at 0 and ``n`` successes; a difference of two rates gets
Newcombe's hybrid score interval (Newcombe 1998, method 10), built from the two Wilson
intervals. Means (scores, game lengths, counts) get percentile bootstrap intervals:
scores are skewed and bounded, so no normal shape is assumed. Bootstraps draw from a
seeded ``numpy.random.Generator`` so a report is the same every time it is built.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from skagway_experiments.tournament.stats import wilson_interval

LEVEL = 0.95
RESAMPLES = 2000
_CHUNK = 250  # resamples drawn at once: bounds memory at _CHUNK * n indices


def wilson(successes: float, n: int) -> tuple[float, float, float]:
    """``(rate, low, high)``: the 95% Wilson interval (``successes`` may be fractional,
    as a shared win counts ``1/k``); ``(nan, 0, 1)`` with no trials."""
    return wilson_interval(successes, n)


def newcombe_difference(
    successes_a: float, n_a: int, successes_b: float, n_b: int
) -> tuple[float, float, float]:
    """``(difference, low, high)`` of rate A minus rate B, 95% (Newcombe's method 10).

    With either group empty nothing is known: ``(nan, -1, 1)``.
    """
    if n_a == 0 or n_b == 0:
        return math.nan, -1.0, 1.0
    p_a, low_a, high_a = wilson(successes_a, n_a)
    p_b, low_b, high_b = wilson(successes_b, n_b)
    diff = p_a - p_b
    low = diff - math.hypot(p_a - low_a, high_b - p_b)
    high = diff + math.hypot(high_a - p_a, p_b - low_b)
    return diff, max(-1.0, low), min(1.0, high)


def _bootstrap_means(values: np.ndarray, rng: np.random.Generator,
                     resamples: int) -> np.ndarray:
    means = []
    for start in range(0, resamples, _CHUNK):
        size = min(_CHUNK, resamples - start)
        idx = rng.integers(0, len(values), size=(size, len(values)))
        means.append(values[idx].mean(axis=1))
    return np.concatenate(means)


def _percentiles(draws: np.ndarray) -> tuple[float, float]:
    tail = (1.0 - LEVEL) / 2 * 100
    low, high = np.percentile(draws, [tail, 100 - tail])
    return float(low), float(high)


def bootstrap_mean(values: Sequence[float], seed: int = 0,
                   resamples: int = RESAMPLES) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its 95% percentile bootstrap interval.

    Fewer than two values carry no spread: the interval is then ``(nan, nan)``.
    """
    data = np.asarray(values, dtype=float)
    if len(data) == 0:
        return math.nan, math.nan, math.nan
    mean = float(data.mean())
    if len(data) < 2:
        return mean, math.nan, math.nan
    return (mean, *_percentiles(_bootstrap_means(data, np.random.default_rng(seed), resamples)))


def bootstrap_mean_difference(
    values_a: Sequence[float], values_b: Sequence[float], seed: int = 0,
    resamples: int = RESAMPLES,
) -> tuple[float, float, float]:
    """``(mean A - mean B, low, high)``, each group resampled on its own, 95%."""
    a = np.asarray(values_a, dtype=float)
    b = np.asarray(values_b, dtype=float)
    if len(a) == 0 or len(b) == 0:
        return math.nan, math.nan, math.nan
    diff = float(a.mean() - b.mean())
    if len(a) < 2 or len(b) < 2:
        return diff, math.nan, math.nan
    rng = np.random.default_rng(seed)
    draws = _bootstrap_means(a, rng, resamples) - _bootstrap_means(b, rng, resamples)
    return (diff, *_percentiles(draws))


def format_interval(value: float, low: float, high: float, digits: int = 3) -> str:
    """``"0.643 [0.616, 0.670]"``; a missing bound prints as ``?``."""
    def cell(x: float) -> str:
        return "?" if math.isnan(x) else f"{x:.{digits}f}"

    return f"{cell(value)} [{cell(low)}, {cell(high)}]"
