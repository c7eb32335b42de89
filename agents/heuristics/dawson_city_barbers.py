"""Dawson City Barbers heuristics: three styles a player of the game would recognise.

Each reads the raw (viewed) state, never tensors, and scores its cards by what they
would actually do on the tracks (bumps included) with style weights:

- **barber** trains to be Best Barber (3 gold, customers in the shop, the start) and
  waits until the end of the round for the haircut, when the train race is clear;
- **shopkeeper** keeps the shop open (work track, exact marginal gold) and takes an
  early haircut at the leading barber's shop for a top Best Hair modifier;
- **prospector** heads upriver for the panning gold and pans the long weekend.

Parameters (``heuristic:shopkeeper,cut_turn=2,work=1.5``): ``train``, ``work``,
``pan`` (weights per step / per gold), ``cut_turn`` (1-5, the turn of the round to
take the haircut), ``weekend_track`` (0 train, 1 work, 2 pan) and ``weekend_round``
(0-3, the first round in which the long weekend may be spent).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from skagway_env.games.dawson_city_barbers.state import HAND_SIZE, LONG_WEEKEND_STEPS, ROUNDS
from skagway_env.games.dawson_city_barbers.tracks import move_pan, move_train

from ..specs import Option

STYLES: dict[str, dict[str, Any]] = {
    "barber": {"train": 1.0, "work": 0.5, "pan": 0.15, "cut_turn": 5,
               "weekend_track": 0, "weekend_round": 0},
    "shopkeeper": {"train": 0.1, "work": 1.0, "pan": 0.15, "cut_turn": 1,
                   "weekend_track": 1, "weekend_round": 0},
    "prospector": {"train": 0.1, "work": 0.4, "pan": 0.6, "cut_turn": 3,
                   "weekend_track": 2, "weekend_round": 1},
}

DEFAULT_STYLE = "prospector"  # the strongest against random play (see the .md page)
OPTIONS = {"cut_turn": Option(int, low=1), "weekend_track": Option(int, low=0, high=2),
           "weekend_round": Option(int, low=0)}
"""Checked when the bot is built (``weekend_track``: train, work, pan); the weights
take any number."""

SHOP_SEATS = 3


def gains(state: Any, me: int, moves: tuple[int, int, int]) -> tuple[int, int, int]:
    """Train steps, work gold and pan steps that ``moves`` would really gain ``me``."""
    comp = state.game.components
    t, w, p = moves
    pos, box = state.train_pos[:], state.train_box[:]
    before = pos[me]
    move_train(pos, box, me, t, comp)
    pan = state.pan[:]
    move_pan(pan, me, p, comp, state.game.pan_by_spaces)
    days = state.work[me]
    work_gold = comp.work_gold[min(days + w, comp.work_last)] - comp.work_gold[days]
    return pos[me] - before, work_gold, pan[me] - state.pan[me]


def value(state: Any, me: int, moves: tuple[int, int, int], params: dict) -> float:
    dt, dw, dp = gains(state, me, moves)
    return params["train"] * dt + params["work"] * dw + params["pan"] * dp


def best_barber_shop(state: Any, me: int) -> int | None:
    """The shop most likely to be the Best Barber's, with a free chair (not mine)."""
    place = {p: i for i, p in enumerate(state.placing)}
    shops = [q for q in range(state.num_players)
             if q != me and len(state.shop[q]) < SHOP_SEATS]
    if not shops:
        return None
    return max(shops, key=lambda q: (state.train_pos[q], state.train_box[q] == 0, -place[q]))


def choose(state: Any, me: int, params: dict, rng: np.random.Generator) -> int:
    codec, cards = state.game.codec, state.game.components.cards
    legal = set(state.legal_actions(me))
    hand = [k for k, c in enumerate(state.hands[me]) if c]
    scored = {k: value(state, me, cards[k].moves(), params) for k in hand}
    worst = min(hand, key=lambda k: (scored[k], rng.random()))
    cards_left = sum(state.hands[me])
    turn_of_round = HAND_SIZE - cards_left + 1

    if state.cut_at[me] < 0 and (cards_left == 1 or turn_of_round >= params["cut_turn"]):
        shop = best_barber_shop(state, me)
        action = codec.haircut(worst, shop)
        if action in legal:
            return action

    if not state.weekend_used[me] and state.round >= params["weekend_round"]:
        track = params["weekend_track"]
        steps = [0, 0, 0]
        steps[track] = LONG_WEEKEND_STEPS
        weekend = value(state, me, tuple(steps), params)
        last_chance = state.round == ROUNDS - 1 and cards_left == 2
        action = codec.long_weekend(worst, track)
        if action in legal and (weekend > max(scored.values()) or last_chance):
            return action

    top = max(scored.values())
    best = [k for k in hand if scored[k] == top and codec.schedule(k) in legal]
    if best:
        return codec.schedule(best[int(rng.integers(len(best)))])
    return min(legal)  # only the haircut is left (handled above); never reached
