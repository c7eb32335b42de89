"""Helpers for ``State.view``: redrawing what a seat cannot see."""

from __future__ import annotations

import numpy as np


def redeal(rng: np.random.Generator, supply: list[int], held: list[list[int]],
           seats: list[int]) -> list[int]:
    """Shuffle ``supply`` together with the ``seats``' holdings (counts by kind), deal
    each of those seats as many as it held, and return the new supply.

    ``held`` is changed in place; seats not listed keep what they hold.
    """
    pool = list(supply)
    for q in seats:
        pool = [a + b for a, b in zip(pool, held[q], strict=True)]
    items = np.repeat(np.arange(len(pool)), pool)
    rng.shuffle(items)
    start = 0
    for q in seats:
        size = sum(held[q])
        held[q] = np.bincount(items[start:start + size], minlength=len(pool)).tolist()
        start += size
    return np.bincount(items[start:], minlength=len(pool)).tolist()
