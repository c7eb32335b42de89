"""Worker ids shared by every phase (see DESIGN.md): 0..7 the players' Workers
(``seat * 2 + k``), 8..12 the Hired Hands in the data file's order."""

from __future__ import annotations

from typing import Any

PLAYER_WORKERS = range(8)
HIRED_HANDS = range(8, 13)
RAILROAD_HAND, MINER_HAND, GUNFIGHTER_HAND, STOOGE_A, STOOGE_B = HIRED_HANDS
FIRST_HAND = HIRED_HANDS[0]  # a plain int: the rules' loops index ``hand_state`` with it


def is_hired_hand(worker: int) -> bool:
    return worker >= FIRST_HAND


def controller(s: Any, worker: int) -> int:
    """The seat a Worker works for: its owner, or the Recruiter for a Hired Hand."""
    if worker < FIRST_HAND:
        return worker // 2
    return s.hand_owner(worker)
