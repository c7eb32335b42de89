"""Phase Five [4.5]: the Workers on the Street, then the robbery of the Bank [7.0]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BRIBE_SOURCES, FROM_SHARE, MAX_BRIBE
from .cleanup import start_cleanup
from .stages import (
    BANK,
    BRIBE_ANSWER,
    BRIBE_DEMAND,
    BRIBE_OFFER,
    CATCH_ROLL,
    CEMETERY,
    CHASE,
    DUEL_ROLL,
    HOME,
    JAIL,
    STREET,
    STREET_CHOICE,
    STREET_ORDER,
)
from .workers import controller

if TYPE_CHECKING:
    from .state import SkagwayState

KILL_POINTS, KILLED_LOSS = 3, 1  # [4.5.1] duel: the killer +3, the loser -1
SHERIFF_KILL_POINTS, SHERIFF_LOSS, SHERIFF_WIN_POINTS = 4, 2, 2  # [4.5.1] challenge
CATCH_POINTS = 2  # [7.0] per bandit caught
KILLS_CAP = 5  # [4.5.1] the Gunfight Kills track stops at 5+


def ability(s: SkagwayState, worker: int) -> int:
    return s.game.components.abilities[worker]


def lose_points(s: SkagwayState, seat: int, amount: int) -> None:
    s.points[seat] = max(0, s.points[seat] - amount)  # [4.4.3] stops at zero


def on_street(s: SkagwayState) -> list[int]:
    return [w for w, where in enumerate(s.loc) if where == STREET]


def street_order_key(s: SkagwayState, worker: int) -> tuple[int, int]:
    """[4.5] Highest ability first; ties from the First Player clockwise."""
    seat = controller(s, worker)
    return (-ability(s, worker), (seat - s.first_player) % s.num_players)


def tied_first(s: SkagwayState, street: list[int] | None = None) -> list[int]:
    """The Workers that may act next: one, or one player's own tied Workers, whose
    order that player chooses (RULES_NOTES I5). ``street`` is ``on_street(s)`` when
    the caller has it (issue 21)."""
    keys = [(street_order_key(s, w), w) for w in (on_street(s) if street is None else street)]
    best = min(key for key, _ in keys)
    return [w for key, w in keys if key == best]


def start_street(s: SkagwayState) -> None:
    s.note("Phase Five: the Workers on the Street")  # [4.5], for the displays
    next_street_worker(s)


def next_street_worker(s: SkagwayState) -> None:
    s.active = -1
    street = on_street(s)
    if not street:
        start_robbery(s)
        return
    first = tied_first(s, street)
    if len(first) > 1:
        s.stage = STREET_ORDER
    else:
        activate(s, first[0])


def activate(s: SkagwayState, worker: int) -> None:
    """[4.5.1] ``worker`` becomes the active Worker with its four choices."""
    s.active = worker
    s.stage = STREET_CHOICE


def duel_targets(s: SkagwayState) -> list[int]:
    """[4.5.1] The lowest ranked other Workers on the Street (the shooter picks one)."""
    abilities = s.game.components.abilities
    others = [w for w in on_street(s) if w != s.active]
    if not others:
        return []
    low = min(abilities[w] for w in others)
    return [w for w in others if abilities[w] == low]


def kill(s: SkagwayState, worker: int) -> None:
    s.loc[worker] = CEMETERY
    s.face_down[worker] = True  # [4.6] it misses the next turn


def add_kill(s: SkagwayState, seat: int) -> None:
    s.kills[seat] = min(KILLS_CAP, s.kills[seat] + 1)


def rob(s: SkagwayState) -> None:
    s.loc[s.active] = BANK
    s.bandits.append(s.active)  # stacked on top of earlier robbers [4.5.1]
    s.note(f"{s.worker_name(s.active)} robs the Bank")
    next_street_worker(s)


def duel(s: SkagwayState, target: int) -> None:
    seat = controller(s, s.active)
    kill(s, target)
    s.points[seat] += KILL_POINTS
    lose_points(s, controller(s, target), KILLED_LOSS)
    add_kill(s, seat)
    s.note(f"{s.worker_name(s.active)} kills {s.worker_name(target)}")
    leave_street(s)


def sleep(s: SkagwayState) -> None:
    leave_street(s)


def leave_street(s: SkagwayState) -> None:
    s.loc[s.active] = HOME  # returned to its player [4.5.1]
    next_street_worker(s)


def challenge(s: SkagwayState) -> None:
    s.rolls = []
    s.stage = DUEL_ROLL  # the challenger's die, then the Sheriff's


def duel_roll(s: SkagwayState, die: int) -> None:
    """[4.5.1] Both roll; the abler adds the ability difference; ties go to the Sheriff."""
    s.rolls.append(die)
    if len(s.rolls) < 2:
        return
    shooter, sheriff = s.active, s.sheriff
    a, b = ability(s, shooter), ability(s, sheriff)
    shot = s.rolls[0] + max(0, a - b)
    held = s.rolls[1] + max(0, b - a)
    shooter_seat, sheriff_seat = controller(s, shooter), controller(s, sheriff)
    s.rolls = []  # the gunfight is over: its dice leave the table (the log keeps them)
    if shot > held:
        kill(s, sheriff)
        s.sheriff = -1
        s.points[shooter_seat] += SHERIFF_KILL_POINTS
        lose_points(s, sheriff_seat, SHERIFF_LOSS)
        add_kill(s, shooter_seat)
        s.first_player = shooter_seat  # [4.5.1] takes the First Player marker
        s.note(f"{s.worker_name(shooter)} shoots the Sheriff ({shot} to {held})")
        leave_street(s)
    else:
        s.points[sheriff_seat] += SHERIFF_WIN_POINTS  # no Gunfight Kill for Sheriffs
        s.note(f"the Sheriff shoots {s.worker_name(shooter)} ({held} to {shot})")
        kill(s, shooter)
        next_street_worker(s)


# ------------------------------------------------------------------------- [7.0] robbery
def loot(s: SkagwayState) -> int:
    return sum(s.bank)


def leader(s: SkagwayState) -> int:
    """[7.0] The bottom Worker of the Bank stack."""
    return s.bandits[0]


def shares(s: SkagwayState) -> list[int]:
    """[7.0] Each free bandit's part of the loot, bottom first: an even split, the
    remainder to the leader."""
    each, rest = divmod(loot(s), len(s.bandits))
    return [each + (rest if k == 0 else 0) for k in range(len(s.bandits))]


def start_robbery(s: SkagwayState) -> None:
    """[7.0] With robbers and a Sheriff of another player, the leader offers a bribe;
    when the leader is the Sheriff's own player's, that player only chooses whether
    to give chase; with no Sheriff nobody stops them (RULES_NOTES I6)."""
    s.bribe, s.demand = [0, 0], 0
    if not s.bandits:
        start_cleanup(s)
    elif s.sheriff < 0:
        share_loot(s)
    elif controller(s, s.sheriff) == controller(s, leader(s)):
        s.stage = CHASE
    else:
        s.stage = BRIBE_OFFER


def bribe_limits(s: SkagwayState) -> tuple[int, int]:
    """Most the leader's player can pay: from its points [4.4.3], and from its own
    bandits' shares of the loot (never another player's share, RULES_NOTES I6)."""
    seat = controller(s, leader(s))
    own_share = sum(x for w, x in zip(s.bandits, shares(s), strict=True)
                    if controller(s, w) == seat)
    return min(MAX_BRIBE, s.points[seat]), min(MAX_BRIBE, own_share)


def demands(s: SkagwayState) -> list[int]:
    """The counter-offers the Sheriff may make: more than offered, and no more than
    the leader's player could pay from one source."""
    most = max(bribe_limits(s))
    return list(range(s.bribe[1] + 1, most + 1))


def offer(s: SkagwayState, source: int, amount: int) -> None:
    s.bribe = [source, amount]
    s.note(f"the bandits offer the Sheriff {amount} from {BRIBE_SOURCES[source]}")
    s.stage = BRIBE_ANSWER


def answer(s: SkagwayState, accept: bool) -> None:
    """The Sheriff takes the offer (and looks the other way) or gives chase."""
    if accept:
        take_bribe(s)
    else:
        s.bribe = [0, 0]
        s.note("the Sheriff gives chase")
        s.stage = CATCH_ROLL


def counter(s: SkagwayState, amount: int) -> None:
    """The Sheriff names a price of his own instead (RULES_NOTES I6)."""
    s.demand = amount
    s.note(f"the Sheriff asks for {amount}")
    s.stage = BRIBE_DEMAND


def pay_demand(s: SkagwayState, source: int, amount: int) -> None:
    s.bribe = [source, amount]
    take_bribe(s)


def decline(s: SkagwayState) -> None:
    """No deal: the Sheriff now chooses whether to try to catch the bandits."""
    s.bribe, s.demand = [0, 0], 0
    s.note("the bandits refuse the Sheriff's price")
    s.stage = CHASE


def choose_chase(s: SkagwayState, chase: bool) -> None:
    """[7.0] "If the Sheriff chooses to try to catch the bandits" ..."""
    if chase:
        s.note("the Sheriff gives chase")
        s.stage = CATCH_ROLL
    else:
        s.note("the Sheriff lets the bandits go")
        share_loot(s)


def take_bribe(s: SkagwayState) -> None:
    """The Sheriff's player receives the bribe; from points it is paid now, from the
    share it comes out of the leader's player's take (``share_loot``)."""
    source, amount = s.bribe
    if source != FROM_SHARE:
        lose_points(s, controller(s, leader(s)), amount)
    s.points[controller(s, s.sheriff)] += amount
    s.note(f"the Sheriff looks the other way for {amount}")
    share_loot(s)


def catch_roll(s: SkagwayState, die: int) -> None:
    """[7.0] Sheriff's ability minus the die: that many bandits jailed from the bottom."""
    caught = max(0, ability(s, s.sheriff) - die)
    s.note(f"the Sheriff's catching die shows {die}")  # a die on the table (H5)
    for worker in s.bandits[:caught]:
        s.loc[worker] = JAIL
        s.face_down[worker] = True
        s.points[controller(s, s.sheriff)] += CATCH_POINTS
    if caught:
        s.note(f"the Sheriff jails {min(caught, len(s.bandits))} bandit(s)")
    s.bandits = s.bandits[caught:]
    share_loot(s)


def share_loot(s: SkagwayState) -> None:
    """[7.0] The free bandits split the Bank evenly; the remainder goes to the leader
    (the bottom one left). A bribe from the share comes out of the leader's player's
    take only."""
    if s.bandits:
        seat = controller(s, leader(s))
        for worker, share in zip(s.bandits, shares(s), strict=True):
            s.points[controller(s, worker)] += share
            s.loc[worker] = HOME
        if s.bribe[0] == FROM_SHARE:
            s.points[seat] -= s.bribe[1]  # never more than its bandits' shares
        s.robbed += s.bank
        s.bank = []
    s.bandits = []
    s.bribe, s.demand = [0, 0], 0  # the robbery is over: so is its deal
    start_cleanup(s)
