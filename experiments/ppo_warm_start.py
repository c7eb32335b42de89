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
3. **corrections** (DAgger, Ross, Gordon & Bagnell 2011; ``bc_dagger_rounds`` times,
   none by default): a fit on the style's own games meets, once it plays, positions
   the style never reaches, and errs most there (session 9's Dawson City Barbers
   imitation picked the barber's move at 0.73 of the barber's positions but at 0.41 of
   its own). So ``bc_dagger_games`` games are played with the fitted policy (its most
   probable move) at one seat, in turn, and the style at the others; at each of the
   policy's decisions with a choice the style is asked what it would play on the same
   view of that seat, and (observation, mask, the style's move, the seat's final
   return) joins the data. The *on-policy agreement* of a round is the share of those
   decisions where the policy already played the style's move. The policy is then
   fit again, ``bc_epochs`` passes over everything gathered so far.

A resumed run never repeats it (its checkpoint holds the fitted weights). A run stopped
during it keeps no checkpoint (a half-made fit is not the start) and says to start it
again; the same config and seed then make the same fit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from skagway_agents.base import Agent
from skagway_agents.heuristics import HeuristicAgent

from skagway_env.core import Game, State

from .exit.warm_start import (
    Demonstrations,
    fit_epochs,
    is_heuristic_start,
    parse_styles,
    play_demonstrations,
)
from .play import derive_seed, play_game

__all__ = ["Demonstrations", "agreement", "imitate", "is_heuristic_start", "joined",
           "parse_styles", "play_corrections", "play_demonstrations"]

BC_SEED = 3_000_017
"""The fit's seed path (the minibatch order and torch's draws), apart from the games'."""
DAGGER_GAMES = 3_000_029
"""The correction games' seed path (step 3), apart from the demonstrations'."""


class _Pupil(Agent):
    """The fitted policy at one seat (its most probable legal move), asking the style
    at every decision with a choice what it would play on the same view."""

    name = "pupil"

    def __init__(self, game: Game, seed: int, policy: Any, teacher: Agent) -> None:
        super().__init__(game, seed)
        self.policy, self.teacher = policy, teacher
        self.rows: list[tuple[np.ndarray, np.ndarray, int]] = []
        self.hits = 0

    def act(self, state: State, player: int) -> int:
        from skagway_agents.rl.network import action_probabilities

        mask = state.legal_actions_mask(player)
        legal = np.flatnonzero(mask)
        if len(legal) == 1:
            return int(legal[0])
        observation = np.asarray(state.observation_tensor(player), np.float32)
        label = int(self.teacher.act(state, player))
        move = int(np.argmax(action_probabilities(self.policy, observation, mask)))
        self.rows.append((observation, mask.astype(bool), label))
        self.hits += move == label
        return move


def play_corrections(game: Game, styles: tuple[str, ...], policy: Any, games: int,
                     seed: int, round_: int) -> tuple[Demonstrations, float]:
    """Step 3's games of one round: the positions the policy reached, labelled with the
    style's moves, and the round's on-policy agreement."""
    observations, masks, actions, values, index = [], [], [], [], []
    hits = 0
    for k in range(games):
        game_seed = derive_seed(seed, DAGGER_GAMES, round_, k)
        seat = k % game.num_players
        agents: list[Agent] = [HeuristicAgent(game, derive_seed(game_seed, s),
                                              styles[(k + s) % len(styles)])
                               for s in range(game.num_players)]
        pupil = _Pupil(game, derive_seed(game_seed, seat, 1), policy, agents[seat])
        agents[seat] = pupil
        result = play_game(game, agents, game_seed)
        for observation, mask, label in pupil.rows:
            observations.append(observation)
            masks.append(mask)
            actions.append(label)
            values.append(np.roll(np.asarray(result.returns, np.float32), -seat))
            index.append(k)
        hits += pupil.hits
    data = Demonstrations.stacked(game, observations, masks, actions, values, games, index)
    return data, (hits / len(actions) if actions else float("nan"))


def joined(a: Demonstrations, b: Demonstrations) -> Demonstrations:
    """Both sets of positions as one (``b``'s games numbered after ``a``'s)."""
    index_a = a.games_index if a.games_index is not None else np.zeros(len(a), np.int64)
    index_b = b.games_index if b.games_index is not None else np.zeros(len(b), np.int64)
    return Demonstrations(
        np.concatenate([a.observations, b.observations]), np.concatenate([a.masks, b.masks]),
        np.concatenate([a.actions, b.actions]), np.concatenate([a.values, b.values]),
        a.games + b.games, np.concatenate([index_a, index_b + a.games]))


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
