"""Turning final scores into returns for learning and rating.

``rank`` (the default) gives +1 to first place and -1 to last, linear in rank, with
tied players sharing the average of the places they span, so returns sum to zero.
``win`` gives the winners an equal share of 1. ``score`` gives the game's own points.
"""

from __future__ import annotations

from collections.abc import Sequence


def placings(keys: Sequence[tuple]) -> list[float]:
    """0-based place of each player (lower is better), ties averaged.

    ``keys`` are comparable tuples where *larger is better*; equal keys tie.
    """
    n = len(keys)
    order = sorted(range(n), key=lambda p: keys[p], reverse=True)
    place = [0.0] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and keys[order[j + 1]] == keys[order[i]]:
            j += 1
        shared = (i + j) / 2.0
        for k in range(i, j + 1):
            place[order[k]] = shared
        i = j + 1
    return place


def rank_returns(keys: Sequence[tuple]) -> list[float]:
    """+1 for first to -1 for last, linear in (tie-averaged) place; sums to zero."""
    n = len(keys)
    if n == 1:
        return [0.0]
    return [1.0 - 2.0 * p / (n - 1) for p in placings(keys)]


def win_returns(keys: Sequence[tuple]) -> list[float]:
    """Players sharing the best key split 1 equally; everyone else gets 0."""
    best = max(keys)
    winners = [p for p, k in enumerate(keys) if k == best]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(keys))]


def win_shares(ranks: Sequence[float]) -> list[float]:
    """From places (1 is first, ties averaged): 1 to the winner; players tied for first
    split it. The one win-share function of records, results and statistics."""
    return win_returns([(-r,) for r in ranks])


def compute_returns(mode: str, scores: Sequence[float], keys: Sequence[tuple]) -> list[float]:
    """Returns for one finished game under the given reward ``mode``."""
    if mode == "rank":
        return rank_returns(keys)
    if mode == "win":
        return win_returns(keys)
    if mode == "score":
        return [float(s) for s in scores]
    raise ValueError(f"unknown reward mode {mode!r}; expected rank, win or score")
