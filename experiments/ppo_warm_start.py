"""PPO's warm start from a heuristic style (``init_from: heuristic:<style>`` in a
``skagway train`` config): before the first rollout the policy imitates the style, so
PPO begins from a player that already plays the game instead of from uniform moves.

Where the league's styles beat a fresh learner nearly every time (Klondike 1896 and
its council game: the learner's mean rank return stayed near -0.9, last place being -1,
for its first 200k steps) PPO gets little signal; imitation first is AlphaGo's
supervised start and AlphaStar's, here with the styles the project ships. What it gave
in session 9's runs (Klondike 1896: 0.925 against random at step 0, none yet against
its best style) is in ``agents/rl/RESULTS.md``.

1. **demonstrations**: ``bc_games`` games with every seat played by the style (or by
   ``heuristic:a+b+...``'s styles in turn), every decision with a choice recorded as
   (that seat's observation, legal mask, the style's action, the seat's final return):
   the expert-iteration warm start's own games (``exit/warm_start.play_demonstrations``,
   seeded from the run's seed);
2. **fit**: ``bc_epochs`` passes in minibatches of the PPO ``batch_size``, Adam at
   ``bc_learning_rate``: the negative log-likelihood of the style's action under the
   policy's masked distribution, plus ``ppo.vf_coef`` times the squared error of the
   value head against the seat's final return (the reward PPO then sees, undiscounted).
   After each epoch the *agreement*: the share of positions where the policy's most
   probable legal action is the style's.

A resumed run never repeats it (its checkpoint holds the fitted weights). A run stopped
during it keeps no checkpoint (a half-made fit is not the start) and says to start it
again; the same config and seed then make the same fit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .exit.warm_start import (
    Demonstrations,
    fit_epochs,
    is_heuristic_start,
    parse_styles,
    play_demonstrations,
)

__all__ = ["Demonstrations", "agreement", "imitate", "is_heuristic_start", "parse_styles",
           "play_demonstrations"]

BC_SEED = 3_000_017
"""The fit's seed path (the minibatch order and torch's draws), apart from the games'."""


def agreement(policy: Any, data: Demonstrations, batch: int = 4096) -> float:
    """The share of positions where ``policy`` (an SB3 masked actor-critic) puts its
    most probable legal action on the style's."""
    import torch

    if not len(data):
        return float("nan")
    hits = 0
    with torch.no_grad():
        for start in range(0, len(data), batch):
            obs = torch.from_numpy(data.observations[start:start + batch])
            dist = policy.get_distribution(obs, action_masks=data.masks[start:start + batch])
            best = dist.distribution.logits.argmax(dim=-1).numpy()  # illegal ones masked
            hits += int((best == data.actions[start:start + batch]).sum())
    return hits / len(data)


def imitate(policy: Any, data: Demonstrations, *, epochs: int, batch_size: int,
            learning_rate: float, value_weight: float, seed: int,
            on_epoch: Callable[[int, float, float, float], None] | None = None
            ) -> list[dict[str, float]]:
    """Fit ``policy`` to the demonstrations (the module docstring's step 2); a row an
    epoch: ``epoch``, ``policy_loss``, ``value_loss``, ``agreement``."""
    import torch

    torch.manual_seed(seed * 100_003 + BC_SEED)
    returns = data.values[:, 0] if len(data) else np.zeros(0, np.float32)

    def batch_losses(pick: np.ndarray) -> tuple[Any, Any]:
        values, log_prob, _ = policy.evaluate_actions(
            torch.from_numpy(data.observations[pick]), torch.from_numpy(data.actions[pick]),
            action_masks=data.masks[pick])
        return -log_prob.mean(), torch.nn.functional.mse_loss(
            values.flatten(), torch.from_numpy(returns[pick]))

    return fit_epochs(policy.parameters(), len(data), batch_losses, epochs=epochs,
                      batch_size=batch_size, learning_rate=learning_rate, weight_decay=0.0,
                      value_weight=value_weight, rng=np.random.default_rng([seed, BC_SEED]),
                      training=policy.set_training_mode,
                      agreement=lambda: agreement(policy, data), on_epoch=on_epoch)
