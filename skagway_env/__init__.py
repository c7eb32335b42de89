"""skagway_env: gold-rush board games as exact engines and PettingZoo environments.

>>> import skagway_env
>>> skagway_env.list_games()
['dawson_city_barbers', 'klondike1896', 'klondike1896_council', 'klondike_rush', 'skagway']
>>> game = skagway_env.make_game("dawson_city_barbers", num_players=4)
>>> env = skagway_env.make_env("dawson_city_barbers", num_players=4)
>>> single = skagway_env.make_single_agent_env("skagway", num_players=4)  # gymnasium.Env
"""

import sys as _sys

from . import games as _games  # noqa: F401  (registers the bundled games)
from .core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    GameParameterError,
    IllegalActionError,
    State,
    UnknownGameError,
    list_games,
    make_game,
    register_game,
)
from .envs import (
    make_env,
    make_parallel_env,
    make_raw_env,
    make_single_agent_env,
    register_all,
)

__version__ = "0.1.0"

register_all(_sys.modules[__name__])

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Game",
    "GameParameterError",
    "IllegalActionError",
    "State",
    "UnknownGameError",
    "list_games",
    "make_env",
    "make_game",
    "make_parallel_env",
    "make_raw_env",
    "make_single_agent_env",
    "register_game",
]
