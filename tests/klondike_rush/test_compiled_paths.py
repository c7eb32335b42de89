"""``skagway_env/_speedups/_kr_paths.c``, the C twin of ``building._settle``: the
same costs as the Python loop, from scratch and through new mines, at the positions of
games the styles walk (every player count, the Last Bid variant), and from any upper
bounds and seeds; bad input is refused with an error, not a crash."""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env.games.klondike_rush import building
from skagway_env.games.klondike_rush.building import EMPTY, REDUCED_COST, UNREACHABLE

from ..conftest import CONFIGS
from ..walks import walks

KR_CONFIGS = [c for c in CONFIGS if c.name == "klondike_rush"]
twin = building._twin


@pytest.fixture(autouse=True)
def _built():
    if twin is None:
        pytest.skip("the C twin is off (SKAGWAY_PURE_PYTHON) or not built "
                    "(tests/test_speedups_built.py fails then)")


def both(dist, seeds, mines, near) -> tuple[list[int], list[int]]:
    ours, theirs = list(dist), list(dist)
    building._settle_python(theirs, list(seeds), mines, near)
    twin.settle(ours, list(seeds), mines, near, EMPTY, REDUCED_COST, UNREACHABLE)
    return ours, theirs


@pytest.mark.parametrize("config", KR_CONFIGS, ids=str)
def test_the_twin_settles_the_costs_the_python_loop_does_along_walked_games(config):
    game = config.make()
    near = game.components.neighbours
    pending = checked = 0
    for walk in walks(config):
        for state in walk.positions(game):
            mines = state.space_mine
            for company in range(4):
                sources = [x for x, m in enumerate(mines) if m in (company, building.TOWN)]
                start = [0 if x in sources else UNREACHABLE for x in range(len(mines))]
                ours, theirs = both(start, sources, mines, near)
                assert ours == theirs, (walk, company)
                entry = (state._costs or [None] * 4)[company]
                if type(entry) is tuple:  # costs before some mines, brought up to date
                    seeds = []
                    for space in entry[1]:
                        seeds.append(space)
                        seeds += [y for y, _ in near[space] if mines[y] != EMPTY]
                    dist = [0 if mines[x] == company else d for x, d in enumerate(entry[0])]
                    ours, theirs = both(dist, seeds, mines, near)
                    assert ours == theirs, (walk, company)
                    pending += 1
            checked += 1
    assert checked > 200 and pending > 20


def test_the_twin_settles_any_upper_bounds_as_the_python_loop():
    """Not only the engine's inputs: random bounds, seeds (repeated, unreachable ones
    too) and boards give the same lists."""
    config = KR_CONFIGS[0]
    game = config.make()
    near = game.components.neighbours
    spaces = len(near)
    rng = np.random.default_rng(7)
    for _ in range(300):
        mines = [int(m) for m in rng.integers(-1, 5, size=spaces)]
        dist = [UNREACHABLE if rng.random() < 0.5 else int(d)
                for d in rng.integers(0, 40, size=spaces)]
        seeds = [int(x) for x in rng.integers(0, spaces, size=int(rng.integers(0, 12)))]
        ours, theirs = both(dist, seeds, mines, near)
        assert ours == theirs


def test_bad_input_is_refused_with_an_error():
    game = KR_CONFIGS[0].make()
    near = game.components.neighbours
    spaces = len(near)
    mines = [EMPTY] * spaces
    with pytest.raises(ValueError, match="items"):
        twin.settle([0] * (spaces - 1), [0], mines, near, EMPTY, REDUCED_COST, UNREACHABLE)
    with pytest.raises(ValueError, match="off the board"):
        twin.settle([0] * spaces, [spaces], mines, near, EMPTY, REDUCED_COST, UNREACHABLE)
    with pytest.raises(TypeError):
        twin.settle((0,) * spaces, [0], mines, near, EMPTY, REDUCED_COST, UNREACHABLE)
    with pytest.raises(TypeError):
        twin.settle([0] * spaces, [0], mines, near)
    with pytest.raises(ValueError, match="negative"):
        twin.settle([-1] + [0] * (spaces - 1), [0], mines, near, EMPTY, REDUCED_COST,
                    UNREACHABLE)
