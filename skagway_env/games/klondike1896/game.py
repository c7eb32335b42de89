"""The Klondike 1896 (Game 1) game object: parameters, variants, sizes and components."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ...core import Game, GameInfo, GameParameterError, GameParams, Variant
from . import observation
from .actions import MAX_BID, MAX_ROW, ActionCodec
from .components import load_components
from .geometry import build_grid, terrain_of
from .state import Klondike1896State

LAYOUTS = ("line", "square")


@dataclass(frozen=True)
class Klondike1896Params(GameParams):
    num_players: int = 4
    data_file: str | None = None
    """A components TOML file; ``None`` uses the bundled ``components.toml``."""
    identical_boards: bool = False
    """[Tips] 1: everybody's boards are laid the same way."""
    secret_rubies: bool = False
    """[Tips] 2: each player's rubies are secret (``view`` redraws them)."""
    layout: str = "line"
    """``line`` (the basic game) or ``square`` ([Tips] 3: four boards in a square)."""


class Klondike1896Game(Game):
    info = GameInfo(
        name="klondike1896",
        long_name="Klondike 1896 (Game 1, the family game)",
        min_players=2,
        max_players=MAX_ROW,
        env_version=1,
        # the basic game hides nothing (chance outcomes are public); a game built with
        # secret_rubies says otherwise on its own info (views: tests/klondike1896)
        hidden_information=False,
        # [2)] the round's won claims are placed at once, one simultaneous node
        simultaneous_moves=True,
        variants=("data_file", "identical_boards", "secret_rubies", "layout"),
        presets=(
            Variant("identical_boards", (("identical_boards", True),)),
            Variant("secret_rubies", (("secret_rubies", True),)),
            Variant("square", (("layout", "square"),)),
        ),
    )
    params_class = Klondike1896Params
    params: Klondike1896Params
    state_class = Klondike1896State
    components_loader = staticmethod(load_components)  # params.data_file -> self.components

    def __init__(self, params: Klondike1896Params | None = None, **kwargs) -> None:
        super().__init__(params, **kwargs)
        p = self.params
        if p.layout not in LAYOUTS:
            raise GameParameterError(
                f"klondike1896: layout must be one of {', '.join(LAYOUTS)}, got {p.layout!r}")
        for flag in ("identical_boards", "secret_rubies"):
            if not isinstance(getattr(p, flag), bool):
                raise GameParameterError(f"klondike1896: {flag} must be true or false")
        if p.secret_rubies:  # this instance hides the other seats' rubies and boards
            self.info = replace(type(self).info, hidden_information=True)
        if self.components.row_types < self.num_players:
            raise GameParameterError(
                f"klondike1896: {self.components.row_types} claim types cannot fill a row "
                f"of {self.num_players} different shapes")
        self.grid = build_grid(self.components, p.layout == "square")
        self.codec = ActionCodec(self.grid.cells)
        self._observation_size = observation.size(len(self.components.claims), self.grid.cells)
        # at most one round a dealt row, plus a final one
        self.max_rounds = sum(c.count for c in self.components.claims[:-1]) // self.num_players
        self._terrain: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.planes_cache: dict[tuple, object] = {}  # observation: planes and text
        self.seats_cache: dict[tuple, object] = {}  # observation.seat_block
        self.consistent_cache: dict[tuple, object] = {}  # secret.consistent_arrangements

    def terrain(self, arrangement: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(gold pieces, rubies) a cell for a seat's board arrangement, cached."""
        key = tuple(arrangement)
        found = self._terrain.get(key)
        if found is None:
            found = self._terrain[key] = terrain_of(self.components, self.grid, key)
        return found

    def observation_size(self) -> int:
        return self._observation_size

    def observation_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        return observation.bounds(self)

    def max_game_length(self) -> int:
        n = self.num_players
        deals = sum(c.count for c in self.components.claims[:-1])
        auction = MAX_ROW * (MAX_BID + 1)  # auction.py: the bid potential's bound
        extra = (MAX_BID - 3) * n + n  # bids rise from 4 to 30, passes in between
        per_round = auction + 1 + extra + 1  # one joint placement, the buyer's placement
        return 4 * n + deals + self.max_rounds * per_round
