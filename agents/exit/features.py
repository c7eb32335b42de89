"""The rows an ``exit:`` network reads for a seat (``NumpyNet.evaluate``).

A plain network reads the seat's observation tensor. A hinted one (a hinted PPO bot
turned into a network by ``skagway_experiments.exit.from_ppo``, ``net_file.py``) reads the
tensor and its style's move one-hot beside it, as the PPO bot did in training and as
``ppo:`` plays it (``agents/hint_features.py``): the style is asked on the state it is
handed for that seat. In a search that state is one of the searcher's redrawn worlds,
so the style sees nothing the searching seat could not (every hidden card in it is a
draw from the searcher's view), and at the root's own seat it sees the searcher's
view itself, which is what ``ppo:`` asks it on.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from skagway_env.core import Game, State

from .net_file import NetHeader

Features = Callable[[State, int], np.ndarray]
"""``(state, seat) -> one row`` for the network (float32)."""


def observation_row(state: State, seat: int) -> np.ndarray:
    return np.asarray(state.observation_tensor(seat), dtype=np.float32)


def network_features(header: NetHeader, game: Game, rng: np.random.Generator) -> Features:
    """The row builder for a network: the observation, with the hint where the header
    names one (its style seeded from ``rng``: a style may break ties at random)."""
    if not header.hint:
        return observation_row
    from ..hint_features import hint_vector, hinted_observation, make_hint_agent

    style = make_hint_agent(header.hint, game, rng)
    size = header.num_actions

    def row(state: State, seat: int) -> np.ndarray:
        return hinted_observation(state.observation_tensor(seat),
                                  hint_vector(style, state, seat, size))

    return row
