"""Issue 21: ``observation.encode`` (the fast path, with its blocks kept from one
position to the next) gives the plain encoding's tensor bit for bit
(``reference_encoding.py``), at every position of sampled games, for every seat, in
games played by random and by "sensible" (heuristic-led) seats, with hidden and open
covers, in views, and along one state object that lives through a whole game (as the
envs keep one)."""

from __future__ import annotations

import numpy as np
import pytest

import skagway_env
from skagway_env.core.playout import apply_entry, random_playout

from ..conftest import GameConfig
from ..walks import walk
from .helpers import GAME
from .reference_encoding import reference_encode


def _assert_same(state, label: str) -> None:
    for seat in range(state.num_players):
        fast = state.observation_tensor(seat)
        plain = reference_encode(state, seat)
        assert fast.dtype == plain.dtype == np.float32
        assert fast.tobytes() == plain.tobytes(), (
            f"{label} seat {seat}: features {np.flatnonzero(fast != plain).tolist()} differ")


@pytest.mark.parametrize(("players", "covers"), [(2, "hidden"), (3, "open"), (4, "hidden")])
def test_fast_encoding_equals_the_plain_one_under_random_play(players, covers):
    game = skagway_env.make_game(GAME, num_players=players, covers=covers)
    rng = np.random.default_rng(2200 + players)
    seen: list = []
    random_playout(game.new_initial_state(), rng, lambda s, into=seen: into.append(s.clone()))
    for at in range(0, len(seen), 3):
        _assert_same(seen[at], f"random game, step {at}")
    for at in sorted(rng.choice(len(seen), size=5, replace=False)):
        view = seen[at].view(int(rng.integers(players)), rng)
        _assert_same(view, f"view at step {at}")


@pytest.mark.parametrize("players", [3, 4])
def test_one_state_object_through_a_game_where_players_go(players):
    """The envs keep one state and observe it after every step: whatever the fast path
    keeps between positions must follow every change."""
    config = GameConfig(GAME, players)
    played = walk(config, "sensible", 0, 2231 + players, max_steps=700)
    state = config.make().new_initial_state()
    _assert_same(state, "start")
    for at, entry in enumerate(played.history):
        apply_entry(state, entry)
        _assert_same(state, f"{played} step {at + 1}")
