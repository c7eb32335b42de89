"""Phases One and Two: early Hired Hands [4.1] and heading out to work [4.2]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PLACE_SPACES
from .stages import HAND_ACTIVE, HOME, PLACE_LOCATIONS, Location
from .workers import FIRST_HAND, MINER_HAND, RAILROAD_HAND, STOOGE_A, STOOGE_B, is_hired_hand

if TYPE_CHECKING:
    from .state import SkagwayState

MINES, RAILROAD, ASSAY, DOCKS, DEPUTY = range(len(PLACE_SPACES))


def place_early_hired_hands(s: SkagwayState) -> None:
    """[4.1] The active Railroad Hired Hand goes on the Railroad and the Miner on the
    first space of "To the Mines" before anyone places a Worker."""
    if s.hand_state[RAILROAD_HAND - FIRST_HAND] == HAND_ACTIVE:
        s.railroad.append(RAILROAD_HAND)
        s.loc[RAILROAD_HAND] = Location.RAILROAD
    if s.hand_state[MINER_HAND - FIRST_HAND] == HAND_ACTIVE:
        s.mines.append(MINER_HAND)
        s.loc[MINER_HAND] = Location.MINES


def workers_to_place(s: SkagwayState, seat: int) -> list[int]:
    """[4.2] A seat's Workers at home, plus its active Stooges, in id order. (The
    Railroad and Miner hands went out in Phase One; the Gunfighter waits for the
    Street [4.3.4].)"""
    loc = s.loc
    own = [w for w in (2 * seat, 2 * seat + 1) if loc[w] == HOME]
    if loc[STOOGE_A] == HOME or loc[STOOGE_B] == HOME:  # rarely: a Stooge at home
        own += [w for w in (STOOGE_A, STOOGE_B) if loc[w] == HOME and s.hand_owner(w) == seat]
    return own


def open_spaces(s: SkagwayState, worker: int) -> list[int]:
    """The spaces ``worker`` may be placed on now ([4.2.1]-[4.2.5]), ascending."""
    game = s.game
    # [4.2.1] 2 spots with 2-3 players, 3 with 4; [4.2.2] the Railroad has no limit
    spaces = [MINES, RAILROAD] if len(s.mines) < game.mine_spots else [RAILROAD]
    if s.assay_next < game.components.assay_spots:
        spaces.append(ASSAY)  # [4.2.3] four Workers at most
    if not is_hired_hand(worker):  # [4.2.4], [4.2.5] no Stooges on Docks or Deputy
        if s.docks < 0:
            spaces.append(DOCKS)  # [4.2.4] one Worker a turn
        if s.deputy < 0:
            spaces.append(DEPUTY)  # [4.2.5] only if the Deputy space is empty
    return spaces


def legal_placements(s: SkagwayState, seat: int) -> list[int]:
    """Every (Worker, space) of ``seat``: ``workers_to_place`` by ``open_spaces``,
    ascending. The Workers come in id order and a Worker's ids ``place(w, space)``
    follow its spaces' order, so no sort is needed; the spaces are asked once for the
    seat's own Workers and once for its Stooges."""
    loc, places = s.loc, s.game.codec.places
    first = 2 * seat
    out = []
    if loc[first] == HOME:
        out = places(first, open_spaces(s, first))
        if loc[first + 1] == HOME:  # its ids are the first Worker's, one Worker on
            out += [a + len(PLACE_SPACES) for a in out]
    elif loc[first + 1] == HOME:
        out = places(first + 1, open_spaces(s, first))
    if loc[STOOGE_A] == HOME or loc[STOOGE_B] == HOME:  # rarely: a Stooge at home
        stooges = [w for w in (STOOGE_A, STOOGE_B) if loc[w] == HOME and s.hand_owner(w) == seat]
        if stooges:
            spaces = open_spaces(s, stooges[0])
            for w in stooges:
                out += places(w, spaces)
    return out


def place(s: SkagwayState, worker: int, space: int) -> None:
    """Put ``worker`` on ``space``; mines and assay fill their numbered spots in order."""
    if space == MINES:
        s.mines.append(worker)
    elif space == RAILROAD:
        s.railroad.append(worker)  # [4.2.2] stacked bottom to top
    elif space == ASSAY:
        s.assay[s.assay_next] = worker
        s.assay_next += 1
    elif space == DOCKS:
        s.docks = worker
    else:
        s.deputy = worker
    s.loc[worker] = PLACE_LOCATIONS[space]


def next_placer(s: SkagwayState, after: int | None) -> int | None:
    """[4.2] Clockwise from the First Player (or after ``after``), skipping seats that
    have nothing left to place; None when everyone is done."""
    n = s.num_players
    start = s.first_player if after is None else (after + 1) % n
    loc = s.loc
    if loc[STOOGE_A] != HOME and loc[STOOGE_B] != HOME:  # the common case: own Workers only
        for seat in (*range(start, n), *range(start)):
            if loc[2 * seat] == HOME or loc[2 * seat + 1] == HOME:
                return seat
        return None
    for k in range(n):
        seat = (start + k) % n
        if loc[2 * seat] == HOME or loc[2 * seat + 1] == HOME or workers_to_place(s, seat):
            return seat
    return None
