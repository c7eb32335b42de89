"""Information states: a view is a state its seat cannot tell from the truth, whose
history replays to the view itself (never to the truth), and whose action-observation
history is the seat's own (``State.view``'s contract)."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.core.playout import replay

from .conftest import sample_states

# Games whose views do not rewrite history yet: each entry must go once fixed (strict).
PENDING: set[str] = set()


def _pending(config, request) -> None:
    if config.name in PENDING:
        request.node.add_marker(pytest.mark.xfail(
            strict=True, reason=f"{config.name}: view() does not rewrite its history yet"))


def test_replaying_a_view_rebuilds_the_view(config, request):
    _pending(config, request)
    game = config.make()
    rng = np.random.default_rng(11)
    for state in sample_states(game, seed=12, count=6):
        for p in range(game.num_players):
            view = state.view(p, rng)
            assert replay(game, view.history) == view


def test_a_view_has_the_seats_information_state(config):
    game = config.make()
    rng = np.random.default_rng(13)
    for state in sample_states(game, seed=14, count=4):
        for p in range(game.num_players):
            truth = state.information_state_string(p)
            assert state.view(p, rng).information_state_string(p) == truth


def test_replaying_views_does_not_rebuild_the_truth(config, request):
    """Where a game hides anything, replayed view histories differ from the truth."""
    _pending(config, request)
    game = config.make()
    if not game.info.hidden_information:  # per configuration: a variant may hide things
        pytest.skip("perfect-information game")
    rng = np.random.default_rng(15)
    states = sample_states(game, seed=16, count=8)
    differ = 0
    for state in states:
        p = state.current_player()
        views = [state.view(p, rng) for _ in range(4)]
        differ += any(v.history != state.history for v in views)
        for v in views:  # the viewer's own observation survives the replay
            assert replay(game, v.history).observation_string(p) == state.observation_string(p)
    assert differ >= len(states) - 1


def test_information_state_grows_with_play(config):
    """Each seat's information state extends (never rewrites) what it knew before."""
    game = config.make()
    state = sample_states(game, seed=17, count=1)[0]
    if state.is_simultaneous_node():
        p = 0
        before = state.action_observation_history(p)
        state.apply_actions([state.legal_actions(q)[0] for q in range(game.num_players)])
    else:
        p = state.current_player()
        before = state.action_observation_history(p)
        state.apply_action(state.legal_actions()[0])
    after = state.action_observation_history(p)
    assert after[:len(before)] == before
    assert len(after) > len(before)
