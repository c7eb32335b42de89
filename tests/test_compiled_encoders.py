"""Issue 21: the compiled observation encoders (``skagway_env/_speedups/_<game>_obs.c``)
give their pure-Python twins' tensors (``observation.encode_python``) bit for bit.

Along games walked by every heuristic style and by uniform and "sensible random" seats
(``tests/walks.py``), at every player count and preset, every seat's tensor is encoded
both ways at every step, on ONE live state as the envs encode it (the Python encoders
keep blocks on the state between moves) and on a clone now and then (which drops
them). The twins also refuse what they cannot encode (a seat out of range, a state
whose values are not what the rules make) with an exception instead of writing a
wrong tensor, and leak nothing: no reference and no memory after many calls, the
failing ones included.

Without a compiler the extensions are not built (``setup.py`` builds them optionally)
and ``encode`` is ``encode_python``: the comparisons are skipped, saying so.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

from skagway_env.core import State
from skagway_env.core.playout import apply_entry, random_playout

from .conftest import CONFIGS, GameConfig
from .walks import walks

TWINS = {"dawson_city_barbers": "_dcb_obs", "klondike1896": "_k1896_obs",
         "klondike_rush": "_kr_obs"}
"""Game -> its compiled encoder's module in ``skagway_env._speedups``."""

TWIN_CONFIGS = [c for c in CONFIGS if c.name in TWINS]


def _observation(name: str) -> ModuleType:
    module = importlib.import_module(f"skagway_env.games.{name}.observation")
    if module.encode is module.encode_python:
        pytest.skip(f"skagway_env._speedups.{TWINS[name]} is not built (or "
                    "SKAGWAY_PURE_PYTHON is set): encode is the Python encoder")
    return module


def _difference(module: ModuleType, state: State, seat: int) -> str | None:
    compiled, python = module.encode(state, seat), module.encode_python(state, seat)
    if compiled.dtype != python.dtype or compiled.shape != python.shape:
        return f"{compiled.dtype} {compiled.shape} vs {python.dtype} {python.shape}"
    if compiled.tobytes() != python.tobytes():
        return f"features {np.flatnonzero(compiled != python)[:12].tolist()} differ"
    return None


@pytest.mark.parametrize("config", TWIN_CONFIGS, ids=str)
def test_compiled_tensor_is_the_python_tensor_along_played_games(config: GameConfig):
    module = _observation(config.name)
    game = config.make()
    n = game.num_players
    problems: list[str] = []
    for played in walks(config):
        state = game.new_initial_state()
        for at, entry in enumerate([*played.history, None]):
            for seat in range(n):
                found = _difference(module, state, seat)
                if found:
                    problems.append(f"{played} step {at} seat {seat}: {found}")
            if at % 11 == 0:
                found = _difference(module, state.clone(), at % n)
                if found:
                    problems.append(f"{played} clone at step {at}: {found}")
            if entry is not None:
                apply_entry(state, entry)
    assert not problems, "\n".join(problems[:5])


def test_encode_is_the_python_encoder_when_compiled_twins_are_off():
    """``SKAGWAY_PURE_PYTHON=1`` turns every twin off ( ``_speedups.load``)."""
    names = ", ".join(f"'{name}'" for name in TWINS)
    code = ("import importlib\n"
            f"for name in [{names}]:\n"
            "    m = importlib.import_module(f'skagway_env.games.{name}.observation')\n"
            "    assert m.encode is m.encode_python, name\n")
    env = {**os.environ, "SKAGWAY_PURE_PYTHON": "1"}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def _some_states(config: GameConfig, count: int = 12) -> list[State]:
    """States along a random game (every few steps), the last one included."""
    found: list[State] = []
    random_playout(config.make().new_initial_state(), np.random.default_rng(3),
                   lambda s: found.append(s.clone()))
    return found[:: max(1, len(found) // count)] + found[-1:]


def _set(attr: str, value: object) -> Callable[[State], None]:
    return lambda s: setattr(s, attr, value)


def _set_item(attr: str, index: int, value: object) -> Callable[[State], None]:
    return lambda s: getattr(s, attr).__setitem__(index, value)


CORRUPTIONS: dict[str, dict[str, Callable[[State], None]]] = {
    "klondike1896": {
        "phase out of range": _set("phase", 7),
        "a float where an int belongs": _set_item("gold", 0, 1.5),
        "a mask past the grid": _set_item("covered", 0, 1 << 144),
        "a negative mask": _set_item("covered", 1, -1),
        "a claim type out of range": _set("rows", [[99]]),
        "a list too short": _set("gold", [0]),
    },
    "klondike_rush": {
        "phase out of range": _set("phase", 11),
        "a float where an int belongs": _set_item("money", 0, 1.5),
        "an auction status out of range": _set_item("status", 0, 4),
        "a mine out of range": _set_item("space_mine", 0, 5),
        "a company card out of range": _set("lot", [999]),
        "a list too short": _set("money", [0]),
    },
    "dawson_city_barbers": {
        "round out of range": _set("round", 4),
        "a float where an int belongs": _set_item("gold", 0, 1.5),
        "a train place box out of range": _set_item("train_box", 0, 4),
        "a seat in no train placing": lambda s: setattr(s, "placing", [0] * len(s.placing)),
        "a hand of the wrong length": _set_item("hands", 0, [1]),
        "a list too short": _set("work", [0]),
    },
}


@pytest.mark.parametrize("name", sorted(TWINS))
def test_compiled_encoder_refuses_seats_and_values_it_cannot_encode(name: str):
    module = _observation(name)
    config = next(c for c in TWIN_CONFIGS if c.name == name)
    state = _some_states(config)[-1]
    for seat in (-1, state.num_players, "0"):
        with pytest.raises((ValueError, TypeError)):
            module.encode(state, seat)
    for label, corrupt in CORRUPTIONS[name].items():
        broken = state.clone()
        corrupt(broken)
        with pytest.raises((ValueError, TypeError, IndexError, OverflowError)):
            module.encode(broken, 0)
            pytest.fail(f"{name}: {label} was encoded")


@pytest.mark.parametrize("name", sorted(TWINS))
def test_compiled_encoder_leaks_no_reference_and_no_memory(name: str):
    module = _observation(name)
    config = next(c for c in TWIN_CONFIGS if c.name == name)
    states = _some_states(config)
    broken = states[-1].clone()
    next(iter(CORRUPTIONS[name].values()))(broken)

    def many_calls(rounds: int) -> None:
        for _ in range(rounds):
            for state in states:
                for seat in range(state.num_players):
                    module.encode(state, seat)
            with pytest.raises(Exception):  # noqa: B017  (any refusal: the path is the point)
                module.encode(broken, 0)

    many_calls(2)  # caches filled
    watched = [*states, *(value for state in states for value in vars(state).values()
                          if isinstance(value, list | dict))]
    watched += [item for value in watched if isinstance(value, list) for item in value
                if isinstance(item, list)]
    game = states[0].game
    watched += [game, *(value for value in vars(game.components).values()
                        if isinstance(value, list | tuple))]
    watched += [*getattr(game.components, "cards", ())]  # the lot's cards (Klondike Rush)
    before = [sys.getrefcount(value) for value in watched]
    tracemalloc.start()
    many_calls(20)
    start, _ = tracemalloc.get_traced_memory()
    many_calls(200)
    end, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert [sys.getrefcount(value) for value in watched] == before
    assert end - start < 64 * 1024, f"{end - start} bytes more after 200 more rounds"
