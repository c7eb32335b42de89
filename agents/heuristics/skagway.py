"""Skagway heuristics: two styles a Skagway player would recognise.

Both read the raw (viewed) state. Each scores the spaces it could place a Worker on
and then follows a few rules for the decisions that come after:

- **prospector** (the miner-assayer) sends Workers to the Mines, spot 1 first, and
  pulls its own Assay Worker for an extra counter. It turns in every Gold counter,
  low values first and a $4 last (that sweeps the Bank clean before anyone can rob
  it), and buys Prestige Buildings once it can.
- **landlord** goes to the Assay & Mercantile to buy Player Buildings. It picks the
  side it leans toward (GOOD by default, `lean=bad` for BAD) and collects rent in
  Phase Four. It also wants the Deputy badge, so that as Sheriff it flips buildings
  toward that side, which is what the Skagway Today table and its Prestige picks
  reward.

Shared sense: railroad work when nothing better is open, cash Goods worth 2 or more,
keep the highest Gold counters, duel only a weaker Worker, never bribe, refuse small
bribes. Parameters (``heuristic:landlord,lean=bad,mines=1``): ``mines``, ``railroad``,
``assay``, ``docks``, ``deputy`` (placement weights) and ``lean`` (good or bad).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from skagway_env.games.skagway import street, work
from skagway_env.games.skagway.buildings import can_buy_building, can_buy_prestige
from skagway_env.games.skagway.workers import controller

STYLES: dict[str, dict[str, Any]] = {
    "prospector": {"mines": 3.0, "railroad": 1.0, "assay": 1.5, "docks": 0.5,
                   "deputy": 0.3, "lean": "good"},
    "landlord": {"mines": 1.0, "railroad": 0.8, "assay": 3.0, "docks": 0.3,
                 "deputy": 2.0, "lean": "good"},
}
DEFAULT_STYLE = "prospector"
SPACE_NAMES = ("mines", "railroad", "assay", "docks", "deputy")


def _pick(options: list[tuple[float, int]], rng: np.random.Generator) -> int:
    """The best-scored action; ties broken at random."""
    best = max(score for score, _ in options)
    top = [a for score, a in options if score == best]
    return top[int(rng.integers(len(top)))]


def choose(state: Any, me: int, params: dict, rng: np.random.Generator) -> int:
    codec = state.game.codec
    legal = state.legal_actions(me)
    if len(legal) == 1:
        return legal[0]
    stage = state.stage
    decoded = [codec.decode(a) for a in legal]
    side = 0 if params["lean"] == "good" else 1
    if stage == "place":
        mining = any(controller(state, w) == me for w in state.mines)
        assaying = any(w >= 0 and controller(state, w) == me for w in state.assay)
        holding = sum(state.gold_held[me]) > 0
        options = []
        for a, move in zip(legal, decoded, strict=True):
            space = SPACE_NAMES[move.arg2]
            weight = params[space]
            if space == "mines" and not state.mines:
                weight += 1.0  # spot 1 draws two counters [4.3.1]
            if space == "assay" and (mining or holding) and not assaying:
                weight += 2.5  # gold is only worth points once turned in [4.3.3]
            options.append((weight, a))
        return _pick(options, rng)
    if stage == work.MINE_PULL:  # an extra counter, if another Worker still assays
        pulls = [a for a, m in zip(legal, decoded, strict=True) if m.arg < 4]
        keep = codec.mine_pull(None)
        return pulls[0] if len(pulls) >= 2 else keep
    if stage == work.TURN_IN:  # low values first, the $4 last sweeps the Bank
        values = [(m.arg, a) for a, m in zip(legal, decoded, strict=True) if m.arg < 3]
        return min(values)[1] if values else codec.turn_in(None)
    if stage == work.BUY:
        return _buy(state, me, params, side, legal, rng)
    if stage == work.GOODS_CASH:
        die = state.goods_die
        goods = state.game.components.goods
        for a, m in zip(legal, decoded, strict=True):
            if m.arg < len(goods) and goods[m.arg].values[die - 1] >= 2:
                return a
        return codec.cash_goods(None)
    if stage == work.SHERIFF_FLIP:  # flip someone's building toward our lean
        for space in range(3):
            if state.building_side[space] == 1 - side and codec.sheriff_flip(space) in legal:
                return codec.sheriff_flip(space)
        return codec.sheriff_flip(None)
    if stage == work.STEP_DOWN:
        return codec.step_down(False)
    if stage == street.STREET_CHOICE:
        targets = street.duel_targets(state)
        mine = street.ability(state, state.active)
        weaker = [w for w in targets if street.ability(state, w) < mine
                  and controller(state, w) != me]
        if weaker:
            return codec.duel(weaker[0])
        if sum(state.bank) >= 6 and state.sheriff < 0:
            return codec.rob()
        return codec.sleep()
    if stage == street.BRIBE_OFFER:
        return codec.bribe_offer(0, 0)
    if stage == street.BRIBE_ANSWER:
        return codec.bribe_answer(state.bribe[1] >= 4)
    if stage == "keep_gold":  # return the lowest counter
        return min(legal)
    return legal[int(rng.integers(len(legal)))]


def _buy(state: Any, me: int, params: dict, side: int, legal: list[int],
         rng: np.random.Generator) -> int:
    codec = state.game.codec
    comp = state.game.components
    landlord = params["assay"] > params["mines"]
    if landlord:  # a Player Building on our side, best rent first (3-point spaces)
        for space in (1, 2, 0):
            if can_buy_building(state, me, space) and state.building_owner[space] != me:
                return codec.buy_building(space, side)
    prestige = [p for p in range(len(comp.prestige)) if can_buy_prestige(state, me, p)]
    if prestige:
        markers = sum(state.purchased_track)
        total = sum(len(p) for p in state.prestige) + 1
        def value(p: int) -> int:
            return comp.prestige[p].score(state.purchased_track[me], markers, total, 0)
        return codec.buy_prestige(max(prestige, key=lambda p: (value(p), -p)))
    return codec.buy_nothing()
