"""The observation tensor holds at least what a seat can read on the table.

Over random games, two states whose ``observation_tensor(p)`` are equal must give
``p`` equal legal actions and an equal ``position_string(p)`` (the observation string
without its move log). A learner reading the tensor then misses nothing public.

Random games seldom meet the same position twice, so the states checked also include
*transpositions*: from a position, a random stretch of play, and the same stretch with
two of one seat's moves swapped. Those reach positions that differ only in the order
things happened (who sat down first in a barber's shop, say), which is exactly what a
tensor forgets.
"""

from __future__ import annotations

import numpy as np
import pytest

from .conftest import random_playout, sample_states


def transpositions(start, rng, steps: int, swaps: int):
    """A random stretch of play from ``start`` (no chance or simultaneous node in it),
    then the same stretch with two moves of one seat swapped, ``swaps`` times: every
    state reached, move by move, when the swapped order is legal."""
    moves, state = [], start.clone()
    while len(moves) < steps and state.current_player() >= 0:
        legal = state.legal_actions()
        moves.append((state.current_player(), legal[int(rng.integers(len(legal)))]))
        state.apply_action(moves[-1][1])
        yield state.clone()
    for _ in range(swaps):
        seats = [p for p in {p for p, _ in moves} if sum(q == p for q, _ in moves) > 1]
        if not seats:
            return
        p = seats[int(rng.integers(len(seats)))]
        i, j = sorted(rng.choice([k for k, (q, _) in enumerate(moves) if q == p], 2,
                                 replace=False))
        order = list(moves)
        order[i], order[j] = order[j], order[i]
        state = start.clone()
        for seat, action in order:
            if state.current_player() != seat or action not in state.legal_actions():
                break
            state.apply_action(action)
            yield state.clone()

# Games whose tensors miss something public: each entry must go once fixed.
PENDING: set[str] = set()


def test_equal_tensors_mean_equal_positions(config, request):
    if config.name in PENDING:
        request.node.add_marker(pytest.mark.xfail(
            strict=False, reason=f"{config.name}: the tensor misses public facts"))
    game = config.make()
    rng = np.random.default_rng(21)
    seen: dict[tuple[int, bytes], tuple[list[int], str]] = {}
    clashes = []

    def check(state) -> None:
        for p in range(game.num_players):
            key = (p, state.observation_tensor(p).tobytes())
            here = (state.legal_actions(p), state.position_string(p))
            if key not in seen:
                seen[key] = here
            elif seen[key] != here:
                clashes.append((p, seen[key], here))

    for _ in range(30 if game.num_players <= 4 else 15):
        random_playout(game.new_initial_state(), rng, visit=check)
    for start in sample_states(game, seed=22, count=24):
        for state in transpositions(start, rng, steps=4 * game.num_players, swaps=4):
            check(state)
    assert not clashes, (
        f"{len(clashes)} pairs of states with equal tensors differ for their seat; "
        f"first, seat {clashes[0][0]}:\n{clashes[0][1][1]}\n---\n{clashes[0][2][1]}")
