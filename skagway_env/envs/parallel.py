"""ONE PettingZoo Parallel environment for every registered game.

At a simultaneous node every seat acts and the joint action is applied. At an
ordinary node only the seat to move has legal actions (the others' masks are all
zero and their actions are ignored, and may be omitted).

``illegal_action="raise"`` (default) lets the game raise ``IllegalActionError``;
``"terminate"`` ends the game instead, with ``illegal_reward`` (-1) for each seat that
sent an illegal action and 0 for the others (PettingZoo classic's rule, which tools
that sample unmasked actions, such as ``parallel_seed_test``, need). ``max_cycles``
ends an unfinished game after that many steps as a *truncation* with zero rewards, as
does a game capped by its own rules (``State.is_truncated``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.utils import seeding
from pettingzoo import ParallelEnv

from ..core import SIMULTANEOUS, TERMINAL, IllegalActionError
from .common import (
    GameEnvMixin,
    end_info,
    plain_seed,
    resolve_chance,
    setup_env,
)

ILLEGAL_ACTION_MODES = ("raise", "terminate")


class GameParallelEnv(GameEnvMixin, ParallelEnv):
    def __init__(self, game_name: str, render_mode: str | None = None,
                 illegal_action: str = "raise", illegal_reward: float = -1.0,
                 max_cycles: int | None = None, **params: Any) -> None:
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(f"illegal_action must be 'raise' or 'terminate', "
                             f"got {illegal_action!r}")
        setup_env(self, game_name, render_mode, params, max_cycles)
        self.illegal_action, self.illegal_reward = illegal_action, float(illegal_reward)
        self.metadata["is_parallelizable"] = True
        self.agents: list[str] = []
        self._steps = 0
        self._no_actions = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)

    def reset(self, seed: int | None = None, options: dict | None = None):
        seed = plain_seed(seed)
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.game_state = self.game.new_initial_state()
        resolve_chance(self.game_state, self.np_random)
        self.agents = self.possible_agents[:]
        self._steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self, cur: int | None = None) -> dict[str, dict[str, np.ndarray]]:
        """Every live agent's observation and mask (``cur``: the state's current player,
        when the caller has it). At an ordinary node a seat not to move has no legal
        action: its mask is a copy of the empty one, not asked of the game
        (``State.legal_actions_mask`` gives the same zeros, more slowly). Where the
        state's ``observation_tensors()`` gives every seat's tensor at once (the council
        game's race ticks: one call, no copy a seat), each seat gets its row, else its
        own ``observation_tensor``."""
        state = self.game_state
        if not self.agents:
            return {}
        if cur is None:
            cur = state.current_player()
        rows = state.observation_tensors()
        if rows is None:
            rows = [state.observation_tensor(i) for i in range(len(self.possible_agents))]
        if cur == SIMULTANEOUS:
            mask = state.legal_actions_mask
            return {a: {"observation": rows[i], "action_mask": mask(i)}
                    for i, a in enumerate(self.possible_agents)}
        none = self._no_actions
        return {a: {"observation": rows[i],
                    "action_mask": state.legal_actions_mask(i) if i == cur else none.copy()}
                for i, a in enumerate(self.possible_agents)}

    def _offenders(self, actions: dict[str, int]) -> list[str]:
        """Seats whose action is missing or illegal (only the movers' count)."""
        state = self.game_state
        cur = state.current_player()
        movers = range(self.num_agents) if cur == SIMULTANEOUS else [cur]
        return [self.possible_agents[p] for p in movers
                if self.possible_agents[p] not in actions
                or int(actions[self.possible_agents[p]]) not in state.legal_actions(p)]

    def step(self, actions: dict[str, int]):
        state = self.game_state
        agents = self.possible_agents
        self._steps += 1
        offenders = self._offenders(actions) if self.illegal_action == "terminate" else []
        if offenders:
            return self._end_illegal(offenders)
        cur = state.current_player()
        if cur == SIMULTANEOUS:
            missing = [a for a in agents if a not in actions]
            if missing:
                raise IllegalActionError(f"simultaneous node: no action for {missing}")
            state.apply_actions([int(actions[a]) for a in agents])
        else:
            mover = agents[cur]
            if mover not in actions:
                raise IllegalActionError(f"{mover} is to move but sent no action")
            state.apply_action(int(actions[mover]))
        resolve_chance(state, self.np_random)
        cur = state.current_player()
        done = cur == TERMINAL
        capped = not done and self.max_cycles is not None and self._steps >= self.max_cycles
        rewards = (dict(zip(agents, state.returns(), strict=True)) if done
                   else dict.fromkeys(agents, 0.0))
        truncated = capped or (done and state.is_truncated())
        terminations = dict.fromkeys(self.agents, done and not truncated)
        truncations = dict.fromkeys(self.agents, truncated)
        if done or capped:
            info = {**end_info(state), "truncated": truncated}
            infos: dict[str, dict] = {a: dict(info) for a in self.agents}
        else:
            infos = {a: {} for a in self.agents}
        observations = self._observations(cur)
        if done or capped:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _end_illegal(self, offenders: list[str]):
        """``illegal_action="terminate"``: the game ends; offenders get ``illegal_reward``."""
        observations = self._observations()
        rewards = {a: (self.illegal_reward if a in offenders else 0.0)
                   for a in self.possible_agents}
        terminations = dict.fromkeys(self.agents, True)
        truncations = dict.fromkeys(self.agents, False)
        infos = {a: {"illegal_action": a in offenders} for a in self.agents}
        self.agents = []
        return observations, rewards, terminations, truncations, infos
