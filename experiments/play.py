"""Playing one game between agents, chance resolved by a seeded generator."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from skagway_agents import Agent, make_agent

from skagway_env.core import SIMULTANEOUS, Game, State
from skagway_env.core.playout import apply_entry, sample_chance
from skagway_env.core.returns import placings, win_shares


@dataclass
class GameResult:
    seed: int
    scores: list[float]
    returns: list[float]
    ranks: list[float]
    """1 for first place; tied players share the average of their places."""
    actions: list = field(default_factory=list)
    truncated: bool = False
    """The game was stopped by a cap (``max_turns``), not ended by its rules."""

    @property
    def length(self) -> int:
        return len(self.actions)

    @property
    def win_shares(self) -> list[float]:
        """1 to the winner; players tied for first split it."""
        return win_shares(self.ranks)


def derive_seed(seed: int, *path: int) -> int:
    """A 63-bit seed from a seed and a path of integers: the one seed derivation.

    A tournament's game ``i`` is seeded ``derive_seed(tournament_seed, i)``, and the agent
    in seat ``k`` of a game seeded ``s`` gets ``derive_seed(s, k)``, in tournaments,
    ``skagway play`` and ``skagway selfplay`` alike, so ``skagway play --seed s`` with
    the same agents in the same seats replays a tournament game exactly.
    """
    state = np.random.SeedSequence([seed, *path]).generate_state(2, np.uint32)
    return int(state[0]) << 31 | int(state[1]) >> 1


def seat_agents(specs: Sequence[str], game: Game, game_seed: int) -> list[Agent]:
    """One agent a seat from its spec, each seeded ``derive_seed(game_seed, seat)``."""
    return [make_agent(spec, game, seed=derive_seed(game_seed, seat))
            for seat, spec in enumerate(specs)]


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
        apply_entry(state, action)
    ranks = [p + 1.0 for p in placings(state.rank_keys())]
    return GameResult(seed, state.scores(), state.returns(), ranks, list(state.history),
                      state.is_truncated())

