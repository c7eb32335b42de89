"""Hand-written bots with named styles, one module per game (``<game>.py``).

A game module exposes ``STYLES`` (style name -> default parameters), ``DEFAULT_STYLE``
and ``choose(state, player, params, rng) -> action``, reading the raw viewed state.
``heuristic:<style>[,param=value...]`` builds one for the game being played; a bare
``heuristic`` (say ``mcts:rollout=heuristic``) takes the game's default style.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from skagway_env.core import Game, State

from ..base import Agent

GAMES_WITH_HEURISTICS = ("dawson_city_barbers", "skagway")


def styles_module(game_name: str) -> ModuleType:
    if game_name not in GAMES_WITH_HEURISTICS:
        raise ValueError(f"no heuristic bots for {game_name} yet")
    return importlib.import_module(f"{__name__}.{game_name}")


class HeuristicAgent(Agent):
    name = "heuristic"
    positional = "style"

    def __init__(self, game: Game, seed: int | None = None, style: str | None = None,
                 **overrides: Any) -> None:
        super().__init__(game, seed)
        module = styles_module(game.name)
        if style is None:
            style = module.DEFAULT_STYLE  # plain `heuristic`, e.g. as an MCTS rollout
        if style not in module.STYLES:
            raise ValueError(
                f"{game.name} heuristic styles: {', '.join(module.STYLES)} (got {style!r})"
            )
        unknown = sorted(set(overrides) - set(module.STYLES[style]))
        if unknown:
            raise ValueError(f"no parameter {', '.join(unknown)}; valid: "
                             f"{', '.join(module.STYLES[style])}")
        self.style = style
        self.settings = {**module.STYLES[style], **overrides}
        self._choose = module.choose

    def params(self) -> dict[str, Any]:
        return {"style": self.style, **self.settings}

    def act(self, state: State, player: int) -> int:
        return self._choose(state, player, self.settings, self.rng)
