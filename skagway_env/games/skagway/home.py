"""Phase Four [4.4]: the Workers come home to their night spots and pay for them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import SPACES
from .stages import HOME, NIGHT_LOCATIONS, RESIDENCY_FREE, STREET, Location
from .street import start_street
from .workers import FIRST_HAND, GUNFIGHTER_HAND, controller

if TYPE_CHECKING:
    from .state import SkagwayState

RESIDENCY = 0
RESIDENCY_BUILDINGS = SPACES[RESIDENCY][1:3]  # Hotel, Brothel
NIGHT_SPACE = {where: space for space, where in enumerate(NIGHT_LOCATIONS)}


def building_space(s: SkagwayState, building: str) -> int | None:
    """The space showing ``building`` now, or None if it is not on the board."""
    return showing(s).get(building)


def showing(s: SkagwayState) -> dict[str, int]:
    """The buildings on the board, by name: the space each shows on (a name is on one
    space only, ``SPACES``)."""
    return {SPACES[space][1 + side]: space
            for space, side in enumerate(s.building_side) if side >= 0}


def night_spot(s: SkagwayState, worker: int, board: dict[str, int] | None = None) -> Location:
    """[4.4.1] First choice if that building is on the board, else the second, else the
    Street. With no building on the residency space, a Worker whose Hotel or Brothel
    icon would send it there sleeps in the empty space for free (RULES_NOTES).
    ``board`` is ``showing(s)``, for a caller placing every Worker at once."""
    if worker == GUNFIGHTER_HAND:
        return STREET  # [4.3.4] the Gunfighter goes to the Street
    if board is None:
        board = showing(s)
    for building in s.game.components.night_spots[worker]:
        space = board.get(building)
        if space is not None:
            return NIGHT_LOCATIONS[space]
        if building in RESIDENCY_BUILDINGS and s.building_side[RESIDENCY] < 0:
            return RESIDENCY_FREE  # [4.4.1] the empty space, no charge
    return STREET


def coming_home(s: SkagwayState) -> list[int]:
    """Everyone back from work: players' Workers and the active Hired Hands at home."""
    return [w for w, where in enumerate(s.loc)
            if where == HOME and (w < FIRST_HAND or s.hand_owner(w) >= 0)]  # is_hired_hand


def workers_come_home(s: SkagwayState) -> None:
    """[4.4.1] place every returning Worker, then [4.4.2] pay in turn order."""
    s.note("Phase Four: the Workers come home")  # [4.4], for the displays
    loc, board = s.loc, showing(s)
    for worker in coming_home(s):
        loc[worker] = night_spot(s, worker, board)
    # (worker, its player, its space) in worker order; paying moves nobody
    lodgers = [(worker, controller(s, worker), NIGHT_SPACE[where])
               for worker, where in enumerate(loc) if where in NIGHT_SPACE]
    n, comp = s.num_players, s.game.components
    for k in range(n):
        payer = (s.first_player + k) % n
        for worker, seat, space in lodgers:
            if seat != payer:
                continue
            owner = s.building_owner[space]
            if owner == payer:
                continue  # [4.4.2] no charge in one's own building
            price = comp.come_home_price[space]
            s.points[payer] = max(0, s.points[payer] - price)  # [4.4.3] floored at zero
            s.points[owner] += price  # the owner is paid in full
            s.note(f"P{payer} pays P{owner} {price} for {s.worker_name(worker)}")
    start_street(s)  # [4.5] Phase Five
