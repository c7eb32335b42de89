"""The policy network: MaskablePPO's actor-critic, rebuilt from a policy file's header.

Torch is imported here and only here (and by the trainer), so importing
``skagway_agents`` stays cheap for tournaments that play no trained bot.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

from ..policy_file import PolicyHeader, read_header, read_weights, save_policy

ACTIVATIONS: dict[str, type[torch.nn.Module]] = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}


def policy_kwargs(net_arch: list[int], activation: str) -> dict:
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {', '.join(ACTIVATIONS)}, got {activation!r}")
    return {"net_arch": list(net_arch), "activation_fn": ACTIVATIONS[activation]}


def build_policy(header: PolicyHeader) -> MaskableActorCriticPolicy:
    """An untrained policy of the header's shape (weights loaded by the caller); a
    hinted bot's (``extra["hint"]``) reads the hint after the game tensor
    (``hints.HintedPolicy``)."""
    hinted = bool(header.extra.get("hint"))
    size = header.observation_size + (header.num_actions if hinted else 0)
    obs = spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)
    act = spaces.Discrete(header.num_actions)
    kwargs = policy_kwargs(header.net_arch, header.activation)
    if hinted:
        from .hints import HintedPolicy

        policy: MaskableActorCriticPolicy = HintedPolicy(
            obs, act, lambda _: 0.0, hint_weight=header.extra["hint_weight"], **kwargs)
    else:
        policy = MaskableActorCriticPolicy(obs, act, lambda _: 0.0, **kwargs)
    policy.set_training_mode(False)
    return policy


def state_arrays(policy: MaskableActorCriticPolicy) -> dict[str, np.ndarray]:
    return {k: v.detach().cpu().numpy().copy() for k, v in policy.state_dict().items()}


def load_arrays(policy: MaskableActorCriticPolicy, arrays: dict[str, np.ndarray]) -> None:
    policy.load_state_dict({k: torch.from_numpy(np.array(v)) for k, v in arrays.items()})


def load_policy(path: str | Path) -> tuple[PolicyHeader, MaskableActorCriticPolicy]:
    header = read_header(path)
    policy = build_policy(header)
    load_arrays(policy, read_weights(path))
    return header, policy


def export_policy(path: str | Path, header: PolicyHeader,
                  policy: MaskableActorCriticPolicy) -> Path:
    return save_policy(path, header, state_arrays(policy))


def action_probabilities(policy: MaskableActorCriticPolicy, observation: np.ndarray,
                         mask: np.ndarray) -> np.ndarray:
    """The policy's distribution over all actions (zero where ``mask`` is 0)."""
    with torch.no_grad():
        obs = torch.as_tensor(observation, dtype=torch.float32).reshape(1, -1)
        dist = policy.get_distribution(obs, action_masks=mask.reshape(1, -1).astype(bool))
        probs = dist.distribution.probs[0].numpy().astype(np.float64)
    probs[mask == 0] = 0.0
    total = probs.sum()
    return probs / total if total > 0 else mask / mask.sum()
