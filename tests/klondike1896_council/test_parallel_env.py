"""The council game as PettingZoo envs: the Parallel env (a tick is one joint step),
PettingZoo's registry, and the AEC env through the simultaneous nodes."""

from __future__ import annotations

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test
from pettingzoo.utils.wrappers import BaseParallelWrapper

import skagway_env
from skagway_env.envs import env_id

from .helpers import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parallel_api_test(players):
    parallel_api_test(skagway_env.make_parallel_env(GAME, num_players=players), num_cycles=300)


class FoldOntoLegal(BaseParallelWrapper):
    """PettingZoo's seed test samples actions from the whole space, ignoring masks;
    this adapter folds each sampled action onto its seat's legal ones (``a`` becomes
    ``legal[a % len(legal)]``), the same way in both envs, so the test plays real
    games instead of stopping at the first illegal action. The env stays strict."""

    def step(self, actions):
        state = self.env.unwrapped.game_state
        folded = {}
        for agent, action in actions.items():
            legal = state.legal_actions(int(agent.split("_")[1]))
            if legal:
                folded[agent] = action if action in legal else legal[action % len(legal)]
        return self.env.step(folded)


def test_parallel_seed_test():
    parallel_seed_test(lambda: FoldOntoLegal(
        skagway_env.make_parallel_env(GAME, num_players=3)), num_cycles=200)


def test_registered_as_a_parallel_env_and_module():
    env = pettingzoo.make("parallel", env_id(GAME), num_players=2)
    obs, _ = env.reset(seed=3)
    assert set(obs) == {"player_0", "player_1"}
    module = skagway_env.klondike1896_council_v1
    assert isinstance(module.parallel_env(num_players=2), pettingzoo.ParallelEnv)


def test_a_parallel_game_to_the_end():
    env = skagway_env.make_parallel_env(GAME, num_players=4, children="3")
    obs, _ = env.reset(seed=8)
    rng = np.random.default_rng(8)
    joint_steps = 0
    while env.agents:
        masks = {a: o["action_mask"] for a, o in obs.items()}
        if all(m.any() for m in masks.values()):
            joint_steps += 1
        actions = {a: int(rng.choice(np.flatnonzero(m))) for a, m in masks.items() if m.any()}
        obs, rewards, terms, truncs, infos = env.step(actions)
    assert joint_steps > 9  # at least one tick a round
    assert sum(rewards.values()) == pytest.approx(0.0)
    assert len(infos["player_0"]["scores"]) == 4
    joint = [e for e in env.unwrapped.game_state.history if isinstance(e, list)]
    assert len(joint) == joint_steps


def test_the_aec_env_collects_a_tick_seat_by_seat():
    env = skagway_env.make_env(GAME, num_players=3)
    env.reset(seed=1)
    state = env.unwrapped.game_state
    assert state.is_simultaneous_node() and env.agent_selection == "player_0"
    codec = state.game.codec
    env.step(codec.lay(0, 0))
    assert state.clock == 0 and env.agent_selection == "player_1"
    env.step(codec.wait)
    env.step(codec.lay(1, 2))
    joint = [e for e in state.history if isinstance(e, list)]
    assert joint == [[codec.lay(0, 0), codec.wait, codec.lay(1, 2)]]
    # the env drew the boards' pace (chance); the waiting seat is free again first
    assert state.clock == 10 and state.legal_actions(0) == [codec.wait]
    assert codec.wait in state.legal_actions(1) and len(state.legal_actions(1)) > 1


def test_the_env_docs_state_the_sizes():
    from .helpers import make

    game = make(4)
    doc = skagway_env.klondike1896_council_v1.__doc__
    assert f"Discrete({game.num_distinct_actions()})" in doc
    assert f"Box(({game.observation_size()},), float32)" in doc
    codec = game.codec
    assert (codec.place_base, codec.declare, codec.wait, codec.take_base, codec.join_base) == (
        16, 6928, 6929, 6930, 6946)


@pytest.mark.parametrize("twin", [True, False], ids=["rows", "seat_by_seat"])
@pytest.mark.parametrize("game", [GAME, "klondike1896"])
def test_parallel_observations_are_the_states_own(game, twin, monkeypatch):
    """Issue 21: the Parallel env hands each seat its tensor and mask as the state gives
    them (a seat not to move: the empty mask, without asking the game), each a fresh
    array of its own, at every step of a game (a sequential one too); at a council
    race tick from ``observation_tensors``' rows, or seat by seat without the twin."""
    if not twin:
        from skagway_env.games.klondike1896_council import observation
        monkeypatch.setattr(observation, "encode_every_seat", lambda state: None)
    env = skagway_env.make_parallel_env(game, num_players=4)
    obs, _ = env.reset(seed=21)
    rng = np.random.default_rng(21)
    while env.agents:
        state = env.unwrapped.game_state
        for i, agent in enumerate(env.possible_agents):
            assert obs[agent]["observation"].tobytes() == state.observation_tensor(i).tobytes()
            assert obs[agent]["action_mask"].tobytes() == state.legal_actions_mask(i).tobytes()
        masks = [o["action_mask"] for o in obs.values()]
        assert len({id(m) for m in masks}) == len(masks)
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                   for a, o in obs.items() if o["action_mask"].any()}
        for m in masks:
            m[:] = 1  # the caller's own: the next observations must not see this
        seen = [o["observation"].tobytes() for o in obs.values()]
        for o in obs.values():
            o["observation"][:] = -1.0  # nor what the state keeps
        assert [state.observation_tensor(i).tobytes() for i in range(4)] == seen
        obs, *_ = env.step(actions)
