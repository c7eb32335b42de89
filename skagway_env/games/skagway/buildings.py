"""[6.0] Purchasing buildings at the Assay & Mercantile, and the Buildings Purchased
track. Sides: 0 GOOD, 1 BAD (DESIGN.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import SPACES

if TYPE_CHECKING:
    from .state import SkagwayState

GOOD, BAD = 0, 1


def building_name(space: int, side: int) -> str:
    return SPACES[space][1 + side]


def can_buy_building(s: SkagwayState, seat: int, space: int) -> bool:
    """[6.0] 4 points in hand [4.4.3], not a building already bought this turn, and
    not one's own: a building on the board is bought from its owner (RULES_NOTES I14)."""
    return (s.points[seat] >= s.game.components.player_building_cost
            and not s.bought_this_turn[space] and s.building_owner[space] != seat)


def can_buy_prestige(s: SkagwayState, seat: int, prestige: int) -> bool:
    """[6.0] 9 points, a card nobody owns, at most four, the Statue's prerequisite."""
    comp = s.game.components
    if s.points[seat] < comp.prestige_building_cost:
        return False
    if any(prestige in owned for owned in s.prestige):
        return False
    if len(s.prestige[seat]) >= comp.max_prestige_per_player:
        return False
    return not comp.prestige[prestige].requires_other_prestige or bool(s.prestige[seat])


def buyable(s: SkagwayState, seat: int) -> tuple[list[int], list[int]]:
    """The building spaces and the Prestige cards ``seat`` may buy now, ascending: what
    ``can_buy_building`` and ``can_buy_prestige`` allow, asked once for all (the legal
    moves of every Assay decision, issue 21)."""
    comp = s.game.components
    points = s.points[seat]
    spaces = []
    if points >= comp.player_building_cost:
        spaces = [space for space in range(3)
                  if not s.bought_this_turn[space] and s.building_owner[space] != seat]
    mine = s.prestige[seat]
    if points < comp.prestige_building_cost or len(mine) >= comp.max_prestige_per_player:
        return spaces, []
    owned = {p for held in s.prestige for p in held}
    return spaces, [p for p, card in enumerate(comp.prestige)
                    if p not in owned and (bool(mine) or not card.requires_other_prestige)]


def move_purchased_track(s: SkagwayState, seat: int, side: int) -> None:
    """[6.0] GOOD moves the marker right, BAD left, never past the 3+ spaces."""
    limit = s.game.components.purchased_track_limit
    step = 1 if side == GOOD else -1
    s.purchased_track[seat] = max(-limit, min(limit, s.purchased_track[seat] + step))


def buy_building(s: SkagwayState, seat: int, space: int, side: int) -> None:
    """[6.0] Pay 4, take ownership (the displaced owner is paid 2), set the side."""
    comp = s.game.components
    s.points[seat] -= comp.player_building_cost
    previous = s.building_owner[space]
    if previous >= 0:  # never the buyer itself (I14)
        s.points[previous] += comp.sale_to_displaced_owner
    s.building_owner[space] = seat
    s.building_side[space] = side
    s.bought_this_turn[space] = True
    move_purchased_track(s, seat, side)
    s.note(f"P{seat} buys the {building_name(space, side)}")


def buy_prestige(s: SkagwayState, seat: int, prestige: int) -> None:
    s.points[seat] -= s.game.components.prestige_building_cost
    s.prestige[seat].append(prestige)
    s.note(f"P{seat} buys {s.game.components.prestige[prestige].name}")
