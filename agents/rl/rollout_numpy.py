"""The rollout forward pass of a plain MLP policy in numpy (``MaskedPolicy.forward``).

Collecting a rollout calls the policy once a vector step on a batch of 8 or so
observations, where torch's dispatch (10-25 µs an operation on these machines) costs
far more than the arithmetic: SB3's two MLPs, the masked head, its normalisation and
the draw are some twenty operations. The same arithmetic in numpy, on views of the
same parameters (``detach().numpy()`` shares their memory, so every optimiser step is
seen), took Klondike Rush's pass for 8 envs from about 650 to 170 µs and the council's
from 940 to 400 (issue 21).

It computes what ``masked_ppo.legal_pick`` computes: float32 layers, the logits of
the actions legal in some row only, a masked log-softmax, the most probable action
(the lowest on a tie) or an inverse-transform draw from one float64 uniform a row
taken from torch's generator (so a seed still gives one run), and the same actions
for the same draws. Values and log-probabilities agree with torch's to float32
rounding (numpy's BLAS sums in another order); ``tests/training/test_masked_ppo.py``
checks both against the torch pass and the full distribution.

Only the layout SB3 builds by default is taken: a ``FlattenExtractor`` over a ``Box``,
one extractor shared by both nets, ``MlpExtractor`` nets of ``Linear`` layers and
``Tanh`` or ``ReLU`` activations, linear heads, a CPU device, no gradient asked for.
``numpy_layers`` answers None for anything else, and the policy keeps torch's pass.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from stable_baselines3.common.torch_layers import FlattenExtractor

ACTIVATIONS = {torch.nn.Tanh: np.tanh, torch.nn.ReLU: lambda x: np.maximum(x, 0, out=x)}

Layers = list[tuple[np.ndarray, np.ndarray, Any]]  # (weight, bias, activation or None)


def numpy_layers(policy: Any) -> tuple[Layers, Layers, Layers, Layers] | None:
    """``(policy net, value net, action head, value head)`` as numpy views of
    ``policy``'s parameters, or None where its layout is not the plain one this
    module computes (the module docstring)."""
    if (torch.is_grad_enabled() or policy.device.type != "cpu"
            or not isinstance(policy.observation_space, spaces.Box)
            or not policy.share_features_extractor
            or type(policy.features_extractor) is not FlattenExtractor):
        return None
    extractor = policy.mlp_extractor
    nets = [_layers(getattr(extractor, "policy_net", None)),
            _layers(getattr(extractor, "value_net", None)),
            _layers(policy.action_net), _layers(policy.value_net)]
    return None if any(net is None for net in nets) else tuple(nets)  # type: ignore[return-value]


def _layers(net: Any) -> Layers | None:
    """A ``Sequential`` of ``Linear`` layers, each followed or not by a known
    activation (or one ``Linear``, a head), as ``(weight, bias, activation)`` views;
    None for anything else."""
    if type(net) is torch.nn.Linear:
        net = (net,)
    elif not isinstance(net, torch.nn.Sequential):
        return None
    out: Layers = []
    for module in net:
        if type(module) is torch.nn.Linear and module.bias is not None:
            out.append((module.weight.detach().numpy(), module.bias.detach().numpy(), None))
        elif type(module) in ACTIVATIONS and out and out[-1][2] is None:
            weight, bias, _ = out[-1]
            out[-1] = (weight, bias, ACTIVATIONS[type(module)])
        else:
            return None
    return out


def _run(layers: Layers, x: np.ndarray) -> np.ndarray:
    for weight, bias, activation in layers:
        x = x @ weight.T
        x += bias
        if activation is not None:
            x = activation(x)
    return x


def rollout_pass(layers: tuple[Layers, Layers, Layers, Layers], obs: torch.Tensor,
                 masks: np.ndarray, deterministic: bool
                 ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """``(actions, values, log-probabilities)`` of ``MaskedPolicy.forward`` with
    ``masks`` (bool, a row an observation), in numpy on ``numpy_layers``' views."""
    policy_net, value_net, action_head, value_head = layers
    x = obs.numpy().reshape(len(masks), -1).astype(np.float32, copy=False)
    values = _run(value_head, _run(value_net, x))
    latent = _run(policy_net, x)
    if not masks.any(1).all():
        raise ValueError("a row of the action masks has no legal action")
    columns = np.flatnonzero(masks.any(0))  # the actions legal in some row, ascending
    (weight, bias, _), = action_head
    logits = latent @ weight[columns].T
    logits += bias[columns]
    logits[~masks[:, columns]] = -np.inf
    logits -= logits.max(1, keepdims=True)
    log_probs = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    if deterministic:
        picked = log_probs.argmax(1)
    else:  # masked_ppo.inverse_transform over the union, the same uniform a row
        cdf = np.cumsum(np.exp(log_probs), axis=1, dtype=np.float64)
        total = cdf[:, -1:]
        u = torch.rand(total.shape, dtype=torch.float64).numpy() * total
        picked = np.minimum((cdf <= u).sum(1), (cdf < total).sum(1))
    rows = np.arange(len(masks))
    return (torch.from_numpy(columns[picked]), torch.from_numpy(values),
            torch.from_numpy(np.ascontiguousarray(log_probs[rows, picked])))
