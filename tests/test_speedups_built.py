"""Issue 21: every C twin in ``skagway_env/_speedups/`` is built and loads.

``setup.py`` builds them optionally, so a missing compiler leaves the pure-Python code
in use without a word; CI has gcc, and there a missing build must fail here, loudly,
rather than let the equality tests of each twin compare the Python function with
itself or skip. ``SKAGWAY_PURE_PYTHON=1`` turns every twin off: then ``load`` finds none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import skagway_env._speedups as speedups

SOURCES = sorted(Path(speedups.__file__).parent.glob("*.c"))


def test_there_are_c_sources():
    assert SOURCES, "no skagway_env/_speedups/*.c found"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_each_c_twin_loads(source):
    module = speedups.load(source.stem)
    if speedups.PURE_PYTHON:
        assert module is None
    else:
        assert module is not None, (f"skagway_env._speedups.{source.stem} is not built: "
                                    f"rerun `pip install --no-deps -e .` with a C compiler")
        assert module.__name__ == f"skagway_env._speedups.{source.stem}"
