"""Phase Six [4.6]: prepare for the next turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .stages import (
    CEMETERY,
    DECAY_PICK,
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
from .workers import FIRST_HAND, HIRED_HANDS, is_hired_hand

if TYPE_CHECKING:
    from .state import SkagwayState

GOLD_KEPT = 2  # [4.6] "may keep only 2 (player's choice)"
DECAY_FACE = 1  # [4.6] "On a 1, the Railroad Goods card decays"
# [4.6] where Workers stay at the end of a turn; from anywhere else they go home
STAY_PUT = frozenset((HOME, OUT, POOL, JAIL, CEMETERY,
                      SHERIFF, RECRUITED))


def start_cleanup(s: SkagwayState) -> None:
    """[4.6] Face-up Workers leave the Jail and Cemetery (Hired Hands to the pool);
    face-down ones turn face up and stay one more turn."""
    s.note("Phase Six: prepare for the next turn")  # [4.6], for the displays
    for worker, where in enumerate(s.loc):
        if where == JAIL or where == CEMETERY:
            if s.face_down[worker]:
                s.face_down[worker] = False
            elif is_hired_hand(worker):
                s.loc[worker] = POOL
                s.hand_state[worker - FIRST_HAND] = HAND_POOL
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
    faces = s.game.components.gold.faces
    seat = s.keep_queue[0]
    s.gold_held[seat][faces.index(value)] -= 1
    if any(s.gold_supply):
        s.gold_supply[faces.index(value)] += 1
    else:
        s.gold_removed += 1  # "remove them from the game if the Gold Supply is ... empty"
    next_keeper(s)


def start_decay(s: SkagwayState) -> None:
    """[4.6] "roll a die for each card held": one die a card, the seats in turn order.

    The dice are not tied to the cards in an order the table can read (RULES_NOTES H3):
    a seat's cards lie face down, so the table sees only that one of them decays on
    each 1. Which one is a chance node of its own (``decay_pick``)."""
    n = s.num_players
    s.decay_queue = [seat for k in range(n) for seat in [(s.first_player + k) % n]
                     for _ in range(sum(s.goods_held[seat]))]
    next_decay(s)


def next_decay(s: SkagwayState) -> None:
    if s.decay_queue:
        s.stage = DECAY_ROLL
    else:
        finish_turn(s)


def decay_roll(s: SkagwayState, die: int) -> None:
    if die == DECAY_FACE:
        s.stage = DECAY_PICK  # the seat stays at the head of the queue until then
        return
    s.decay_queue.pop(0)
    next_decay(s)


def decay_outcomes(s: SkagwayState) -> list[tuple[int, float]]:
    """The card a 1 was rolled for, each of the holder's cards alike (RULES_NOTES H3).

    Rolling one die for each card in an order nobody else can read is the same as
    this: the cards that decay are a uniform set among the holder's cards, and given
    the ones already decayed, the next is uniform among the cards it still holds
    (the ones rolled for and kept are as likely as those not yet rolled for)."""
    held = s.goods_held[s.decay_queue[0]]
    total = sum(held)
    return [(t, c / total) for t, c in enumerate(held) if c]


def decay_card(s: SkagwayState, goods_type: int) -> None:
    """The card decays: face down to the bottom of the deck (RULES_NOTES I12, H3)."""
    seat = s.decay_queue.pop(0)
    s.goods_held[seat][goods_type] -= 1
    s.goods_bottom.append(goods_type)
    next_decay(s)


def finish_turn(s: SkagwayState) -> None:
    """[4.6] Hired Hands who worked go back to the pool; new recruits turn face up and
    their player takes the Recruiter; everyone else returns to their owners."""
    hand_state, loc = s.hand_state, s.loc
    for worker in HIRED_HANDS:
        k = worker - FIRST_HAND
        if hand_state[k] == HAND_ACTIVE:
            hand_state[k] = HAND_POOL
            if loc[worker] != JAIL and loc[worker] != CEMETERY:
                loc[worker] = POOL
    s.recruiter = s.recruited_by
    for worker in HIRED_HANDS:
        k = worker - FIRST_HAND
        if hand_state[k] == HAND_RECRUITED:
            hand_state[k] = HAND_ACTIVE
            loc[worker] = HOME
    s.recruited_by, s.recruit_pool = -1, []
    for worker, where in enumerate(loc):
        if where not in STAY_PUT:
            loc[worker] = HOME
    s.mines, s.railroad, s.bandits = [], [], []
    s.assay = [-1] * len(s.assay)
    s.assay_next = 0
    s.docks = -1
    s.begin_turn()
