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
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

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
            assert (type(action) is int or isinstance(action, numbers.Integral)) and (
                0 <= action < self._num_actions[agent]
            ), "action is not in action space"
        self.env.step(action)


class DirectOrderEnforcingWrapper(OrderEnforcingWrapper):
    """``OrderEnforcingWrapper`` reading per-step attributes without forwarding."""

    def __init__(self, env) -> None:
        super().__init__(env)
        self._raw = env.unwrapped

    def step(self, action) -> None:
        if self._has_reset and self._raw.agents:
            self._has_updated = True
            self.env.step(action)  # the order checks passed: skip the forwarding chain
        else:
            super().step(action)

    def last(self, observe: bool = True):
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self._raw.last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _DirectIterable(self, max_iter)


class _DirectIterable(AECOrderEnforcingIterable):
    def __iter__(self) -> AECOrderEnforcingIterator:
        return _DirectIterator(self.env, self.max_iter)


class _DirectIterator(AECOrderEnforcingIterator):
    """``AECOrderEnforcingIterator.__next__`` with the same checks, read directly."""

    def __next__(self) -> str:
        env = self.env
        raw = env._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return raw.agent_selection


for _name in _PER_STEP:
    setattr(DirectAssertOutOfBoundsWrapper, _name, _direct(_name, guarded=False))
    setattr(DirectOrderEnforcingWrapper, _name, _direct(_name, guarded=True))
