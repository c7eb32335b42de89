"""[5.0] Game end: Skagway Today, Prestige Buildings, Gunfight Kills, the winner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import SPACES
from .stages import OVER

if TYPE_CHECKING:
    from .state import SkagwayState

KILL_PENALTY_RANGE = range(1, 5)  # [5.0] -1 a kill from 1 to 4; none at 0 or 5+


def skagway_today(s: SkagwayState):
    """[5.0] Size from all Prestige Buildings; tone BAD if the BAD markers' total beats
    the GOOD markers' total, else GOOD (a tie is GOOD)."""
    prestige_total = sum(len(p) for p in s.prestige)
    bad = sum(-t for t in s.purchased_track if t < 0)
    good = sum(t for t in s.purchased_track if t > 0)
    return s.game.components.today_row(prestige_total, "BAD" if bad > good else "GOOD")


def unrevealed_railroad_counters(s: SkagwayState) -> int:
    """RULES_NOTES I3: none once the Railroad is complete; else supply plus held."""
    if s.rail_owner >= 0:
        return 0
    return sum(s.rail_supply) + sum(map(sum, s.rail_held))


def final_scoring(s: SkagwayState) -> None:
    comp = s.game.components
    row = skagway_today(s)
    s.note(f"Skagway Today: {row.name}")
    for space, owner in enumerate(s.building_owner):
        if owner >= 0:
            s.points[owner] += row.for_space(SPACES[space][0])
    if s.rail_owner >= 0:
        s.points[s.rail_owner] += row.railroad
    if s.docks_owner >= 0:
        s.points[s.docks_owner] += row.docks
    prestige_total = sum(len(p) for p in s.prestige)
    markers = sum(s.purchased_track)
    unrevealed = unrevealed_railroad_counters(s)
    for seat in range(s.num_players):
        for p in s.prestige[seat]:
            s.points[seat] += comp.prestige[p].score(
                s.purchased_track[seat], markers, prestige_total, unrevealed)
        if s.kills[seat] in KILL_PENALTY_RANGE:
            s.points[seat] = max(0, s.points[seat] - s.kills[seat])
    s.stage = OVER


def player_buildings(s: SkagwayState, seat: int) -> int:
    return sum(1 for owner in s.building_owner if owner == seat)


def owns_nuggets_hockey(s: SkagwayState, seat: int) -> bool:
    names = [s.game.components.prestige[p].name for p in s.prestige[seat]]
    return "Nuggets Hockey" in names
