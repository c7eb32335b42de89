"""Optional compiled encoders: C versions of hot pure-Python functions (issue 21).

Every engine stays pure Python. A game's ``observation.py`` may hand its ``encode``
to a C twin built from ``skagway_env/_speedups/<name>.c`` (``setup.py`` compiles each
``.c`` file here as ``skagway_env._speedups.<name>``, optionally: without a compiler
the install goes on and the pure-Python function is used). Both must give the same
tensor, bit for bit: each twin's test plays games both ways (Skagway's:
``tests/skagway/test_compiled_encoder.py``; Klondike 1896's, Klondike Rush's and Dawson
City Barbers': ``tests/test_compiled_encoders.py``; the council game's:
``tests/klondike1896_council/test_compiled_encoding.py``), and ``tests/test_speedups_built.py``
fails where a ``.c`` file here did not build (a missing compiler must not pass quietly).
Beyond the encoders: ``draws.c`` (a Generator's draws, ``core/playout.py``),
``_council_race.c`` (the council race's legality search, playout draws and clone copy,
``klondike1896_council/race.py``; tested against the Python search by
``tests/klondike1896_council/test_compiled_race.py``), ``_holdings.c``
(``core/hidden.py``'s ``HoldingsFilter`` draw and backward walk; tested against the
Python loops by ``tests/test_hidden.py``) and ``_kr_paths.c`` (Klondike Rush's
connection costs settled from new mines, ``klondike_rush/building.py``; tested against
the Python loop by ``tests/klondike_rush/test_compiled_paths.py``). ``seq.h`` holds the
helpers that read Python ints and sequences, ``twin.h`` the encoders' own.

``SKAGWAY_PURE_PYTHON=1`` in the environment (read at import) turns every compiled
twin off, for debugging or for timing the fallback.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

PURE_PYTHON = os.environ.get("SKAGWAY_PURE_PYTHON", "") not in ("", "0")


def load(name: str) -> ModuleType | None:
    """The compiled module ``skagway_env._speedups.<name>``, or None when it was not
    built (no compiler at install time) or ``SKAGWAY_PURE_PYTHON`` is set."""
    if PURE_PYTHON:
        return None
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ImportError:
        return None
