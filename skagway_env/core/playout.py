"""Playing a state forward: chance sampling, random playouts and replays.

The one implementation of each, shared by the environments, the agents, the runners
and the tests (agents must not reach into the env layer for them).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

import numpy as np

from .._speedups import load
from .game import Game, State


def _checked_draws() -> Any:
    """The compiled ``draws`` module if it draws what this numpy draws (a few hundred
    numbers from a fresh generator, both ways), else None with a warning: the twin copies
    numpy's algorithm, and another numpy release may draw otherwise."""
    module = load("draws")
    if module is None:
        return None
    ours, theirs = np.random.default_rng(2024), np.random.default_rng(2024)
    sizes = [1, 2, 3, 5, 7, 10, 64, 100, 1000, 6950, 65537, 2**31 + 11, 2**32 - 1]
    for n in sizes * 20:
        if module.below(ours.bit_generator, n) != int(theirs.integers(n)):
            break
        if module.uniform(ours.bit_generator) != theirs.random():
            break
    else:
        return module
    warnings.warn("skagway_env: the compiled draws twin disagrees with this numpy "
                  f"({np.__version__}); playouts use numpy's own draws", RuntimeWarning,
                  stacklevel=2)
    return None


_DRAWS = _checked_draws()  # C twins of Generator.integers(n) and .random() (or None)


def draws(rng: np.random.Generator) -> tuple[Callable[[int], int], Callable[[], float]]:
    """``(below, uniform)`` drawing from ``rng``: ``below(n)`` is
    ``int(rng.integers(n))`` (1 <= n < 2**32) and ``uniform()`` is ``rng.random()``, the
    same numbers in the same order from the same generator state, whichever is used
    and however they are mixed with ``rng``'s own methods.

    With the compiled ``_speedups/draws.c`` they call the bit generator directly, some
    twenty times cheaper than numpy's dispatch (a Generator method costs a microsecond
    or more, as much as an engine step: issue 21); without it (or with
    ``SKAGWAY_PURE_PYTHON=1``) they are ``rng``'s methods. For a search's hot loops."""
    if _DRAWS is None:
        integers = rng.integers
        return (lambda n: int(integers(n))), rng.random
    bit_generator = rng.bit_generator
    return partial(_DRAWS.below, bit_generator), partial(_DRAWS.uniform, bit_generator)


def random_legal(state: State) -> Callable[[int, Callable[[int], int]], int]:
    """``move(player, below)``: ``legal[below(len(legal))]`` of ``legal =
    state._legal_actions(player)``, a uniformly random legal move of ``player`` drawn
    with ``below`` (``draws``), for a playout on ``state``.

    A game whose legal lists are long and costly to build (Klondike 1896's bids and
    placements) may give its state a ``_random_legal_action(player, below)`` method
    that makes the same single draw and returns the same action without listing them
    all; it is used then (each such game tests it against the list, state by state)."""
    own = getattr(state, "_random_legal_action", None)
    if own is not None:
        return own

    def move(player: int, below: Callable[[int], int]) -> int:
        legal = state._legal_actions(player)
        return legal[below(len(legal))]

    return move


def random_chance(state: State) -> Callable[[float], int]:
    """``outcome(r)``: ``pick_outcome(state.chance_outcomes(), r)``, the chance outcome a
    uniform draw ``r`` selects at a chance node of ``state``, for a playout.

    A game whose outcome lists are long (Dawson City Barbers deals from 21 card kinds)
    may give its state a ``_chance_outcome_at(r)`` method that sums the same
    probabilities in the same order, stopping at the outcome, without building the
    list; it is used then (tested against the list, like ``random_legal``'s hook)."""
    own = getattr(state, "_chance_outcome_at", None)
    if own is not None:
        return own
    return lambda r: pick_outcome(state.chance_outcomes(), r)


def pick_python(outcomes: list[tuple[int, float]], r: float) -> int:
    """The outcome a uniform draw ``r`` selects: the first whose running sum of
    probabilities exceeds ``r`` (``pick_outcome`` is this, compiled when built)."""
    acc = 0.0
    for action, prob in outcomes:
        acc += prob
        if r < acc:
            return action
    return outcomes[-1][0]  # rounding: the sum of probabilities fell short of r


pick_outcome: Callable[[list[tuple[int, float]], float], int] = (
    pick_python if _DRAWS is None else _DRAWS.pick)
"""``pick_python``, or its C twin (the same sums in doubles, in the same order)."""


def sample_chance(state: State, rng: np.random.Generator,
                  uniform: Callable[[], float] | None = None) -> int:
    """Draw one chance outcome with ``rng`` (one uniform draw, no allocation), or with
    ``uniform`` (``draws(rng)[1]``, the same draw) when given."""
    outcomes = state.chance_outcomes()
    state._note_chance_outcomes(outcomes)  # the outcome's legality check then lists none
    return pick_outcome(outcomes, rng.random() if uniform is None else uniform())


def resolve_chance(state: State, rng: np.random.Generator) -> None:
    """Play chance nodes with ``rng`` until a player (or the end) is to move."""
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))


def apply_unchecked(state: State, action: int) -> None:
    """``state.apply_action(action)`` without its legality check, for an action the
    caller took from ``state``'s own legal actions or chance outcomes (a search's
    playout, a replay of a history already checked): the check costs a Skagway playout
    about a fifth of its time (``current_player`` and, at a chance node, the outcomes
    again). Keep it in step with ``State.apply_action``: the same bookkeeping."""
    state._apply_action(action)
    state.history.append(action)
    state._legal = None


def apply_joint_unchecked(state: State, actions: list[int]) -> None:
    """``state.apply_actions(actions)`` without its legality check (one action a seat,
    each taken from that seat's legal actions): ``apply_unchecked`` at a simultaneous
    node. Keep it in step with ``State.apply_actions``."""
    joint = [int(a) for a in actions]
    state._apply_actions(joint)
    state.history.append(joint)
    state._legal = None


def random_step(state: State, rng: np.random.Generator) -> None:
    """Apply one uniformly random legal move (chance by its odds; a joint move at a
    simultaneous node)."""
    if state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    elif state.is_simultaneous_node():
        state.apply_actions([
            int(rng.choice(state.legal_actions(p))) for p in range(state.num_players)
        ])
    else:
        legal = state._legal_for(None)
        state.apply_action(legal[int(rng.integers(len(legal)))])


def random_playout(state: State, rng: np.random.Generator,
                   visit: Callable[[State], Any] | None = None,
                   max_steps: int | None = None) -> State:
    """Play uniformly random legal moves (chance by its odds) until the end, in place.

    ``visit(state)`` is called at every node before its move is chosen; ``max_steps``
    stops early. Returns ``state`` (its ``returns()`` are the playout's value).
    """
    steps = 0
    while not state.is_terminal():
        if max_steps is not None and steps >= max_steps:
            break
        if visit is not None:
            visit(state)
        random_step(state, rng)
        steps += 1
    return state


def apply_entry(state: State, entry: Any) -> None:
    """Apply one ``history`` entry: an action, or a joint action (a list)."""
    if isinstance(entry, list):
        state.apply_actions(entry)
    else:
        state.apply_action(entry)


def replay_steps(game: Game, history: Sequence[Any]) -> Iterator[tuple[State, Any]]:
    """Walk ``history`` (ints, and lists at simultaneous nodes) from
    ``game.new_initial_state()``: yield ``(state, entry)`` before each entry is applied
    (and checked for legality). The one replay loop of replays, statistics and tools."""
    state = game.new_initial_state()
    for entry in history:
        yield state, entry
        apply_entry(state, entry)


def replay(game: Game, history: Sequence[Any]) -> State:
    """The state reached by applying ``history`` from ``game.new_initial_state()``."""
    state = game.new_initial_state()
    for entry in history:
        apply_entry(state, entry)
    return state
