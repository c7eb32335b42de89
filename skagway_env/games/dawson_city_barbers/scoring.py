"""End of Round: the five scoring phases, in the rulebook's order.

Each function reads and writes the state's public fields and notes a readable line
(``state.note``) for the display log, so that players (and golden files) can follow
the scoring. Every line is a public fact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tracks import HEAD_START_BOXES, head_start_position

if TYPE_CHECKING:
    from .state import DawsonCityBarbersState

BEST_BARBER_GOLD = 3  # [Determine Best Barber] "The Best Barber scores 3 gold"
BEST_HAIR_PLACES = 3  # [Evaluate Haircuts] the 1st, 2nd, 3rd spaces; then the box
PAN_FIXED_GOLD = (2, 1, 0)  # [Pan for Gold] 1st: 2 + pan, 2nd: 1 + pan, 3rd: pan


def barber_haircuts(s: DawsonCityBarbersState) -> None:
    """[Barber Haircuts] 1 gold for each pawn in a player's shop."""
    for p in range(s.num_players):
        if s.shop[p]:
            s.gold[p] += len(s.shop[p])
            s.note(f"player {p} cut {len(s.shop[p])} head(s): +{len(s.shop[p])}")


def train_order(s: DawsonCityBarbersState) -> list[int]:
    """Players farthest along the train track first.

    A marker on a track space is ahead of one still in a place box at the same
    count (the box is not a space, RULES_NOTES T2); markers tied on the start space
    keep the previous round's order; in round 1 ``placing`` is the turn order from
    the drawn start player (RULES_NOTES T3).
    """
    before = {p: i for i, p in enumerate(s.placing)}
    return sorted(
        range(s.num_players),
        key=lambda p: (-s.train_pos[p], s.train_box[p] != 0, before[p]),
    )


def determine_best_barber(s: DawsonCityBarbersState) -> None:
    """[Determine Best Barber] rank the train track; the best barber scores 3.

    Markers move to the place spaces: 1st-3rd keep a head start for the next round
    (Starting the Next Round), everyone else starts again from space 0.
    """
    order = train_order(s)
    s.placing = order
    best = order[0]
    s.gold[best] += BEST_BARBER_GOLD
    s.note(f"player {best} is Best Barber: +{BEST_BARBER_GOLD}")
    for place, p in enumerate(order):
        if place < HEAD_START_BOXES:
            s.train_box[p] = place + 1
            s.train_pos[p] = head_start_position(place + 1, s.game.params.head_start)
        else:
            s.train_box[p] = 0
            s.train_pos[p] = 0


def evaluate_haircuts(s: DawsonCityBarbersState) -> None:
    """[Evaluate Haircuts] fill Best Hair 1st-3rd from the best barbers' shops."""
    queue = [pawn for barber in s.placing for pawn in s.shop[barber]]
    s.hair = [BEST_HAIR_PLACES] * s.num_players
    for place, pawn in enumerate(queue[:BEST_HAIR_PLACES]):
        s.hair[pawn] = place
    names = ", ".join(f"{place + 1}: player {pawn}" for place, pawn in enumerate(queue[:3]))
    s.note(f"Best Hair {names}")


def open_for_business(s: DawsonCityBarbersState) -> None:
    """[Open for Business] gold for days open plus the Best Hair modifier, never < 0."""
    comp = s.game.components
    for p in range(s.num_players):
        days = s.work[p]
        if days == 0:
            continue  # "Working 0 days always scores 0 gold"
        earned = max(0, comp.work_gold[days] + comp.best_hair_modifiers[s.hair[p]])
        s.gold[p] += earned
        s.note(f"player {p} open {days} days: +{earned}")


def pan_order(s: DawsonCityBarbersState) -> list[int]:
    """Markers that went upriver, farthest first (the north shore wins ties).

    Markers still on the start space did not pan (RULES_NOTES P3). A bigger number
    is farther upriver and, within one space, closer to the north shore.
    """
    upriver = [p for p in range(s.num_players) if s.pan[p] > 0]
    return sorted(upriver, key=lambda p: -s.pan[p])


def pan_for_gold(s: DawsonCityBarbersState) -> None:
    """[Pan for Gold] fixed gold now; each of the first three then flips a card."""
    order = pan_order(s)[: len(PAN_FIXED_GOLD)]
    for place, p in enumerate(order):
        if PAN_FIXED_GOLD[place]:
            s.gold[p] += PAN_FIXED_GOLD[place]
            s.note(f"player {p} panned farthest #{place + 1}: +{PAN_FIXED_GOLD[place]}")
    s.pending_flips = order


def score_round(s: DawsonCityBarbersState) -> None:
    """Run the phases that need no card flip; flips follow as chance nodes."""
    s.begin_log(f"end of round {s.round + 1}:")
    barber_haircuts(s)
    determine_best_barber(s)
    evaluate_haircuts(s)
    open_for_business(s)
    pan_for_gold(s)
