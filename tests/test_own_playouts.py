"""A game's own random playout (``_random_playout(below, uniform)``, used by
``MCTSAgent._playout``) plays the game the generic loop plays: at positions of games
walked by uniform, heuristic and sensible-random play (``tests/walks.py``), for every
configuration of every game that has one, the same draws from the same generator give
the same history, the same final state and the same returns as a loop of checked
moves drawn from the listed legal actions and chance outcomes (``core.playout``).
"""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.core import CHANCE, SIMULTANEOUS, TERMINAL, State
from skagway_env.core.playout import draws, pick_python

from .conftest import CONFIGS, GameConfig
from .walks import walks

OWN = [c for c in CONFIGS if hasattr(c.make().state_class, "_random_playout")]
STRIDE = 11  # every eleventh position of each walk


def generic_playout(state: State, rng: np.random.Generator) -> None:
    """The plain loop: each move drawn from the listed actions, and checked (a
    simultaneous node's joint move a draw a seat, in seat order, as ``random_step``)."""
    below, uniform = draws(rng)
    while (cur := state.current_player()) != TERMINAL:
        if cur == CHANCE:
            state.apply_action(pick_python(state.chance_outcomes(), uniform()))
        elif cur == SIMULTANEOUS:
            listed = [state.legal_actions(p) for p in range(state.num_players)]
            state.apply_actions([legal[below(len(legal))] for legal in listed])
        else:
            legal = state.legal_actions(cur)
            state.apply_action(legal[below(len(legal))])


def test_some_games_have_their_own_playout():
    assert {"skagway", "klondike_rush", "klondike1896_council"} <= {c.name for c in OWN}


@pytest.mark.parametrize("config", OWN, ids=str)
def test_own_playout_is_the_generic_playout(config: GameConfig):
    game = config.make()
    checked = 0
    for played in walks(config):
        steps = list(range(0, len(played.history), STRIDE))
        for at, state in zip(steps, played.positions(game, steps), strict=True):
            ours, theirs = state.clone(), state.clone()
            generic_playout(theirs, np.random.default_rng(at))
            below, uniform = draws(np.random.default_rng(at))
            ours._random_playout(below, uniform)
            assert ours.history == theirs.history, (played, at)
            assert ours.is_terminal() and ours._legal is None
            assert ours == theirs and ours.returns() == theirs.returns()
            assert ours.legal_actions_mask().tolist() == theirs.legal_actions_mask().tolist()
            checked += 1
    assert checked > 20
