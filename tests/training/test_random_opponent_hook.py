"""A uniformly random opponent's move drawn by the game's ``_random_legal_action``
(issue 21): ``SingleAgentEnv`` takes that path for an opponent with ``uniform_below``
where the game has the hook, and the episodes are those of the listed path, step for
step (``test_vec_env_same_games`` checks both against a reference written with the
public API)."""

from __future__ import annotations

import numpy as np
import pytest
from skagway_agents.random_agent import RandomAgent
from skagway_agents.rl import make_single_agent_env

from skagway_env.core import make_game

HOOKED = [name for name in ("klondike1896", "klondike1896_council", "klondike_rush",
                            "skagway", "dawson_city_barbers")
          if hasattr(make_game(name).new_initial_state(), "_random_legal_action")]


def episodes(name: str, seed: int, count: int = 3) -> list[tuple]:
    """``count`` episodes of the learner playing its first legal move: every
    observation, reward and flag."""
    env = make_single_agent_env(name, opponents=["random"], num_players=4)
    steps = []
    obs, _ = env.reset(seed=seed)
    for _ in range(count):
        done = False
        while not done:
            action = int(np.flatnonzero(env.action_masks())[0])
            obs, reward, term, trunc, _ = env.step(action)
            done = term or trunc
            steps.append((obs.tobytes(), reward, term, trunc))
        obs, _ = env.reset()
    return steps


@pytest.mark.parametrize("name", HOOKED)
def test_hooked_draws_play_the_listed_games(name, monkeypatch):
    calls = []
    kind = type(make_game(name).new_initial_state())
    hook = kind._random_legal_action

    def counted(self, player, below):
        calls.append(player)
        return hook(self, player, below)

    monkeypatch.setattr(kind, "_random_legal_action", counted)
    hooked = episodes(name, 5)
    assert calls, "the hook was never used"
    monkeypatch.delattr(RandomAgent, "uniform_below")
    calls.clear()
    assert episodes(name, 5) == hooked
    assert not calls


def test_some_game_has_the_hook():
    assert "klondike1896" in HOOKED
