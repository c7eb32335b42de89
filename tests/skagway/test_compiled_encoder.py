"""Issue 21: Skagway's compiled encoder (``skagway_env/_speedups/_skagway_obs.c``) gives
``observation.encode_python``'s tensor bit for bit (dtype and shape too) for every
observer at every step of games played by each heuristic style (``mixed``), by
"sensible random" seats and by uniform ones, at every player count and on each data
file, in the seats' views, and when the enums are the plain strings a deserialized
state may hold; and it refuses, rather than encodes, a state it does not understand.

A missing build fails here (``load`` must find it) unless ``SKAGWAY_PURE_PYTHON`` is
set, where the twin is off and these tests skip.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from skagway_agents.heuristics import styles_module

from skagway_env._speedups import PURE_PYTHON, load
from skagway_env.games.skagway import observation
from skagway_env.games.skagway.stages import HandState, Location

from ..conftest import GameConfig
from ..walks import walk

pytestmark = pytest.mark.skipif(PURE_PYTHON, reason="SKAGWAY_PURE_PYTHON turns the twin off")

STEPS = 400
"""Walked history entries a game (chance included): a few turns deep into the game."""

ENGINE1 = (("data_file", "components_night_spots_engine1.toml"),)
CONFIGS = [GameConfig("skagway", n) for n in (2, 3, 4)] + [
    GameConfig("skagway", 3, ENGINE1),
    GameConfig("skagway", 4, (("max_turns", 3),)),  # truncated by the cap (I22)
]
STYLE_GAMES = 2 * len(styles_module("skagway").STYLES)  # each style at both seat parities
POLICIES = [("mixed", i) for i in range(STYLE_GAMES)] + [("sensible", 0), ("uniform", 0)]


@pytest.fixture(scope="module")
def compiled():
    module = load("_skagway_obs")
    assert module is not None, "skagway_env._speedups._skagway_obs is not built: rerun " \
        "`pip install --no-deps -e .` (it needs a C compiler)"
    return module


def _differences(compiled, state, label: str) -> list[str]:
    found = []
    for seat in range(state.num_players):
        fast = compiled.encode(state, seat)
        plain = observation.encode_python(state, seat)
        if (fast.dtype, fast.shape) != (plain.dtype, plain.shape):
            found.append(f"{label} seat {seat}: {fast.dtype} {fast.shape} vs "
                         f"{plain.dtype} {plain.shape}")
        elif fast.tobytes() != plain.tobytes():
            found.append(f"{label} seat {seat}: features "
                         f"{np.flatnonzero(fast != plain).tolist()} differ")
    return found


def test_encode_is_the_compiled_twin(compiled):
    assert observation.encode is compiled.encode


@pytest.mark.parametrize("config", CONFIGS, ids=str)
@pytest.mark.parametrize(("policy", "index"), POLICIES, ids=lambda p: str(p))
def test_compiled_tensor_equals_the_python_one(compiled, config, policy, index):
    played = walk(config, policy, index, 4400 + 10 * config.num_players + index,
                  max_steps=STEPS)
    rng = np.random.default_rng(index)
    problems: list[str] = []
    for at, state in enumerate(played.positions(config.make())):
        problems += _differences(compiled, state, f"{played} step {at}")
        seat = state.current_player()
        if at % 9 == 0 and seat >= 0:
            problems += _differences(compiled, state.view(seat, rng), f"{played} view {at}")
    assert not problems, "\n".join(problems[:5])


def _plain_strings(state):
    """The state with its Stage, Location and HandState members as plain strings."""
    copy = state.clone()
    copy.stage = str(copy.stage)
    copy.loc = [str(where) for where in copy.loc]
    copy.hand_state = [str(h) for h in copy.hand_state]
    return copy


def test_plain_string_enums_encode_as_their_members(compiled):
    config = GameConfig("skagway", 4)
    played = walk(config, "sensible", 1, 4471, max_steps=STEPS)
    problems: list[str] = []
    states = played.positions(config.make())
    assert any(h != HandState.POOL for s in states for h in s.hand_state)
    assert any(w == Location.RECRUITED for s in states for w in s.loc)
    for at, state in enumerate(states):
        plain = _plain_strings(state)
        assert type(plain.stage) is str
        problems += _differences(compiled, plain, f"{played} step {at}, plain strings")
        for seat in range(state.num_players):
            assert compiled.encode(plain, seat).tobytes() == \
                compiled.encode(state, seat).tobytes()
    assert not problems, "\n".join(problems[:5])


def test_deserialized_states_encode_alike(compiled):
    """A JSON round trip rebuilds the fields in another order and from new strings."""
    config = GameConfig("skagway", 2)
    game = config.make()
    played = walk(config, "mixed", 1, 4490, max_steps=STEPS)
    problems: list[str] = []
    for at, state in enumerate(played.positions(game)[::7]):
        copy = game.deserialize(json.loads(json.dumps(state.serialize())))
        problems += _differences(compiled, copy, f"{played} step {7 * at}, deserialized")
        for seat in range(2):
            assert compiled.encode(copy, seat).tobytes() == \
                compiled.encode(state, seat).tobytes()
    assert not problems, "\n".join(problems[:5])


def _midgame():
    """A three-player position some turns in, for the refusal tests to spoil."""
    config = GameConfig("skagway", 3)
    played = walk(config, "sensible", 0, 4480, max_steps=120)
    return played.positions(config.make(), [len(played.history)])[0]


@pytest.mark.parametrize(("field", "value", "error"), [
    ("stage", "no such stage", KeyError),
    ("stage", 3, KeyError),
    ("loc", None, TypeError),
    ("loc", ["home"] * 12, ValueError),  # one Worker short
    ("points", [1.5, 2, 3], TypeError),
    ("points", [1, 2], ValueError),
    ("turn", "7", TypeError),
    ("building_side", [-1, 2, 0], KeyError),
    ("prestige", [[99], [], []], IndexError),
    ("bribe", [0], IndexError),
    ("recruiter", 7, IndexError),
    ("face_down", [None] * 13, TypeError),
])
def test_an_unexpected_state_is_refused(compiled, field, value, error):
    state = _midgame()
    setattr(state, field, value)
    state.current_player = lambda: 0  # the rules would refuse some of these first
    with pytest.raises(error):
        compiled.encode(state, 0)


def test_a_missing_field_or_observer_is_refused(compiled):
    state = _midgame()
    for observer in (-1, 3, 4):
        with pytest.raises(ValueError, match="observer"):
            compiled.encode(state, observer)
    with pytest.raises(TypeError):
        compiled.encode(state, 0.0)
    with pytest.raises(TypeError):
        compiled.encode(state)
    del state.__dict__["demand"]
    with pytest.raises(AttributeError, match="demand"):
        compiled.encode(state, 0)


def test_a_refusal_leaves_the_next_encoding_right(compiled):
    """An error part-way leaves nothing behind (the field positions it caches, say)."""
    good, bad = _midgame(), _midgame()
    bad.__dict__ = {"turn": 1, **{k: v for k, v in bad.__dict__.items() if k != "turn"}}
    bad.rolls = "x"
    with pytest.raises(TypeError):
        compiled.encode(bad, 1)
    assert not _differences(compiled, good, "after a refusal")
    bad.rolls = []
    assert not _differences(compiled, bad, "fields in another order")
