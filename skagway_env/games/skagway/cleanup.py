"""Phase Six [4.6]: prepare for the next turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .stages import (
    CEMETERY,
    DECAY_ROLL,
    HAND_ACTIVE,
    HAND_POOL,
    HAND_RECRUITED,
    HOME,
    JAIL,
    KEEP_GOLD,
    OUT,
    POOL,
    RECRUITED,
    SHERIFF,
)
from .workers import HIRED_HANDS, is_hired_hand

if TYPE_CHECKING:
    from .state import SkagwayState

GOLD_KEPT = 2  # [4.6] "may keep only 2 (player's choice)"
DECAY_FACE = 1  # [4.6] "On a 1, the Railroad Goods card decays"
# [4.6] where Workers stay at the end of a turn; from anywhere else they go home
STAY_PUT = (HOME, OUT, POOL, JAIL, CEMETERY,
            SHERIFF, RECRUITED)


def start_cleanup(s: SkagwayState) -> None:
    """[4.6] Face-up Workers leave the Jail and Cemetery (Hired Hands to the pool);
    face-down ones turn face up and stay one more turn."""
    for worker, where in enumerate(s.loc):
        if where in (JAIL, CEMETERY):
            if s.face_down[worker]:
                s.face_down[worker] = False
            elif is_hired_hand(worker):
                s.loc[worker] = POOL
                s.hand_state[worker - HIRED_HANDS[0]] = HAND_POOL
            else:
                s.loc[worker] = HOME
    n = s.num_players
    s.keep_queue = [(s.first_player + k) % n for k in range(n)]
    next_keeper(s)


def next_keeper(s: SkagwayState) -> None:
    while s.keep_queue and sum(s.gold_held[s.keep_queue[0]]) <= GOLD_KEPT:
        s.keep_queue.pop(0)
    if s.keep_queue:
        s.stage = KEEP_GOLD
    else:
        start_decay(s)


def return_gold(s: SkagwayState, value: int) -> None:
    """A counter over the two kept goes back to the supply, or out of the game when the
    supply is already empty [4.6]."""
    faces = [v for v, _ in s.game.components.gold.counts]
    seat = s.keep_queue[0]
    s.gold_held[seat][faces.index(value)] -= 1
    if any(s.gold_supply):
        s.gold_supply[faces.index(value)] += 1
    else:
        s.gold_removed += 1  # "remove them from the game if the Gold Supply is ... empty"
    next_keeper(s)


def start_decay(s: SkagwayState) -> None:
    """[4.6] One die for each Railroad Goods card held, in turn order."""
    n = s.num_players
    s.decay_queue = [[seat, t] for k in range(n) for seat in [(s.first_player + k) % n]
                     for t, count in enumerate(s.goods_held[seat]) for _ in range(count)]
    next_decay(s)


def next_decay(s: SkagwayState) -> None:
    if s.decay_queue:
        s.stage = DECAY_ROLL
    else:
        finish_turn(s)


def decay_roll(s: SkagwayState, die: int) -> None:
    seat, goods_type = s.decay_queue.pop(0)
    if die == DECAY_FACE:
        s.goods_held[seat][goods_type] -= 1
        s.goods_bottom.append(goods_type)  # to the bottom of the deck (RULES_NOTES I12)
    next_decay(s)


def finish_turn(s: SkagwayState) -> None:
    """[4.6] Hired Hands who worked go back to the pool; new recruits turn face up and
    their player takes the Recruiter; everyone else returns to their owners."""
    for worker in HIRED_HANDS:
        k = worker - HIRED_HANDS[0]
        if s.hand_state[k] == HAND_ACTIVE:
            s.hand_state[k] = HAND_POOL
            if s.loc[worker] not in (JAIL, CEMETERY):
                s.loc[worker] = POOL
    s.recruiter = s.recruited_by
    for worker in HIRED_HANDS:
        k = worker - HIRED_HANDS[0]
        if s.hand_state[k] == HAND_RECRUITED:
            s.hand_state[k] = HAND_ACTIVE
            s.loc[worker] = HOME
    s.recruited_by = -1
    for worker, where in enumerate(s.loc):
        if where not in STAY_PUT:
            s.loc[worker] = HOME
    s.mines, s.railroad, s.bandits = [], [], []
    s.assay = [-1] * len(s.assay)
    s.assay_next = 0
    s.docks = -1
    s.begin_turn()
