"""Issue 21: the council game's seat blocks are built when an observer needs them and
shared by the seats observing one position; a seat's tensor must not depend on which
seats were observed there before it (hidden and open covers)."""

from __future__ import annotations

import numpy as np
import pytest

import skagway_env
from skagway_env.core.playout import random_playout


@pytest.mark.parametrize("covers", ["hidden", "open"])
def test_a_tensor_does_not_depend_on_who_was_observed_before(covers):
    game = skagway_env.make_game("klondike1896_council", num_players=4, covers=covers)
    rng = np.random.default_rng(2141)
    seen: list = []
    random_playout(game.new_initial_state(), rng, lambda s, into=seen: into.append(s.clone()))
    for state in seen[::3]:
        alone = []
        for seat in range(4):
            fresh = state.clone()
            fresh._public = None
            alone.append(fresh.observation_tensor(seat).tobytes())
        forward, backward = state.clone(), state.clone()
        forward._public = backward._public = None
        assert [forward.observation_tensor(p).tobytes() for p in range(4)] == alone
        assert [backward.observation_tensor(p).tobytes() for p in (3, 2, 1, 0)] == alone[::-1]
