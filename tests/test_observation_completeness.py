"""The observation tensor holds at least what a seat can read on the table.

Over random games, two states whose ``observation_tensor(p)`` are equal must give
``p`` equal legal actions and an equal ``position_string(p)`` (the observation string
without its move log). A learner reading the tensor then misses nothing public.
"""

from __future__ import annotations

import numpy as np
import pytest

from .conftest import random_playout

# Games whose tensors miss something public: each entry must go once fixed.
PENDING: set[str] = set()


def test_equal_tensors_mean_equal_positions(config, request):
    if config.name in PENDING:
        request.node.add_marker(pytest.mark.xfail(
            strict=False, reason=f"{config.name}: the tensor misses public facts"))
    game = config.make()
    rng = np.random.default_rng(21)
    seen: dict[tuple[int, bytes], tuple[list[int], str, str]] = {}
    clashes = []

    def check(state) -> None:
        for p in range(game.num_players):
            key = (p, state.observation_tensor(p).tobytes())
            here = (state.legal_actions(p), state.position_string(p))
            if key not in seen:
                seen[key] = (*here, str(state))
            elif seen[key][:2] != here:
                clashes.append((p, seen[key], here))

    for _ in range(30 if game.num_players <= 4 else 15):
        random_playout(game.new_initial_state(), rng, visit=check)
    assert not clashes, (
        f"{len(clashes)} pairs of states with equal tensors differ for their seat; "
        f"first, seat {clashes[0][0]}:\n{clashes[0][1][1]}\n---\n{clashes[0][2][1]}")
