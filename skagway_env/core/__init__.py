"""The game protocol shared by every game, environment, agent and runner."""

from .constants import CHANCE, SIMULTANEOUS, TERMINAL
from .errors import (
    DeserializationError,
    GameParameterError,
    IllegalActionError,
    NoSuchSeatError,
    UnknownGameError,
)
from .game import Game, GameInfo, GameParams, State, Variant
from .registry import (
    game_class,
    list_configurations,
    list_games,
    make_game,
    register_game,
    unregister_game,
)

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "DeserializationError",
    "Game",
    "GameInfo",
    "GameParameterError",
    "GameParams",
    "IllegalActionError",
    "NoSuchSeatError",
    "State",
    "UnknownGameError",
    "Variant",
    "game_class",
    "list_configurations",
    "list_games",
    "make_game",
    "register_game",
    "unregister_game",
]
