"""Worker ids shared by every phase (see DESIGN.md): 0..7 the players' Workers
(``seat * 2 + k``), 8..12 the Hired Hands in the data file's order."""

from __future__ import annotations

from typing import Any

PLAYER_WORKERS = range(8)
HIRED_HANDS = range(8, 13)
RAILROAD_HAND, MINER_HAND, GUNFIGHTER_HAND, STOOGE_A, STOOGE_B = HIRED_HANDS


def is_hired_hand(worker: int) -> bool:
    return worker >= HIRED_HANDS[0]


def controller(s: Any, worker: int) -> int:
    """The seat a Worker works for: its owner, or the Recruiter for a Hired Hand."""
    return s.hand_owner(worker) if is_hired_hand(worker) else worker // 2
