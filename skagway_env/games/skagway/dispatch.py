"""Who is to move, what that seat may do, and which rule a move runs: tables looked
up by ``stage`` and by action id, behind ``SkagwayState.current_player``,
``_legal_actions`` and ``_apply_action``.

A chain of ``if stage == ...`` tests and a ``match`` over the typed actions took a
random Skagway playout a quarter of its time (issue 21); a dict look-up by stage and
a tuple indexed by action id cost one step each. The rules themselves stay in the
phase modules; these tables only route to them. Every legal-action list keeps the
ascending order the rules have always returned: searches draw from it by index.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core import CHANCE, TERMINAL
from . import buildings, cleanup, placement, street, work
from .actions import (
    ActionCodec,
    BribeAnswer,
    BribeDemand,
    BribeOffer,
    BuyBuilding,
    BuyNothing,
    BuyPrestige,
    CashGoods,
    ChallengeSheriff,
    Chase,
    DeclineDemand,
    Duel,
    MinePull,
    Place,
    ReturnGold,
    Rob,
    SheriffFlip,
    Sleep,
    StepDown,
    StreetFirst,
    TurnIn,
)
from .stages import (
    BRIBE_ANSWER,
    BRIBE_DEMAND,
    BRIBE_OFFER,
    BUY,
    CATCH_ROLL,
    CHASE,
    DECAY_PICK,
    DECAY_ROLL,
    DUEL_ROLL,
    GOODS_CASH,
    GOODS_DRAW,
    GOODS_ROLL,
    HAND_DRAW,
    KEEP_GOLD,
    MINE_DRAW,
    MINE_PULL,
    OVER,
    PLACE,
    RAIL_DRAW,
    SETUP,
    SHERIFF_FLIP,
    STEP_DOWN,
    STREET_CHOICE,
    STREET_ORDER,
    TURN_IN,
    Stage,
)
from .workers import controller

if TYPE_CHECKING:
    from .components import Components
    from .state import SkagwayState

CHANCE_STAGES = (SETUP, MINE_DRAW, RAIL_DRAW, GOODS_DRAW,
                 GOODS_ROLL, HAND_DRAW, DUEL_ROLL, CATCH_ROLL,
                 DECAY_ROLL, DECAY_PICK)


# ---------------------------------------------------------------------- who moves
def _chance(s: SkagwayState) -> int:
    return CHANCE


def _terminal(s: SkagwayState) -> int:
    return TERMINAL


TO_MOVE: dict[Stage, Callable[[SkagwayState], int]] = {
    **dict.fromkeys(CHANCE_STAGES, _chance),
    OVER: _terminal,
    PLACE: lambda s: s.placer,
    MINE_PULL: lambda s: controller(s, s.mines[s.cursor]),
    STREET_CHOICE: lambda s: controller(s, s.active),
    STREET_ORDER: lambda s: controller(s, street.tied_first(s)[0]),
    BRIBE_OFFER: lambda s: controller(s, street.leader(s)),
    BRIBE_DEMAND: lambda s: controller(s, street.leader(s)),
    BRIBE_ANSWER: lambda s: controller(s, s.sheriff),
    CHASE: lambda s: controller(s, s.sheriff),
    KEEP_GOLD: lambda s: s.keep_queue[0],
    SHERIFF_FLIP: work.sheriff_seat,
    STEP_DOWN: work.sheriff_seat,
    GOODS_CASH: lambda s: s.cash_queue[0],
    TURN_IN: work.assay_seat,
    BUY: work.assay_seat,
}
"""The seat (or ``CHANCE``, ``TERMINAL``) each stage waits for."""


# ---------------------------------------------------------------------- chance
def _draw(faces: Sequence[int], counts: list[int]) -> list[tuple[int, float]]:
    """Chance outcomes of drawing one of ``counts`` (by face) at random."""
    total = sum(counts)
    return [(f, c / total) for f, c in zip(faces, counts, strict=True) if c]


def _starting_player(s: SkagwayState) -> list[tuple[int, float]]:
    n = s.num_players  # [3.4]
    return [(seat, 1.0 / n) for seat in range(n)]


DIE = tuple((face, 1 / 6) for face in range(1, 7))


def _die(s: SkagwayState) -> list[tuple[int, float]]:
    return list(DIE)


def _hired_hand(s: SkagwayState) -> list[tuple[int, float]]:
    pool = work.hand_pool(s)  # a Hired Hand at random from the pool [4.3.4]
    return [(w, 1 / len(pool)) for w in pool]


OUTCOMES: dict[Stage, Callable[[SkagwayState], list[tuple[int, float]]]] = {
    SETUP: _starting_player,
    MINE_DRAW: lambda s: _draw(s.game.components.gold.faces, s.gold_supply),  # [4.3.1]
    RAIL_DRAW: lambda s: _draw(s.game.components.railroad.faces, s.rail_supply),  # [4.3.2]
    GOODS_DRAW: lambda s: _draw(range(len(s.game.components.goods)), s.goods_deck),
    **dict.fromkeys((GOODS_ROLL, DUEL_ROLL, CATCH_ROLL, DECAY_ROLL), _die),  # one die
    DECAY_PICK: cleanup.decay_outcomes,  # [4.6] the card that a 1 decays (H3)
    HAND_DRAW: _hired_hand,
}
"""A chance stage's (outcome, probability) pairs."""


# ---------------------------------------------------------------------- legal moves
def _legal_chance(s: SkagwayState, player: int) -> list[int]:
    return [a for a, _ in s.chance_outcomes()]


def _legal_mine_pull(s: SkagwayState, player: int) -> list[int]:
    """[4.3.1] Pull one's Worker from an Assay spot (spots ascending), or not (last)."""
    codec = s.game.codec
    return sorted([codec.mine_pull(k) for k in work.pullable_assay_spots(s, player)]
                  + [codec.mine_pull(None)])


@dataclass(frozen=True)
class ActionIds:
    """The ids of the actions the commonest decisions list, by what they name, looked
    up once a game (``SkagwayGame.action_ids``) instead of encoded at every listing."""

    cash: tuple[int, ...]  # by Goods type
    cash_stop: int
    turn_in: tuple[int, ...]  # by Gold face, in the data file's order
    turn_in_stop: int
    keep_gold: tuple[int, ...]  # by Gold face
    buy_nothing: int
    buildings: tuple[tuple[int, int], ...]  # by space: (GOOD, BAD)
    prestige: tuple[int, ...]

    @classmethod
    def of(cls, codec: ActionCodec, components: Components) -> ActionIds:
        faces = components.gold.faces
        return cls(
            cash=tuple(codec.cash_goods(t) for t in range(len(components.goods))),
            cash_stop=codec.cash_goods(None),
            turn_in=tuple(codec.turn_in(v) for v in faces),
            turn_in_stop=codec.turn_in(None),
            keep_gold=tuple(codec.keep_gold_return(v) for v in faces),
            buy_nothing=codec.buy_nothing(),
            buildings=tuple((codec.buy_building(space, buildings.GOOD),
                             codec.buy_building(space, buildings.BAD)) for space in range(3)),
            prestige=tuple(codec.buy_prestige(p) for p in range(len(components.prestige))),
        )


def _legal_goods_cash(s: SkagwayState, player: int) -> list[int]:
    ids = s.game.action_ids
    return [ids.cash[t] for t, c in enumerate(s.goods_held[player]) if c] + [ids.cash_stop]


def _legal_turn_in(s: SkagwayState, player: int) -> list[int]:
    ids = s.game.action_ids
    return [ids.turn_in[i] for i, c in enumerate(s.gold_held[player]) if c] + [
        ids.turn_in_stop]


def _legal_buy(s: SkagwayState, player: int) -> list[int]:
    """[4.3.3], [6.0] Nothing, a Player Building (space, then side), a Prestige card."""
    ids = s.game.action_ids
    spaces, prestige = buildings.buyable(s, player)
    options = [ids.buy_nothing]
    for space in spaces:
        options += ids.buildings[space]
    return options + [ids.prestige[p] for p in prestige]


def _legal_sheriff_flip(s: SkagwayState, player: int) -> list[int]:
    codec = s.game.codec  # only a building on the board can flip
    return [codec.sheriff_flip(None)] + [
        codec.sheriff_flip(space) for space in range(3) if s.building_side[space] >= 0]


def _legal_step_down(s: SkagwayState, player: int) -> list[int]:
    codec = s.game.codec
    return [codec.step_down(False), codec.step_down(True)]


def _legal_street_choice(s: SkagwayState, player: int) -> list[int]:
    codec = s.game.codec  # [4.5.1] the four choices
    options = [codec.rob()] + [codec.duel(w) for w in street.duel_targets(s)]
    if s.sheriff >= 0:
        options.append(codec.challenge_sheriff())
    options.append(codec.sleep())
    return options


def _legal_street_order(s: SkagwayState, player: int) -> list[int]:
    codec = s.game.codec
    return [codec.street_first(w) for w in street.tied_first(s)]


def _legal_bribe_offer(s: SkagwayState, player: int) -> list[int]:
    codec = s.game.codec  # [7.0] an offer 0 .. what can be paid
    from_points, from_share = street.bribe_limits(s)
    return [codec.bribe_offer(0, x) for x in range(from_points + 1)] + [
        codec.bribe_offer(1, x) for x in range(1, from_share + 1)]


def _legal_bribe_answer(s: SkagwayState, player: int) -> list[int]:
    codec = s.game.codec
    return [codec.bribe_answer(True), codec.bribe_answer(False)] + [
        codec.bribe_demand(x) for x in street.demands(s)]


def _legal_bribe_demand(s: SkagwayState, player: int) -> list[int]:
    codec = s.game.codec  # pay the demand from a source that covers it
    from_points, from_share = street.bribe_limits(s)
    pay = [codec.bribe_offer(src, s.demand)
           for src, most in enumerate((from_points, from_share)) if s.demand <= most]
    return pay + [codec.decline_demand()]


def _legal_chase(s: SkagwayState, player: int) -> list[int]:
    codec = s.game.codec
    return [codec.chase(False), codec.chase(True)]


def _legal_keep_gold(s: SkagwayState, player: int) -> list[int]:
    ids = s.game.action_ids.keep_gold
    return [ids[i] for i, c in enumerate(s.gold_held[player]) if c]


LEGAL: dict[Stage, Callable[[SkagwayState, int], list[int]]] = {
    **dict.fromkeys(CHANCE_STAGES, _legal_chance),
    PLACE: placement.legal_placements,
    MINE_PULL: _legal_mine_pull,
    GOODS_CASH: _legal_goods_cash,
    TURN_IN: _legal_turn_in,
    BUY: _legal_buy,
    SHERIFF_FLIP: _legal_sheriff_flip,
    STEP_DOWN: _legal_step_down,
    STREET_CHOICE: _legal_street_choice,
    STREET_ORDER: _legal_street_order,
    BRIBE_OFFER: _legal_bribe_offer,
    BRIBE_ANSWER: _legal_bribe_answer,
    BRIBE_DEMAND: _legal_bribe_demand,
    CHASE: _legal_chase,
    KEEP_GOLD: _legal_keep_gold,
}
"""A decision stage's legal actions for the seat to move, ascending."""


# ---------------------------------------------------------------------- the rules
def _place(s: SkagwayState, worker: int, space: int) -> None:
    seat = s.placer
    placement.place(s, worker, space)
    s._next_placement(after=seat)


def _turn_in(s: SkagwayState, value: int | None) -> None:
    if value is None:
        work.stop_turning_in(s)
    else:
        work.turn_in(s, value)


def _buy_building(s: SkagwayState, space: int, side: int) -> None:
    buildings.buy_building(s, work.assay_seat(s), space, side)
    work.finish_assay_worker(s)


def _buy_prestige(s: SkagwayState, prestige: int) -> None:
    buildings.buy_prestige(s, work.assay_seat(s), prestige)
    work.finish_assay_worker(s)


def _bribe_offer(s: SkagwayState, source: int, amount: int) -> None:
    """An offer, or (answering the Sheriff's counter-offer) paying the demand."""
    if s.stage == BRIBE_DEMAND:
        street.pay_demand(s, source, amount)
    else:
        street.offer(s, source, amount)


RULES: dict[type, Callable[..., None]] = {
    Place: _place,
    MinePull: work.pull_for_mine,
    CashGoods: work.cash_goods,
    TurnIn: _turn_in,
    BuyBuilding: _buy_building,
    BuyPrestige: _buy_prestige,
    BuyNothing: work.finish_assay_worker,
    SheriffFlip: work.flip_building,
    StepDown: work.step_down,
    Rob: street.rob,
    Duel: street.duel,
    ChallengeSheriff: street.challenge,
    Sleep: street.sleep,
    StreetFirst: street.activate,
    BribeOffer: _bribe_offer,
    BribeAnswer: street.answer,
    BribeDemand: street.counter,
    DeclineDemand: street.decline,
    Chase: street.choose_chase,
    ReturnGold: cleanup.return_gold,
}
"""The rule each kind of decision runs, called with the state and the typed action's
fields in their order (``Place(worker, space)`` -> ``_place(s, worker, space)``)."""


def move_rules(codec: ActionCodec) -> tuple[tuple[Callable[..., None], tuple[Any, ...]], ...]:
    """For each action id: its rule and the arguments its typed action holds (decoded
    once, for ``SkagwayState._apply_action``)."""
    return tuple((RULES[type(move)], tuple(move))
                 for move in (codec.decode(a) for a in range(codec.size)))
