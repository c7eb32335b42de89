"""Shared by the bot tests: how often a bot wins against random players."""

from __future__ import annotations

from skagway_agents import make_agent
from skagway_experiments.play import play_game

from skagway_env.core import Game


def mean_share_vs_random(game: Game, spec: str, games: int) -> float:
    """The mean win share of ``spec`` against ``num_players - 1`` random players over
    ``games`` games (seeds 0..games-1), its seat rotating with the seed."""
    n = game.num_players
    share = 0.0
    for seed in range(games):
        seats = [make_agent("random", game, seed * n + k) for k in range(n)]
        seats[seed % n] = make_agent(spec, game, seed)
        share += play_game(game, seats, seed).win_shares[seed % n]
    return share / games
