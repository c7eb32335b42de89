"""Issue 21: the council state's own ``clone`` (two levels of lists copied, no generic
recursion) gives what ``State.clone`` gives, shares no list with the original at any
level, and the state never holds lists deeper than the two levels it copies."""

from __future__ import annotations

import numpy as np

import skagway_env
from skagway_env.core import State
from skagway_env.core.playout import random_playout

from .helpers import GAME


def _depth(value) -> int:
    if type(value) is list:
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _lists(value, into: list) -> list:
    if type(value) is list:
        into.append(value)
        for v in value:
            _lists(v, into)
    return into


def test_clone_equals_the_generic_one_and_shares_nothing():
    game = skagway_env.make_game(GAME, num_players=4, children="1")
    rng = np.random.default_rng(2270)
    seen: list = []
    random_playout(game.new_initial_state(), rng, lambda s, into=seen: into.append(s.clone()))
    for state in seen[::7]:
        state.observation_tensor(0)  # fill the caches: a clone starts without them
        copy = state.clone()
        assert copy.serialize() == State.clone(state).serialize() == state.serialize()
        for key, value in state.__dict__.items():
            if key.startswith("_"):
                assert copy.__dict__[key] is None
                continue
            assert _depth(value) <= 2, key
            ours = {id(x) for x in _lists(value, [])}
            assert not ours & {id(x) for x in _lists(copy.__dict__[key], [])}, key
