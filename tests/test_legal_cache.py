"""Issue 21: a position's legal actions are listed once, and never stale.

``State`` keeps them until the next ``apply_*``: the mover's list (the mask, the env's
check and ``apply_action``'s check all read it), each seat's list at a simultaneous
node, and at a chance node the actions of the ``chance_outcomes()`` that
``sample_chance`` drew from. Every game, random play, every node: the game's own
``_legal_actions`` runs at most once a seat (never at a sampled chance node), and the
kept list always equals a fresh one.
"""

from __future__ import annotations

import numpy as np
import pytest

import skagway_env
from skagway_env.core import CHANCE, SIMULTANEOUS, TERMINAL
from skagway_env.core.playout import sample_chance


def _counting(state) -> list[int]:
    """Make ``state`` count its game's ``_legal_actions`` calls (per seat asked)."""
    calls: list[int] = []
    listed = type(state)._legal_actions

    def counted(player: int) -> list[int]:
        calls.append(player)
        return listed(state, player)

    state._legal_actions = counted
    return calls


@pytest.mark.parametrize("name", skagway_env.list_games())
def test_legal_actions_are_listed_once_a_position_and_never_stale(name):
    game = skagway_env.make_game(name, num_players=game_players(name))
    rng = np.random.default_rng(21)
    for _ in range(2):
        state = game.new_initial_state()
        calls = _counting(state)
        while (cur := state.current_player()) != TERMINAL:
            calls.clear()
            if cur == CHANCE:
                outcome = sample_chance(state, rng)
                assert state.legal_actions() == [a for a, _ in state.chance_outcomes()]
                state.apply_action(outcome)
                assert calls == [], "a sampled chance outcome was listed again"
                continue
            seats = range(state.num_players) if cur == SIMULTANEOUS else [cur]
            joint = []
            for seat in seats:
                mask = state.legal_actions_mask(seat)
                legal = state.legal_actions(seat)
                fresh = type(state)._legal_actions(state.clone(), seat)
                assert legal == fresh
                assert mask.dtype == np.int8 and mask.flags.writeable
                assert np.flatnonzero(mask).tolist() == legal
                joint.append(legal[int(rng.integers(len(legal)))])
            if cur == SIMULTANEOUS:
                state.apply_actions(joint)
            else:
                state.apply_action(joint[0])
            assert sorted(calls) == sorted(seats), f"listed {calls} for seats {list(seats)}"


def game_players(name: str) -> int:
    info = skagway_env.core.game_class(name).info
    return min(4, info.max_players)
