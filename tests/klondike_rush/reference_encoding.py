"""Klondike Rush's observation tensor written the plain way: the encoding as it stood
before ``observation.encode`` was made fast (issue 21), the board and seat rows built
afresh (no ``_board`` / ``_rows`` caches), kept to check the fast path against
(``tests/test_reference_encodings.py``). Change both together when the layout changes."""

from __future__ import annotations

import numpy as np

from skagway_env.games.klondike_rush.auction import STATUS_NAMES
from skagway_env.games.klondike_rush.components import NUM_COMPANIES
from skagway_env.games.klondike_rush.observation import (
    _HEAD,
    _MINE_ROWS,
    _ROTATIONS,
    _TOKEN_ROWS,
    CARD_FEATURES,
    LOT,
    MAX_SEATS,
    PHASES,
    cards_seen,
    seat_row,
)
from skagway_env.games.klondike_rush.state import KlondikeRushState


def _board(s: KlondikeRushState) -> np.ndarray:
    cells: list[float] = []
    for m, t in zip(s.space_mine, s.space_token, strict=True):
        cells += _MINE_ROWS[m + 1]
        cells += _TOKEN_ROWS[t + 1]
    return np.array(cells, dtype=np.float32)


def reference_encode(s: KlondikeRushState, player: int) -> np.ndarray:
    comp = s.game.components
    n = s.num_players
    rel = [(q - player) % n for q in range(n)]
    head = [0.0] * _HEAD
    head[s.phase] = 1.0
    i = PHASES
    if s.phase not in s.CHANCE_PHASES and s.to_move >= 0:
        head[i + rel[s.to_move]] = 1.0
    i += MAX_SEATS
    head[i + rel[s.active]] = 1.0
    i += MAX_SEATS
    head[i:i + 6] = (float(s.last_round), s.turns_left / 5, s.acted / 5, s.draws_left / 36,
                     sum(s.deck) / 36, sum(s.order_deck) / 32)
    i += 6
    for slot, c in enumerate(s.lot):
        card = comp.cards[c]
        j = i + slot * CARD_FEATURES
        head[j:j + CARD_FEATURES] = (1.0, *card.invest, *card.mines, card.crates)
    i += LOT * CARD_FEATURES
    head[i] = s.high_bid / 50
    if s.high_bidder >= 0:
        head[i + 1 + rel[s.high_bidder]] = 1.0
    i += 1 + MAX_SEATS
    for q in range(n):
        head[i + len(STATUS_NAMES) * rel[q] + s.status[q]] = 1.0
    i += MAX_SEATS * len(STATUS_NAMES)
    head[i:i + NUM_COMPANIES + 1] = [t / 11 for t in s.track] + [s.crates]
    cells = _board(s)
    rows = np.array([seat_row(s, q) for q in range(n)], np.float32)
    k = comp.num_orders
    out = np.zeros(s.game.obs_size, dtype=np.float32)
    out[:_HEAD] = head
    j = _HEAD + cells.size
    out[_HEAD:j] = cells
    out[j:j + k] = s.hand[player]
    j += k
    out[j:j + rows.size] = rows.take(_ROTATIONS[n][player], axis=0).ravel()
    j += MAX_SEATS * rows.shape[1]
    out[j:] = cards_seen(s)
    return out
