"""Engine-level guarantees on sampled positions: illegal actions raise and change
nothing; ``view(player)`` keeps what the player sees and resamples the rest."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env import IllegalActionError
from skagway_env.core import SIMULTANEOUS

from .conftest import sample_states


def test_illegal_actions_raise_and_change_nothing(config):
    game = config.make()
    for state in sample_states(game, seed=1, count=12):
        cur = state.current_player()
        if cur == SIMULTANEOUS:
            continue  # covered by the simultaneous-move tests
        legal = set(state.legal_actions())
        illegal = [a for a in range(game.num_distinct_actions()) if a not in legal]
        illegal += [-1, game.num_distinct_actions(), 3.5, None, True]
        before = state.serialize()
        for action in illegal[:: max(1, len(illegal) // 25)] + illegal[-5:]:
            with pytest.raises(IllegalActionError) as err:
                state.apply_action(action)
            message = str(err.value)
            assert f"action {action!r}" in message
            assert str(sorted(legal)) in message
            assert state.serialize() == before


def test_terminal_state_rejects_actions(config):
    from .conftest import random_playout

    game = config.make()
    state = random_playout(game.new_initial_state(), np.random.default_rng(3))
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(0)


def test_view_keeps_the_players_information(config):
    game = config.make()
    rng = np.random.default_rng(5)
    for state in sample_states(game, seed=2, count=10):
        for p in range(game.num_players):
            before = state.serialize()
            view = state.view(p, rng)
            assert state.serialize() == before, "view must not touch the real state"
            assert view.observation_string(p) == state.observation_string(p)
            assert np.array_equal(view.observation_tensor(p), state.observation_tensor(p))
            assert view.legal_actions(p) == state.legal_actions(p)
            assert view.current_player() == state.current_player()
            assert len(view.history) == len(state.history)


def test_view_resamples_hidden_information(config):
    """Where a game hides anything, opponents' hidden parts do change in views."""
    game = config.make()
    if not game.info.hidden_information:  # per configuration: a variant may hide things
        pytest.skip("perfect-information game")
    rng = np.random.default_rng(6)
    changed = 0
    states = sample_states(game, seed=3, count=10)
    for state in states:
        p = state.current_player()
        views = [state.view(p, rng) for _ in range(5)]
        changed += any(v.serialize() != state.serialize() for v in views)
        # and the views are consistent among themselves for the viewer
        assert len({v.observation_string(p) for v in views}) == 1
    assert changed >= len(states) - 1


def test_view_is_deterministic_for_a_seed(config):
    game = config.make()
    state = sample_states(game, seed=4, count=1)[0]
    p = state.current_player()
    a = state.view(p, np.random.default_rng(9)).serialize()
    b = state.view(p, np.random.default_rng(9)).serialize()
    assert a == b
