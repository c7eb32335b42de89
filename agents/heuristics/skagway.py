"""Skagway heuristics: two styles a Skagway player would recognise.

Both read the raw (viewed) state. Each scores the spaces it could place a Worker on
and then follows a few rules for the decisions that come after:

- **prospector** (the miner-assayer) sends Workers to the Mines, spot 1 first, and
  pulls its own Assay Worker for an extra counter. It turns in every Gold counter,
  low values first and a $4 last (that sweeps the Bank clean before anyone can rob
  it), and buys Prestige Buildings once it can; short of 9 points it buys the
  Residency building (Hotel or Brothel, its lean), where every Worker's night spots
  lead [4.4.1] (RULES_NOTES A4, engine 2), and collects 1 from each other Worker.
- **landlord** goes to the Assay & Mercantile to buy Player Buildings. It picks the
  side it leans toward (GOOD by default, `lean=bad` for BAD) and collects rent in
  Phase Four. It also wants the Deputy badge, so that as Sheriff it flips buildings
  toward that side, which is what the Skagway Today table and its Prestige picks
  reward.

Shared sense: railroad work when nothing better is open, cash Goods worth 2 or more,
keep the highest Gold counters, duel only a weaker Worker, never bribe (and decline a
Sheriff's demand), refuse small bribes, as Sheriff chase other players' bandits, and
order one's own tied Street Workers at random. Parameters
(``heuristic:landlord,lean=bad,mines=1``): ``mines``, ``railroad``, ``assay``, ``docks``,
``deputy`` (placement weights) and ``lean`` (good or bad); ``style`` is the style's
own name, fixed by the style chosen.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from skagway_env.games.skagway import street
from skagway_env.games.skagway.actions import (
    FROM_POINTS,
    PLACE_SPACES,
    CashGoods,
    MinePull,
    Place,
    TurnIn,
)
from skagway_env.games.skagway.buildings import can_buy_building, can_buy_prestige
from skagway_env.games.skagway.stages import Stage
from skagway_env.games.skagway.workers import controller

from ..specs import Option

STYLES: dict[str, dict[str, Any]] = {
    "prospector": {"style": "prospector", "mines": 3.0, "railroad": 1.0, "assay": 1.5,
                   "docks": 0.5, "deputy": 0.3, "lean": "good"},
    "landlord": {"style": "landlord", "mines": 1.0, "railroad": 0.8, "assay": 3.0,
                 "docks": 0.3, "deputy": 2.0, "lean": "good"},
}
"""Each style carries its own name (``style``): the rules below that differ by style
read it, never the weights."""
DEFAULT_STYLE = "prospector"
OPTIONS = {"lean": Option(str, choices=("good", "bad")),
           "style": Option(str, choices=tuple(STYLES))}
"""Checked when the bot is built; the weights take any number (their defaults' type)."""
SMALLEST_BRIBE_TAKEN = 4  # a Sheriff takes 4 or more rather than roll for 2 a bandit
RESIDENCY = 0  # the Hotel/Brothel space [4.4.1]


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
    moves = [(a, codec.decode(a)) for a in legal]
    side = 0 if params["lean"] == "good" else 1
    if stage == Stage.PLACE:
        mining = any(controller(state, w) == me for w in state.mines)
        assaying = any(w >= 0 and controller(state, w) == me for w in state.assay)
        holding = sum(state.gold_held[me]) > 0
        options = []
        for a, move in moves:
            if not isinstance(move, Place):
                continue
            space = PLACE_SPACES[move.space]
            weight = params[space]
            if space == "mines" and not state.mines:
                weight += 1.0  # spot 1 draws two counters [4.3.1]
            if space == "assay" and (mining or holding) and not assaying:
                weight += 2.5  # gold is only worth points once turned in [4.3.3]
            options.append((weight, a))
        return _pick(options, rng)
    if stage == Stage.MINE_PULL:  # an extra counter, if another Worker still assays
        pulls = [a for a, m in moves if isinstance(m, MinePull) and m.spot is not None]
        return pulls[0] if len(pulls) >= 2 else codec.mine_pull(None)
    if stage == Stage.TURN_IN:  # low values first, the $4 last sweeps the Bank
        values = [(m.value, a) for a, m in moves if isinstance(m, TurnIn) and m.value is not None]
        return min(values)[1] if values else codec.turn_in(None)
    if stage == Stage.BUY:
        return _buy(state, me, params, side)
    if stage == Stage.GOODS_CASH:
        die = state.goods_die
        goods = state.game.components.goods
        for a, m in moves:
            if isinstance(m, CashGoods) and m.goods_type is not None \
                    and goods[m.goods_type].values[die - 1] >= 2:
                return a
        return codec.cash_goods(None)
    if stage == Stage.SHERIFF_FLIP:  # flip someone's building toward our lean
        for space in range(3):
            if state.building_side[space] == 1 - side and codec.sheriff_flip(space) in legal:
                return codec.sheriff_flip(space)
        return codec.sheriff_flip(None)
    if stage == Stage.STEP_DOWN:
        return codec.step_down(False)
    if stage == Stage.STREET_CHOICE:
        targets = street.duel_targets(state)
        mine = street.ability(state, state.active)
        weaker = [w for w in targets if street.ability(state, w) < mine
                  and controller(state, w) != me]
        if weaker:
            return codec.duel(weaker[0])
        if sum(state.bank) >= 6 and state.sheriff < 0:
            return codec.rob()
        return codec.sleep()
    if stage == Stage.BRIBE_OFFER:
        return codec.bribe_offer(FROM_POINTS, 0)
    if stage == Stage.BRIBE_ANSWER:
        return codec.bribe_answer(state.bribe[1] >= SMALLEST_BRIBE_TAKEN)
    if stage == Stage.BRIBE_DEMAND:
        return codec.decline_demand()
    if stage == Stage.CHASE:  # chase only other players' bandits
        return codec.chase(any(controller(state, w) != me for w in state.bandits))
    if stage == Stage.KEEP_GOLD:  # return the lowest counter
        return min(legal)
    return legal[int(rng.integers(len(legal)))]


def _buy(state: Any, me: int, params: dict, side: int) -> int:
    codec = state.game.codec
    comp = state.game.components
    if params["style"] == "landlord":  # a Player Building on our side, best rent first
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
    if params["style"] == "prospector" and can_buy_building(state, me, RESIDENCY):
        return codec.buy_building(RESIDENCY, side)  # every Worker has a Residency icon (A4)
    return codec.buy_nothing()
