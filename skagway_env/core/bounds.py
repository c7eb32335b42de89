"""Per-feature bounds of an observation tensor, declared block by block.

Agents and wrappers normalise or clip features with the observation space's bounds, so
a game states them where its rules bound a feature: a one-hot or a flag lies in
``[0, 1]``, a count of a fixed supply (cards of a kind, pawns, tiles) up to that
supply, a track position up to the track's end. A feature the rules leave open (gold
that can keep growing) keeps an infinite bound: a finite bound that play can pass would
be a lie. ``tests/test_observation_bounds.py`` plays every game and checks that every
seat's tensor stays inside the declared bounds at every step.
"""

from __future__ import annotations

import math

import numpy as np

INF = math.inf


class FeatureBounds:
    """``(low, high)`` arrays built in tensor order: ``add`` one block after another."""

    def __init__(self) -> None:
        self._low: list[np.ndarray] = []
        self._high: list[np.ndarray] = []

    def add(self, width: int, high: float | np.ndarray = 1.0,
            low: float | np.ndarray = 0.0) -> FeatureBounds:
        """The next ``width`` features lie in ``[low, high]`` (scalars or arrays)."""
        self._low.append(np.broadcast_to(np.asarray(low, np.float32), (width,)))
        self._high.append(np.broadcast_to(np.asarray(high, np.float32), (width,)))
        return self

    def extend(self, block: FeatureBounds, times: int = 1) -> FeatureBounds:
        """Append ``block``'s features ``times`` times (a block per seat, say)."""
        self._low.extend(block._low * times)
        self._high.extend(block._high * times)
        return self

    @property
    def size(self) -> int:
        return sum(len(part) for part in self._low)

    def arrays(self, size: int) -> tuple[np.ndarray, np.ndarray]:
        """The bounds as float32 arrays, checked against the tensor's ``size``."""
        if self.size != size:
            raise ValueError(f"bounds cover {self.size} features, the tensor has {size}")
        if not self._low:
            empty = np.zeros(0, np.float32)
            return empty, empty.copy()
        return np.concatenate(self._low), np.concatenate(self._high)
