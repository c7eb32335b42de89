"""What one Skagway seat sees, as a tensor and as text (see DESIGN.md, "Hidden
information"). Seats are listed relative to the observer (observer first), padded to
four. Hidden from the observer: other seats' Gold, Railroad counters (until the
Railroad is scored) and Goods by face (only their counts show), and which Hired
Hands another seat recruited (they look like the pool)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .actions import PLACE_SPACES
from .components import SPACES
from .workers import controller

if TYPE_CHECKING:
    from .state import SkagwayState

MAX_SEATS = 4
NUM_WORKERS = 13
STAGES = ("setup", "place", "mine_pull", "mine_draw", "rail_draw", "goods_draw",
          "goods_roll", "goods_cash", "turn_in", "buy", "hand_draw", "sheriff_flip",
          "step_down", "street_choice", "duel_roll", "bribe_offer", "bribe_answer",
          "catch_roll", "keep_gold", "decay_roll", "over")
LOCATIONS = ("out", "home", *PLACE_SPACES, "sheriff", "residency", "grub", "enrichment",
             "residency_free", "street", "bank", "jail", "cemetery", "pool", "recruited",
             "unseen")
WORKER_FEATURES = len(LOCATIONS) + 1 + (MAX_SEATS + 1) + 3


def seat_features(prestige: int) -> int:
    """Length of ``_seat_block``: 15 numbers and one flag per Prestige Building."""
    return 15 + prestige


def size(goods_types: int, prestige: int) -> int:
    return (2 + len(STAGES) + MAX_SEATS * seat_features(prestige) + 3 + 3 + goods_types
            + len(SPACES) * 3 + NUM_WORKERS * WORKER_FEATURES + 3 + 3 + 5 + 4)


def seen_location(s: SkagwayState, worker: int, observer: int) -> str:
    """Another seat's fresh recruits look like the pool: 'unseen' for both."""
    where = s.loc[worker]
    if where in ("pool", "recruited") and s.recruited_by >= 0 and s.recruited_by != observer:
        return "unseen"
    return where


def _seat_block(s: SkagwayState, seat: int) -> list[float]:
    comp = s.game.components
    owned = [0.0] * len(comp.prestige)
    for p in s.prestige[seat]:
        owned[p] = 1.0
    return [1.0, s.points[seat] / 50.0, s.purchased_track[seat] / 3.0, s.kills[seat] / 5.0,
            *owned, float(seat == s.first_player), float(seat == s.recruiter),
            float(seat == s.recruited_by), sum(s.gold_held[seat]) / 14.0,
            sum(s.rail_held[seat]) / 9.0, sum(s.goods_held[seat]) / 14.0,
            *[float(o == seat) for o in s.building_owner], float(s.rail_owner == seat),
            float(s.docks_owner == seat)]


_LOCATION_INDEX = {where: i for i, where in enumerate(LOCATIONS)}
_STAGE_INDEX = {stage: i for i, stage in enumerate(STAGES)}


def encode(s: SkagwayState, observer: int) -> np.ndarray:
    """Dense blocks for flags, seats and buildings; the 13 worker blocks are mostly
    zeros, so only their non-zero entries are written (one numpy call)."""
    comp = s.game.components
    n = s.num_players
    out = np.zeros(size(len(comp.goods), len(comp.prestige)), dtype=np.float32)
    head: list[float] = [float(s.final_turn), float(s.end_triggered)] + [0.0] * len(STAGES)
    if s.stage in _STAGE_INDEX:
        head[2 + _STAGE_INDEX[s.stage]] = 1.0
    for rel in range(MAX_SEATS):
        head += (_seat_block(s, (observer + rel) % n) if rel < n
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
        index.append(base + _LOCATION_INDEX[where])
        value.append(1.0)
        if s.face_down[worker]:
            index.append(base + len(LOCATIONS))
            value.append(1.0)
        seat = controller(s, worker) if where not in ("out", "unseen") else -1
        index.append(base + len(LOCATIONS) + 1 + ((seat - observer) % n + 1 if seat >= 0 else 0))
        value.append(1.0)
        tail = base + len(LOCATIONS) + 2 + MAX_SEATS
        if worker in s.assay or worker in s.mines or worker in s.railroad:
            spots = s.assay if worker in s.assay else s.mines if worker in s.mines else s.railroad
            index.append(tail)
            value.append((spots.index(worker) + 1) / 10.0)
        if worker in s.bandits:
            index.append(tail + 1)
            value.append((s.bandits.index(worker) + 1) / 13.0)
        if worker == s.active:
            index.append(tail + 2)
            value.append(1.0)
        base += WORKER_FEATURES
    out[index] = value
    faces = [v for v, _ in comp.gold.counts]
    rest = [s.bank.count(v) for v in faces] + [s.robbed.count(v) for v in faces]
    rest += [sum(s.gold_supply) / 14.0, sum(s.rail_supply) / 9.0, sum(s.goods_deck) / 14.0,
             len(s.goods_bottom) / 14.0, s.goods_die / 6.0, s.bribe[0], s.bribe[1] / 30.0]
    rest += [r / 6.0 for r in s.rolls[:2]] + [0.0] * (2 - len(s.rolls[:2]))
    out[base:base + len(rest)] = rest
    return out


def describe(s: SkagwayState, observer: int | None) -> str:
    """The table as text for ``observer`` (None: everything, hidden parts included)."""
    comp = s.game.components
    names = [s.worker_name(w) for w in range(NUM_WORKERS)]
    lines = [f"Turn {s.turn}{' (final)' if s.final_turn else ''}, stage {s.stage}, "
             f"first player P{s.first_player}"]
    for seat in range(s.num_players):
        private = observer is None or observer == seat
        gold = s.gold_held[seat] if private else f"{sum(s.gold_held[seat])} counters"
        rail = s.rail_held[seat] if private or s.rail_owner >= 0 else (
            f"{sum(s.rail_held[seat])} counters")
        goods = s.goods_held[seat] if private else f"{sum(s.goods_held[seat])} cards"
        prestige = ", ".join(comp.prestige[p].name for p in s.prestige[seat]) or "-"
        lines.append(f"P{seat}{'*' if seat == observer else ''}: {s.points[seat]} points, "
                     f"track {s.purchased_track[seat]:+d}, kills {s.kills[seat]}, gold {gold}, "
                     f"railroad {rail}, goods {goods}, prestige {prestige}")
    built = []
    for space, (name, good, bad, _) in enumerate(SPACES):
        side = s.building_side[space]
        if side >= 0:
            built.append(f"{name}: {(good, bad)[side]} (P{s.building_owner[space]})")
    lines.append("buildings: " + ("; ".join(built) or "none"))
    spots = {
        "mines": [names[w] for w in s.mines], "railroad": [names[w] for w in s.railroad],
        "assay": [names[w] if w >= 0 else "-" for w in s.assay],
        "docks": names[s.docks] if s.docks >= 0 else "-",
        "deputy": names[s.deputy] if s.deputy >= 0 else "-",
        "sheriff": names[s.sheriff] if s.sheriff >= 0 else "-",
    }
    lines.append(" | ".join(f"{k} {v}" for k, v in spots.items()))
    elsewhere = {}
    for w in range(NUM_WORKERS):
        where = s.loc[w] if observer is None else seen_location(s, w, observer)
        if where in ("residency", "grub", "enrichment", "residency_free", "street", "bank",
                     "jail", "cemetery", "recruited"):
            elsewhere.setdefault(where, []).append(names[w] + ("*" if s.face_down[w] else ""))
    if elsewhere:
        lines.append(" | ".join(f"{k} {v}" for k, v in elsewhere.items()))
    lines.append(f"bank {s.bank} robbed {s.robbed} gold supply {sum(s.gold_supply)}, "
                 f"railroad supply {sum(s.rail_supply)} (owner P{s.rail_owner}), "
                 f"goods deck {sum(s.goods_deck) + len(s.goods_bottom)}, "
                 f"hired hands: recruiter P{s.recruiter}")
    if observer is None:
        lines.append(f"hidden: gold supply {s.gold_supply} rail supply {s.rail_supply} "
                     f"goods deck {s.goods_deck} bottom {s.goods_bottom}")
    lines.extend(s.log[-6:])
    return "\n".join(lines)

