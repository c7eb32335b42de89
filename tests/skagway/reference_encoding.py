"""Skagway's observation tensor written the plain way: the encoding as it stood before
``observation.encode`` was made fast (issue 21), kept to check the fast path against
(``test_fast_encoding.py``). Change both together when the layout changes."""

from __future__ import annotations

import numpy as np

from skagway_env.games.skagway.observation import (
    BANDIT_SCALE,
    BRIBE_SCALE,
    DIE_SCALE,
    GOLD_SCALE,
    GOODS_SCALE,
    HEAD,
    LOCATIONS,
    MAX_SEATS,
    NUM_WORKERS,
    RAIL_SCALE,
    SPOT_LISTS,
    SPOT_SCALE,
    STAGES,
    TURN_SCALE,
    UNSEEN,
    WORKER_FEATURES,
    recruits_held,
    seat_features,
    seen_location,
    size,
)
from skagway_env.games.skagway.stages import OUT
from skagway_env.games.skagway.state import SkagwayState
from skagway_env.games.skagway.workers import controller


def top_gold_left(s: SkagwayState) -> int:
    comp = s.game.components
    top = max(v for v, _ in comp.gold.counts)
    return comp.gold.supply(s.num_players).count(top) - s.top_gold_turned_in


def seat_block(s: SkagwayState, seat: int, to_move: int) -> list[float]:
    comp = s.game.components
    owned = [0.0] * len(comp.prestige)
    for p in s.prestige[seat]:
        owned[p] = 1.0
    return [1.0, s.points[seat] / 50.0, s.purchased_track[seat] / 3.0, s.kills[seat] / 5.0,
            *owned, float(seat == s.first_player), float(seat == s.recruiter),
            float(seat == s.recruited_by), sum(s.gold_held[seat]) / GOLD_SCALE,
            sum(s.rail_held[seat]) / RAIL_SCALE, sum(s.goods_held[seat]) / GOODS_SCALE,
            *[float(o == seat) for o in s.building_owner], float(s.rail_owner == seat),
            float(s.docks_owner == seat), float(seat == to_move),
            recruits_held(s, seat) / 2.0]


def reference_encode(s: SkagwayState, observer: int) -> np.ndarray:
    comp = s.game.components
    n = s.num_players
    cap = s.game.params.max_turns
    out = np.zeros(size(len(comp.goods), len(comp.prestige)), dtype=np.float32)
    head: list[float] = [float(s.final_turn), float(s.end_triggered), float(s.truncated),
                         s.turn / TURN_SCALE, cap / TURN_SCALE, (cap - s.turn) / TURN_SCALE]
    head += [0.0] * len(STAGES)
    head[HEAD + STAGES.index(s.stage)] = 1.0
    to_move = s.current_player()
    for rel in range(MAX_SEATS):
        head += (seat_block(s, (observer + rel) % n, to_move) if rel < n
                 else [0.0] * seat_features(len(comp.prestige)))
    head += s.gold_held[observer] + s.rail_held[observer] + s.goods_held[observer]
    for side in s.building_side:
        head += [float(side == -1), float(side == 0), float(side == 1)]
    out[:len(head)] = head
    base = len(head)
    index: list[int] = []
    value: list[float] = []
    for worker in range(NUM_WORKERS):
        where = seen_location(s, worker, observer)
        index.append(base + LOCATIONS.index(where))
        value.append(1.0)
        if s.face_down[worker]:
            index.append(base + len(LOCATIONS))
            value.append(1.0)
        seat = controller(s, worker) if where not in (OUT, UNSEEN) else -1
        index.append(base + len(LOCATIONS) + 1 + ((seat - observer) % n + 1 if seat >= 0 else 0))
        value.append(1.0)
        tail = base + len(LOCATIONS) + 2 + MAX_SEATS
        for k, spots in enumerate((s.mines, s.railroad, s.assay)):
            if worker in spots:
                index.append(tail + k)
                value.append((spots.index(worker) + 1) / SPOT_SCALE)
        tail += len(SPOT_LISTS)
        if worker in s.bandits:
            index.append(tail)
            value.append((s.bandits.index(worker) + 1) / BANDIT_SCALE)
        if worker == s.active:
            index.append(tail + 1)
            value.append(1.0)
        base += WORKER_FEATURES
    out[index] = value
    faces = [v for v, _ in comp.gold.counts]
    rest = [s.bank.count(v) for v in faces] + [s.robbed.count(v) for v in faces]
    rest += [sum(s.gold_supply) / GOLD_SCALE, sum(s.rail_supply) / RAIL_SCALE,
             sum(s.goods_deck) / GOODS_SCALE, len(s.goods_bottom) / GOODS_SCALE,
             s.goods_die / DIE_SCALE, s.bribe[0], s.bribe[1] / BRIBE_SCALE]
    rest += [r / DIE_SCALE for r in s.rolls[:2]] + [0.0] * (2 - len(s.rolls[:2]))
    rest += [float(b) for b in s.bought_this_turn]
    rest += [top_gold_left(s) / 3.0, s.demand / BRIBE_SCALE]
    out[base:base + len(rest)] = rest
    return out
