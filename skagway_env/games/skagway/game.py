"""The Skagway game object: parameters, sizes and components."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core import Game, GameInfo, GameParameterError, GameParams
from . import observation
from .actions import ActionCodec
from .components import load_components
from .dispatch import ActionIds, move_rules
from .state import SkagwayState

ACTIONS_PER_TURN = 210
"""A bound on one turn's actions: 12 placements, 12 at the Mines, 29 at the Railroad,
64 at the Assay, 4 at the Docks and Sheriff, 56 on the Street and at the Bank (42, 12
choices of order among one's own tied Workers, and the counter-offer round's 2), and 28
in Phase Six (every Gold counter and Goods card counted at most once where it acts)."""


@dataclass(frozen=True)
class SkagwayParams(GameParams):
    num_players: int = 4
    data_file: str | None = None
    """A components TOML file; ``None`` uses the bundled ``components.toml``."""
    max_turns: int = 200
    """A cap (RULES_NOTES I22): a game still going after turn ``max_turns`` stops there,
    truncated (``is_truncated``), with no final-turn scoring."""


class SkagwayGame(Game):
    info = GameInfo(
        name="skagway",
        long_name="Skagway: The Last Great Gold Rush",
        min_players=2,
        max_players=4,
        env_version=2,
        hidden_information=True,
        variants=("data_file", "max_turns"),
    )
    params_class = SkagwayParams
    params: SkagwayParams
    state_class = SkagwayState
    components_loader = staticmethod(load_components)  # params.data_file -> self.components

    def __init__(self, params: SkagwayParams | None = None, **kwargs) -> None:
        super().__init__(params, **kwargs)
        self.codec = ActionCodec(len(self.components.goods))
        self.move_rules = move_rules(self.codec)  # action id -> (rule, its arguments)
        self.action_ids = ActionIds.of(self.codec, self.components)  # by what they name
        self.mine_spots = self.components.mine_spots_for(self.num_players)  # [4.2.1]
        if not isinstance(self.params.max_turns, int) or self.params.max_turns < 1:
            raise GameParameterError(f"skagway: max_turns must be a positive integer, got "
                                     f"{self.params.max_turns!r}")

    def observation_size(self) -> int:
        return observation.size(len(self.components.goods), len(self.components.prestige))

    def observation_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        return observation.bounds(self.components, self.num_players, self.params.max_turns)

    def max_game_length(self) -> int:
        # the starting-player draw, then at most ACTIONS_PER_TURN actions a turn (DESIGN.md)
        return 1 + self.params.max_turns * ACTIONS_PER_TURN
