"""Klondike 1896's observation tensor written the plain way: the encoding as it stood
before ``observation.encode`` was made fast (issue 21), with none of its caches (the
game's seat and plane blocks, the state's table block and ruby bounds), kept to check
the fast path against (``tests/test_reference_encodings.py``). Change both together
when the layout changes."""

from __future__ import annotations

import numpy as np

from skagway_env.games.klondike1896.observation import PHASES, SEATS, _plane
from skagway_env.games.klondike1896.phases import AUCTION, EXTRA, PLACE
from skagway_env.games.klondike1896.secret import ruby_bounds
from skagway_env.games.klondike1896.state import Klondike1896State


def _planes(s: Klondike1896State, q: int, laid: bool, last: int) -> np.ndarray:
    cells = s.game.grid.cells
    block = np.zeros(4 * cells, dtype=np.float32)
    block[:cells] = _plane(s.covered[q], cells)
    block[cells:2 * cells] = _plane(last, cells)
    if laid:
        gold, ruby = s.game.terrain(s.arrangement[q])
        block[2 * cells:3 * cells] = np.asarray(gold, dtype=np.float32) / 3.0
        block[3 * cells:] = ruby
    return block


def _seat_block(s: Klondike1896State, q: int, shown: bool) -> np.ndarray:
    last = s.paths[q][-1] if s.paths[q] else 0
    laid = shown and s.arrangement[q][-1] >= 0
    known = ((s.rubies[q], s.rubies[q], s.fresh[q], s.fresh[q]) if shown
             else ruby_bounds(s, q))
    head = [s.gold[q] / 50.0, 0.0, 0.0, 1.0, float(s.finished[q]), s.deduction[q] / 50.0,
            s.paid[q] / 10.0, *(k / 10.0 for k in known)]
    if shown:
        head[1:4] = [s.rubies[q] / 10.0, s.fresh[q] / 10.0, 0.0]
    return np.concatenate([np.array(head, dtype=np.float32), _planes(s, q, laid, last)])


def _table_block(s: Klondike1896State) -> np.ndarray:
    t = len(s.game.components.claims)
    block = np.zeros(t + 7 * SEATS * t, dtype=np.float32)
    block[:len(s.supply)] = np.asarray(s.supply, dtype=np.float32) / 10.0
    block[t - 1] = s.extra_left / 16.0
    for r, row in enumerate(s.rows):
        for k, claim in enumerate(row):
            block[t + (r * SEATS + k) * t + claim] = 1.0
    return block


def reference_encode(s: Klondike1896State, player: int) -> np.ndarray:
    game = s.game
    n = s.num_players
    out = np.zeros(game.observation_size(), dtype=np.float32)
    out[s.phase] = 1.0
    cur = s.current_player()
    if cur >= 0:
        out[PHASES + (cur - player) % n] = 1.0
    out[PHASES + 4 + (s.first - player) % n] = 1.0
    out[PHASES + 8] = s.round / 50.0
    at = PHASES + 9
    if s.phase == AUCTION or s.phase == PLACE:
        for q in range(n):
            k = s.pawn[q]
            if k >= 0:
                i = at + (k * SEATS + (q - player) % n) * 2
                out[i] = 1.0
                out[i + 1] = s.bid[q] / 10.0
    at += SEATS * SEATS * 2
    if s.phase == EXTRA:
        if s.extra_high >= 0:
            out[at + (s.extra_high - player) % n] = 1.0
        out[at + 4] = s.extra_bid / 10.0
        out[at + 5] = s.extra_passes / 4.0
    at += 6
    t = len(game.components.claims)
    for q in range(n):
        if s.won[q] >= 0:
            out[at + (q - player) % n * t + s.won[q]] = 1.0
    at += SEATS * t
    table = _table_block(s)
    out[at:at + table.size] = table
    at += table.size
    hidden = bool(s.ledger)
    for r in range(n):
        q = (player + r) % n
        block = _seat_block(s, q, not hidden or q == player)
        out[at:at + block.size] = block
        at += block.size
    return out
