"""Registered games. A new game adds one line here and nothing anywhere else."""

from ..core.registry import register_game

register_game(
    "dawson_city_barbers",
    "skagway_env.games.dawson_city_barbers:DawsonCityBarbersGame",
)
register_game("skagway", "skagway_env.games.skagway:SkagwayGame")
register_game("klondike_rush", "skagway_env.games.klondike_rush:KlondikeRushGame")
register_game("klondike1896", "skagway_env.games.klondike1896:Klondike1896Game")
register_game("klondike1896_council", "skagway_env.games.klondike1896_council:CouncilGame")
