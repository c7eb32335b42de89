"""Dawson City Barbers' observation tensor written the plain way: the encoding as it
stood before ``observation.encode`` was made fast (issue 21), every seat row built
afresh (no ``_rows`` cache), kept to check the fast path against
(``tests/test_reference_encodings.py``). Change both together when the layout changes."""

from __future__ import annotations

import numpy as np

from skagway_env.games.dawson_city_barbers.actions import MAX_SHOPS
from skagway_env.games.dawson_city_barbers.observation import (
    _BOX,
    _CHAIR,
    _CUT,
    _HAIR,
    HEADER,
    MAX_FLIPS,
    PHASES,
    PLAYER_FEATURES,
    ROUNDS,
)
from skagway_env.games.dawson_city_barbers.state import DawsonCityBarbersState


def seat_row(s: DawsonCityBarbersState, q: int) -> tuple[float, ...]:
    """Seat ``q``'s public block as the base built it."""
    comp = s.game.components
    cut = s.cut_at[q]
    return (
        (1.0, s.train_pos[q] / comp.train_last_space)
        + _BOX[s.train_box[q]]
        + (s.work[q] / comp.work_last, s.pan[q] / comp.pan_last)
        + _CUT[0 if cut < 0 else (cut - q) % len(s.cut_at)]
        + _CHAIR[0 if cut < 0 else s.shop[cut].index(q) + 1]
        + (
            len(s.shop[q]) / 3.0,
            float(s.weekend_used[q]),
            s.gold[q] / 50.0,
            sum(s.hands[q]) / 5.0,
            float(q == s.start_player),
        )
        + _HAIR[s.hair[q] + 1]
        + (s.placing.index(q) / (MAX_SHOPS - 1),)
    )


def reference_encode(s: DawsonCityBarbersState, player: int) -> np.ndarray:
    k = s.game.components.num_kinds
    n = len(s.gold)
    rows = np.array([seat_row(s, q) for q in range(n)], np.float32)
    out = np.zeros(HEADER + 3 * k + MAX_SHOPS * PLAYER_FEATURES, dtype=np.float32)
    out[s.round] = 1.0
    out[ROUNDS + s.phase] = 1.0
    out[ROUNDS + PHASES] = len(s.pending_flips) / MAX_FLIPS
    out[HEADER:HEADER + 3 * k] = s.hands[player] + s.discards + s.face_down[player]
    order = [(player + r) % n for r in range(n)]
    out[HEADER + 3 * k:HEADER + 3 * k + rows.size] = rows[order].ravel()
    return out
