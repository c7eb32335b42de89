"""Uniform random play over the legal actions."""

from __future__ import annotations

from skagway_env.core import State

from .base import Agent


class RandomAgent(Agent):
    """Uniformly random legal moves: the baseline every bot must beat."""

    name = "random"
    options: dict = {}

    def act(self, state: State, player: int) -> int:
        return self.act_on_legal(state.legal_actions(player))

    def act_on_legal(self, legal: list[int]) -> int:
        """Random play needs only the legal actions (training envs then skip the view)."""
        return legal[int(self.rng.integers(len(legal)))]
