"""The Gymnasium single-agent view and its batched VecEnv (issue 10, items 1-2)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import skagway_env
from skagway_env.core import SIMULTANEOUS, IllegalActionError
from skagway_env.envs import SingleAgentBatch


def make(config, **kwargs):
    return skagway_env.make_single_agent_env(config.name, num_players=config.num_players,
                                             **dict(config.params), **kwargs)


def test_gymnasium_check_env(config):
    check_env(make(config, illegal_action="terminate"), skip_render_check=True)


def test_sb3_check_env(config):
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    sb3_check_env(make(config, illegal_action="terminate"), warn=False)


class Spy:
    """An opponent that records what it was shown, and plays at random."""

    def __init__(self, env_ref: list) -> None:
        self.env_ref, self.rng, self.calls = env_ref, np.random.default_rng(0), 0

    def act(self, state, player):
        env = self.env_ref[0]
        truth = env.unwrapped.state
        assert state is not truth, "an opponent was handed the true state"
        if self.calls % 40 == 0:  # the information-state string replays the whole game
            assert (state.information_state_string(player)
                    == truth.information_state_string(player))
        self.calls += 1
        legal = state.legal_actions(player)
        return legal[int(self.rng.integers(len(legal)))]


def play_episode(env, rng, seed=None):
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        state = env.unwrapped.state
        assert state.current_player() in (env.unwrapped.seat, SIMULTANEOUS)
        assert env.observation_space.contains(obs)
        mask = env.action_masks()
        assert mask.any() and mask.dtype == bool
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, info


def test_learner_plays_its_seat_to_the_end_against_views(config):
    ref: list = []
    spy = Spy(ref)
    env = make(config, opponents=[spy])
    ref.append(env)
    rng = np.random.default_rng(1)
    seats = set()
    for episode in range(4):
        total, steps, info = play_episode(env, rng, seed=episode)
        state = env.unwrapped.state
        assert state.is_terminal()
        assert total == pytest.approx(state.returns()[env.unwrapped.seat])
        assert info["returns"] == state.returns() and info["seat"] == env.unwrapped.seat
        learner_moves = sum(1 for p in _movers(state) if p == env.unwrapped.seat)
        assert steps == learner_moves  # consecutive learner turns are consecutive steps
        seats.add(env.unwrapped.seat)
    assert spy.calls > 0
    assert len(seats) > 1, "the learner's seat is drawn each episode"


def _movers(state):
    """Who chose each non-chance action of a finished game (replayed)."""
    game = state.game
    replay = game.new_initial_state()
    movers = []
    for action in state.history:
        if isinstance(action, list):  # a simultaneous node: every seat chose
            movers += range(len(action))
            replay.apply_actions(action)
            continue
        if replay.is_chance_node():
            replay.apply_action(action)
            continue
        movers.append(replay.current_player())
        replay.apply_action(action)
    return movers


def test_same_seed_same_episode(config):
    runs = []
    for _ in range(2):
        env = make(config)
        rng = np.random.default_rng(7)
        play_episode(env, rng, seed=11)
        runs.append(list(env.unwrapped.state.history))
    assert runs[0] == runs[1]


def test_fixed_seat_and_pool_hear_every_game():
    class Pool:
        def __init__(self):
            self.draws, self.reports = 0, []

        def __call__(self, rng, count):
            self.draws += 1
            return [skagway_env.envs.single_agent.UniformRandomOpponent(rng)] * count

        def report(self, seat, opponents, returns):
            self.reports.append((seat, opponents[seat], list(returns)))

    pool = Pool()
    env = skagway_env.make_single_agent_env("dawson_city_barbers", opponents=pool, seat=2,
                                            num_players=3)
    rng = np.random.default_rng(0)
    for episode in range(3):
        play_episode(env, rng, seed=episode)
        assert env.unwrapped.seat == 2
    assert pool.draws == 3 and len(pool.reports) == 3
    assert all(seat == 2 and me is None for seat, me, _ in pool.reports)


def test_illegal_action_raises_or_terminates():
    env = skagway_env.make_single_agent_env("dawson_city_barbers", num_players=2)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    env = skagway_env.make_single_agent_env("dawson_city_barbers", num_players=2,
                                            illegal_action="terminate")
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, illegal)
    assert not env.action_masks().any()


def test_opponents_are_agents_or_a_pool_never_spec_strings():
    with pytest.raises(TypeError, match="skagway_agents.rl.make_single_agent_env"):
        skagway_env.make_single_agent_env("skagway", opponents=["random"])
    with pytest.raises(ValueError, match="needs 3 opponents"):
        skagway_env.make_single_agent_env("skagway", num_players=4,
                                          opponents=[object(), object()])


def test_spec_strings_resolved_by_the_agents_layer():
    from skagway_agents.rl import make_single_agent_env

    env = make_single_agent_env("skagway", opponents=["heuristic:landlord", "random", "random"],
                                num_players=4)
    play_episode(env, np.random.default_rng(0), seed=0)
    kinds = sorted(type(o).__name__ for o in env.opponents if o is not None)
    assert kinds == ["HeuristicAgent", "RandomAgent", "RandomAgent"]


def test_batch_steps_every_game_and_resets_finished_ones():
    def factory():
        return skagway_env.make_single_agent_env("dawson_city_barbers", num_players=2)

    batch = SingleAgentBatch([factory] * 3)
    obs = batch.reset([0, 1, 2])
    assert obs.shape == (3, batch.observation_space.shape[0])
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        masks = batch.action_masks()
        for env, mask in zip(batch.envs, masks, strict=True):
            assert (env.action_masks() == mask).all() and mask.any()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = batch.step(actions)
        for done, reward, info in zip(dones, rewards, infos, strict=True):
            if done:
                finished += 1
                assert "terminal_observation" in info and reward == info["returns"][info["seat"]]
            else:
                assert reward == 0.0
    assert finished >= 3


@pytest.mark.parametrize("subprocess_envs", [False, True])
def test_vec_envs_give_maskable_ppo_masks(subprocess_envs):
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks
    from skagway_agents.rl import make_vec_env

    vec = make_vec_env("dawson_city_barbers", 2, opponents=["random"], seed=3,
                       subprocess=subprocess_envs, num_players=2)
    try:
        vec.reset()
        masks = get_action_masks(vec)
        assert masks.shape == (2, vec.action_space.n) and masks.any(axis=1).all()
        model = MaskablePPO("MlpPolicy", vec, n_steps=64, batch_size=64, n_epochs=1, seed=0)
        model.learn(128)
        assert model.num_timesteps >= 128
    finally:
        vec.close()


def test_skagway_env_never_imports_torch():
    code = ("import sys, skagway_env, skagway_env.envs.single_agent, skagway_env.envs.vector, "
            "skagway_agents, skagway_agents.ppo; "
            "env = skagway_env.make_single_agent_env('skagway'); env.reset(seed=0); "
            "sys.exit('torch' in sys.modules or 'stable_baselines3' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_opponents_needing_only_legal_actions_are_shown_only_those():
    seen = []

    class LegalOnly:
        def act(self, state, player):
            raise AssertionError("act_on_legal should have been used")

        def act_on_legal(self, legal):
            seen.append(list(legal))
            return legal[0]

    env = skagway_env.make_single_agent_env("skagway", opponents=[LegalOnly()], num_players=3)
    play_episode(env, np.random.default_rng(0), seed=0)
    assert seen and all(isinstance(a, int) for legal in seen for a in legal)
