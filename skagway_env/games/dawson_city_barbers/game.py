"""The Dawson City Barbers game object: parameters, sizes and components.

Three sentences of the rulebook read two ways, and the readings change strategy, so
each is a parameter (default first; RULES_NOTES.md gives the sentence and the why):

- ``head_start`` (T1): ``"first_on_3"``, the previous round's 1st/2nd/3rd count their
  first move from spaces 3/2/1; ``"first_on_1"``, from spaces 1/2/3 (place k on
  space k, the literal order of the sentence).
- ``pan_count`` (P1): ``"spaces"``, a pan move counts spaces, however many numbers a
  space holds ([Schedule] "moves only the pan marker 5 spaces", [Plan Long Weekend]
  "moves his marker 4 spaces"); ``"numbers"``, it counts printed numbers.
- ``discards`` (D2): ``"face_up"``, the card spent on a haircut or a long weekend goes
  face up on the discard pile; ``"face_down"``, only its owner knows it.

Each non-default reading is a named preset in ``GameInfo.presets``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core import Game, GameInfo, GameParameterError, GameParams, Variant
from . import observation
from .actions import ActionCodec
from .components import load_components
from .state import HAND_SIZE, ROUNDS, DawsonCityBarbersState
from .tracks import HEAD_START_READINGS

PAN_COUNTS = ("spaces", "numbers")
DISCARD_READINGS = ("face_up", "face_down")


@dataclass(frozen=True)
class DawsonCityBarbersParams(GameParams):
    num_players: int = 4
    data_file: str | None = None
    """A components TOML file; ``None`` uses the bundled ``components.toml``."""
    head_start: str = "first_on_3"
    """T1: the spaces the previous round's 1st/2nd/3rd count from (``first_on_1``)."""
    pan_count: str = "spaces"
    """P1: a pan move counts ``spaces`` (the rulebook's words) or ``numbers``."""
    discards: str = "face_up"
    """D2: haircut and long-weekend discards ``face_up`` or ``face_down``."""


class DawsonCityBarbersGame(Game):
    info = GameInfo(
        name="dawson_city_barbers",
        long_name="Dawson City Barbers",
        min_players=2,
        max_players=6,
        env_version=2,
        hidden_information=True,
        variants=("data_file", "head_start", "pan_count", "discards"),
        presets=(
            Variant("head_start_first_on_1", (("head_start", "first_on_1"),)),
            Variant("pan_count_numbers", (("pan_count", "numbers"),)),
            Variant("discards_face_down", (("discards", "face_down"),)),
        ),
    )
    params_class = DawsonCityBarbersParams
    params: DawsonCityBarbersParams
    state_class = DawsonCityBarbersState
    components_loader = staticmethod(load_components)  # params.data_file -> self.components

    def __init__(self, params: DawsonCityBarbersParams | None = None, **kwargs) -> None:
        super().__init__(params, **kwargs)
        for name, allowed in (("head_start", HEAD_START_READINGS),
                              ("pan_count", PAN_COUNTS), ("discards", DISCARD_READINGS)):
            if getattr(self.params, name) not in allowed:
                raise GameParameterError(
                    f"dawson_city_barbers: {name} must be one of {', '.join(allowed)}, "
                    f"got {getattr(self.params, name)!r}")
        self.codec = ActionCodec(self.components)
        # each card kind's (train, work, pan) moves, read a schedule play
        self.card_moves = tuple(c.moves() for c in self.components.cards)
        self.pan_by_spaces = self.params.pan_count == "spaces"
        self.face_down = self.params.discards == "face_down"
        if self.components.deck_size < HAND_SIZE * self.num_players:
            raise GameParameterError(
                f"dawson_city_barbers: {self.components.deck_size} cards cannot deal "
                f"{HAND_SIZE} to {self.num_players} players"
            )

    def observation_size(self) -> int:
        return observation.size(self.components.num_kinds)

    def observation_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        return observation.bounds(self.components, HAND_SIZE)

    def max_game_length(self) -> int:
        # the start player's draw; per round the deal, one turn per card, three flips
        return 1 + ROUNDS * (2 * HAND_SIZE * self.num_players + 3)
