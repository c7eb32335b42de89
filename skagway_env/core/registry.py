"""The registry of games: the one place a new game plugs in.

Everything generic (environments, tests, command line, benchmarks) iterates over
``list_games()`` and builds games with ``make_game``; nothing else names a game.
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGameError
from .game import Game

# name -> "module:Class"; imported lazily so that listing games stays cheap.
_GAMES: dict[str, str] = {}
_LOADED: dict[str, type[Game]] = {}


def register_game(name: str, entry_point: str | type[Game]) -> None:
    """Register a game class (or ``"module:Class"``) under ``name``."""
    if isinstance(entry_point, str):
        _GAMES[name] = entry_point
        _LOADED.pop(name, None)
    else:
        _GAMES[name] = f"{entry_point.__module__}:{entry_point.__qualname__}"
        _LOADED[name] = entry_point


def unregister_game(name: str) -> None:
    """Remove a game (used by tests that register a toy game)."""
    _GAMES.pop(name, None)
    _LOADED.pop(name, None)


def list_games() -> list[str]:
    """Registered game names, sorted."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The ``Game`` subclass registered under ``name``."""
    if name not in _GAMES:
        raise UnknownGameError(
            f"unknown game {name!r}; registered games: {', '.join(list_games())}"
        )
    if name not in _LOADED:
        module, _, cls = _GAMES[name].partition(":")
        _LOADED[name] = getattr(importlib.import_module(module), cls)
    return _LOADED[name]


def list_configurations(name: str | None = None) -> list[tuple[str, int, dict[str, Any]]]:
    """Every ``(game, num_players, params)`` to test: each registered game (or ``name``)
    at each player count, with its default rules and with each declared preset."""
    configs: list[tuple[str, int, dict[str, Any]]] = []
    for game in [name] if name is not None else list_games():
        info = game_class(game).info
        for n in range(info.min_players, info.max_players + 1):
            configs.append((game, n, {}))
            for preset in info.presets:
                lo = preset.min_players or info.min_players
                hi = preset.max_players or info.max_players
                if lo <= n <= hi:
                    configs.append((game, n, preset.as_dict()))
    return configs


def make_game(name: str, **params: Any) -> Game:
    """Build a game: ``make_game("dawson_city_barbers", num_players=4)``."""
    return game_class(name)(**params)
