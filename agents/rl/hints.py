"""A style's move as a hint to the policy: PPO that starts as the style and learns where to
differ (``hint:`` in a training config).

Imitation did not carry the styles over (``RESULTS.md``): in Klondike 1896 a fitted
network picked the digger's move at 0.60 of new positions, and in Dawson City Barbers
it lost the barber's rare decisions (haircuts, long weekends), so PPO started below the
style it copied and never passed it. Here the style is asked for its move at every one
of the learner's decisions, on the learner's own view, and its choice is a one-hot
vector of the action space appended to the observation. The policy's logits are

    logits = action_net(mlp(observation)) + hint_weight * hint

so with SB3's near-zero initial head the untrained policy plays the style's move with
probability ``e^w / (e^w + n - 1)`` among ``n`` legal moves, and PPO learns, from the
game tensor, when another move is better. The hint is computed from what the seat
sees (the style plays the seat's view), so it leaks nothing; the network reads the game
tensor only (``SliceExtractor``), and the hint enters as the fixed-weight bias above.

The bot file's header records the hint (``extra``: ``hint``, ``hint_weight``); a
``ppo:`` agent playing such a file asks the same style on the view it is handed
(``PPOAgent``), so the bot plays the same policy it was trained as. The functions that
build the hint are torch-free (``agents/hint_features.py``), so an ``exit:`` network
made from a hinted bot (``skagway_experiments.exit.from_ppo``) plays it without torch.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import torch
from gymnasium import spaces
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor

from skagway_env.envs import SingleAgentEnv
from skagway_env.envs.common import plain_seed

from ..hint_features import hint_vector, make_hint_agent
from .masked_ppo import MaskedPolicy


class HintedEnv(SingleAgentEnv):
    """``SingleAgentEnv`` whose observation is the seat's tensor followed by the hint
    style's move on the seat's view (one-hot over the action space)."""

    def __init__(self, game_name: str, opponents: Any = None, seat: int | str = "random",
                 hint: str = "", **kwargs: Any) -> None:
        super().__init__(game_name, opponents, seat, **kwargs)
        if not hint:
            raise ValueError("HintedEnv needs a hint style (an agent spec)")
        self.hint_spec = hint
        self._hint_agent = make_hint_agent(hint, self.game, np.random.default_rng(0))
        n = int(self.action_space.n)
        box = self.observation_space
        self.observation_space = spaces.Box(
            np.concatenate([box.low, np.zeros(n, np.float32)]),
            np.concatenate([box.high, np.ones(n, np.float32)]), dtype=np.float32)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        gym.Env.reset(self, seed=plain_seed(seed))  # np_random seeded before the hint agent
        self._hint_agent = make_hint_agent(self.hint_spec, self.game, self.np_random)
        return super().reset(seed=None, options=options)

    def _observe(self) -> np.ndarray:
        state, seat = self.state, self.seat
        hint = hint_vector(self._hint_agent, state, seat, int(self.action_space.n),
                           view=lambda: state.view(seat, self.np_random))
        return np.concatenate([super()._observe(), hint])


class SliceExtractor(BaseFeaturesExtractor):
    """The game tensor (the first ``size`` features) for the networks; the rest, the
    hint, is kept in ``last_hint`` for the action head of the same pass."""

    def __init__(self, observation_space: spaces.Box, size: int) -> None:
        super().__init__(observation_space, features_dim=size)
        self.size = size
        self.last_hint: torch.Tensor | None = None

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        flat = observations.reshape(len(observations), -1)
        self.last_hint = flat[:, self.size:]
        return flat[:, :self.size]


class HintedPolicy(MaskedPolicy):
    """``MaskedPolicy`` over ``[game tensor, hint]`` observations: the MLPs read the game
    tensor, the action logits add ``hint_weight`` times the hint (the module docstring).
    Every SB3 path (rollout, ``evaluate_actions``, ``get_distribution``) runs the
    features extractor just before the action head, which reads the hint it kept."""

    def __init__(self, observation_space: spaces.Box, action_space: spaces.Discrete,
                 lr_schedule: Any, hint_weight: float = 5.0, **kwargs: Any) -> None:
        self.hint_weight = float(hint_weight)
        size = int(observation_space.shape[0]) - int(action_space.n)
        kwargs.setdefault("features_extractor_class", SliceExtractor)
        kwargs.setdefault("features_extractor_kwargs", {"size": size})
        super().__init__(observation_space, action_space, lr_schedule, **kwargs)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        return {**super()._get_constructor_parameters(), "hint_weight": self.hint_weight}

    def _extra_logits(self) -> torch.Tensor:
        """``hint_weight`` times the hint the features extractor kept in this pass (the
        rollout pass takes it through ``MaskedPolicy.forward``; its numpy pass is not
        used: ``rollout_numpy`` takes the plain flatten extractor only)."""
        hint = self.pi_features_extractor.last_hint
        if hint is None:
            raise RuntimeError("the hint is read after the features extractor ran")
        return self.hint_weight * hint

    def _get_action_dist_from_latent(self, latent_pi: torch.Tensor) -> Any:
        logits = self.action_net(latent_pi) + self._extra_logits()
        return self.action_dist.proba_distribution(action_logits=logits)
