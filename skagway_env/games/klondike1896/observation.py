"""What one seat sees, as a tensor and as text (RLCard style: encoding apart from rules).

Everything is public (claims are dealt face up, [Preparation]; ruby counts are public
knowledge) except, with secret rubies ([Tips] 2), the other seats' rubies and the
spaces of their landscapes (RULES_NOTES T2). Seats are listed from the observer,
then clockwise, padded to four.

Tensor layout (T = 11 claim types with the bundled data, C = 144 grid cells):

| slice               | meaning                                                     |
|---------------------|-------------------------------------------------------------|
| 0..6                | phase one-hot: setup, deal, auction, place, additional      |
|                     | auction, additional place, over                             |
| 7..10               | seat to move, relative one-hot                              |
| 11..14              | the round's first player, relative one-hot                  |
| 15                  | round / 50                                                  |
| 16 .. 16+T          | claims left in the supply / 10, additional claims left / 16 |
| then 4 x 4 x 2      | auction: claim slot x seat: pawn there, its rubies / 10     |
| then 6              | additional auction: high bidder one-hot, bid / 10, passes/4 |
| then 4 x T          | claim each seat has won and not yet placed, one-hot         |
| then 4 x 6          | per seat: gold / 50, rubies / 10, fresh rubies / 10,        |
|                     | rubies hidden, reached the goal, deduction / 50             |
| then 7 x 4 x T      | the rows on the table (current first), slot, type one-hot   |
| then 4 x 4C         | per seat, four planes over the cells: covered, last claim,  |
|                     | gold pieces / 3, ruby spaces                                |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .auction import AUCTION
from .extra import EXTRA

if TYPE_CHECKING:
    from .state import Klondike1896State

SEATS = 4
PHASES = 7
MAX_ROWS = 7  # one row left plus six dealt ([Adding claims])
SEAT_SCALARS = 6
PLANES = 4


def head_size(t: int) -> int:
    """Length of everything before the rows: the small, per-step part."""
    return PHASES + 4 + 4 + 1 + t + SEATS * SEATS * 2 + 6 + SEATS * t + SEATS * SEAT_SCALARS


def size(claim_types: int, cells: int) -> int:
    return head_size(claim_types) + MAX_ROWS * SEATS * claim_types + SEATS * PLANES * cells


def _plane(mask: int, cells: int) -> np.ndarray:
    raw = np.frombuffer(mask.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:cells]


def board_planes(s: Klondike1896State, q: int, shown: bool) -> np.ndarray:
    """Seat ``q``'s four planes (terrain zero when not ``shown``); kept by the game,
    never written to once made."""
    game = s.game
    cells = game.grid.cells
    last = s.paths[q][-1] if s.paths[q] else 0
    laid = shown and s.arrangement[q][-1] >= 0
    key = (tuple(s.arrangement[q]) if laid else None, s.covered[q], last)
    cache = game.planes_cache
    block = cache.get(key)
    if block is None:
        block = np.zeros(PLANES * cells, dtype=np.float32)
        block[:cells] = _plane(s.covered[q], cells)
        block[cells:2 * cells] = _plane(last, cells)
        if laid:
            gold, ruby = game.terrain(s.arrangement[q])
            block[2 * cells:3 * cells] = np.asarray(gold, dtype=np.float32) / 3.0
            block[3 * cells:] = ruby
        if len(cache) > 20000:
            cache.clear()
        cache[key] = block
    return block


def rows_block(s: Klondike1896State) -> np.ndarray:
    """The rows on the table, one-hot; kept on the state until the rows change."""
    block = s._rows_block
    if block is None:
        t = len(s.game.components.claims)
        block = np.zeros(MAX_ROWS * SEATS * t, dtype=np.float32)
        for r, row in enumerate(s.rows):
            for k, claim in enumerate(row):
                block[(r * SEATS + k) * t + claim] = 1.0
        s._rows_block = block
    return block


def sees_all_of(s: Klondike1896State, observer: int | None, q: int) -> bool:
    """Whether ``observer`` sees seat ``q``'s rubies and landscape."""
    return observer is None or observer == q or not s.ledger


def encode(s: Klondike1896State, player: int) -> np.ndarray:
    """The tensor, written into one zeroed array: the few non-zero head entries one
    by one, then the cached rows block and board planes as slices."""
    game = s.game
    t = len(game.components.claims)
    n = s.num_players
    head = head_size(t)
    out = np.zeros(game.observation_size(), dtype=np.float32)
    out[s.phase] = 1.0
    cur = s.current_player()
    if cur >= 0:
        out[PHASES + (cur - player) % n] = 1.0
    out[PHASES + 4 + (s.first - player) % n] = 1.0
    at = PHASES + 8
    out[at] = s.round / 50.0
    at += 1
    out[at:at + t - 1] = s.supply
    out[at:at + t - 1] /= 10.0
    out[at + t - 1] = s.extra_left / 16.0
    at += t
    if s.phase == AUCTION:
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
    for q in range(n):
        if s.won[q] >= 0:
            out[at + (q - player) % n * t + s.won[q]] = 1.0
    at += SEATS * t
    rows = rows_block(s)
    out[head:head + rows.size] = rows
    width = PLANES * game.grid.cells
    base = head + rows.size
    for r in range(n):
        q = (player + r) % n
        i = at + r * SEAT_SCALARS
        shown = sees_all_of(s, player, q)
        out[i] = s.gold[q] / 50.0
        if shown:
            out[i + 1] = s.rubies[q] / 10.0
            out[i + 2] = s.fresh[q] / 10.0
        else:
            out[i + 3] = 1.0
        out[i + 4] = float(s.finished[q])
        out[i + 5] = s.deduction[q] / 50.0
        out[base + r * width:base + (r + 1) * width] = board_planes(s, q, shown)
    return out


_SYMBOL = {0: ".", 1: "1", 2: "2", 3: "3"}


def _landscape(s: Klondike1896State, q: int, shown: bool) -> list[str]:
    grid = s.game.grid
    covered = s.covered[q]
    last = s.paths[q][-1] if s.paths[q] else 0
    laid = s.arrangement[q][-1] >= 0
    gold = ruby = None
    if shown and laid:
        gold, ruby = s.game.terrain(s.arrangement[q])
    lines = []
    for r in range(grid.rows):
        chars = []
        for c in range(grid.cols):
            cell = r * grid.cols + c
            if last >> cell & 1:
                chars.append("@")
            elif covered >> cell & 1:
                chars.append("#")
            elif gold is None:
                chars.append("?")
            else:
                chars.append("R" if ruby[cell] else _SYMBOL[gold[cell]])
            if not grid.square and c % grid.board_size == grid.board_size - 1:
                chars.append(" ")
        lines.append("  " + "".join(chars).rstrip())
    return lines


def describe(s: Klondike1896State, player: int | None) -> str:
    """Text view for ``player`` (``None``: the whole state, secrets included)."""
    from .state import PHASE_NAMES

    comp = s.game.components
    names = [c.name for c in comp.claims]
    cur = s.current_player()
    head = f"Round {s.round + 1}, first player {s.first}, {PHASE_NAMES[s.phase]}"
    if cur >= 0:
        head += f", player {cur} to move"
    lines = [head]
    supply = " ".join(f"{names[i]}:{c}" for i, c in enumerate(s.supply))
    lines.append(f"supply {supply} | additional claims {s.extra_left}")
    for r, row in enumerate(s.rows):
        lines.append(f"row {r + 1}: " + " ".join(f"[{k}]{names[c]}" for k, c in enumerate(row)))
    if s.phase == AUCTION:
        stands = [f"P{q} on [{s.pawn[q]}] with {s.bid[q]}"
                  for q in range(s.num_players) if s.pawn[q] >= 0]
        lines.append("pawns: " + (", ".join(stands) if stands else "none yet"))
    if s.phase == EXTRA:
        high = f"P{s.extra_high} bids {s.extra_bid}" if s.extra_high >= 0 else "no bid"
        lines.append(f"additional claim: {high}, {s.extra_passes} pass(es) since")
    for q in range(s.num_players):
        shown = sees_all_of(s, player, q)
        rubies = f"{s.rubies[q]} (+{s.fresh[q]} next round)" if shown else "?"
        won = f" | to place {names[s.won[q]]}" if s.won[q] >= 0 else ""
        goal = " | reached the goal" if s.finished[q] else ""
        loss = f" | deducted {s.deduction[q]}" if s.deduction[q] else ""
        me = "*" if q == player else ""
        lines.append(f"P{q}{me}: gold {s.gold[q]} | rubies {rubies}{won}{goal}{loss}")
        if (shown and s.arrangement[q][-1] >= 0) or s.covered[q]:
            lines += _landscape(s, q, shown)
    if player is None and s.ledger:
        lines.append(f"boards: {s.arrangement}")
    return "\n".join(lines)

