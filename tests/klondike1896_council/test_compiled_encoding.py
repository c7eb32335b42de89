"""Issue 21: the C twin of the council observation (``skagway_env/_speedups/
_council_obs.c``, ``observation.encode_compiled``) gives ``encode_python``'s tensor
bit for bit, and both give the plain reference (``reference_encoding.py``): at every
position of games played by the heuristic styles ("sensible", "mixed") and by
uniform seats, for every seat, at every player count and variant, along one live
state (the Python path keeps blocks across moves) and in views (redrawn covers)."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.core.playout import apply_entry
from skagway_env.games.klondike1896_council import observation

from ..conftest import GameConfig
from ..walks import walk
from .helpers import GAME, twin_configs
from .reference_encoding import reference_encode

pytestmark = pytest.mark.skipif(
    observation._COMPILED is None,
    reason="the C twin is not built here (no compiler at install, or SKAGWAY_PURE_PYTHON)")

CONFIGS = twin_configs()


def _problems(state, label: str) -> list[str]:
    """Each seat's tensor by the C twin (alone and in every seat's rows), by the Python
    path and by the reference, compared."""
    found = []
    rows = observation.encode_every_seat(state)
    assert rows.shape == (state.num_players, observation.size(state.game))
    for seat in range(state.num_players):
        compiled = observation.encode_compiled(state, seat)
        python = observation.encode_python(state, seat)
        plain = reference_encode(state, seat)
        assert compiled.dtype == python.dtype == rows.dtype == np.float32
        assert compiled.shape == python.shape == plain.shape
        if (compiled.tobytes() != python.tobytes() or python.tobytes() != plain.tobytes()
                or rows[seat].tobytes() != compiled.tobytes()):
            differ = np.flatnonzero((compiled != python) | (python != plain)
                                    | (rows[seat] != compiled)).tolist()
            found.append(f"{label} seat {seat}: features {differ[:10]} differ")
    # the state's own path: the first seat asked gets its tensor alone, a second seat
    # has every seat's rows kept (State.observation_tensor); asked from a fresh clone,
    # starting at each seat in turn
    for first in range(state.num_players):
        fresh = state.clone()
        for seat in [*range(first, state.num_players), *range(first)]:
            if (fresh.observation_tensor(seat).tobytes()
                    != observation.encode_python(state, seat).tobytes()):
                found.append(f"{label} seat {seat} (asked after seat {first}): "
                             "observation_tensor differs")
    return found


@pytest.mark.parametrize("config", CONFIGS, ids=str)
@pytest.mark.parametrize("policy", ["sensible", "mixed", "uniform"])
def test_the_c_twin_gives_the_python_tensor(config, policy):
    played = walk(config, policy, 0, 2600 + config.num_players, max_steps=400)
    state = config.make().new_initial_state()
    rng = np.random.default_rng(2601)
    problems: list[str] = []
    for at, entry in enumerate([*played.history, None]):
        problems += _problems(state, f"{played} step {at}")
        if at % 13 == 5 and not state.is_terminal():
            seat = int(rng.integers(state.num_players))
            problems += _problems(state.view(seat, rng), f"{played} view of {seat} at {at}")
        if entry is not None:
            apply_entry(state, entry)
    assert len(played.history) > 100  # the walk went deep into the game
    assert not problems, "\n".join(problems[:5])


def test_the_c_twin_checks_its_buffer_and_layout():
    game = GameConfig(GAME, 3).make()
    state = game.new_initial_state()
    layout = observation.compiled_layout(game)
    with pytest.raises(ValueError, match="wrong size"):
        observation._COMPILED.encode(np.zeros(10, np.float32), state, 0, layout)
    wrong = (*layout[:9], layout[9] + 1, *layout[10:])  # a seat block one value longer
    with pytest.raises(ValueError, match="inconsistent layout"):
        observation._COMPILED.encode(np.zeros(layout[10], np.float32), state, 0, wrong)
    with pytest.raises(ValueError, match="wrong size"):  # one row short
        observation._COMPILED.encode_every_seat(np.zeros((2, layout[10]), np.float32),
                                                state, layout)


def test_a_race_tensor_is_a_fresh_copy_of_the_kept_row():
    """At a race tick the state keeps every seat's row until the next action: a
    seat's tensor is its own array (writing on it changes nothing kept), and the
    next tick's tensors follow the move."""
    game = GameConfig(GAME, 3).make()
    state = game.new_initial_state()
    rng = np.random.default_rng(2602)
    while not state.is_simultaneous_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    first = state.observation_tensor(0)
    first[:] = 7.0
    again = state.observation_tensor(0)
    assert again.tobytes() == observation.encode_python(state, 0).tobytes()
    state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(3)])
    while state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    for seat in range(3):
        assert (state.observation_tensor(seat).tobytes()
                == reference_encode(state, seat).tobytes())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seats_rows_are_fresh_and_each_seats_tensor(players):
    """``observation_tensors`` (the Parallel env's observations): at each race tick of a
    random game, row ``p`` is seat ``p``'s tensor bit for bit, whether the state had
    kept its rows or not; each call gives a fresh array (writing on one changes nothing
    kept); outside the race it gives None (the env then asks each seat)."""
    game = GameConfig(GAME, players).make()
    state = game.new_initial_state()
    rng = np.random.default_rng(players)
    ticks = 0
    while not state.is_terminal():
        if not state.is_simultaneous_node():
            assert state.observation_tensors() is None
            state.apply_action(int(rng.choice(state.legal_actions())))
            continue
        ticks += 1
        fresh = state.observation_tensors()  # before any seat was observed
        for seat in range(players):
            assert fresh[seat].tobytes() == reference_encode(state, seat).tobytes()
        state.observation_tensor(0)  # the first seat asked: its tensor alone
        state.observation_tensor(1)  # a second seat: the state keeps every seat's rows
        kept = state.observation_tensors()  # copied from the kept rows
        assert kept is not fresh and kept.tobytes() == fresh.tobytes()
        fresh[:] = 7.0
        kept[:] = 7.0
        again = state.observation_tensors()
        for seat in range(players):
            assert state.observation_tensor(seat).tobytes() == again[seat].tobytes()
            assert again[seat].tobytes() == observation.encode_python(state, seat).tobytes()
        state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(players)])
    assert ticks > 9
