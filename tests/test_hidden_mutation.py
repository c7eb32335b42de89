"""Hidden mutation: change something a seat cannot see, replay the rest of the game, and
nothing that seat receives may change (ENGINEERING.md, "Test where players go").

Along games walked by players' policies (``tests/walks.py``), for one seat ``p`` a
walk (rotating):

- a *hidden outcome*: a chance outcome, or another seat's action, is swapped for an
  alternative after which ``p``'s observation (tensor and string) is what it was, and
  the rest of the game's history is replayed on both lines in lockstep;
- a *view*: ``state.view(p, rng)`` at a sampled position, a state ``p`` cannot tell from
  the truth, walked in lockstep with the truth by the game's own later moves.

While every observation of ``p`` so far is equal on both lines, who is to decide must
be equal, ``p``'s legal actions must be equal when it is ``p``'s turn, and so must
``p``'s information state. The walk stops where ``p``'s observations part (the secret
came out) or where a move of the history is illegal on the mutated line (a move of the
seat that holds the secret, or a chance outcome the mutation took away): both are
legitimate. No game knowledge is needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from skagway_env import IllegalActionError
from skagway_env.core import CHANCE, SIMULTANEOUS, State
from skagway_env.core.playout import apply_entry, replay

from .walks import Walk, walks

STEPS_TRIED = 40
"""Mutation points tried per walk before giving up on finding a hidden alternative."""

ALTERNATIVES_TRIED = 4
"""Alternatives tried at each mutation point."""

MUTATIONS_PER_WALK = 3
"""Mutations of each kind per walked game, each for another seat."""

HORIZON = 60
"""Moves walked in lockstep after a mutation at most (the cost of a check)."""


def sight(state: State, player: int) -> tuple[bytes, str]:
    """What ``player`` receives of a position: its tensor and its string."""
    return state.observation_tensor(player).tobytes(), state.observation_string(player)


def alternatives(state: State, entry: Any, player: int) -> list[Any]:
    """The entries that could stand instead of ``entry`` without ``player`` choosing
    differently: other chance outcomes, other actions of the seat to move (not
    ``player``), other joint moves keeping ``player``'s part."""
    cur = state.current_player()
    if cur == SIMULTANEOUS:
        found = []
        for q in range(state.num_players):
            if q != player:
                found += [entry[:q] + [a] + entry[q + 1:] for a in state.legal_actions(q)
                          if a != entry[q]]
        return found
    if cur == player:
        return []
    return [a for a in state.legal_actions() if a != entry]


def hidden_mutation(walk: Walk, player: int, rng: np.random.Generator
                    ) -> tuple[int, list[Any]] | None:
    """A step ``t`` of ``walk`` and a history that differs from the walk's first
    ``t + 1`` entries only in entry ``t``, after which ``player`` sees what it saw
    in the walk and the state is not the same; None if none was found."""
    game = walk.config.make()
    history = list(walk.history)
    steps = rng.permutation(len(history))[:STEPS_TRIED].tolist()
    states = dict(zip(sorted(steps), walk.positions(game, sorted(steps)), strict=True))
    for t in steps:  # in the drawn order: any part of the game may be mutated
        state = states[t]
        options = alternatives(state, history[t], player)
        if not options:
            continue
        truth = state.clone()
        apply_entry(truth, history[t])
        seen = sight(truth, player)
        for k in rng.permutation(len(options))[:ALTERNATIVES_TRIED]:
            mutated = state.clone()
            apply_entry(mutated, options[k])
            if sight(mutated, player) == seen and mutated != truth:
                return t, history[:t] + [options[k]]
    return None


def lockstep_problems(truth: State, mutated: State, player: int, moves: Sequence[Any],
                      horizon: int) -> tuple[list[str], int]:
    """Play ``moves`` (at most ``horizon``) on both lines while ``player``'s
    observations stay equal and the moves stay legal on ``mutated``; return what went
    wrong and how many moves were played on both.

    Besides the rules before each move, one after it: when another seat's move reads
    the same to the table on both lines (``public_action_string``) and ``player`` saw
    the same before it, the seat asked next must be the same. (The observation may
    show who is asked, so the lines would part there and the rule before the next move
    would not see it; a legitimate reveal reads differently to the table, or is a chance
    outcome or a move the other line cannot make.)"""
    problems: list[str] = []
    for i, entry in enumerate(moves[:horizon]):
        if sight(truth, player) != sight(mutated, player):
            return problems, i
        who, also = truth.current_player(), mutated.current_player()
        if who != also:
            problems.append(f"{i} moves on: seat {player} sees the same, but "
                            f"{_who(who)} decides in one line and {_who(also)} in the other")
            return problems, i
        if who in (player, SIMULTANEOUS):
            mine, theirs = truth.legal_actions(player), mutated.legal_actions(player)
            if mine != theirs:
                problems.append(f"{i} moves on: seat {player} sees the same, but its legal "
                                f"actions differ: {mine} vs {theirs}")
                return problems, i
        told = None
        if who >= 0 and who != player:
            told = truth.public_action_string(entry), mutated.public_action_string(entry)
        try:
            apply_entry(mutated, entry)
        except IllegalActionError:
            return problems, i
        apply_entry(truth, entry)
        if told is not None and told[0] == told[1]:
            after, also = truth.current_player(), mutated.current_player()
            if after != also:
                problems.append(
                    f"{i} moves on: seat {player} saw the same, and seat {who}'s move "
                    f"{told[0]!r} reads the same on both lines, yet {_who(after)} decides "
                    f"next in one line and {_who(also)} in the other")
                return problems, i + 1
    return problems, min(len(moves), horizon)


def _who(player: int) -> str:
    return "chance" if player == CHANCE else f"seat {player}"


def information_problems(game, truth_history: Sequence[Any], mutated_history: Sequence[Any],
                         player: int) -> list[str]:
    """``player``'s information states after the two histories, which it saw alike,
    must be equal."""
    truth, mutated = replay(game, truth_history), replay(game, mutated_history)
    if sight(truth, player) != sight(mutated, player):  # the last move played parted them
        truth, mutated = replay(game, truth_history[:-1]), replay(game, mutated_history[:-1])
    if truth.information_state_string(player) != mutated.information_state_string(player):
        return [f"after move {len(truth_history)}: seat {player} saw the same, but its "
                "information states differ"]
    return []


def check_hidden_outcome(walk: Walk, player: int, rng: np.random.Generator) -> list[str]:
    found = hidden_mutation(walk, player, rng)
    if found is None:
        return []
    t, prefix = found
    game = walk.config.make()
    truth, mutated = replay(game, walk.history[:t + 1]), replay(game, prefix)
    moves = walk.history[t + 1:]
    problems, played = lockstep_problems(truth, mutated, player, moves, HORIZON)
    if not problems:
        problems = information_problems(game, walk.history[:t + 1 + played],
                                        prefix + list(moves[:played]), player)
    where = f"{walk}, seat {player}, entry {t} {walk.history[t]!r} -> {prefix[-1]!r}: "
    return [where + p for p in problems]


def check_view_as_mutation(walk: Walk, player: int, rng: np.random.Generator) -> list[str]:
    game = walk.config.make()
    t = int(rng.integers(len(walk.history)))
    truth = walk.positions(game, [t])[0]
    where = f"{walk}, seat {player}, view at step {t}: "
    try:
        mutated = truth.view(player, rng)
    except Exception as exc:
        return [where + f"view raised {type(exc).__name__}: {exc}"]
    start = list(mutated.history)
    moves = walk.history[t:]
    problems, played = lockstep_problems(truth, mutated, player, moves, HORIZON)
    if not problems:
        try:
            problems = information_problems(game, walk.history[:t + played],
                                            start + list(moves[:played]), player)
        except IllegalActionError as exc:  # the view's history does not replay
            problems = [f"replaying the view's history: {exc}"]
    return [where + p for p in problems]


@pytest.mark.parametrize("mutation", [check_hidden_outcome, check_view_as_mutation],
                         ids=["hidden_outcome", "view"])
def test_what_a_seat_cannot_see_changes_nothing_it_receives(config, mutation):
    if not config.make().info.hidden_information:
        pytest.skip("perfect-information configuration: nothing is hidden from a seat")
    failures = []
    for index, walk in enumerate(walks(config)):
        rng = np.random.default_rng([walk.seed, 4])
        for k in range(MUTATIONS_PER_WALK):
            failures += mutation(walk, (index + k) % config.num_players, rng)
    assert not failures, f"{len(failures)} leaks:\n" + "\n".join(failures[:12])
