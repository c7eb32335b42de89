"""Phase Five [4.5]: the Workers on the Street, then the robbery of the Bank [7.0]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import MAX_BRIBE
from .cleanup import start_cleanup
from .workers import HIRED_HANDS, controller, is_hired_hand

if TYPE_CHECKING:
    from .state import SkagwayState

STREET_CHOICE, DUEL_ROLL, BRIBE_OFFER, BRIBE_ANSWER, CATCH_ROLL = (
    "street_choice", "duel_roll", "bribe_offer", "bribe_answer", "catch_roll")
KILL_POINTS, KILLED_LOSS = 3, 1  # [4.5.1] duel: the killer +3, the loser -1
SHERIFF_KILL_POINTS, SHERIFF_LOSS, SHERIFF_WIN_POINTS = 4, 2, 2  # [4.5.1] challenge
CATCH_POINTS = 2  # [7.0] per bandit caught
KILLS_CAP = 5  # [4.5.1] the Gunfight Kills track stops at 5+


def ability(s: SkagwayState, worker: int) -> int:
    comp = s.game.components
    if is_hired_hand(worker):
        return comp.hired_hands[worker - HIRED_HANDS[0]].ability
    return comp.workers[worker].ability


def lose_points(s: SkagwayState, seat: int, amount: int) -> None:
    s.points[seat] = max(0, s.points[seat] - amount)  # [4.4.3] stops at zero


def on_street(s: SkagwayState) -> list[int]:
    return [w for w in range(len(s.loc)) if s.loc[w] == "street"]


def street_order_key(s: SkagwayState, worker: int) -> tuple[int, int, int]:
    """[4.5] Highest ability first; ties from the First Player clockwise (a player's
    own tied Workers in id order, RULES_NOTES I5)."""
    seat = controller(s, worker)
    return (-ability(s, worker), (seat - s.first_player) % s.num_players, worker)


def start_street(s: SkagwayState) -> None:
    next_street_worker(s)


def next_street_worker(s: SkagwayState) -> None:
    waiting = on_street(s)
    if waiting:
        s.active = min(waiting, key=lambda w: street_order_key(s, w))
        s.stage = STREET_CHOICE
    else:
        s.active = -1
        start_robbery(s)


def duel_targets(s: SkagwayState) -> list[int]:
    """[4.5.1] The lowest ranked other Workers on the Street (the shooter picks one)."""
    others = [w for w in on_street(s) if w != s.active]
    if not others:
        return []
    low = min(ability(s, w) for w in others)
    return [w for w in others if ability(s, w) == low]


def kill(s: SkagwayState, worker: int) -> None:
    s.loc[worker] = "cemetery"
    s.face_down[worker] = True  # [4.6] it misses the next turn


def add_kill(s: SkagwayState, seat: int) -> None:
    s.kills[seat] = min(KILLS_CAP, s.kills[seat] + 1)


def rob(s: SkagwayState) -> None:
    s.loc[s.active] = "bank"
    s.bandits.append(s.active)  # stacked on top of earlier robbers [4.5.1]
    next_street_worker(s)


def duel(s: SkagwayState, target: int) -> None:
    seat = controller(s, s.active)
    kill(s, target)
    s.points[seat] += KILL_POINTS
    lose_points(s, controller(s, target), KILLED_LOSS)
    add_kill(s, seat)
    s.log.append(f"{s.worker_name(s.active)} kills {s.worker_name(target)}")
    leave_street(s)


def sleep(s: SkagwayState) -> None:
    leave_street(s)


def leave_street(s: SkagwayState) -> None:
    s.loc[s.active] = "home"  # returned to its player [4.5.1]
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
    if shot > held:
        kill(s, sheriff)
        s.sheriff = -1
        s.points[shooter_seat] += SHERIFF_KILL_POINTS
        lose_points(s, sheriff_seat, SHERIFF_LOSS)
        add_kill(s, shooter_seat)
        s.first_player = shooter_seat  # [4.5.1] takes the First Player marker
        s.log.append(f"{s.worker_name(shooter)} shoots the Sheriff ({shot} to {held})")
        leave_street(s)
    else:
        s.points[sheriff_seat] += SHERIFF_WIN_POINTS  # no Gunfight Kill for Sheriffs
        s.log.append(f"the Sheriff shoots {s.worker_name(shooter)} ({held} to {shot})")
        kill(s, shooter)
        next_street_worker(s)


# ------------------------------------------------------------------------- [7.0] robbery
def loot(s: SkagwayState) -> int:
    return sum(s.bank)


def leader(s: SkagwayState) -> int:
    """[7.0] The bottom Worker of the Bank stack."""
    return s.bandits[0]


def start_robbery(s: SkagwayState) -> None:
    """[7.0] With robbers and a Sheriff of another player, the leader offers a bribe;
    with no Sheriff nobody stops them (RULES_NOTES: bribe as offer and answer)."""
    s.bribe = [0, 0]
    if not s.bandits:
        start_cleanup(s)
        return
    if s.sheriff >= 0 and controller(s, s.sheriff) != controller(s, leader(s)):
        s.stage = BRIBE_OFFER
    else:
        share_loot(s)


def bribe_limits(s: SkagwayState) -> tuple[int, int]:
    """Most that can be offered from the leader's points, and from the loot."""
    return (min(MAX_BRIBE, s.points[controller(s, leader(s))]), min(MAX_BRIBE, loot(s)))


def offer(s: SkagwayState, source: int, amount: int) -> None:
    s.bribe = [source, amount]
    s.stage = BRIBE_ANSWER


def answer(s: SkagwayState, accept: bool) -> None:
    if accept:
        source, amount = s.bribe
        sheriff_seat = controller(s, s.sheriff)
        if source == 0:
            lose_points(s, controller(s, leader(s)), amount)
        s.points[sheriff_seat] += amount
        s.log.append(f"the Sheriff looks the other way for {amount}")
        share_loot(s)
    else:
        s.bribe = [0, 0]
        s.stage = CATCH_ROLL


def catch_roll(s: SkagwayState, die: int) -> None:
    """[7.0] Sheriff's ability minus the die: that many bandits jailed from the bottom."""
    caught = max(0, ability(s, s.sheriff) - die)
    for worker in s.bandits[:caught]:
        s.loc[worker] = "jail"
        s.face_down[worker] = True
        s.points[controller(s, s.sheriff)] += CATCH_POINTS
    s.bandits = s.bandits[caught:]
    share_loot(s)


def share_loot(s: SkagwayState) -> None:
    """[7.0] The free bandits split the Bank evenly; the remainder goes to the leader
    (the bottom one left). A bribe from the share comes out of the loot first."""
    if s.bandits:
        total = loot(s) - (s.bribe[1] if s.bribe[0] == 1 else 0)
        each, rest = divmod(max(0, total), len(s.bandits))
        for k, worker in enumerate(s.bandits):
            s.points[controller(s, worker)] += each + (rest if k == 0 else 0)
            s.loc[worker] = "home"
        s.robbed += s.bank
        s.bank = []
    s.bandits = []
    start_cleanup(s)
