"""Klondike Rush heuristics: two styles a player of the game would recognise.

Each reads the raw (viewed) state, never tensors:

- **investor** buys investments and builds up the companies it owns: it bids up to
  what its investments would pay at the end (the profit card kept for the double
  final profits), and builds where the value track gain outweighs the cost;
- **trapper** hunts for its orders: it bids for mines and supply crates, builds on the
  spaces whose tokens its order cards ask for, completes orders at once and turns in
  spare tokens for $5.

Both complete an order whenever they can (the money is certain and the card is a
step towards the $15 / $10 piles). Parameters (``heuristic:trapper,bid=0.8``):
``bid`` (share of a lot's estimated worth it will pay), ``mine`` (worth of one mine
piece), ``crate`` (worth of an order card), ``wanted`` / ``spare`` (worth of a token its
orders need / do not), ``growth`` (weight of the value track gain of a build),
``cash_floor`` (money under which the profit card is cashed early), ``turn_in`` (turn in
spare tokens during the game: 1 or 0; either way a seat asked to bid without the
money turns in spare tokens when the $5 buys a bid it wants).

Who is asked rests on public facts (RULES_NOTES F1), so a seat is often asked where
it can only pass: each style then passes, declines, ends building or finishes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from skagway_env.games.klondike_rush import auction
from skagway_env.games.klondike_rush.actions import (
    DECLARE_LAST_BID,
    DECLINE_LAST_BID,
    END_BUILDING,
    FINISH,
    KEEP_PROFIT,
    PASS,
    TURN_INS,
    USE_PROFIT,
    Build,
    CompleteOrder,
    TurnIn,
)
from skagway_env.games.klondike_rush.building import costs
from skagway_env.games.klondike_rush.components import SNOW_BEAST, TOKEN_KINDS, WILD
from skagway_env.games.klondike_rush.income import TURN_IN_MONEY

from ..specs import Option

STYLES: dict[str, dict[str, Any]] = {
    "investor": {"bid": 0.9, "mine": 2.0, "crate": 2.0, "wanted": 2.0, "spare": 1.0,
                 "growth": 1.0, "cash_floor": 3, "turn_in": 1},
    "trapper": {"bid": 0.7, "mine": 4.0, "crate": 5.0, "wanted": 4.0, "spare": 1.5,
                "growth": 0.3, "cash_floor": 6, "turn_in": 1},
}

DEFAULT_STYLE = "investor"
OPTIONS = {"cash_floor": Option(int, low=0), "turn_in": Option(int, low=0, high=1)}
"""Checked when the bot is built; the weights take any number."""


def payouts(state: Any, me: int) -> int:
    """How many more times my investments pay: final profits, twice with the card kept."""
    return 1 if state.profit_used[me] else 2


def lot_worth(state: Any, me: int, params: dict) -> float:
    """What the cards on auction are worth to me: investments at the track's value two
    mines on, mine pieces, supply crates."""
    comp = state.game.components
    top = len(comp.values)
    worth = 0.0
    for c in state.lot:
        card = comp.cards[c]
        for k, n in enumerate(card.invest):
            if n:
                worth += n * comp.values[min(state.track[k] + 1, top - 1)] * payouts(state, me)
        worth += params["mine"] * sum(card.mines) + params["crate"] * card.crates
    return worth


def needed(state: Any, me: int) -> list[int]:
    """Tokens of each kind my order cards ask for (the most any one order wants)."""
    comp = state.game.components
    need = [0] * len(TOKEN_KINDS)
    for k, n in enumerate(state.hand[me]):
        if n:
            order = comp.orders[k]
            need[order.good] = max(need[order.good], order.quantity)
    return need


def token_worth(state: Any, me: int, kind: int, params: dict) -> float:
    if kind < 0:
        return 0.0
    if kind in (WILD, SNOW_BEAST) or needed(state, me)[kind] > state.tokens[me][kind]:
        return params["wanted"]
    return params["spare"]


def build_worth(state: Any, me: int, move: Build, params: dict) -> float:
    comp = state.game.components
    track = state.track[move.company]
    gain = comp.values[min(track, len(comp.values) - 1)] - comp.values[track - 1]
    growth = gain * state.invest[me][move.company] * payouts(state, me)
    token = token_worth(state, me, state.space_token[move.space], params)
    return params["growth"] * growth + token - costs(state, move.company)[move.space]


def spare_turn_in(state: Any, me: int, legal: set[int]) -> int | None:
    """A triple of tokens no order card of mine needs (snow beasts kept while they
    might win the $25)."""
    codec = state.game.codec
    need = needed(state, me)
    held = state.tokens[me]
    spare = [max(0, h - need[k]) for k, h in enumerate(held)]
    spare[WILD] = held[WILD] if not any(need) else 0
    spare[SNOW_BEAST] = 0
    for i, triple in enumerate(TURN_INS):
        action = codec.turn_in(i)
        if action in legal and all(s >= t for s, t in zip(spare, triple, strict=True)):
            return action
    return None


def turn_in_to_bid(state: Any, me: int, params: dict, legal: set[int]) -> int | None:
    """Asked to bid (or to declare the Last Bid) without the money for the lowest bid,
    a seat may still raise it by a free action (RULES_NOTES F1): turn in spare tokens
    when the $5 makes a bid it wants affordable, whatever the ``turn_in`` setting."""
    lo = auction.min_bid(state)
    money = state.money[me]
    wanted = int(lot_worth(state, me, params) * params["bid"])
    if money < lo <= min(wanted, money + TURN_IN_MONEY):
        return spare_turn_in(state, me, legal)
    return None


def choose(state: Any, me: int, params: dict, rng: np.random.Generator) -> int:
    codec, comp = state.game.codec, state.game.components
    legal_list = state.legal_actions(me)
    legal = set(legal_list)
    orders = [a for a in legal_list if isinstance(codec.decode(a), CompleteOrder)]
    if orders:
        return max(orders, key=lambda a: comp.orders[codec.decode(a).kind].value)
    phase = state.phase
    if params["turn_in"] or phase == state.SETTLE:
        spare = spare_turn_in(state, me, legal)
        if spare is not None:
            return spare
    if phase in (state.BID, state.LAST, state.OFFER):
        raise_money = turn_in_to_bid(state, me, params, legal)
        if raise_money is not None:
            return raise_money
    if phase == state.BID or phase == state.LAST:
        limit = min(int(lot_worth(state, me, params) * params["bid"]), state.money[me])
        lo = auction.min_bid(state)
        if lo <= limit:
            # one bid each (3-5 players): bid the limit less a little; 2 players: raise
            amount = lo if state.num_players == 2 or phase == state.LAST else max(lo, limit - 1)
            return codec.bid(amount)
        return PASS if PASS in legal else codec.bid(lo)
    if phase == state.OFFER:
        limit = int(lot_worth(state, me, params) * params["bid"])
        if DECLARE_LAST_BID in legal and auction.min_bid(state) <= min(limit, state.money[me]):
            return DECLARE_LAST_BID
        return DECLINE_LAST_BID
    if phase == state.BUILD:
        builds = [(build_worth(state, me, codec.decode(a), params), rng.random(), a)
                  for a in legal_list if isinstance(codec.decode(a), Build)]
        best = max(builds, default=None)
        return best[2] if best and best[0] > 0 else END_BUILDING
    if phase == state.PROFIT:
        early = state.money[me] < params["cash_floor"]
        return USE_PROFIT if early else KEEP_PROFIT
    if phase == state.SETTLE:
        turn_ins = [a for a in legal_list if isinstance(codec.decode(a), TurnIn)
                    and not codec.decode(a).tokens[SNOW_BEAST]]
        return turn_ins[0] if turn_ins else FINISH
    return legal_list[0]
