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
| then 7 x 4 x T      | the rows on the table (current first), slot, type one-hot   |
| then 4 x 4 x 2      | auction: claim slot x seat: pawn there, its rubies / 10     |
| then 6              | additional auction: high bidder one-hot, bid / 10, passes/4 |
| then 4 x T          | claim each seat has won and not yet placed, one-hot         |
| then 4 x (6 + 4C)   | per seat: gold / 50, rubies / 10, fresh rubies / 10,        |
|                     | rubies hidden, reached the goal, deduction / 50; then the   |
|                     | planes covered, last claim, gold pieces / 3, ruby spaces    |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .auction import AUCTION
from .extra import EXTRA
from .geometry import terrain_of

if TYPE_CHECKING:
    from .state import Klondike1896State

SEATS = 4
PHASES = 7
MAX_ROWS = 7  # one row left plus six dealt ([Adding claims])
SEAT_SCALARS = 6
PLANES = 4


def size(claim_types: int, cells: int) -> int:
    return _global_size(claim_types) + SEATS * (SEAT_SCALARS + PLANES * cells)


def _global_size(t: int) -> int:
    return PHASES + 4 + 4 + 1 + t + MAX_ROWS * SEATS * t + SEATS * SEATS * 2 + 6 + SEATS * t


def _plane(mask: int, cells: int) -> np.ndarray:
    raw = np.frombuffer(mask.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:cells]


_BOARD_CACHE: dict[tuple, np.ndarray] = {}


def _board_planes(s: Klondike1896State, q: int, shown: bool) -> np.ndarray:
    """Seat ``q``'s four planes; terrain zero when ``shown`` is False (secret)."""
    comp, grid = s.game.components, s.game.grid
    last = s.paths[q][-1] if s.paths[q] else 0
    key = (comp, grid.square, tuple(s.arrangement[q]) if shown else None, s.covered[q], last)
    block = _BOARD_CACHE.get(key)
    if block is None:
        cells = grid.cells
        block = np.zeros(PLANES * cells, dtype=np.float32)
        block[:cells] = _plane(s.covered[q], cells)
        block[cells:2 * cells] = _plane(last, cells)
        if shown and s.arrangement[q][-1] >= 0:
            gold, ruby = terrain_of(comp, grid.square, tuple(s.arrangement[q]))
            block[2 * cells:3 * cells] = np.asarray(gold, dtype=np.float32) / 3.0
            block[3 * cells:] = ruby
        if len(_BOARD_CACHE) > 20000:
            _BOARD_CACHE.clear()
        _BOARD_CACHE[key] = block
    return block


def sees_all_of(s: Klondike1896State, observer: int | None, q: int) -> bool:
    """Whether ``observer`` sees seat ``q``'s rubies and landscape."""
    return observer is None or observer == q or not s.ledger


def encode(s: Klondike1896State, player: int) -> np.ndarray:
    comp, grid = s.game.components, s.game.grid
    n = s.num_players
    t = len(comp.claims)
    out = np.zeros(size(t, grid.cells), dtype=np.float32)
    rel = [(q - player) % n for q in range(n)]
    out[s.phase] = 1.0
    cur = s.current_player()
    if cur >= 0:
        out[PHASES + rel[cur]] = 1.0
    out[PHASES + 4 + rel[s.first]] = 1.0
    at = PHASES + 8
    out[at] = s.round / 50.0
    at += 1
    out[at:at + len(s.supply)] = np.asarray(s.supply, dtype=np.float32) / 10.0
    out[at + t - 1] = s.extra_left / 16.0
    at += t
    for r, row in enumerate(s.rows[:MAX_ROWS]):
        for k, claim in enumerate(row):
            out[at + (r * SEATS + k) * t + claim] = 1.0
    at += MAX_ROWS * SEATS * t
    if s.phase == AUCTION:
        for q in range(n):
            k = s.pawn[q]
            if k >= 0:
                i = at + (k * SEATS + rel[q]) * 2
                out[i] = 1.0
                out[i + 1] = s.bid[q] / 10.0
    at += SEATS * SEATS * 2
    if s.extra_high >= 0 and s.phase == EXTRA:
        out[at + rel[s.extra_high]] = 1.0
    if s.phase == EXTRA:
        out[at + 4] = s.extra_bid / 10.0
        out[at + 5] = s.extra_passes / 4.0
    at += 6
    for q in range(n):
        if s.won[q] >= 0:
            out[at + rel[q] * t + s.won[q]] = 1.0
    at += SEATS * t
    width = SEAT_SCALARS + PLANES * grid.cells
    for q in range(n):
        i = at + rel[q] * width
        shown = sees_all_of(s, player, q)
        out[i] = s.gold[q] / 50.0
        if shown:
            out[i + 1] = s.rubies[q] / 10.0
            out[i + 2] = s.fresh[q] / 10.0
        else:
            out[i + 3] = 1.0
        out[i + 4] = float(s.finished[q])
        out[i + 5] = s.deduction[q] / 50.0
        out[i + SEAT_SCALARS:i + width] = _board_planes(s, q, shown)
    return out


_SYMBOL = {0: ".", 1: "1", 2: "2", 3: "3"}


def _landscape(s: Klondike1896State, q: int, shown: bool) -> list[str]:
    grid = s.game.grid
    covered = s.covered[q]
    last = s.paths[q][-1] if s.paths[q] else 0
    laid = s.arrangement[q][-1] >= 0
    gold = ruby = None
    if shown and laid:
        gold, ruby = terrain_of(s.game.components, grid.square, tuple(s.arrangement[q]))
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

