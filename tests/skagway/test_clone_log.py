"""Issue 21: a clone (and so every view, and a view of a clone) carries the display log
instead of replaying the whole history to rebuild it, and the log it carries is the
one a replay of its own history gives (the log holds public events only, so a view's
equals the truth's)."""

from __future__ import annotations

import numpy as np

import skagway_env
from skagway_env.core import playout
from skagway_env.core.playout import random_playout, random_step, replay


def test_clones_and_views_show_their_log_without_replaying(monkeypatch):
    game = skagway_env.make_game("skagway", num_players=3)
    rng = np.random.default_rng(2131)
    seen: list = []
    random_playout(game.new_initial_state(), rng, lambda s, into=seen: into.append(s.clone()))
    picks = sorted(rng.choice(len(seen), size=6, replace=False))
    expected = {}
    for at in picks:  # what a replay of each history shows, before replay is forbidden
        truth = replay(game, seen[at].history)
        expected[at] = [truth.observation_string(p) for p in range(3)]

    def no_replay(*_args, **_kwargs):
        raise AssertionError("the log was rebuilt from the whole history")

    monkeypatch.setattr(playout, "replay", no_replay)
    for at in picks:
        state = seen[at]
        assert [state.clone().observation_string(p) for p in range(3)] == expected[at]
        seat = state.current_player()
        if seat >= 0:
            view = state.clone().view(seat, rng)
            assert view.observation_string(seat) == expected[at][seat]
            assert view.log_lines() == state.log_lines()


def test_a_clone_played_on_keeps_the_log_a_replay_gives():
    game = skagway_env.make_game("skagway", num_players=4)
    rng = np.random.default_rng(2132)
    state = game.new_initial_state()
    for _ in range(40):
        random_step(state, rng)
    for _ in range(5):
        state = state.clone()
        for _ in range(30):
            if state.is_terminal():
                break
            random_step(state, rng)
        rebuilt = replay(game, state.history)
        assert state.log_lines() == rebuilt.log_lines()
        assert state.observation_string(0) == rebuilt.observation_string(0)
