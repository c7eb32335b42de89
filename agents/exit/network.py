"""The policy-value network in torch, for training (``net_file`` has the format and
the numpy forward pass used for play; both read the same arrays).

Torch is imported here and by the trainer only, never by ``skagway_env``, and not by
``exit:`` bots, which play through ``net_file.NumpyNet``.

``init_from`` a PPO bot file (``agents/policy_file.py``) copies its actor's hidden
layers into the trunk and its action layer into the policy head wherever the shapes
match (same observation size, hidden widths and action count); the value head starts
fresh (PPO's critic has one output, this head one a seat).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch

from ..policy_file import read_header, read_weights
from .net_file import ACTIVATIONS, NetFileError, NetHeader, weight_names


class PolicyValueNet(torch.nn.Module):
    """MLP trunk, a logit per action, and ``players`` tanh values (observer-relative)."""

    def __init__(self, header: NetHeader) -> None:
        super().__init__()
        if header.value_hidden or header.hint:
            raise NetFileError("the trainer's network has one trunk and reads no hint; a "
                               "network made from a PPO bot (exit.from_ppo) is for play")
        if header.activation not in ACTIVATIONS:
            raise NetFileError(f"activation must be one of {', '.join(ACTIVATIONS)}, "
                               f"got {header.activation!r}")
        sizes = [header.observation_size, *header.hidden]
        self.trunk = torch.nn.ModuleList(torch.nn.Linear(a, b)
                                         for a, b in zip(sizes, sizes[1:], strict=False))
        self.policy = torch.nn.Linear(sizes[-1], header.num_actions)
        self.value = torch.nn.Linear(sizes[-1], header.num_players)
        self.act = torch.relu if header.activation == "relu" else torch.tanh

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        for layer in self.trunk:
            x = self.act(layer(x))
        return self.policy(x), torch.tanh(self.value(x))

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: v.detach().cpu().numpy().copy() for k, v in self.state_dict().items()}

    def load_arrays(self, arrays: dict[str, np.ndarray]) -> None:
        self.load_state_dict({k: torch.from_numpy(np.array(arrays[k]))
                              for k in weight_names(len(self.trunk))})


def init_from_ppo(net: PolicyValueNet, path: str | Path, header: NetHeader) -> list[str]:
    """Copy a PPO bot's actor into ``net`` where shapes match; returns the arrays copied.

    SB3's actor is ``mlp_extractor.policy_net.{0,2,...}`` (Linear, activation, ...)
    then ``action_net``. A bot of another game or observation size, or a hinted one
    (``agents/rl/hints.py``), is refused."""
    ppo = read_header(path)
    if (ppo.game, ppo.observation_size, ppo.num_actions) != (
            header.game, header.observation_size, header.num_actions):
        raise NetFileError(f"{path}: a PPO bot for {ppo.game} ({ppo.observation_size} "
                           f"features, {ppo.num_actions} actions) cannot start a network "
                           f"for {header.game} ({header.observation_size}, "
                           f"{header.num_actions})")
    if ppo.extra.get("hint"):
        raise NetFileError(f"{path}: a hinted PPO bot (hint {ppo.extra['hint']}) cannot "
                           "start a network: its moves need the style's hint, which the "
                           "network does not read")
    weights = read_weights(path)
    pairs = {f"trunk.{i}.{part}": f"mlp_extractor.policy_net.{2 * i}.{part}"
             for i in range(len(header.hidden)) for part in ("weight", "bias")}
    pairs.update({"policy.weight": "action_net.weight", "policy.bias": "action_net.bias"})
    state = net.state_dict()
    copied = []
    for mine, theirs in pairs.items():
        if theirs in weights and tuple(weights[theirs].shape) == tuple(state[mine].shape):
            state[mine] = torch.from_numpy(np.array(weights[theirs], dtype=np.float32))
            copied.append(mine)
    net.load_state_dict(state)
    return copied


def masked_log_softmax(logits: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
    """Log-probabilities over the legal actions (illegal ones at a very low value)."""
    return torch.log_softmax(logits.masked_fill(~masks, -1e9), dim=-1)


def losses(net: PolicyValueNet, observations: torch.Tensor, masks: torch.Tensor,
           policies: torch.Tensor, values: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Cross-entropy of the search's visit distribution under the masked policy, and
    the squared error of every seat's value against the game's final returns."""
    logits, predicted = net(observations)
    log_probs = masked_log_softmax(logits, masks)
    policy_loss = -(policies * log_probs).sum(dim=-1).mean()
    value_loss = ((predicted - values) ** 2).sum(dim=-1).mean()
    return policy_loss, value_loss
