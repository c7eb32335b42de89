"""The Dawson City Barbers game object: parameters, sizes and components."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Game, GameInfo, GameParameterError, GameParams
from . import observation
from .actions import ActionCodec
from .components import load_components
from .state import HAND_SIZE, ROUNDS, DawsonCityBarbersState


@dataclass(frozen=True)
class DawsonCityBarbersParams(GameParams):
    num_players: int = 4
    data_file: str | None = None
    """A components TOML file; ``None`` uses the bundled ``components.toml``."""


class DawsonCityBarbersGame(Game):
    info = GameInfo(
        name="dawson_city_barbers",
        long_name="Dawson City Barbers",
        min_players=2,
        max_players=6,
        env_version=0,
        hidden_information=True,
        variants=("data_file",),
    )
    params_class = DawsonCityBarbersParams
    params: DawsonCityBarbersParams

    def __init__(self, params: DawsonCityBarbersParams | None = None, **kwargs) -> None:
        super().__init__(params, **kwargs)
        self.components = load_components(self.params.data_file)
        self.codec = ActionCodec(self.components)
        if self.components.deck_size < HAND_SIZE * self.num_players:
            raise GameParameterError(
                f"dawson_city_barbers: {self.components.deck_size} cards cannot deal "
                f"{HAND_SIZE} to {self.num_players} players"
            )

    def num_distinct_actions(self) -> int:
        return self.codec.size

    def observation_size(self) -> int:
        return observation.size(self.components.num_kinds)

    def max_game_length(self) -> int:
        # per round: the deal, one turn per card, at most three panning flips
        return ROUNDS * (2 * HAND_SIZE * self.num_players + 3)

    def new_initial_state(self) -> DawsonCityBarbersState:
        return DawsonCityBarbersState(self)
