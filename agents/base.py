"""The agent contract: agents act on what their seat can see, with their own RNG.

Runners never hand an agent the true state: they pass ``state.view(seat, rng)``, a
copy with everything hidden from that seat resampled, so no agent can cheat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import numpy as np

from skagway_env.core import Game, State


class Agent(ABC):
    """Chooses an action for the seat to move in a (viewed) state."""

    name: str = "agent"

    def __init__(self, game: Game, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    @abstractmethod
    def act(self, state: State, player: int) -> int:
        """Return one of ``state.legal_actions(player)``.

        ``player`` is the seat to move (at a simultaneous node, one of several).
        """

    def params(self) -> dict[str, Any]:
        """Parameters recorded with results (besides the name)."""
        return {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.params()})"
