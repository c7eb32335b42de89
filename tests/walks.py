"""Games walked the way players play them, shared by the generic contract tests.

Uniform-random play is a poor sampler of positions (ENGINEERING.md, "Test where players
go"): it bids itself broke, ends games early or never, and never builds the hands and
boards that bots build. So besides uniform play the generic tests walk games played by

- each heuristic style at half the seats with uniform-random players at the others,
  the style and its seats rotating from one game to the next (``mixed``);
- a "sensible random" policy: every seat follows a heuristic style's choice with
  probability ``SENSIBLE_FOLLOW`` and otherwise plays a uniform legal action, so games
  go deep, like the bots' games, yet vary (``sensible``).

The heuristics are handed the true state, not ``state.view(seat, rng)`` as the
tournament runner hands them: a walk only samples positions, the views are what the
tests check, so a view that crashes is reported by the test at the position where it
crashes instead of breaking every test that shares the walk. (That the heuristics read
only what their seat sees is ``tests/test_bots.py``'s business.)

Every random choice comes from a generator seeded from the walk's seed; walks are
cached per configuration, so the tests of one configuration in one process share them.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from skagway_agents import make_agent
from skagway_agents.heuristics import styles_module

from skagway_env.core import SIMULTANEOUS, Game, State
from skagway_env.core.playout import apply_entry, sample_chance

from .conftest import GameConfig

SENSIBLE_FOLLOW = 0.7
"""How often a "sensible random" seat plays its heuristic style's choice."""

MAX_WALK_STEPS = 500
"""A walk stops after this many history entries (chance included). Games with uniform
seats can run to a game's turn cap (over 1,000 steps in Skagway, where two views of a
1,251-step game cost 4 s); whole games are walked by the slow test in
``test_real_play_views``."""

Chooser = Callable[[State, int], int]
"""Picks ``player``'s action in a state (the seat to move, or one of a joint move)."""


@dataclass(frozen=True)
class Walk:
    """One walked game (or its first ``MAX_WALK_STEPS`` steps): how it was played and
    the history it left."""

    config: GameConfig
    policy: str
    seed: int
    history: tuple[Any, ...]

    def __str__(self) -> str:
        return f"{self.config} {self.policy} seed {self.seed}"

    def positions(self, game: Game, steps: list[int] | None = None) -> list[State]:
        """The states before the history entries at ``steps`` (ascending; ``len(history)``
        is the walk's last state), replayed from ``game.new_initial_state()``; every
        state when ``steps`` is None."""
        wanted = range(len(self.history) + 1) if steps is None else steps
        found, state, at = [], game.new_initial_state(), 0
        for step in wanted:
            for entry in self.history[at:step]:
                apply_entry(state, entry)
            at = step
            found.append(state.clone())
        return found


def _random_seat(game: Game, seed: int) -> Chooser:
    agent = make_agent("random", game, seed=seed)
    return agent.act


def _heuristic_seat(game: Game, style: str, seed: int) -> Chooser:
    agent = make_agent(f"heuristic:{style}", game, seed=seed)
    return agent.act


def _sensible_seat(game: Game, style: str, seed: int) -> Chooser:
    """The style's choice with probability ``SENSIBLE_FOLLOW``, else a uniform one."""
    heuristic = make_agent(f"heuristic:{style}", game, seed=seed)
    rng = np.random.default_rng([seed, 1])

    def choose(state: State, player: int) -> int:
        if rng.random() < SENSIBLE_FOLLOW:
            return heuristic.act(state, player)
        legal = state.legal_actions(player)
        return legal[int(rng.integers(len(legal)))]
    return choose


def lineup(game: Game, policy: str, index: int, seed: int) -> tuple[str, list[Chooser]]:
    """The seats of game ``index`` of ``policy`` (``uniform``, ``mixed``, ``sensible``),
    and a label naming who sits where."""
    n = game.num_players
    styles = list(styles_module(game.name).STYLES)
    seat_seeds = [seed * 16 + j for j in range(n)]
    if policy == "uniform":
        return "uniform", [_random_seat(game, s) for s in seat_seeds]
    if policy == "mixed":
        style, turn = styles[index % len(styles)], index // len(styles)
        heuristic = [(j + turn) % 2 == 0 for j in range(n)]
        label = "".join(style[0] if h else "r" for h in heuristic)
        seats = [_heuristic_seat(game, style, s) if h else _random_seat(game, s)
                 for h, s in zip(heuristic, seat_seeds, strict=True)]
        return f"mixed {style} [{label}]", seats
    if policy == "sensible":
        chosen = [styles[(j + index) % len(styles)] for j in range(n)]
        seats = [_sensible_seat(game, style, s)
                 for style, s in zip(chosen, seat_seeds, strict=True)]
        return f"sensible {'/'.join(chosen)}", seats
    raise ValueError(f"unknown walk policy {policy!r}")


def walk(config: GameConfig, policy: str, index: int, seed: int,
         max_steps: int = MAX_WALK_STEPS) -> Walk:
    """Play game ``index`` of ``policy`` from ``seed`` (chance drawn from it too)."""
    game = config.make()
    label, seats = lineup(game, policy, index, seed)
    rng = np.random.default_rng([seed, 0])
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history) < max_steps:
        cur = state.current_player()
        if state.is_chance_node():
            entry: Any = sample_chance(state, rng)
        elif cur == SIMULTANEOUS:
            entry = [seats[p](state, p) for p in range(game.num_players)]
        else:
            entry = seats[cur](state, cur)
        apply_entry(state, entry)
    return Walk(config, label, seed, tuple(state.history))


WALK_PLAN: dict[str, int] = {"uniform": 1, "mixed": 4, "sensible": 2}
"""Games walked per configuration and policy (``walks``). Four mixed games give each
style of a two-style game both seat parities."""


@functools.cache
def walks(config: GameConfig, plan: tuple[tuple[str, int], ...] | None = None
          ) -> tuple[Walk, ...]:
    """The walked games of ``config`` (``WALK_PLAN`` unless ``plan`` says otherwise),
    seeded from the configuration's name alone (so adding a game changes no seed)."""
    plan = tuple(WALK_PLAN.items()) if plan is None else plan
    base = zlib.crc32(str(config).encode()) * 1000
    found = []
    for k, (policy, count) in enumerate(plan):
        for index in range(count):
            found.append(walk(config, policy, index, base + 100 * k + index))
    return tuple(found)
