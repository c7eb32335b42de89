"""Public strings say no more than every seat sees: two moves that some seat cannot tell
apart (its observation tensor and string after them are equal) read the same to the
table (``State.public_action_string``, which narrators print when a person plays).

Checked along games walked by players' policies (``tests/walks.py``) at sampled chance
nodes (``public_chance_string``: "a card is drawn", not which) and at sampled decisions,
for the seats other than the mover (a card discarded face down). Pairs of moves that
leave the same state are skipped: they hide nothing.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from skagway_env.core import CHANCE, State
from skagway_env.core.playout import apply_entry

from .walks import Walk, walks

NODES_PER_WALK = 6
"""Chance nodes, and as many decisions, checked per walked game."""

MOVES_PER_NODE = 16
"""Moves compared at a node at most (drawn at random where there are more)."""


def unreadable_pairs(state: State, rng: np.random.Generator) -> list[str]:
    """Moves at ``state`` that some other seat cannot tell apart but whose public
    strings differ (as ``a -> 'string'`` pairs, with the seat)."""
    mover = state.current_player()
    moves = state.legal_actions()
    if len(moves) > MOVES_PER_NODE:
        moves = sorted(rng.choice(moves, size=MOVES_PER_NODE, replace=False).tolist())
    seen = defaultdict(list)  # (seat, its sight after the move) -> moves
    after = {}
    for move in moves:
        child = state.clone()
        apply_entry(child, move)
        after[move] = child.serialize()
        for p in range(state.num_players):
            if p != mover:
                sight = (child.observation_tensor(p).tobytes(), child.observation_string(p))
                seen[p, sight].append(move)
    told = {move: state.public_action_string(move) for move in moves}
    problems = []
    for (p, _), alike in seen.items():
        first = alike[0]
        for move in alike[1:]:
            if told[move] != told[first] and after[move] != after[first]:
                problems.append(f"seat {p} cannot tell {first} from {move}, yet the table "
                                f"reads {told[first]!r} and {told[move]!r}")
                break
    return problems


def sampled_nodes(walk: Walk, chance: bool, rng: np.random.Generator
                  ) -> list[tuple[int, State]]:
    """Up to ``NODES_PER_WALK`` chance nodes (or single-seat decisions) of ``walk``."""
    game = walk.config.make()
    states = walk.positions(game)[:-1]
    steps = [t for t, s in enumerate(states)
             if (s.current_player() == CHANCE if chance else s.current_player() >= 0)]
    picked = sorted(rng.permutation(steps)[:NODES_PER_WALK].tolist()) if steps else []
    return [(t, states[t]) for t in picked]


@pytest.mark.parametrize("chance", [True, False], ids=["chance", "decision"])
def test_moves_a_seat_cannot_tell_apart_read_alike(config, chance):
    if not config.make().info.hidden_information:
        pytest.skip("perfect-information configuration: every move is public")
    failures = []
    for walk in walks(config):
        rng = np.random.default_rng([walk.seed, 5, chance])
        for step, state in sampled_nodes(walk, chance, rng):
            failures += [f"{walk}, step {step}: {problem}"
                         for problem in unreadable_pairs(state, rng)]
    assert not failures, f"{len(failures)} telling strings:\n" + "\n".join(failures[:12])
