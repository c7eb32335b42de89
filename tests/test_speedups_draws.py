"""``core.playout.draws``: the C twins of ``Generator.integers(n)`` and
``Generator.random()`` (``skagway_env/_speedups/draws.c``) give numpy's numbers, draw
for draw, and leave the generator where numpy's methods would; its ``pick`` chooses
the chance outcome ``core.playout.pick_python`` chooses.

A search relies on it to stay the same search (``tests/test_mcts_same_search.py``):
its draws are mixed with the generator's own methods (a heuristic playout policy, a
prior, ``random_step`` in the reference search), so one extra or different draw would
change every later one.
"""

from __future__ import annotations

import numpy as np
import pytest

from skagway_env._speedups import load
from skagway_env.core import playout
from skagway_env.core.playout import draws, pick_outcome, pick_python

BOUNDS = [1, 2, 3, 5, 7, 10, 31, 100, 144, 729, 12_345, 2**31 + 11, 2**32 - 1]


def mixed_draws(seed: int, count: int = 20_000) -> list[tuple[str, int]]:
    """A seeded sequence of draws: bounded integers of many sizes, floats, and
    ``choice`` over lists, in a random order."""
    plan, rng = [], np.random.default_rng(seed)
    for _ in range(count):
        kind = int(rng.integers(3))
        plan.append(("below" if kind == 0 else "uniform" if kind == 1 else "choice",
                     BOUNDS[int(rng.integers(len(BOUNDS)))]))
    return plan


@pytest.fixture(params=["compiled", "pure"])
def which(request, monkeypatch):
    """Both ways: the compiled twins (skipped when they were not built) and the
    fallback on the generator's methods."""
    if request.param == "pure":
        monkeypatch.setattr(playout, "_DRAWS", None)
    elif load("draws") is None:
        pytest.skip("skagway_env._speedups.draws is not built")
    return request.param


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_draws_are_numpys_draws(which, seed):
    ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
    below, uniform = draws(ours)
    for kind, n in mixed_draws(seed + 100):
        if kind == "below":
            got, want = below(n), int(theirs.integers(n))
            assert type(got) is int
        elif kind == "uniform":
            got, want = uniform(), theirs.random()
        else:  # a search draws a seat's part of a joint move as legal[below(len(legal))]
            legal = list(range(3, 3 + min(n, 50)))
            got, want = legal[below(len(legal))], int(theirs.choice(legal))
        assert got == want
    assert ours.bit_generator.state == theirs.bit_generator.state


def test_draws_mix_with_the_generators_own_methods(which):
    ours, theirs = np.random.default_rng(9), np.random.default_rng(9)
    below, uniform = draws(ours)
    for step in range(2_000):
        n = BOUNDS[step % len(BOUNDS)]
        if step % 3 == 0:  # the generator's own method between twin draws
            assert int(ours.integers(n)) == int(theirs.integers(n))
        elif step % 3 == 1:
            assert below(n) == int(theirs.integers(n))
        else:
            assert uniform() == theirs.random()
    assert ours.bit_generator.state == theirs.bit_generator.state


def test_a_bound_of_one_draws_nothing(which):
    rng = np.random.default_rng(4)
    before = rng.bit_generator.state
    below, _ = draws(rng)
    assert [below(1) for _ in range(5)] == [0] * 5
    assert rng.bit_generator.state == before


def test_compiled_twins_refuse_what_they_do_not_cover():
    module = load("draws")
    if module is None:
        pytest.skip("skagway_env._speedups.draws is not built")
    bit_generator = np.random.default_rng(0).bit_generator
    for bad in (0, -3, 2**32):
        with pytest.raises(ValueError):
            module.below(bit_generator, bad)
    with pytest.raises(AttributeError):
        module.uniform(object())  # not a bit generator: no capsule


def test_picked_outcomes_are_the_running_sums_choice():
    """``pick_outcome`` (compiled when built) and ``pick_python`` choose alike, on
    probabilities whose running sum rounds (thirds, sevenths: the last pair is then
    the fallback of a sum short of 1) and at draws on the boundaries."""
    if pick_outcome is pick_python:
        pytest.skip("skagway_env._speedups.draws is not built")
    rng = np.random.default_rng(3)
    tables = [[(k, 1 / 3) for k in range(3)], [(k + 5, 1 / 7) for k in range(7)],
              [(2, 0.5), (9, 0.25), (4, 0.25)], [(0, 1.0)], [(1, 1), (2, 0.0)]]
    for _ in range(300):
        counts = rng.integers(1, 6, size=int(rng.integers(1, 22)))
        tables.append([(int(k), c / counts.sum()) for k, c in enumerate(counts)])
    for table in tables:
        acc, edges = 0.0, []
        for _, prob in table:
            acc += prob
            edges += [acc, np.nextafter(acc, 0.0), np.nextafter(acc, 1.0)]
        for r in [0.0, 1.0 - 2**-53, *edges, *rng.random(20)]:
            assert pick_outcome(table, float(r)) == pick_python(table, float(r))
    assert pick_python([(4, 0.5), (6, 0.5 - 2**-52)], 1.0 - 2**-53) == 6  # fell short


def test_a_twin_that_draws_otherwise_is_not_used(monkeypatch):
    """Another numpy release may draw otherwise than the twin's copy of its algorithm:
    the import-time check then keeps numpy's own draws, and says so."""
    from types import SimpleNamespace

    built = load("draws")
    if built is not None:  # the real twin passes the check
        assert playout._checked_draws() is built
    off_by_one = SimpleNamespace(below=lambda bits, n: (n - 1) // 2, uniform=lambda bits: 0.5)
    monkeypatch.setattr(playout, "load", lambda name: off_by_one)
    with pytest.warns(RuntimeWarning, match="disagrees with this numpy"):
        assert playout._checked_draws() is None
    monkeypatch.setattr(playout, "load", lambda name: None)
    assert playout._checked_draws() is None
