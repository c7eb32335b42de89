"""Threads for the numeric libraries in this process: one BLAS thread for numpy's matrix
products, and torch's intra-op threads beside it (``configure_threads``).

The network's forward pass multiplies a few rows by a few hundred columns. OpenBLAS
(numpy's BLAS) spreads even that over every core, and on a busy 2-core machine its
threads wait on one another: a (4 x 568) @ (568 x 256) product took 10 ms with
OpenBLAS's default threads and 0.15 ms with one (measured by timing ``a @ w`` before
and after ``limit_blas_threads(1)``, 2026-12-01, on the shared 2-core machine), and the
search spent 60% of its time there. Self-play parallelises over games and processes
instead, as tournaments do.

``OPENBLAS_NUM_THREADS`` only counts before numpy is imported, so this calls
OpenBLAS's own ``set_num_threads`` in the library numpy loaded (found in
``/proc/self/maps``, as threadpoolctl does). Where that is not possible (not Linux,
another BLAS) it does nothing and says so in its return value.
"""

from __future__ import annotations

import ctypes
import re

import numpy as np  # noqa: F401  (loads the BLAS this adjusts)

SYMBOLS = ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
           "openblas_set_num_threads64_", "openblas_set_num_threads")
_found: list[tuple[ctypes.CDLL, str]] | None = None


def _openblas() -> list[tuple[ctypes.CDLL, str]]:
    """Each OpenBLAS numpy loaded, with its ``set_num_threads`` symbol (found once)."""
    global _found
    if _found is None:
        try:
            with open("/proc/self/maps") as maps:
                paths = sorted(set(re.findall(r"(/\S*openblas\S*\.so\S*)", maps.read())))
        except OSError:
            paths = []
        _found = []
        for path in paths:
            try:
                library = ctypes.CDLL(path)
            except OSError:
                continue
            symbol = next((name for name in SYMBOLS if hasattr(library, name)), None)
            if symbol is not None:
                _found.append((library, symbol))
    return _found


def limit_blas_threads(threads: int = 1) -> bool:
    """Set numpy's OpenBLAS to ``threads`` threads; whether it could."""
    for library, symbol in _openblas():
        getattr(library, symbol)(ctypes.c_int(threads))
    return bool(_openblas())


def blas_threads() -> int | None:
    """The threads numpy's OpenBLAS now uses (None where ``limit_blas_threads`` cannot
    reach it)."""
    for library, symbol in _openblas():
        getter = getattr(library, symbol.replace("set_num_threads", "get_num_threads"), None)
        if getter is not None:
            return int(getter())
    return None


def configure_threads(threads: int = 1) -> None:
    """Torch's intra-op threads and numpy's BLAS threads (``limit_blas_threads``: PPO's
    rollout pass runs in numpy, ``rl/rollout_numpy.py``). One is the default for these
    small networks: on two cores torch's default thread count made PPO updates 13x
    slower (issue 10), and numpy's OpenBLAS kept a second thread busy beside every
    training (measured by the threads' CPU ticks in ``/proc/<pid>/task``, 2026-12-02:
    as many as the main thread's). Torch is imported here, by those who train."""
    import torch

    if torch.get_num_threads() != threads:
        torch.set_num_threads(threads)
    limit_blas_threads(threads)
