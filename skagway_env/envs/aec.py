"""ONE PettingZoo AEC environment for every registered game.

Rules live in the game; this class only turns the protocol into PettingZoo's API:
chance nodes are played with the env's seeded ``np_random``, simultaneous nodes
collect one action per seat before applying them, rewards arrive at the end.
``max_cycles`` (PettingZoo's cap, counted as cycles of every agent moving once, so
``max_cycles * num_agents`` moves) ends an unfinished game as a *truncation*, with
zero rewards, as does a game capped by its own rules (``State.is_truncated``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core import CHANCE, SIMULTANEOUS, TERMINAL
from .common import (
    GameEnvMixin,
    end_info,
    plain_seed,
    sample_chance,
    setup_env,
)
from .wrappers import DirectAssertOutOfBoundsWrapper, DirectOrderEnforcingWrapper


class GameAECEnv(GameEnvMixin, AECEnv):
    """A registered game as an ``AECEnv``; agents are ``player_0 .. player_{n-1}``."""

    def __init__(self, game_name: str, render_mode: str | None = None,
                 max_cycles: int | None = None, **params: Any) -> None:
        super().__init__()
        setup_env(self, game_name, render_mode, params, max_cycles)
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._no_actions = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)

    # ------------------------------------------------------------------ episode
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        seed = plain_seed(seed)
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.game_state = self.game.new_initial_state()
        self._pending: dict[int, int] = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._moves = 0
        self._advance()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        if self._to_move == SIMULTANEOUS:
            seat = self._index[agent]
            legal = state._legal_for(seat)  # kept by the state until the joint move
            if action not in legal:
                raise state._illegal(action, seat, legal)
            self._pending[seat] = int(action)
            if len(self._pending) == self.num_agents:
                state.apply_actions([self._pending[p] for p in range(self.num_agents)])
                self._pending = {}
        else:
            state.apply_action(action)
        self._cumulative_rewards[agent] = 0.0
        self._moves += 1
        self._advance()

    def _advance(self) -> None:
        """Play chance, then point ``agent_selection`` at whoever moves next."""
        state, rng = self.game_state, self.np_random
        cur = state.current_player()
        while cur == CHANCE:
            state.apply_action(sample_chance(state, rng))
            cur = state.current_player()
        self._to_move = cur
        if cur == TERMINAL:
            info = end_info(state)
            capped = info["truncated"]
            for a, i in self._index.items():
                self.rewards[a] = info["returns"][i]
                self.terminations[a] = not capped
                self.truncations[a] = capped
                self.infos[a] = dict(info)
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        elif self.max_cycles is not None and self._moves >= self.max_cycles * self.num_agents:
            info = {**end_info(state), "truncated": True}
            self._to_move = TERMINAL
            for a in self.agents:
                self.rewards[a] = 0.0
                self.truncations[a] = True
                self.infos[a] = dict(info)
            self.agent_selection = self.agents[0]
        else:
            if cur == SIMULTANEOUS:
                cur = next(p for p in range(self.num_agents) if p not in self._pending)
            self.agent_selection = self.possible_agents[cur]
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ views
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._index[agent]
        state = self.game_state
        active = agent == self.agent_selection and self._to_move != TERMINAL
        return {
            "observation": state.observation_tensor(seat),
            "action_mask": state.legal_actions_mask(seat) if active else self._no_actions.copy(),
        }



def wrap_aec(env: GameAECEnv, illegal_action: str = "raise") -> AECEnv:
    """PettingZoo's standard wrappers (see ``wrappers.py`` for their direct paths).

    ``illegal_action="raise"`` (default) lets the game raise ``IllegalActionError``;
    ``"terminate"`` ends the game with -1 for the offender (PettingZoo classic style).
    """
    if illegal_action == "terminate":
        env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    elif illegal_action != "raise":
        raise ValueError(f"illegal_action must be 'raise' or 'terminate', got {illegal_action!r}")
    env = DirectAssertOutOfBoundsWrapper(env)
    return DirectOrderEnforcingWrapper(env)
