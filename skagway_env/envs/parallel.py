"""ONE PettingZoo Parallel environment for games with simultaneous moves.

At a simultaneous node every seat acts and the joint action is applied. At an
ordinary node only the seat to move has legal actions (the others' masks are all
zero and their actions are ignored, and may be omitted).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.utils import seeding
from pettingzoo import ParallelEnv

from ..core import SIMULTANEOUS, IllegalActionError
from .common import (
    GameEnvMixin,
    end_info,
    resolve_chance,
    setup_env,
)


class GameParallelEnv(GameEnvMixin, ParallelEnv):
    def __init__(self, game_name: str, render_mode: str | None = None, **params: Any) -> None:
        setup_env(self, game_name, render_mode, params)
        self.metadata["is_parallelizable"] = True
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.game_state = self.game.new_initial_state()
        resolve_chance(self.game_state, self.np_random)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _mask(self, seat: int) -> np.ndarray:
        return self.game_state.legal_actions_mask(seat)

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state = self.game_state
        return {
            a: {"observation": state.observation_tensor(i), "action_mask": self._mask(i)}
            for i, a in enumerate(self.possible_agents)
            if a in self.agents
        }

    def step(self, actions: dict[str, int]):
        state = self.game_state
        cur = state.current_player()
        if cur == SIMULTANEOUS:
            missing = [a for a in self.possible_agents if a not in actions]
            if missing:
                raise IllegalActionError(f"simultaneous node: no action for {missing}")
            state.apply_actions([int(actions[a]) for a in self.possible_agents])
        else:
            mover = self.possible_agents[cur]
            if mover not in actions:
                raise IllegalActionError(f"{mover} is to move but sent no action")
            state.apply_action(int(actions[mover]))
        resolve_chance(state, self.np_random)
        done = state.is_terminal()
        returns = state.returns()
        rewards = {a: (returns[i] if done else 0.0) for i, a in enumerate(self.possible_agents)}
        capped = done and state.is_truncated()
        terminations = dict.fromkeys(self.agents, done and not capped)
        truncations = dict.fromkeys(self.agents, capped)
        infos: dict[str, dict] = {a: {} for a in self.agents}
        if done:
            info = end_info(state)
            for a in self.agents:
                infos[a] = dict(info)
        observations = self._observations()
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

