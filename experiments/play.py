"""Playing one game between agents, chance resolved by a seeded generator."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from skagway_agents import Agent

from skagway_env.core import SIMULTANEOUS, Game, State
from skagway_env.core.playout import sample_chance
from skagway_env.core.returns import placings


@dataclass
class GameResult:
    seed: int
    scores: list[float]
    returns: list[float]
    ranks: list[float]
    """1 for first place; tied players share the average of their places."""
    actions: list = field(default_factory=list)

    @property
    def length(self) -> int:
        return len(self.actions)

    @property
    def win_shares(self) -> list[float]:
        """1 to the winner; players tied for first split it."""
        best = min(self.ranks)
        winners = sum(1 for r in self.ranks if r == best)
        return [1.0 / winners if r == best else 0.0 for r in self.ranks]


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    on_step: Callable[[State, int | list[int]], None] | None = None,
) -> GameResult:
    """Play one game. Chance uses ``seed``; views use a generator derived from it.

    Each agent sees only ``state.view(seat, rng)``. ``on_step(state, action)`` is
    called before every action (chance included), e.g. to print a game.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} has {game.num_players} seats, got {len(agents)} agents")
    chance_rng, view_rng = (np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(2))
    state = game.new_initial_state()
    while not state.is_terminal():
        cur = state.current_player()
        if state.is_chance_node():
            action: int | list[int] = sample_chance(state, chance_rng)
        elif cur == SIMULTANEOUS:
            action = [
                agents[p].act(state.view(p, view_rng), p) for p in range(game.num_players)
            ]
        else:
            action = agents[cur].act(state.view(cur, view_rng), cur)
        if on_step is not None:
            on_step(state, action)
        if isinstance(action, list):
            state.apply_actions(action)
        else:
            state.apply_action(action)
    ranks = [p + 1.0 for p in placings(state.rank_keys())]
    return GameResult(seed, state.scores(), state.returns(), ranks, list(state.history))

