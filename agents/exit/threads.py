"""One BLAS thread for numpy's matrix products in this process.

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
_done: dict[int, bool] = {}


def limit_blas_threads(threads: int = 1) -> bool:
    """Set numpy's OpenBLAS to ``threads`` threads; whether it could."""
    if threads in _done:
        return _done[threads]
    try:
        with open("/proc/self/maps") as maps:
            paths = sorted(set(re.findall(r"(/\S*openblas\S*\.so\S*)", maps.read())))
    except OSError:
        paths = []
    done = False
    for path in paths:
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for symbol in SYMBOLS:
            setter = getattr(library, symbol, None)
            if setter is not None:
                setter(ctypes.c_int(threads))
                done = True
                break
    _done[threads] = done
    return done
