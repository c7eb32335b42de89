"""The generic AEC env passes PettingZoo's own checks for every game and player count."""

from __future__ import annotations

import importlib
import re

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, seed_test

import skagway_env
from skagway_env import IllegalActionError
from skagway_env.core import game_class
from skagway_env.envs import env_id


def test_api_test(config):
    env = skagway_env.make_env(config.name, num_players=config.num_players)
    api_test(env, num_cycles=300)


def test_seed_test(config):
    seed_test(lambda: skagway_env.make_env(config.name, num_players=config.num_players))


def test_registered_in_pettingzoo(config):
    env = pettingzoo.make("aec", env_id(config.name), num_players=config.num_players)
    env.reset(seed=1)
    assert env.possible_agents == [f"player_{i}" for i in range(config.num_players)]
    assert env.metadata["name"] == f"{config.name}_v{game_class(config.name).info.env_version}"


def test_pettingzoo_style_module(config):
    info = game_class(config.name).info
    module = getattr(skagway_env, f"{config.name}_v{info.env_version}")
    doc = module.__doc__
    for heading in ("Actions", "Observation", "Rewards", "Version history"):
        assert heading in doc, f"{config.name} env docs lack a '{heading}' section"
    env = module.env(num_players=config.num_players)
    env.reset(seed=0)
    assert env.num_agents == config.num_players
    assert isinstance(module.raw_env(num_players=config.num_players), pettingzoo.AECEnv)
    assert importlib.import_module(module.__name__) is module


def test_env_docs_table_names_the_real_env(config):
    """The env docs' table (the game package's docstring) gives the id and module of
    the current env version, and the default game's action and observation sizes."""
    game = skagway_env.make_game(config.name)
    module = getattr(skagway_env, f"{config.name}_v{game.info.env_version}")
    doc = module.__doc__
    assert f'"{env_id(config.name)}"' in doc
    assert f"from skagway_env import {config.name}_v{game.info.env_version}`" in doc
    assert re.findall(r"Discrete\((\d+)\)", doc)[0] == str(game.num_distinct_actions())
    assert re.findall(r"Box\(\((\d+),\)", doc)[0] == str(game.observation_size())


def play_env(env, seed: int) -> tuple[list, dict]:
    """Random legal play; returns the (agent, action) trajectory and final infos."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trajectory, infos = [], {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            infos[agent] = (reward, info)
            env.step(None)
            continue
        assert obs["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        trajectory.append((agent, action))
        env.step(action)
    return trajectory, infos


def test_end_of_game_rewards_and_scores(config):
    env = skagway_env.make_env(config.name, num_players=config.num_players)
    _, infos = play_env(env, seed=3)
    assert set(infos) == set(env.possible_agents)
    rewards = [infos[a][0] for a in env.possible_agents]
    scores = infos["player_0"][1]["scores"]
    assert len(scores) == config.num_players
    assert abs(sum(rewards)) < 1e-9
    assert rewards == infos["player_0"][1]["returns"]
    # the best reward goes to a best score (tied scores may be split by a tie-break)
    best = [rewards[p] for p in range(config.num_players) if scores[p] == max(scores)]
    assert max(best) == max(rewards)


def test_only_the_agent_to_move_has_legal_actions(config):
    env = skagway_env.make_env(config.name, num_players=config.num_players)
    env.reset(seed=5)
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == env.agent_selection)


def test_state_and_render(config):
    env = skagway_env.make_env(config.name, render_mode="ansi", num_players=config.num_players)
    env.reset(seed=2)
    game = game_class(config.name)(num_players=config.num_players)
    assert env.state().shape == (config.num_players * game.observation_size(),)
    assert env.state_space.contains(env.state())
    text = env.render()
    assert isinstance(text, str) and text


def test_human_render_prints(config, capsys):
    env = skagway_env.make_env(config.name, render_mode="human", num_players=config.num_players)
    env.reset(seed=2)
    assert capsys.readouterr().out.strip()


def test_illegal_action_raises_and_changes_nothing(config):
    env = skagway_env.make_env(config.name, num_players=config.num_players)
    env.reset(seed=4)
    raw = env.unwrapped
    before = raw.game_state.serialize()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match=f"action {illegal} "):
        env.step(illegal)
    assert raw.game_state.serialize() == before


def test_terminate_illegal_option(config):
    env = skagway_env.make_env(
        config.name, num_players=config.num_players, illegal_action="terminate"
    )
    env.reset(seed=4)
    mask = env.observe(env.agent_selection)["action_mask"]
    offender = env.agent_selection
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1


def test_bad_render_mode_and_option():
    with pytest.raises(ValueError, match="render_mode"):
        skagway_env.make_env("dawson_city_barbers", render_mode="rgb_array")
    with pytest.raises(ValueError, match="illegal_action"):
        skagway_env.make_env("dawson_city_barbers", illegal_action="ignore")
