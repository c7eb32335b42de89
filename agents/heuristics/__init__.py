"""Hand-written bots with named styles, one module per game (``<game>.py``).

A game module exposes ``STYLES`` (style name -> default parameters), ``DEFAULT_STYLE``
and ``choose(state, player, params, rng) -> action``, reading the raw viewed state.
It is found by the registered game's name: ``skagway_agents.heuristics.<game>``, or the
module given to ``register_heuristics(game, "package.module")`` for a game of your own.
``heuristic:<style>[,param=value...]`` builds one for the game being played; a bare
``heuristic`` (say ``mcts:rollout=heuristic``) takes the game's default style.

A parameter's value is checked when the bot is built: a module may declare
``OPTIONS`` (name -> ``skagway_agents.specs.Option``: type, range, allowed words);
any parameter it does not declare takes values of its default's type (a number for
a float weight, an integer for an int), so ``assay=abc`` is refused in one line.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

from skagway_env.core import Game, State

from ..base import Agent
from ..specs import Option, check_values, option_from_default

_MODULES: dict[str, str] = {}


def register_heuristics(game_name: str, module: str) -> None:
    """Heuristic styles for ``game_name`` live in ``module`` (imported when needed)."""
    _MODULES[game_name] = module


def styles_module(game_name: str) -> ModuleType:
    """The styles module of a game: registered, or ``skagway_agents.heuristics.<game>``."""
    module = _MODULES.get(game_name, f"{__name__}.{game_name}")
    if importlib.util.find_spec(module) is None:
        raise ValueError(f"no heuristic bots for {game_name} yet")
    return importlib.import_module(module)


def style_options(module: ModuleType, style: str) -> dict[str, Option | None]:
    """What each parameter of ``style`` takes: the module's ``OPTIONS`` where it
    declares one, else the type of the style's default value."""
    declared: dict[str, Option] = getattr(module, "OPTIONS", {})
    return {key: declared.get(key) or option_from_default(default)
            for key, default in module.STYLES[style].items()}


class HeuristicAgent(Agent):
    """A named hand-written style of the game (heuristic:<style>[,param=value])."""

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
        overrides = check_values(f"heuristic:{style}", overrides,
                                 style_options(module, style))
        self.style = style
        self.settings = {**module.STYLES[style], **overrides}
        self._choose = module.choose

    def params(self) -> dict[str, Any]:
        return {"style": self.style, **self.settings}

    def act(self, state: State, player: int) -> int:
        return self._choose(state, player, self.settings, self.rng)
