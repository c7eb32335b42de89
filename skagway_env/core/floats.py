"""Python numbers into float32 arrays, fast: the encoders' one conversion (issue 21).

numpy turns a Python list into an array element by element through its generic
discovery path (~40 ns an element: a 160-number list costs ~6 µs, a fifth of a whole
Skagway observation). ``struct`` packs the same numbers as C floats in ~10 ns each, and
``np.frombuffer`` reads the bytes without a copy. Each number is converted exactly as
numpy's ``float64 -> float32`` cast converts it (Python's float is a C double; both
round it to the nearest float32), so tensors stay bit for bit what they were: the
reference-encoder tests in ``tests/<game>/`` check it along real games.

``struct`` refuses a finite double too large for a float32 (numpy would give ``inf``);
no feature of these games comes near 3.4e38.
"""

from __future__ import annotations

import struct

import numpy as np

_PACKERS: dict[int, struct.Struct] = {}


def packer(length: int) -> struct.Struct:
    """The ``struct.Struct`` packing ``length`` native float32s (cached by length)."""
    found = _PACKERS.get(length)
    if found is None:
        found = _PACKERS[length] = struct.Struct(f"={length}f")
    return found


def float32_array(values: list[float]) -> np.ndarray:
    """``np.array(values, dtype=np.float32)`` for a flat list of Python numbers
    (ints, floats, bools), ~4x faster. The array is writable and owns its bytes' only
    reference (a ``bytearray``)."""
    return np.frombuffer(bytearray(packer(len(values)).pack(*values)), dtype=np.float32)


def packed_float32(values: list[float] | tuple[float, ...]) -> np.ndarray:
    """``values`` as a *read-only* float32 array over packed bytes: to copy from
    (``rows[q] = packed_float32(row)``), not to hand out."""
    return np.frombuffer(packer(len(values)).pack(*values), dtype=np.float32)


def write_float32(out: np.ndarray, start: int, values: list[float]) -> None:
    """``out[start:start + len(values)] = values`` for a float32 ``out``, ~3x faster."""
    out[start:start + len(values)] = packed_float32(values)
