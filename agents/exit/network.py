"""The policy-value network in torch, for training (``net_file`` has the format and
the numpy forward pass used for play; both read the same arrays).

Torch is imported here and by the trainer only, never by ``skagway_env``, and not by
``exit:`` bots, which play through ``net_file.NumpyNet``.

``init_from`` a PPO bot file (``agents/policy_file.py``) copies its actor's hidden
layers into the trunk and its action layer into the policy head wherever the shapes
match (same observation size, hidden widths and action count); the value head starts
fresh (PPO's critic has one output, this head one a seat). ``init_from`` an exit network
of the same shape (``init_from_net``: e.g. one ``exit.from_ppo`` made, with a value MLP of
its own, ``value_hidden``) copies every array.

A hinted network (``extra.hint``) is refused: self-play does not build the hint's rows.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch

from ..policy_file import read_header, read_weights
from .net_file import (
    ACTIVATIONS,
    NetFileError,
    NetHeader,
    read_net_header,
    read_net_weights,
    weight_names,
)


class PolicyValueNet(torch.nn.Module):
    """MLP trunk, a logit per action, and ``players`` tanh values (observer-relative);
    the values read a second MLP over the observation when ``header.value_hidden``."""

    def __init__(self, header: NetHeader) -> None:
        super().__init__()
        if header.hint:
            raise NetFileError(f"the trainer's network reads no hint (this one reads "
                               f"{header.hint}'s moves): a hinted network is for play")
        if header.activation not in ACTIVATIONS:
            raise NetFileError(f"activation must be one of {', '.join(ACTIVATIONS)}, "
                               f"got {header.activation!r}")
        sizes = [header.observation_size, *header.hidden]
        self.trunk = torch.nn.ModuleList(torch.nn.Linear(a, b)
                                         for a, b in zip(sizes, sizes[1:], strict=False))
        self.policy = torch.nn.Linear(sizes[-1], header.num_actions)
        value_sizes = [header.observation_size, *header.value_hidden]
        self.value_trunk = torch.nn.ModuleList(
            torch.nn.Linear(a, b) for a, b in zip(value_sizes, value_sizes[1:], strict=False))
        self.value = torch.nn.Linear(value_sizes[-1] if header.value_hidden else sizes[-1],
                                     header.num_players)
        self.act = torch.relu if header.activation == "relu" else torch.tanh

    def _mlp(self, x: torch.Tensor, layers: torch.nn.ModuleList) -> torch.Tensor:
        for layer in layers:
            x = self.act(layer(x))
        return x

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        hidden = self._mlp(x, self.trunk)
        if len(self.value_trunk):
            return self.policy(hidden), torch.tanh(self.value(self._mlp(x, self.value_trunk)))
        return self.policy(hidden), torch.tanh(self.value(hidden))

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: v.detach().cpu().numpy().copy() for k, v in self.state_dict().items()}

    def load_arrays(self, arrays: dict[str, np.ndarray]) -> None:
        self.load_state_dict({k: torch.from_numpy(np.array(arrays[k]))
                              for k in weight_names(len(self.trunk), len(self.value_trunk))})


def init_from_net(net: PolicyValueNet, path: str | Path, header: NetHeader) -> list[str]:
    """Copy every array of an exit network file into ``net``; returns their names.

    The file must be unhinted and of the run's game and shape
    (``NetHeader.check_start``); anything else is refused in one line."""
    try:
        read_net_header(path).check_start(header.make_game(), header.hidden,
                                          header.value_hidden, header.activation)
    except NetFileError as exc:
        raise NetFileError(f"{path}: {exc}") from None
    net.load_arrays(read_net_weights(path))
    return list(net.state_dict())


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
