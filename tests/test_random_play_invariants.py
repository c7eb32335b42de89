"""Random-play simulation: the protocol's invariants hold at every node of many
games, for every registered game and player count."""

from __future__ import annotations

import json

import numpy as np
import pytest

from skagway_env.core import CHANCE, SIMULTANEOUS, State

from .conftest import random_playout

GAMES_PER_CONFIG = 100  # x 5 player counts: 500 Dawson City Barbers games per run
DEEP_CHECK_GAMES = 5  # games whose every node is also cloned and serialized


def check_node(state: State) -> None:
    game = state.game
    cur = state.current_player()
    if cur == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes, "a chance node with no outcomes"
        assert [a for a, _ in outcomes] == state.legal_actions()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert all(p > 0 for _, p in outcomes)
        return
    seats = range(state.num_players) if cur == SIMULTANEOUS else [cur]
    for p in seats:
        legal = state.legal_actions(p)
        assert legal, f"player {p} to move has no legal action"
        assert legal == sorted(set(legal)), "legal actions must be ascending and unique"
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        mask = state.legal_actions_mask(p)
        assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions(),)
        assert np.flatnonzero(mask).tolist() == legal
        obs = state.observation_tensor(p)
        assert obs.dtype == np.float32 and obs.shape == (game.observation_size(),)
        assert np.isfinite(obs).all()
    others = [q for q in range(state.num_players) if q not in seats]
    for q in others:
        assert state.legal_actions(q) == []
        assert not state.legal_actions_mask(q).any()


def check_copies(state: State) -> None:
    game = state.game
    clone = state.clone()
    assert clone == state and clone.serialize() == state.serialize()
    text = json.dumps(state.serialize())
    restored = game.deserialize(json.loads(text))
    assert restored == state
    for p in range(state.num_players):
        assert restored.observation_string(p) == state.observation_string(p)
        assert np.array_equal(restored.observation_tensor(p), state.observation_tensor(p))
        assert restored.legal_actions(p) == state.legal_actions(p)
    # the copies are independent: playing on one leaves the other alone
    before = state.serialize()
    random_playout(clone, np.random.default_rng(0), max_steps=5)
    assert state.serialize() == before


@pytest.mark.parametrize("seed", range(GAMES_PER_CONFIG // 10))
def test_random_games_keep_invariants(config, seed):
    game = config.make()
    for g in range(10):
        rng = np.random.default_rng(seed * 1000 + g)
        deep = seed == 0 and g < DEEP_CHECK_GAMES

        def visit(s: State, deep: bool = deep) -> None:
            check_node(s)
            if deep:
                check_copies(s)

        state = random_playout(game.new_initial_state(), rng, visit)
        assert state.is_terminal()
        assert len(state.history) <= game.max_game_length()
        assert state.legal_actions() == []
        returns = state.returns()
        assert len(returns) == game.num_players
        assert abs(sum(returns)) < 1e-9, "rank returns must sum to zero"
        assert max(returns) <= 1.0 and min(returns) >= -1.0
        check_copies(state)


def test_game_replays_from_its_action_list(config):
    game = config.make()
    state = random_playout(game.new_initial_state(), np.random.default_rng(7))
    replay = game.new_initial_state()
    for action in state.history:
        if isinstance(action, list):
            replay.apply_actions(action)
        else:
            replay.apply_action(action)
    assert replay == state
    assert replay.returns() == state.returns()
