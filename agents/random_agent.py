"""Uniform random play over the legal actions."""

from __future__ import annotations

from skagway_env.core import State

from .base import Agent


class RandomAgent(Agent):
    """Uniformly random legal moves: the baseline every bot must beat."""

    name = "random"

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        return legal[int(self.rng.integers(len(legal)))]
