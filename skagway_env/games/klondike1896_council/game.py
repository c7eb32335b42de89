"""The council game object: parameters, the children's option, sizes and components."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core import Game, GameInfo, GameParameterError, GameParams, Variant
from ..klondike1896.components import BOARDS_PER_PLAYER
from ..klondike1896.geometry import build_grid, terrain_of
from . import observation
from .actions import MAX_SEATS, ActionCodec
from .components import load_council
from .race import max_ticks
from .state import CouncilState

ROUNDS = 9  # [Ending the game] "after the ninth round (after nine request cards)"


@dataclass(frozen=True)
class CouncilParams(GameParams):
    num_players: int = 4
    data_file: str | None = None
    """The shared Klondike 1896 components TOML; ``None`` uses the bundled file."""
    children: str = ""
    """Seats playing by the children's rules, comma separated (``"0"`` or ``"1,3"``)."""


class CouncilGame(Game):
    info = GameInfo(
        name="klondike1896_council",
        long_name="Klondike 1896 (Game 2, the council game)",
        min_players=2,
        max_players=MAX_SEATS,
        env_version=0,
        # the packs are drawn as they are turned face up and the tables are open:
        # only the moves of a tick are hidden, until the tick is played
        hidden_information=False,
        simultaneous_moves=True,
        variants=("data_file", "children"),
        presets=(Variant("children", (("children", "0"),)),),
    )
    params_class = CouncilParams
    params: CouncilParams
    rounds = ROUNDS

    def __init__(self, params: CouncilParams | None = None, **kwargs) -> None:
        super().__init__(params, **kwargs)
        self.child_seats = self._parse_children(self.params.children)
        # [Special rules for children] only white and gray requests when a child plays
        self.children_pack = bool(self.child_seats)
        self.components = load_council(self.params.data_file)
        self.grid = build_grid(self.components.shared, False)
        # beyond[k]: the cells of the line past its first k boards
        size = self.grid.board_size
        self.beyond = [self.grid.mask_of(tuple((r, c) for r in range(self.grid.rows)
                                               for c in range(k * size, self.grid.cols)))
                       for k in range(BOARDS_PER_PLAYER + 1)]
        self.codec = ActionCodec(self.components.slots, self.grid.cells,
                                 len(self.components.kinds))
        self._terrain: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.planes_cache: dict[tuple[int, ...], object] = {}  # observation.terrain_planes

    def _parse_children(self, text: str) -> frozenset[int]:
        if not isinstance(text, str):
            raise GameParameterError("klondike1896_council: children must be a string "
                                     "of seat numbers such as '0' or '1,3'")
        try:
            seats = frozenset(int(x) for x in text.split(",") if x.strip())
        except ValueError:
            raise GameParameterError(f"klondike1896_council: children {text!r} is not a "
                                     "comma-separated list of seats") from None
        bad = sorted(q for q in seats if not 0 <= q < self.num_players)
        if bad:
            raise GameParameterError(f"klondike1896_council: children seats {bad} are not "
                                     f"seats 0..{self.num_players - 1}")
        return seats

    def is_child(self, p: int) -> bool:
        return p in self.child_seats

    def terrain(self, landscape: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(gold pieces, rubies) a cell of the line for boards laid left to right."""
        key = tuple(landscape)
        found = self._terrain.get(key)
        if found is None:
            found = self._terrain[key] = terrain_of(self.components.shared, self.grid, key)
        return found

    def num_distinct_actions(self) -> int:
        return self.codec.size

    def observation_size(self) -> int:
        return observation.size(self)

    def observation_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        return observation.bounds(self)

    def max_game_length(self) -> int:
        # a round: cards laid out, the request, the ticks, tie draws, takes, join up
        per_round = MAX_SEATS + 1 + max_ticks(self) + (MAX_SEATS - 1) + MAX_SEATS + 1
        return ROUNDS * per_round

    def new_initial_state(self) -> CouncilState:
        return CouncilState(self)
