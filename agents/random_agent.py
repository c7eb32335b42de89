"""Uniform random play over the legal actions."""

from __future__ import annotations

from collections.abc import Callable

from skagway_env.core import State
from skagway_env.core.playout import draws

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

    def uniform_below(self) -> Callable[[int], int]:
        """``below(n)``, the draw ``act_on_legal`` makes (``int(rng.integers(n))``): a
        training env with a game's random-move hook draws this agent's move with it,
        without listing every legal move (``SingleAgentEnv``)."""
        return draws(self.rng)[0]
