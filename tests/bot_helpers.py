"""Shared by the bot tests: how often a bot wins against random players, and the
positions the game's heuristic styles reach."""

from __future__ import annotations

import numpy as np
from skagway_agents import make_agent
from skagway_agents.heuristics import styles_module
from skagway_experiments.play import play_game

from skagway_env.core import SIMULTANEOUS, Game, State


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


def style_specs(game: Game) -> list[str]:
    """Every heuristic style of ``game`` as an agent spec."""
    return [f"heuristic:{style}" for style in styles_module(game.name).STYLES]


def style_positions(game: Game, seed: int, count: int) -> list[tuple[State, int]]:
    """``count`` decisions from games the game's styles play, seats taking the styles in
    turn: each the deciding seat's view (as a runner hands it) and the seat. Turn-based
    decisions with a real choice only."""
    styles = style_specs(game)
    found: list[tuple[State, int]] = []
    k = 0
    while len(found) < count:
        agents = [make_agent(styles[(k + s) % len(styles)], game, seed + s)
                  for s in range(game.num_players)]
        rng = np.random.default_rng(seed + k)

        def record(state: State, action: object, rng: np.random.Generator = rng) -> None:
            if state.is_chance_node() or state.current_player() == SIMULTANEOUS:
                return
            cur = state.current_player()
            if len(state.legal_actions(cur)) > 1:
                found.append((state.view(cur, rng), cur))

        play_game(game, agents, seed + 100 * k, on_step=record)
        k += 1
    return found[:count]
