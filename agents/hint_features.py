"""A style's move as a one-hot hint beside the observation, without torch.

Hinted bots (``agents/rl/hints.py`` trains them) read ``[game tensor, hint]``: the hint is
the style's move for the seat, one-hot over the action space, and the policy adds
``hint_weight`` times it to its logits. Playing such a bot needs only these three
functions, so ``ppo:`` and ``exit:`` bots (``agents/exit/features.py``) share them and an
``exit:`` bot stays torch-free.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from skagway_env.core import Game, State

from .base import Agent
from .registry import make_agent


def make_hint_agent(spec: str, game: Game, rng: np.random.Generator) -> Agent:
    """The hinting style, seeded from ``rng`` (a style may break ties at random)."""
    return make_agent(spec, game, int(rng.integers(2**63)))


def hint_vector(agent: Agent, state: State, seat: int, size: int,
                view: Callable[[], State] | None = None) -> np.ndarray:
    """One-hot (float32, ``size`` actions) of ``agent``'s move for ``seat``, asked on
    ``view()`` (what the seat sees; by default ``state`` itself, already a view) when
    the seat has a choice; its only move when it has one; all zeros when it has none."""
    hint = np.zeros(size, dtype=np.float32)
    if state.is_terminal():
        return hint
    legal = state.legal_actions(seat)
    if legal:
        shown = state if view is None or len(legal) == 1 else view()
        hint[legal[0] if len(legal) == 1 else agent.act(shown, seat)] = 1.0
    return hint


def hinted_observation(observation: np.ndarray, hint: np.ndarray) -> np.ndarray:
    return np.concatenate([np.asarray(observation, dtype=np.float32), hint])
