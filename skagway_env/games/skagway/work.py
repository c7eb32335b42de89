"""Phase Three [4.3]: resolving the Worker spaces in order: the Mines, the Railroad
(with its Goods), the Assay & Mercantile, the Docks, the Sheriff/Deputy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .buildings import building_name, move_purchased_track
from .endgame import final_scoring
from .home import workers_come_home
from .stages import (
    BUY,
    GOODS_CASH,
    GOODS_DRAW,
    GOODS_ROLL,
    HAND_DRAW,
    HAND_RECRUITED,
    HOME,
    MINE_DRAW,
    MINE_PULL,
    POOL,
    RAIL_DRAW,
    RECRUITED,
    SHERIFF,
    SHERIFF_FLIP,
    STEP_DOWN,
    TURN_IN,
)
from .workers import FIRST_HAND, controller

if TYPE_CHECKING:
    from .state import SkagwayState

FIRST_SPOT_GOLD, OTHER_SPOT_GOLD = 2, 1  # [4.3.1] two counters on spot 1, one after
FIRST_SPOT_POINTS, OTHER_SPOT_POINTS = 3, 1  # [4.3.1] when no Gold counter remains


def pullable_assay_spots(s: SkagwayState, seat: int) -> list[int]:
    """[4.3.1] Assay spots holding one of ``seat``'s Workers (Stooges included,
    RULES_NOTES I21), which may be pulled to send a Miner an extra counter."""
    return [k for k, w in enumerate(s.assay) if w >= 0 and controller(s, w) == seat]


def start_mines(s: SkagwayState) -> None:
    s.note("Phase Three: resolve the Worker spaces")  # [4.3], for the displays
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
            s.note(f"P{seat}'s {s.worker_name(worker)} finds no gold: +{earned}")
            finish_mine_worker(s)
            continue
        if pullable_assay_spots(s, seat):
            s.stage = MINE_PULL
        else:
            s.draws_left = FIRST_SPOT_GOLD if s.cursor == 0 else OTHER_SPOT_GOLD
            s.stage = MINE_DRAW
        return
    start_railroad(s)  # [4.3] the Railroad is resolved next


def pull_for_mine(s: SkagwayState, assay_spot: int | None) -> None:
    """[4.3.1] Optionally pull one's own Assay Worker (it goes home) for one more counter."""
    base = FIRST_SPOT_GOLD if s.cursor == 0 else OTHER_SPOT_GOLD
    if assay_spot is not None:
        helper = s.assay[assay_spot]
        s.assay[assay_spot] = -1  # the spot stays vacated [4.3.3]
        s.loc[helper] = HOME
        base += 1
    s.draws_left = base
    s.stage = MINE_DRAW


def draw_gold(s: SkagwayState, value: int) -> None:
    """A random Gold counter from the supply, kept face down by the Worker's player."""
    index = s.game.components.gold.faces.index(value)
    seat = controller(s, s.mines[s.cursor])
    s.gold_supply[index] -= 1
    s.gold_held[seat][index] += 1
    s.draws_left -= 1
    if s.draws_left == 0 or not any(s.gold_supply):
        finish_mine_worker(s)  # I7: a Worker owed more than is left takes what there is
        next_mine_worker(s)


def finish_mine_worker(s: SkagwayState) -> None:
    """[4.3] the Worker goes back to its player's area."""
    s.loc[s.mines[s.cursor]] = HOME
    s.draws_left = 0
    s.cursor += 1


# ---------------------------------------------------------------------- [4.3.2] Railroad
RAILROAD_WAGE = 2  # [4.3.2] two points for each Worker before the Railroad is complete
OWNER_BONUS = 1  # [4.3.2] one point to the owner for each opponent's Goods card


def start_railroad(s: SkagwayState) -> None:
    s.cursor = 0
    s.goods_taken = False
    next_railroad_worker(s)


def railroad_worker(s: SkagwayState) -> int:
    """Resolved from the top of the stack down [4.3.2]."""
    return s.railroad[len(s.railroad) - 1 - s.cursor]


def next_railroad_worker(s: SkagwayState) -> None:
    while s.cursor < len(s.railroad):
        if s.rail_owner < 0 and any(s.rail_supply):
            s.stage = RAIL_DRAW
            return
        if s.rail_owner >= 0 and (any(s.goods_deck) or s.goods_bottom):
            if any(s.goods_deck):
                s.stage = GOODS_DRAW
                return
            take_goods(s, s.goods_bottom.pop(0))  # only decayed cards left: no chance
            continue
        # completed and no Goods card left: "the placed Worker receives nothing"
        finish_railroad_worker(s)
    after_railroad_workers(s)


def finish_railroad_worker(s: SkagwayState) -> None:
    s.loc[railroad_worker(s)] = HOME
    s.cursor += 1


def draw_railroad_counter(s: SkagwayState, value: int) -> None:
    """Two points and a random Railroad counter; the last one completes the line."""
    seat = controller(s, railroad_worker(s))
    index = s.game.components.railroad.faces.index(value)
    s.points[seat] += RAILROAD_WAGE
    s.rail_supply[index] -= 1
    s.rail_held[seat][index] += 1
    finish_railroad_worker(s)
    if not any(s.rail_supply):
        score_railroad(s)
    next_railroad_worker(s)


def score_railroad(s: SkagwayState) -> None:
    """[4.3.2] Highest total owns the Railroad; a tie goes to the Deed's holder, tied or
    not (RULES_NOTES I13). The owner keeps the Deed, every other counter leaves play."""
    values = s.game.components.railroad.faces
    deed = values.index(max(values))
    totals = [sum(v * c for v, c in zip(values, held, strict=True)) for held in s.rail_held]
    best = max(totals)
    leaders = [p for p, t in enumerate(totals) if t == best]
    holder = next(p for p in range(s.num_players) if s.rail_held[p][deed])
    s.rail_owner = leaders[0] if len(leaders) == 1 else holder
    s.rail_removed += sum(map(sum, s.rail_held)) - 1
    s.rail_held = [[0] * len(values) for _ in range(s.num_players)]
    s.rail_held[s.rail_owner][deed] = 1
    s.note(f"the Railroad is complete: P{s.rail_owner} owns it (totals {totals})")


def take_goods(s: SkagwayState, goods_type: int) -> None:
    """A Railroad Goods card instead of a counter; the owner earns 1 per opponent."""
    seat = controller(s, railroad_worker(s))
    s.goods_held[seat][goods_type] += 1
    s.goods_taken = True
    if seat != s.rail_owner:
        s.points[s.rail_owner] += OWNER_BONUS
    finish_railroad_worker(s)


def draw_goods(s: SkagwayState, goods_type: int) -> None:
    s.goods_deck[goods_type] -= 1
    take_goods(s, goods_type)
    next_railroad_worker(s)


def after_railroad_workers(s: SkagwayState) -> None:
    """[4.3.2] After the takers, the First Player rolls for the Goods values (I11)."""
    if s.goods_taken:
        s.stage = GOODS_ROLL
    else:
        start_assay(s)


def roll_goods_values(s: SkagwayState, die: int) -> None:
    s.goods_die = die
    n = s.num_players
    s.cash_queue = [(s.first_player + k) % n for k in range(n)
                    if any(s.goods_held[(s.first_player + k) % n])]
    next_goods_casher(s)


def next_goods_casher(s: SkagwayState) -> None:
    while s.cash_queue and not any(s.goods_held[s.cash_queue[0]]):
        s.cash_queue.pop(0)
    if s.cash_queue:
        s.stage = GOODS_CASH
    else:
        s.goods_die = 0  # the roll was for this cashing only (I11): it leaves the table
        start_assay(s)


def cash_goods(s: SkagwayState, goods_type: int | None) -> None:
    """Cash one card at the die's value (it is reshuffled into the deck), or stop."""
    seat = s.cash_queue[0]
    if goods_type is None:
        s.cash_queue.pop(0)
    else:
        value = s.game.components.goods[goods_type].values[s.goods_die - 1]
        s.goods_held[seat][goods_type] -= 1
        s.goods_deck[goods_type] += 1
        s.points[seat] += value
    next_goods_casher(s)


# ---------------------------------------------------------------- [4.3.3] Assay & Mercantile

def start_assay(s: SkagwayState) -> None:
    s.cursor = 0
    next_assay_worker(s)


def next_assay_worker(s: SkagwayState) -> None:
    """Spots in the order placed; spots vacated for the Mines are skipped [4.3.3]."""
    while s.cursor < len(s.assay) and s.assay[s.cursor] < 0:
        s.cursor += 1
    if s.cursor < len(s.assay):
        s.stage = TURN_IN
        return
    if not any(s.gold_supply) and not s.final_turn:
        s.end_triggered = True  # [4.3.3], [5.0] the game ends on the following turn
        s.note("the Gold Supply is empty: the next turn is the last")
    resolve_docks(s)


def assay_seat(s: SkagwayState) -> int:
    return controller(s, s.assay[s.cursor])


def turn_in(s: SkagwayState, value: int) -> None:
    """One Gold counter to the Bank for its face value in points; a $4 leaves the game
    and sends every revealed counter (Bank and robbed) back to the supply [4.3.3]."""
    seat = assay_seat(s)
    faces = s.game.components.gold.faces
    s.gold_held[seat][faces.index(value)] -= 1
    s.points[seat] += value
    if value == max(faces):
        s.gold_removed += 1  # "will never return to the Gold Supply"
        s.top_gold_turned_in += 1
        for v in s.bank + s.robbed:
            s.gold_supply[faces.index(v)] += 1
        s.bank, s.robbed = [], []
    else:
        s.bank.append(value)


def stop_turning_in(s: SkagwayState) -> None:
    s.stage = BUY


def finish_assay_worker(s: SkagwayState) -> None:
    s.loc[s.assay[s.cursor]] = HOME
    s.cursor += 1
    next_assay_worker(s)


# ---------------------------------------------------------------------- [4.3.4] Docks
HANDS_RECRUITED = 2  # [4.3.4] two Hired Hands at random
FINAL_SHERIFF_POINTS, FINAL_DEPUTY_POINTS = 5, 4  # [4.3.5] on the final turn


def resolve_docks(s: SkagwayState) -> None:
    """[4.3.4] The Docks Worker recruits two Hired Hands (fewer if the pool is short);
    on the final turn its player takes ownership of the Docks instead."""
    if s.docks < 0:
        resolve_sheriff(s)
        return
    seat = controller(s, s.docks)
    if s.final_turn:
        s.docks_owner = seat
        s.note(f"P{seat} owns the Docks")
        finish_docks(s)
        return
    s.recruited_by = seat
    s.recruit_pool = hand_pool(s)  # the recruits are some of these, face down (H4)
    s.draws_left = HANDS_RECRUITED
    next_hand_draw(s)


def hand_pool(s: SkagwayState) -> list[int]:
    return [w for w in range(len(s.loc)) if s.loc[w] == POOL]


def next_hand_draw(s: SkagwayState) -> None:
    if s.draws_left > 0 and hand_pool(s):
        s.stage = HAND_DRAW
    else:
        finish_docks(s)


def draw_hired_hand(s: SkagwayState, worker: int) -> None:
    """A Hired Hand drawn face down: it waits in front of its player until Phase Six."""
    s.loc[worker] = RECRUITED
    s.hand_state[worker - FIRST_HAND] = HAND_RECRUITED
    s.draws_left -= 1
    next_hand_draw(s)


def finish_docks(s: SkagwayState) -> None:
    s.draws_left = 0
    s.loc[s.docks] = HOME
    resolve_sheriff(s)


# --------------------------------------------------------------- [4.3.5] Sheriff/Deputy
def resolve_sheriff(s: SkagwayState) -> None:
    """[4.3.5] The Deputy becomes Sheriff (the old one goes home) and takes the First
    Player marker; then the Sheriff may flip a building. On the final turn there is no
    promotion, but the Sheriff still flips: "Instead" replaces the move, not the flip
    (RULES_NOTES I23); the 5 and 4 points are scored after it."""
    if not s.final_turn and s.deputy >= 0:
        if s.sheriff >= 0:
            s.loc[s.sheriff] = HOME
        s.sheriff, s.deputy = s.deputy, -1
        s.loc[s.sheriff] = SHERIFF
        s.first_player = controller(s, s.sheriff)
        s.note(f"P{s.first_player}'s {s.worker_name(s.sheriff)} is the new Sheriff")
    if s.sheriff >= 0:
        s.stage = SHERIFF_FLIP
    elif s.final_turn:
        end_final_turn(s)
    else:
        workers_come_home(s)


def end_final_turn(s: SkagwayState) -> None:
    """[4.3.5] The final Sheriff earns 5 and the Deputy 4; [5.0] the game then ends
    after Phase Three."""
    s.note("the last turn ends after Phase Three: the final scoring")  # for the displays
    if s.sheriff >= 0:
        s.points[controller(s, s.sheriff)] += FINAL_SHERIFF_POINTS
    if s.deputy >= 0:
        s.points[controller(s, s.deputy)] += FINAL_DEPUTY_POINTS
    final_scoring(s)


def sheriff_seat(s: SkagwayState) -> int:
    return controller(s, s.sheriff)


def flip_building(s: SkagwayState, space: int | None) -> None:
    """[4.3.5] Flip one Player Building (ownership unchanged); the Sheriff's player's
    Buildings Purchased marker moves one space toward the side now showing. On the
    final turn nobody steps down (it would only forfeit the 5 points): the game ends."""
    if space is not None:
        s.building_side[space] = 1 - s.building_side[space]
        move_purchased_track(s, sheriff_seat(s), s.building_side[space])
        s.note(f"the Sheriff flips a building: it is now the {space_building_name(s, space)}")
    if s.final_turn:
        end_final_turn(s)
    else:
        s.stage = STEP_DOWN


def step_down(s: SkagwayState, leave: bool) -> None:
    """[4.3.5] A Sheriff who steps down goes home (and comes to town in Phase Four);
    the First Player marker passes to the next player clockwise."""
    if leave:
        seat = sheriff_seat(s)
        s.loc[s.sheriff] = HOME
        s.sheriff = -1
        s.first_player = (seat + 1) % s.num_players
        s.note(f"the Sheriff steps down: P{s.first_player} is First Player")
    workers_come_home(s)


def space_building_name(s: SkagwayState, space: int) -> str:
    return building_name(space, s.building_side[space])
