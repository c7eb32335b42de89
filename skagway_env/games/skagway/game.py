"""The Skagway game object (IN PROGRESS, issue 3; not registered yet)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Game, GameInfo, GameParams
from .actions import ActionCodec
from .components import load_components
from .state import SkagwayState


@dataclass(frozen=True)
class SkagwayParams(GameParams):
    num_players: int = 4
    data_file: str | None = None
    """A components TOML file; ``None`` uses the bundled ``components.toml``."""


class SkagwayGame(Game):
    info = GameInfo(
        name="skagway",
        long_name="Skagway: The Last Great Gold Rush",
        min_players=2,
        max_players=4,
        env_version=0,
        hidden_information=True,
        variants=("data_file",),
    )
    params_class = SkagwayParams
    params: SkagwayParams

    def __init__(self, params: SkagwayParams | None = None, **kwargs) -> None:
        super().__init__(params, **kwargs)
        self.components = load_components(self.params.data_file)
        self.codec = ActionCodec(len(self.components.goods))

    def num_distinct_actions(self) -> int:
        return self.codec.size

    def observation_size(self) -> int:
        raise NotImplementedError("skagway observations come with the full engine (issue 3)")

    def max_game_length(self) -> int:
        raise NotImplementedError("skagway's bound comes with the full engine (issue 3)")

    def new_initial_state(self) -> SkagwayState:
        return SkagwayState(self)
