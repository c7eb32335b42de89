"""A trained PPO bot: ``ppo:path/to/policy.zip`` (see ``agents/policy_file.py``).

The file's header is checked against the game being played before torch is even
imported: a bot of another game, version or size is refused with one clear line. The
bot reads only its seat's observation tensor and legal-action mask, so it plays the
view a runner hands it like any other agent. ``greedy=true`` (default) plays the most
probable action; ``greedy=false`` samples from the policy with the agent's own RNG.
``action_probabilities`` is the policy's distribution, which MCTS uses as a prior.
A hinted bot (trained with ``hint:``, ``agents/rl/hints.py``) asks its style for a
move on the same view and adds it to the policy's logits, as in training.
A bot trained at one player count is refused at another (the header records it):
``any_players=true`` seats it anyway (the tensor may have the same size, but what its
features mean, the seats' order and the odds, differ), and ``mcts:...,any_players=true``
passes the same opt-in to an MCTS agent's ``ppo:`` prior or rollout.
Inference runs on one torch thread unless ``SKAGWAY_TORCH_THREADS`` says otherwise
(tournaments parallelise over processes instead).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from skagway_env.core import Game, State

from .base import Agent
from .policy_file import PolicyHeader, read_header
from .specs import Option


@lru_cache(maxsize=16)
def _load(path: str, stamp: tuple[int, int]) -> tuple[PolicyHeader, Any]:
    """One policy per file version, shared by every agent playing it (read-only)."""
    from .rl.network import load_policy
    from .threads import configure_threads

    configure_threads(int(os.environ.get("SKAGWAY_TORCH_THREADS", "1")))
    return load_policy(path)


class PPOAgent(Agent):
    """A bot trained by `skagway train` (ppo:path/to/policy.zip[,greedy=false,any_players=true]).

    The file is checked against the game first (see the module docstring)."""

    name = "ppo"
    options = {"path": Option(str, none=True), "greedy": Option(bool),
               "any_players": Option(bool)}

    def __init__(self, game: Game, seed: int | None = None, path: str | None = None,
                 greedy: bool = True, any_players: bool = False) -> None:
        super().__init__(game, seed)
        if not path:
            raise ValueError("ppo needs a policy file: ppo:path/to/policy.zip")
        read_header(path).check(game, any_players=any_players)
        info = Path(path).stat()
        self.path, self.greedy, self.any_players = str(path), bool(greedy), bool(any_players)
        self.header, self.policy = _load(str(Path(path).resolve()),
                                         (info.st_mtime_ns, info.st_size))
        self._hint = None  # a hinted bot's style (agents/rl/hints.py), asked every move
        if self.header.extra.get("hint"):
            from .hint_features import make_hint_agent

            self._hint = make_hint_agent(self.header.extra["hint"], game, self.rng)

    def params(self) -> dict[str, Any]:
        return {"greedy": self.greedy, **({"any_players": True} if self.any_players else {})}

    def action_probabilities(self, state: State, player: int) -> np.ndarray:
        """The policy's probability of every action (zero off the legal ones)."""
        from .rl.network import action_probabilities

        observation = state.observation_tensor(player)
        if self._hint is not None:
            from .hint_features import hint_vector, hinted_observation

            observation = hinted_observation(observation, hint_vector(
                self._hint, state, player, self.header.num_actions))
        return action_probabilities(self.policy, observation,
                                    state.legal_actions_mask(player))

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        probs = self.action_probabilities(state, player)
        if self.greedy:
            return int(np.argmax(probs))
        return int(self.rng.choice(len(probs), p=probs))
