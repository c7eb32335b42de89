"""The training envs play exactly the games their documented rules give (issue 21).

``SingleAgentEnv`` and ``SingleAgentBatch`` take shortcuts for speed: they apply
moves without asking the game again who is to move, read the state's legal-action
cache, write masks into one shared buffer. Here a plain reference written only with
the public ``State`` API (``current_player``, ``legal_actions``, ``view``,
``apply_action(s)``, ``legal_actions_mask``) replays the single-agent env's rules from
the same seeds: the learner's seat and the opponents drawn at reset, chance and the
opponents' moves played from the env's generator, an ended game reset at once. Every
observation, mask, reward, done flag and info the batch hands out must equal the
reference's, for every game, player count and variant, against random opponents
(shown only their legal actions), the default opponent (which shares the env's
generator) and a heuristic (which is shown views drawn from it).
"""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils import seeding
from skagway_agents import make_agent

import skagway_env
from skagway_env.core import CHANCE, SIMULTANEOUS, TERMINAL
from skagway_env.core.playout import sample_chance

from ..conftest import GameConfig


class PlainEnv:
    """The single-agent env's rules, spelled out with the public State API only."""

    def __init__(self, config: GameConfig, opponents: str | None, seed: int) -> None:
        self.game = config.make()
        self.spec = opponents
        self.rng, _ = seeding.np_random(seed)
        self.reset()

    def _pick(self, player: int) -> int:
        state, opponent = self.state, self.opponents[player]
        if opponent is None:  # the default: uniform over the legal moves, env's generator
            legal = state.legal_actions(player)
            return legal[int(self.rng.integers(len(legal)))]
        if hasattr(opponent, "act_on_legal"):
            return opponent.act_on_legal(state.legal_actions(player))
        return opponent.act(state.view(player, self.rng), player)

    def _play_others(self) -> None:
        state = self.state
        while state.current_player() not in (TERMINAL, SIMULTANEOUS, self.seat):
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, self.rng))
            else:
                state.apply_action(self._pick(state.current_player()))

    def reset(self) -> None:
        n = self.game.num_players
        while True:
            self.seat = int(self.rng.integers(n))
            drawn = ([make_agent(self.spec, self.game, int(self.rng.integers(2**63)))
                      for _ in range(n - 1)] if self.spec else [None] * (n - 1))
            self.opponents = drawn[:self.seat] + ["learner"] + drawn[self.seat:]
            self.state = self.game.new_initial_state()
            self._play_others()
            if not self.state.is_terminal():
                return

    def step(self, action: int) -> tuple[float, bool, dict]:
        state = self.state
        if state.current_player() == SIMULTANEOUS:
            state.apply_actions([action if p == self.seat else self._pick(p)
                                 for p in range(self.game.num_players)])
        else:
            state.apply_action(action)
        self._play_others()
        info = {"seat": self.seat}
        if not state.is_terminal():
            return 0.0, False, info
        info.update(returns=state.returns(), scores=state.scores())
        return float(state.returns()[self.seat]), True, info

    def observation(self) -> np.ndarray:
        return self.state.observation_tensor(self.seat)

    def mask(self) -> np.ndarray:
        return self.state.legal_actions_mask(self.seat).astype(bool)


def run_both(config: GameConfig, opponents: str | None, steps: int, num_envs: int = 2,
             until_one_ends: bool = False) -> int:
    """Step the batch and the references side by side ``steps`` times (and on, up to
    400, until a game has ended, if ``until_one_ends``); returns how many ended."""
    from skagway_agents.rl import make_vec_env

    seed = 17
    vec = make_vec_env(config.name, num_envs, opponents=None if opponents is None
                       else [opponents], seed=seed, num_players=config.num_players,
                       **dict(config.params))
    plain = [PlainEnv(config, opponents, seed + i) for i in range(num_envs)]
    obs = vec.reset()
    picker = np.random.default_rng(3)
    ended = 0
    for step in range(400):
        if step >= steps and (ended or not until_one_ends):
            break
        masks = np.stack(vec.env_method("action_masks"))
        assert (masks == vec.action_masks()).all()
        for i, ref in enumerate(plain):
            assert np.array_equal(obs[i], ref.observation())
            assert np.array_equal(masks[i], ref.mask())
        actions = np.array([picker.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = vec.step(actions)
        for i, ref in enumerate(plain):
            reward, done, info = ref.step(int(actions[i]))
            assert (rewards[i], dones[i]) == (reward, done)
            if done:
                ended += 1
                final = infos[i].pop("terminal_observation")
                assert np.array_equal(final, ref.observation())
                assert infos[i].pop("TimeLimit.truncated") == ref.state.is_truncated()
                ref.reset()
            assert infos[i] == info
    return ended


def test_batch_against_random_opponents_plays_the_reference_games(config):
    assert run_both(config, "random", 60, until_one_ends=True) > 0  # a reset mid-batch


def test_batch_against_the_default_opponent_plays_the_reference_games(config):
    run_both(config, None, 40)


@pytest.mark.parametrize("name", skagway_env.list_games())
def test_batch_against_views_plays_the_reference_games(name):
    players = skagway_env.core.game_class(name).params_class().num_players
    run_both(GameConfig(name, players), "heuristic", 12)
