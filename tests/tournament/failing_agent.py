"""A test agent that plays at random and raises in one chosen game.

Named by its file (``tests/tournament/failing_agent.py:FailingAgent,...``), so pool and
Ray workers load it as the parent does, with no registration to carry over. Setting
the environment variable :data:`FIXED` stands for fixing the bug: the agent then plays
that game at random too, so a retried game finishes.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

from skagway_agents import RandomAgent
from skagway_experiments.play import derive_seed

from skagway_env.core import Game, State

FIXED = "SKAGWAY_TEST_FAILING_AGENT_FIXED"


def failing_spec(tournament_seed: int, index: int, **options: object) -> str:
    """The spec of a failing agent that breaks game ``index`` of a tournament seeded
    ``tournament_seed`` (named by this file's absolute path, which every worker finds)."""
    fail_seed = derive_seed(tournament_seed, index)
    extra = "".join(f",{key}={value}" for key, value in options.items())
    return f"{Path(__file__).resolve()}:FailingAgent,fail_seed={fail_seed}{extra}"


class AgentBug(RuntimeError):
    """What the failing agent raises (a stand-in for a bug in an agent or the engine)."""


class FailingAgent(RandomAgent):
    """Random play, except in the game seeded ``fail_seed``: after ``after`` of its own
    moves there it raises :class:`AgentBug`, or with ``illegal=True`` returns an action
    the engine rejects (so the engine raises), or with ``interrupt=True`` raises
    ``KeyboardInterrupt`` as Ctrl-C would, or with ``crash=True`` kills its own process
    with SIGSEGV, as a crash in compiled code would."""

    name = "failing"

    def __init__(self, game: Game, seed: int | None = None, fail_seed: int = -1,
                 after: int = 2, illegal: bool = False, interrupt: bool = False,
                 crash: bool = False) -> None:
        super().__init__(game, seed)
        self.fail_seed, self.after = fail_seed, after
        self.illegal, self.interrupt, self.crash = illegal, interrupt, crash
        self.moves = 0

    def act(self, state: State, player: int) -> int:
        if (self.fail_seed >= 0 and self.seed == derive_seed(self.fail_seed, player)
                and not os.environ.get(FIXED)):
            if self.moves >= self.after:
                if self.interrupt:
                    raise KeyboardInterrupt
                if self.crash:
                    os.kill(os.getpid(), signal.SIGSEGV)
                if self.illegal:
                    return self.game.num_distinct_actions()  # no game has it
                raise AgentBug(f"planted failure in the game seeded {self.fail_seed}")
            self.moves += 1
        return super().act(state, player)

    def params(self) -> dict[str, Any]:
        return {"fail_seed": self.fail_seed, "after": self.after, "illegal": self.illegal,
                "interrupt": self.interrupt, "crash": self.crash}
