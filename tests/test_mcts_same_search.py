"""IS-MCTS searches stay the same search when the agent is made faster.

A fixed-seed search from a fixed position must give the visit counts and summed
returns it gave before ``MCTSAgent._playout`` was written out (the values below were
recorded with the search on main at d042404, where playouts were a ``random_step``
loop), and, in every game (the council game's simultaneous nodes included), the same
tree as a reference search whose playouts are that plain loop.
"""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents.mcts import MCTSAgent, Node

import skagway_env
from skagway_env.core import State, list_games
from skagway_env.core.playout import random_step

ITERATIONS = 40


def position(game: skagway_env.Game, steps: int = 40, seed: int = 3) -> tuple[State, int]:
    """A position of a seeded random game where some seat has a real choice."""
    state, rng = game.new_initial_state(), np.random.default_rng(seed)
    for _ in range(steps):
        random_step(state, rng)
    while state.is_chance_node() or len(state.legal_actions(max(state.current_player(), 0))) < 2:
        random_step(state, rng)
    seat = state.current_player()
    if seat < 0:  # a simultaneous node: the first seat with a choice
        seat = next(q for q in range(state.num_players) if len(state.legal_actions(q)) > 1)
    return state, seat


def tree(root: Node) -> dict[int, tuple[int, float]]:
    return {a: (c.visits, round(c.total, 6)) for a, c in sorted(root.children.items())}


class ReferenceMCTS(MCTSAgent):
    """Playouts as they were: ``random_step`` until the end, every move checked."""

    def _playout(self, world: State) -> list[float]:
        while not world.is_terminal():
            random_step(world, self.rng)
        return world.returns()


PINNED = [
    ('skagway', 4, None, 70, {
        70: (39, 4.333333), 73: (1, -1.0),
    }),
    ('skagway', 3, 'heuristic:landlord', 25, {
        25: (13, 4.0), 26: (6, 1.0), 27: (3, -1.0), 28: (9, 2.0), 29: (9, 3.0),
    }),
    ('dawson_city_barbers', 4, None, 111, {
        4: (1, -1.0), 6: (1, 0.333333), 13: (2, 0.666667), 15: (2, 0.666667), 19: (2, 1.333333),
        45: (2, 1.333333), 46: (2, 0.666667), 48: (2, 1.333333), 57: (2, 0.666667),
        58: (1, -0.333333), 60: (2, 0.666667), 99: (1, -0.333333), 100: (3, 1.666667),
        102: (2, 0.666667), 111: (5, 5.0), 112: (2, 0.666667), 114: (3, 2.333333),
        135: (1, -0.333333), 136: (2, 0.0), 138: (2, 1.333333),
    }),
    ('klondike_rush', 4, None, 19, {
        0: (1, -0.333333), 7: (2, 0.666667), 8: (1, 0.333333), 9: (2, 1.333333), 10: (1, 0.333333),
        11: (1, 0.333333), 12: (1, 0.333333), 13: (1, 0.333333), 14: (1, 0.333333),
        15: (1, -0.333333), 16: (1, 0.333333), 17: (1, -0.333333), 18: (1, -0.333333),
        19: (2, 1.333333), 20: (1, -1.0), 21: (2, 2.0), 22: (1, 0.333333), 23: (1, -1.0),
        24: (1, 0.333333), 25: (2, 0.666667), 26: (1, -1.0), 27: (1, -0.333333), 28: (2, 2.0),
        29: (2, 0.666667), 30: (2, 1.333333), 31: (1, -1.0), 32: (2, 0.666667), 33: (1, 0.333333),
        34: (1, -1.0), 35: (1, -1.0), 36: (1, -0.666667),
    }),
    ('klondike1896', 4, None, 3, {
        0: (6, 2.0), 1: (1, -1.0), 2: (2, -0.666667), 3: (7, 2.0), 31: (1, -1.0),
        32: (3, 0.333333), 33: (3, 0.333333), 34: (1, -1.0), 62: (1, -1.0), 63: (4, 0.666667),
        64: (1, -1.0), 65: (2, 0.0), 93: (1, -1.0), 94: (2, -0.666667), 95: (3, -0.333333),
        96: (2, -0.666667),
    }),
]


@pytest.mark.parametrize("name, players, prior, choice, children", PINNED,
                         ids=[f"{c[0]}-{c[1]}p" for c in PINNED])
def test_search_gives_the_recorded_tree(name, players, prior, choice, children):
    game = skagway_env.make_game(name, num_players=players)
    state, seat = position(game)
    agent = MCTSAgent(game, seed=11, iterations=ITERATIONS, prior=prior)
    assert tree(agent.search(state, seat)) == children
    assert MCTSAgent(game, seed=11, iterations=ITERATIONS, prior=prior).act(state, seat) == choice


@pytest.mark.parametrize("name", list_games())
def test_fast_playouts_match_the_plain_loop(name):
    game = skagway_env.make_game(name, num_players=4)
    state, seat = position(game, steps=25, seed=8)
    fast = MCTSAgent(game, seed=5, iterations=12)
    plain = ReferenceMCTS(game, seed=5, iterations=12)
    assert tree(fast.search(state, seat)) == tree(plain.search(state, seat))
    assert fast.rng.random() == plain.rng.random()  # the same draws, no more, no fewer
