"""Issue 21: each game's fast ``observation.encode`` gives its plain reference encoding
(``tests/<game>/reference_encoding.py``, the encoding as it stood before it was made
fast, with no caches) bit for bit, along games played by the heuristic styles and by
uniform seats.

The fast encoders keep blocks on the state between moves (Dawson City Barbers' seat
rows, Klondike 1896's table block and ruby bounds), so the walk is replayed on ONE
live state and encoded as the envs encode it: one seat at a step, rotating, every seat
now and then, and a clone (which drops the caches) now and then.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from skagway_env.core.playout import apply_entry

from .conftest import GameConfig
from .walks import walk

CONFIGS = [
    GameConfig("dawson_city_barbers", 2),
    GameConfig("dawson_city_barbers", 6),
    GameConfig("klondike1896", 2),
    GameConfig("klondike1896", 4),
    GameConfig("klondike1896", 3, (("secret_rubies", True),)),
    GameConfig("klondike1896", 4, (("secret_rubies", True),)),
    GameConfig("klondike_rush", 3),
    GameConfig("klondike_rush", 5),
    GameConfig("skagway", 2),
    GameConfig("skagway", 4),
]


def _reference(game_name: str):
    module = importlib.import_module(f"tests.{game_name}.reference_encoding")
    return module.reference_encode


def _problem(state, seat: int, reference, label: str) -> str | None:
    fast = state.observation_tensor(seat)
    plain = reference(state, seat)
    if fast.dtype != np.float32 or fast.shape != plain.shape:
        return f"{label} seat {seat}: {fast.dtype} {fast.shape} vs {plain.dtype} {plain.shape}"
    if fast.tobytes() != plain.astype(np.float32).tobytes():
        return f"{label} seat {seat}: features {np.flatnonzero(fast != plain).tolist()} differ"
    return None


@pytest.mark.parametrize("config", CONFIGS, ids=str)
@pytest.mark.parametrize("policy", ["sensible", "mixed", "uniform"])
def test_fast_encoding_equals_the_reference_one(config, policy):
    reference = _reference(config.name)
    game = config.make()
    played = walk(config, policy, 0, 2021 + config.num_players, max_steps=300)
    state = game.new_initial_state()
    problems: list[str] = []
    n = game.num_players
    for at, entry in enumerate([*played.history, None]):
        seats = range(n) if at % 7 == 0 else [at % n]
        for seat in seats:
            problems.append(_problem(state, seat, reference, f"{played} step {at}"))
        if at % 11 == 0:
            copy = state.clone()
            problems.append(_problem(copy, at % n, reference, f"{played} clone at {at}"))
        if entry is not None:
            apply_entry(state, entry)
    found = [p for p in problems if p]
    assert not found, "\n".join(found[:5])
