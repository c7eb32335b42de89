"""Flat Monte Carlo: the classic search-free baseline above random play.

For each legal action it plays uniformly random games to the end from
determinizations of what its seat can see (``state`` is already the seat's view,
and each playout redraws the hidden cards again with ``view``), and picks the action
with the best mean return for its seat. The playouts are shared round-robin among the
legal actions, so ``playouts`` is the budget per decision.

At a simultaneous node the other seats' moves are drawn at random in each playout,
and when the seat has more legal actions than ``playouts`` (a race tick's claim
placements run to hundreds) the candidates are a random sample of ``playouts`` of
them, so the budget stays the budget.
"""

from __future__ import annotations

import numpy as np

from skagway_env.core import Game, State
from skagway_env.core.playout import random_playout

from .base import Agent
from .specs import Option


class FlatMonteCarloAgent(Agent):
    """Flat Monte Carlo: random playouts from redrawn worlds per action (playouts=N)."""

    name = "flatmc"
    options = {"playouts": Option(int, low=1)}

    def __init__(self, game: Game, seed: int | None = None, playouts: int = 32) -> None:
        super().__init__(game, seed)
        if not isinstance(playouts, int) or playouts < 1:
            raise ValueError(f"flatmc: playouts must be a positive integer, got {playouts!r}")
        self.playouts = playouts

    def params(self) -> dict:
        return {"playouts": self.playouts}

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        joint = state.is_simultaneous_node()
        if joint and len(legal) > self.playouts:
            picks = self.rng.choice(len(legal), size=self.playouts, replace=False)
            legal = [legal[i] for i in sorted(picks)]
        totals = np.zeros(len(legal))
        counts = np.zeros(len(legal))
        for i in range(max(self.playouts, len(legal))):
            k = i % len(legal)
            world = state.view(player, self.rng)
            if joint:
                world.apply_actions([
                    legal[k] if q == player else random_choice(world.legal_actions(q), self.rng)
                    for q in range(world.num_players)])
            else:
                world.apply_action(legal[k])
            totals[k] += random_playout(world, self.rng).returns()[player]
            counts[k] += 1
        means = totals / counts
        best = np.flatnonzero(means == means.max())
        return legal[int(best[self.rng.integers(len(best))])]


def random_choice(legal: list[int], rng: np.random.Generator) -> int:
    return legal[int(rng.integers(len(legal)))]
