"""Phase Three [4.3]: resolving the Worker spaces in order. IN PROGRESS: the Mines
[4.3.1] are implemented; the Railroad [4.3.2] onwards are not yet (DESIGN.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .workers import is_hired_hand

if TYPE_CHECKING:
    from .state import SkagwayState

MINE_PULL, MINE_DRAW, RAILROAD = "mine_pull", "mine_draw", "railroad"
FIRST_SPOT_GOLD, OTHER_SPOT_GOLD = 2, 1  # [4.3.1] two counters on spot 1, one after
FIRST_SPOT_POINTS, OTHER_SPOT_POINTS = 3, 1  # [4.3.1] when no Gold counter remains


def controller(s: SkagwayState, worker: int) -> int:
    """The seat a Worker works for: its owner, or the Recruiter for a Hired Hand."""
    return s.hand_owner(worker) if is_hired_hand(worker) else worker // 2


def pullable_assay_spots(s: SkagwayState, seat: int) -> list[int]:
    """[4.3.1] Assay spots holding one of ``seat``'s Workers (Stooges included,
    RULES_NOTES I21), which may be pulled to send a Miner an extra counter."""
    return [k for k, w in enumerate(s.assay) if w >= 0 and controller(s, w) == seat]


def start_mines(s: SkagwayState) -> None:
    s.cursor = 0
    next_mine_worker(s)


def next_mine_worker(s: SkagwayState) -> None:
    """Move to the next Mines spot that needs a decision or a draw."""
    while s.cursor < len(s.mines):
        worker = s.mines[s.cursor]
        seat = controller(s, worker)
        if not any(s.gold_supply):
            # [4.3.1] "If no Gold counters remain, Workers earn points instead"
            earned = FIRST_SPOT_POINTS if s.cursor == 0 else OTHER_SPOT_POINTS
            s.points[seat] += earned
            s.log.append(f"P{seat}'s {s.worker_name(worker)} finds no gold: +{earned}")
            finish_mine_worker(s)
            continue
        if pullable_assay_spots(s, seat):
            s.stage = MINE_PULL
        else:
            s.draws_left = FIRST_SPOT_GOLD if s.cursor == 0 else OTHER_SPOT_GOLD
            s.stage = MINE_DRAW
        return
    s.stage = RAILROAD


def pull_for_mine(s: SkagwayState, assay_spot: int | None) -> None:
    """[4.3.1] Optionally pull one's own Assay Worker (it goes home) for one more counter."""
    base = FIRST_SPOT_GOLD if s.cursor == 0 else OTHER_SPOT_GOLD
    if assay_spot is not None:
        helper = s.assay[assay_spot]
        s.assay[assay_spot] = -1  # the spot stays vacated [4.3.3]
        s.loc[helper] = "home"
        base += 1
    s.draws_left = base
    s.stage = MINE_DRAW


def draw_gold(s: SkagwayState, value: int) -> None:
    """A random Gold counter from the supply, kept face down by the Worker's player."""
    index = [v for v, _ in s.game.components.gold.counts].index(value)
    seat = controller(s, s.mines[s.cursor])
    s.gold_supply[index] -= 1
    s.gold_held[seat][index] += 1
    s.draws_left -= 1
    if s.draws_left == 0 or not any(s.gold_supply):
        finish_mine_worker(s)  # I7: a Worker owed more than is left takes what there is
        next_mine_worker(s)


def finish_mine_worker(s: SkagwayState) -> None:
    """[4.3] the Worker goes back to its player's area."""
    s.loc[s.mines[s.cursor]] = "home"
    s.draws_left = 0
    s.cursor += 1
