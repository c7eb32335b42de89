"""[Preparation] and [Adding claims]: laying the landscape boards, dealing claim rows.

Both are chance nodes. A seat's four boards are laid slot by slot (a design not yet
laid, turned one of four ways); with identical boards ([Tips] 1) one arrangement is
dealt and everybody copies it. Claims are dealt face up one at a time into rows of as
many claims as players, never two equal shapes in a row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import BOARDS_PER_PLAYER
from .geometry import ROTATIONS
from .phases import DEAL

if TYPE_CHECKING:
    from .state import Klondike1896State

ROWS_PER_DEAL = 6  # [Preparation] "Six rows of claims"; [Adding claims] "another six rows"


def arrangements_to_deal(s: Klondike1896State) -> int:
    """Board slots dealt at setup: four a seat, or four in all with identical boards."""
    return BOARDS_PER_PLAYER * (1 if s.game.params.identical_boards else s.num_players)


def arrangement_outcomes(s: Klondike1896State) -> list[tuple[int, float]]:
    """The next slot: any design not yet laid by this seat, turned any way."""
    seat, slot = divmod(s.setup_slot, BOARDS_PER_PLAYER)
    laid = {code // ROTATIONS for code in s.arrangement[seat][:slot]}
    free = [d for d in range(BOARDS_PER_PLAYER) if d not in laid]
    p = 1.0 / (len(free) * ROTATIONS)
    return [(d * ROTATIONS + t, p) for d in free for t in range(ROTATIONS)]


def lay_board(s: Klondike1896State, code: int) -> bool:
    """Lay one board; True once every seat's landscape is down."""
    seat, slot = divmod(s.setup_slot, BOARDS_PER_PLAYER)
    s.arrangement[seat][slot] = code
    s.setup_slot += 1
    if s.setup_slot < arrangements_to_deal(s):
        return False
    if s.game.params.identical_boards:  # [Tips] 1 everybody sets up the same
        s.arrangement = [s.arrangement[0][:] for _ in range(s.num_players)]
    return True


def start_deal(s: Klondike1896State) -> None:
    """[Preparation] / [Adding claims]: six more rows, as far as the supply allows."""
    s.rows_to_deal = ROWS_PER_DEAL
    s.phase = DEAL


def dealing_continues(s: Klondike1896State) -> bool:
    """Open a new row if one is due and the supply can fill it (RULES_NOTES C2).

    A row needs as many distinct shapes as players; while the supply holds that many
    distinct shapes, dealing one claim at a time can never get stuck.
    """
    n = s.game.params.num_players
    if s.rows and len(s.rows[-1]) < n:
        return True
    supply = s.supply
    if s.rows_to_deal and len(supply) - supply.count(0) >= n:  # the types left
        s.rows.append([])
        s.rows_to_deal -= 1
        return True
    s.rows_to_deal = 0
    return False


def deal_outcomes(s: Klondike1896State) -> list[tuple[int, float]]:
    """The next claim of the row being dealt: a shape not in it yet, by copies left."""
    row = s.rows[-1]
    allowed = [(t, c) for t, c in enumerate(s.supply) if c and t not in row]
    total = 0
    for _, c in allowed:
        total += c
    return [(t, c / total) for t, c in allowed]


def deal_outcome_at(s: Klondike1896State, r: float) -> int:
    """``pick_outcome(deal_outcomes(s), r)``: the same probabilities summed in the same
    order, stopping at the claim type the uniform draw ``r`` selects (a playout's deal)."""
    row, supply = s.rows[-1], s.supply
    total = sum(supply)  # the copies of the types not in the row (a row's types differ)
    for t in row:
        total -= supply[t]
    acc, last = 0.0, -1
    for t, c in enumerate(supply):
        if c and t not in row:
            acc += c / total
            if r < acc:
                return t
            last = t
    return last  # rounding: the sum of probabilities fell short of r


def deal_claim(s: Klondike1896State, claim_type: int) -> None:
    s.supply[claim_type] -= 1
    s.rows[-1].append(claim_type)
