"""PettingZoo's standard AEC wrappers, with the hot paths made direct.

``OrderEnforcingWrapper`` and ``AssertOutOfBoundsWrapper`` forward every attribute
read (``agent_selection``, ``terminations`` ...) through two ``__getattr__`` hops;
in a game whose rules cost ~10 microseconds a step that forwarding alone doubled the
cost. These subclasses keep the wrappers' behaviour and checks exactly and read the
per-step attributes straight from the unwrapped env.
"""

from __future__ import annotations

import numbers

from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

_PER_STEP = (
    "agents",
    "agent_selection",
    "rewards",
    "terminations",
    "truncations",
    "infos",
    "_cumulative_rewards",
)


def _direct(name: str, guarded: bool) -> property:
    def read(self):
        if guarded and not self._has_reset and name != "_cumulative_rewards":
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    return property(read)


class DirectAssertOutOfBoundsWrapper(AssertOutOfBoundsWrapper):
    """``AssertOutOfBoundsWrapper`` with a direct bounds check on ``Discrete(n)``."""

    def __init__(self, env) -> None:
        super().__init__(env)
        self._raw = env.unwrapped
        self._num_actions = {a: env.action_space(a).n for a in env.possible_agents}

    def step(self, action) -> None:
        raw = self._raw
        agent = raw.agent_selection
        if action is None:
            assert raw.terminations[agent] or raw.truncations[agent], (
                "action is not in action space"
            )
        else:
            assert isinstance(action, numbers.Integral) and 0 <= action < self._num_actions[
                agent
            ], "action is not in action space"
        self.env.step(action)


class DirectOrderEnforcingWrapper(OrderEnforcingWrapper):
    """``OrderEnforcingWrapper`` reading per-step attributes without forwarding."""

    def __init__(self, env) -> None:
        super().__init__(env)
        self._raw = env.unwrapped

    def last(self, observe: bool = True):
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self._raw.last(observe)


for _name in _PER_STEP:
    setattr(DirectAssertOutOfBoundsWrapper, _name, _direct(_name, guarded=False))
    setattr(DirectOrderEnforcingWrapper, _name, _direct(_name, guarded=True))
