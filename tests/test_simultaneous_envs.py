"""Simultaneous nodes through the AEC env and the Parallel env (toy game)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test

import skagway_env
from skagway_env import IllegalActionError
from skagway_env.core import register_game, unregister_game

from .toy_games import ToyRpsGame


@pytest.fixture(autouse=True)
def toy_game():
    register_game("toy_rps", ToyRpsGame)
    yield
    unregister_game("toy_rps")


def test_aec_env_collects_simultaneous_actions():
    env = skagway_env.make_env("toy_rps")
    api_test(env, num_cycles=200)
    env.reset(seed=0)
    state = env.unwrapped.game_state
    assert state.is_simultaneous_node()
    env.step(0)  # player_0 throws rock: nothing applied yet
    assert state.is_simultaneous_node() and env.agent_selection == "player_1"
    env.step(2)  # player_1 scissors: rock wins, player_0 may double
    assert env.agent_selection == "player_0"
    assert state.history[-1] == [0, 2]


def test_aec_env_rejects_illegal_simultaneous_action():
    env = skagway_env.make_env("toy_rps")
    env.reset(seed=0)
    with pytest.raises(AssertionError):  # outside the action space
        env.step(5)


def test_a_simultaneous_move_refuses_what_is_not_an_action():
    """As ``apply_action`` does: a bool equals 0 or 1 but names no action, and a float or
    None is no action either; nothing changes."""
    env = skagway_env.make_env("toy_rps")
    env.reset(seed=0)
    state = env.unwrapped.game_state
    assert state.is_simultaneous_node()
    before, moves = state.serialize(), len(state.history)
    for bad in (True, False, 1.5, None, -1, 3):
        with pytest.raises(IllegalActionError, match=f"action {bad!r} "):
            state.apply_actions([bad, 0])
        with pytest.raises(IllegalActionError, match=f"action {bad!r} "):
            state.apply_actions([0, bad])
    assert state.serialize() == before
    state.apply_actions([np.int64(0), 1])  # numpy integers are actions
    assert len(state.history) == moves + 1 and state.history[-1] == [0, 1]


def test_parallel_env_api_and_seeding():
    parallel_api_test(skagway_env.make_parallel_env("toy_rps"), num_cycles=100)
    parallel_seed_test(lambda: skagway_env.make_parallel_env("toy_rps"))


def test_parallel_env_masks_and_turns():
    env = skagway_env.make_parallel_env("toy_rps")
    obs, _ = env.reset(seed=1)
    assert all(o["action_mask"].tolist() == [1, 1, 1] for o in obs.values())
    obs, rewards, terms, _, _ = env.step({"player_0": 1, "player_1": 0})  # paper beats rock
    assert obs["player_0"]["action_mask"].tolist() == [1, 1, 0]
    assert not obs["player_1"]["action_mask"].any()
    with pytest.raises(IllegalActionError, match="player_0 is to move"):
        env.step({"player_1": 0})
    obs, rewards, terms, _, infos = env.step({"player_0": 1})
    done = False
    rng = np.random.default_rng(0)
    while not done:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in obs.items()
            if o["action_mask"].any()
        }
        obs, rewards, terms, _, infos = env.step(actions)
        done = all(terms.values())
    assert env.agents == []
    assert sum(rewards.values()) == pytest.approx(0.0)
    assert len(infos["player_0"]["scores"]) == 2


def test_apply_actions_validates_every_seat():
    state = ToyRpsGame().new_initial_state()
    state.apply_action(1)
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="player 1"):
        state.apply_actions([0, 7])
    with pytest.raises(IllegalActionError, match="need 2 actions"):
        state.apply_actions([0])
    with pytest.raises(IllegalActionError, match="apply_actions"):
        state.apply_action(0)
    assert state.serialize() == before
