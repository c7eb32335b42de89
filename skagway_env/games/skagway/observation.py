"""What one Skagway seat sees, as a tensor and as text (see DESIGN.md, "Hidden
information"). Seats are listed relative to the observer (observer first), padded to
four. Hidden from the observer: other seats' Gold, Railroad counters (until the
Railroad is scored) and Goods by face (only their counts show), and which Hired
Hands another seat recruited (they look like the pool; how many shows).

The tensor holds everything the position text shows (``describe(..., with_log=False)``,
the seat's ``position_string``): equal tensors mean equal texts and equal legal
actions (``tests/test_observation_completeness.py``); the package docstring lays it out.

Bounds (``bounds``): one-hots and flags lie in ``[0, 1]``; counts of counters, cards
and Hired Hands up to what the data file puts in play for the player count [3.1];
the Buildings Purchased marker between the 3+ spaces [6.0]; kills up to 5+ [4.5.1];
a spot in a list up to the spots there are (every Worker in play on the Railroad
stack, which has no limit [4.2.2]); the turn up to ``max_turns`` (I22); bribes and
demands up to ``MAX_BRIBE`` (I6); dice up to 6. Points alone have no finite high:
they stop at zero below [4.4.3] but grow every turn, from a dozen sources, for as
long as the game lasts, and no turn count bounds a game but the cap: a per-turn
maximum summed over ``max_turns`` turns would be a fragile number far beyond play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..._speedups import load
from ...core.bounds import INF, FeatureBounds
from .actions import BRIBE_SOURCES, MAX_BRIBE
from .components import SPACES
from .stages import (
    ASSAY,
    BANK,
    BRIBE_ANSWER,
    BRIBE_DEMAND,
    CEMETERY,
    DEPUTY,
    DOCKS,
    DUEL_ROLL,
    ENRICHMENT,
    GOODS_CASH,
    GRUB,
    HAND_ACTIVE,
    HAND_RECRUITED,
    JAIL,
    MINES,
    OUT,
    POOL,
    RAILROAD,
    RECRUITED,
    RESIDENCY,
    RESIDENCY_FREE,
    SHERIFF,
    STREET,
    Location,
    Stage,
)
from .street import KILLS_CAP
from .work import HANDS_RECRUITED
from .workers import HIRED_HANDS, controller

if TYPE_CHECKING:
    from .components import Components
    from .game import SkagwayGame
    from .state import SkagwayState

MAX_SEATS = 4
NUM_WORKERS = 13
TURN_SCALE = 100.0  # turn numbers and the cap, divided by this
UNSEEN = "unseen"  # another seat's fresh recruit, or a Hand left from the pool it drew from
STAGES = tuple(Stage)
LOCATIONS = (*Location, UNSEEN)
SPOT_LISTS = ("mines", "railroad", "assay")  # a worker's place in each, 1-based / 10
WORKER_FEATURES = len(LOCATIONS) + 1 + (MAX_SEATS + 1) + len(SPOT_LISTS) + 2
HEAD = 6  # final turn, end triggered, truncated, turn, max_turns, turns left
# bank and robbed by face, four supply counts, die and bribe, two gunfight dice, three
# bought-this-turn flags, $4 counters left and the Sheriff's demand
TABLE = 3 + 3 + 4 + 3 + 2 + 3 + 2
# Divisors of counts and list places in the tensor
GOLD_SCALE, RAIL_SCALE, GOODS_SCALE = 14.0, 9.0, 14.0
SPOT_SCALE, BANDIT_SCALE, BRIBE_SCALE, DIE_SCALE = 10.0, 13.0, 30.0, 6.0


def seat_features(prestige: int) -> int:
    """Length of ``_seat_block``: 17 numbers and one flag per Prestige Building."""
    return 17 + prestige


def size(goods_types: int, prestige: int) -> int:
    return (HEAD + len(STAGES) + MAX_SEATS * seat_features(prestige) + 3 + 3 + goods_types
            + len(SPACES) * 3 + NUM_WORKERS * WORKER_FEATURES + TABLE)


def seen_location(s: SkagwayState, worker: int, observer: int) -> str:
    """Another seat's fresh recruits look like the Hands left in the pool they were
    drawn from: 'unseen' for both (H4). A Hand that came back to the pool after the
    draw is known to be there; when the draw took the whole pool, all are known."""
    where = s.loc[worker]
    if (where in (POOL, RECRUITED) and s.recruited_by not in (-1, observer)
            and worker in s.recruit_pool
            and recruits_held(s, s.recruited_by) < len(s.recruit_pool)):
        return UNSEEN
    return where


def recruits_held(s: SkagwayState, seat: int) -> int:
    """[4.3.4] Face-down Hired Hands waiting in front of ``seat`` (their number is public)."""
    if seat != s.recruited_by:
        return 0
    return sum(h == HAND_RECRUITED for h in s.hand_state)


def top_gold_left(s: SkagwayState) -> int:
    """$4 counters not yet turned in [4.3.3]: each one turned in sweeps the Bank and
    the robbed pile back into the supply, which can delay the end [5.0]."""
    comp = s.game.components
    top = max(v for v, _ in comp.gold.counts)
    return comp.gold.supply(s.num_players).count(top) - s.top_gold_turned_in


def _seat_block(s: SkagwayState, seat: int, to_move: int) -> list[float]:
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


def bounds(comp: Components, num_players: int, max_turns: int) -> tuple[np.ndarray, np.ndarray]:
    """Per-feature ``(low, high)`` in ``encode``'s order (the module docstring says why)."""
    n = num_players
    gold, rail = comp.gold.supply(n), comp.railroad.supply(n)
    gold_faces = np.array([gold.count(v) for v, _ in comp.gold.counts])
    rail_faces = np.array([rail.count(v) for v, _ in comp.railroad.counts])
    goods = np.array([g.count for g in comp.goods])
    in_play = 2 * n + len(HIRED_HANDS)  # [2.0] two Workers a player, the Hired Hands
    cap = max_turns / TURN_SCALE
    track = comp.purchased_track_limit / 3.0
    seat = (FeatureBounds().add(1).add(1, INF).add(1, track, -track).add(1, KILLS_CAP / 5.0)
            .add(len(comp.prestige)).add(3)
            .add(1, len(gold) / GOLD_SCALE).add(1, len(rail) / RAIL_SCALE)
            .add(1, goods.sum() / GOODS_SCALE).add(len(SPACES) + 3)
            .add(1, HANDS_RECRUITED / 2.0))
    worker = (FeatureBounds().add(len(LOCATIONS) + 1 + MAX_SEATS + 1)
              .add(1, comp.mine_spots_for(n) / SPOT_SCALE).add(1, in_play / SPOT_SCALE)
              .add(1, comp.assay_spots / SPOT_SCALE).add(1, in_play / BANDIT_SCALE).add(1))
    top = max(v for v, _ in comp.gold.counts)
    out = (FeatureBounds().add(3).add(3, cap).add(len(STAGES)).extend(seat, MAX_SEATS)
           .add(len(gold_faces), gold_faces).add(len(rail_faces), rail_faces)
           .add(len(goods), goods).add(len(SPACES) * 3).extend(worker, NUM_WORKERS)
           .add(2 * len(gold_faces), np.tile(gold_faces, 2))
           .add(1, len(gold) / GOLD_SCALE).add(1, len(rail) / RAIL_SCALE)
           .add(2, goods.sum() / GOODS_SCALE).add(2)
           .add(1, MAX_BRIBE / BRIBE_SCALE).add(2).add(len(SPACES))
           .add(1, gold.count(top) / 3.0).add(1, MAX_BRIBE / BRIBE_SCALE))
    return out.arrays(size(len(comp.goods), len(comp.prestige)))


_LOCATION_INDEX = {where: i for i, where in enumerate(LOCATIONS)}
_STAGE_INDEX = {stage: i for i, stage in enumerate(STAGES)}
_FACE_DOWN = len(LOCATIONS)  # in a worker block: the face-down flag, then the controller
_SPOTS = len(LOCATIONS) + 2 + MAX_SEATS  # then the Mines, Railroad and Assay places
_BANDIT = _SPOTS + len(SPOT_LISTS)  # then the place on the Bank stack and "acting"


class _Layout:
    """What ``encode`` needs of a game that no position changes: sizes, offsets, the
    data file's faces and the turn cap's features (cached on the game)."""

    def __init__(self, game: SkagwayGame) -> None:
        comp, n = game.components, game.num_players
        self.size = size(len(comp.goods), len(comp.prestige))
        self.prestige = len(comp.prestige)
        self.empty_seat = [0.0] * seat_features(self.prestige)
        self.no_prestige = [0.0] * self.prestige
        self.stage_rows = {stage: [float(i == at) for i in range(len(STAGES))]
                           for at, stage in enumerate(STAGES)}
        self.cap = game.params.max_turns
        self.faces = [v for v, _ in comp.gold.counts]
        self.top_in_play = comp.gold.supply(n).count(max(self.faces))
        self.workers = (HEAD + len(STAGES) + MAX_SEATS * len(self.empty_seat)
                        + len(comp.gold.counts) + len(comp.railroad.counts) + len(comp.goods)
                        + 3 * len(SPACES))
        self.rest = self.workers + NUM_WORKERS * WORKER_FEATURES


def _layout(game: SkagwayGame) -> _Layout:
    found = game.__dict__.get("_observation_layout")
    if found is None:
        found = game.__dict__["_observation_layout"] = _Layout(game)
    return found


_SIDE_FLAGS = {-1: (1.0, 0.0, 0.0), 0: (0.0, 1.0, 0.0), 1: (0.0, 0.0, 1.0)}


def encode_python(s: SkagwayState, observer: int) -> np.ndarray:
    """The dense head (flags, stage, seats, own holdings, buildings) and table tail are
    built as lists (bools count as 0 / 1); the 13 worker blocks are mostly zeros, so
    only their non-zero entries are written. Everything a position cannot change comes
    from ``_Layout`` (the stage one-hots too), and per-seat facts (Hired Hands held, a
    Hand's controller slot, the seats' places in the lists) are counted once, not once
    a seat or a Worker. ``tests/skagway/test_fast_encoding.py`` and
    ``tests/test_reference_encodings.py`` check it against the plain encoding, bit for
    bit. ``encode`` is its C twin where that is built (``_skagway_obs.c``, below)."""
    lay = _layout(s.game)
    n = s.num_players
    cap, turn = lay.cap, s.turn
    out = np.zeros(lay.size, dtype=np.float32)
    head: list[float] = [s.final_turn, s.end_triggered, s.truncated,
                         turn / TURN_SCALE, cap / TURN_SCALE, (cap - turn) / TURN_SCALE]
    head += lay.stage_rows[s.stage]
    to_move = s.current_player()
    recruited_by = s.recruited_by
    held = (s.hand_state.count(HAND_RECRUITED) if recruited_by >= 0 else 0)
    first, recruiter, owners = s.first_player, s.recruiter, s.building_owner
    rail_owner, docks_owner = s.rail_owner, s.docks_owner
    points, track, kills, prestige = s.points, s.purchased_track, s.kills, s.prestige
    gold_held, rail_held, goods_held = s.gold_held, s.rail_held, s.goods_held
    for rel in range(MAX_SEATS):
        if rel >= n:
            head += lay.empty_seat
            continue
        seat = (observer + rel) % n
        head += (1.0, points[seat] / 50.0, track[seat] / 3.0, kills[seat] / 5.0)
        mine = prestige[seat]
        if mine:
            owned = lay.no_prestige[:]
            for p in mine:
                owned[p] = 1.0
            head += owned
        else:
            head += lay.no_prestige
        head += (seat == first, seat == recruiter, seat == recruited_by,
                 sum(gold_held[seat]) / GOLD_SCALE, sum(rail_held[seat]) / RAIL_SCALE,
                 sum(goods_held[seat]) / GOODS_SCALE)
        head += [o == seat for o in owners]
        head += (rail_owner == seat, docks_owner == seat, seat == to_move,
                 (held if seat == recruited_by else 0) / 2.0)
    head += gold_held[observer]
    head += rail_held[observer]
    head += goods_held[observer]
    for side in s.building_side:
        head += _SIDE_FLAGS[side]
    out[:len(head)] = head
    # H4: another seat's fresh recruits look like the Hands left in their pool
    pool = s.recruit_pool
    hide = recruited_by not in (-1, observer) and held < len(pool)
    hand_state, loc, face_down = s.hand_state, s.loc, s.face_down
    relative = [(seat - observer) % n + 1 for seat in range(n)]  # the controller slot
    # a Hired Hand's controller slot: 0 when in nobody's hands
    hand_slot = {HAND_ACTIVE: relative[recruiter] if recruiter >= 0 else 0,
                 HAND_RECRUITED: relative[recruited_by] if recruited_by >= 0 else 0}
    ones: list[int] = []
    base = lay.workers
    first_hand = HIRED_HANDS[0]
    for worker in range(NUM_WORKERS):
        where = loc[worker]
        if hide and (where == POOL or where == RECRUITED) and worker in pool:
            where = UNSEEN
        ones.append(base + _LOCATION_INDEX[where])
        if face_down[worker]:
            ones.append(base + _FACE_DOWN)
        if where == OUT or where == UNSEEN:
            ones.append(base + _FACE_DOWN + 1)
        elif worker < first_hand:
            ones.append(base + _FACE_DOWN + 1 + relative[worker // 2])
        else:
            ones.append(base + _FACE_DOWN + 1
                        + hand_slot.get(hand_state[worker - first_hand], 0))
        base += WORKER_FEATURES
    if 0 <= s.active < NUM_WORKERS:
        ones.append(lay.workers + s.active * WORKER_FEATURES + _BANDIT + 1)
    out.put(ones, 1.0)
    # a Worker's first place in each list (1-based), by scanning the short lists once
    index: list[int] = []
    value: list[float] = []
    workers = lay.workers
    for feature, spots, scale in ((_SPOTS, s.mines, SPOT_SCALE),
                                  (_SPOTS + 1, s.railroad, SPOT_SCALE),
                                  (_SPOTS + 2, s.assay, SPOT_SCALE),
                                  (_BANDIT, s.bandits, BANDIT_SCALE)):
        if not spots:
            continue
        placed: set[int] = set()
        for place, worker in enumerate(spots, 1):
            if 0 <= worker < NUM_WORKERS and worker not in placed:
                placed.add(worker)
                index.append(workers + worker * WORKER_FEATURES + feature)
                value.append(place / scale)
    if index:
        out.put(index, value)
    faces, bank, robbed, rolls = lay.faces, s.bank, s.robbed, s.rolls
    rest = [bank.count(v) for v in faces]
    rest += [robbed.count(v) for v in faces]
    rest += (sum(s.gold_supply) / GOLD_SCALE, sum(s.rail_supply) / RAIL_SCALE,
             sum(s.goods_deck) / GOODS_SCALE, len(s.goods_bottom) / GOODS_SCALE,
             s.goods_die / DIE_SCALE, s.bribe[0], s.bribe[1] / BRIBE_SCALE,
             rolls[0] / DIE_SCALE if rolls else 0.0,
             rolls[1] / DIE_SCALE if len(rolls) > 1 else 0.0)
    rest += s.bought_this_turn
    rest += ((lay.top_in_play - s.top_gold_turned_in) / 3.0, s.demand / BRIBE_SCALE)
    out[lay.rest:lay.rest + len(rest)] = rest
    return out


def _layout_c(game: SkagwayGame) -> bytes:
    """``_Layout`` packed for the C twin, cached on the game beside it."""
    lay = _layout(game)
    comp = game.components
    packed = _compiled.layout(lay.size, lay.workers, lay.rest, game.num_players,
                              lay.prestige, len(comp.gold.counts), len(comp.railroad.counts),
                              len(comp.goods), len(SPACES), lay.cap, lay.top_in_play,
                              tuple(lay.faces))
    game.__dict__["_observation_layout_c"] = packed
    return packed


# The C twin of ``encode_python`` (``skagway_env/_speedups/_skagway_obs.c``), 15-20
# times faster; the same tensor bit for bit (``tests/skagway/test_compiled_encoder.py``).
# It is handed the enums, offsets and scales above once, here; without a compiler (or
# with SKAGWAY_PURE_PYTHON=1) ``encode`` is the Python function.
_compiled = load("_skagway_obs")
if _compiled is not None:
    _compiled.init(STAGES, LOCATIONS, OUT, POOL, RECRUITED, UNSEEN, HAND_RECRUITED,
                   HAND_ACTIVE, HIRED_HANDS[0], WORKER_FEATURES, _FACE_DOWN, _SPOTS, _BANDIT,
                   HEAD, TURN_SCALE, GOLD_SCALE, RAIL_SCALE, GOODS_SCALE, SPOT_SCALE,
                   BANDIT_SCALE, BRIBE_SCALE, DIE_SCALE, np.empty, np.dtype(np.float32),
                   _layout_c)
    encode = _compiled.encode
else:
    encode = encode_python


STAGE_WORDS = {
    Stage.SETUP: "Setup: the starting player is drawn",
    Stage.PLACE: "Phase Two, head out to work: place a Worker",
    Stage.MINE_PULL: "Phase Three, the Mines: pull an own Assay Worker for one more Gold?",
    Stage.MINE_DRAW: "Phase Three, the Mines: Gold counters are drawn",
    Stage.RAIL_DRAW: "Phase Three, the Railroad: Railroad counters are drawn",
    Stage.GOODS_DRAW: "Phase Three, the Railroad: Railroad Goods cards are drawn",
    Stage.GOODS_ROLL: "Phase Three, the Railroad: the Goods die is rolled",
    Stage.GOODS_CASH: "Phase Three, the Railroad: cash Railroad Goods cards",
    Stage.TURN_IN: "Phase Three, the Assay & Mercantile: turn in Gold for points",
    Stage.BUY: "Phase Three, the Assay & Mercantile: buy a building",
    Stage.HAND_DRAW: "Phase Three, the Docks: Hired Hands are recruited",
    Stage.SHERIFF_FLIP: "Phase Three, the Sheriff: flip a building?",
    Stage.STEP_DOWN: "Phase Three, the Sheriff: stay Sheriff or step down",
    Stage.STREET_CHOICE: "Phase Five, the Street: a Worker acts",
    Stage.STREET_ORDER: "Phase Five, the Street: which tied Worker acts first",
    Stage.DUEL_ROLL: "Phase Five, the Street: a gunfight",
    Stage.BRIBE_OFFER: "Phase Five, the robbery: the bandits offer the Sheriff a bribe",
    Stage.BRIBE_ANSWER: "Phase Five, the robbery: the Sheriff answers the bribe",
    Stage.BRIBE_DEMAND: "Phase Five, the robbery: the bandits answer the Sheriff's price",
    Stage.CHASE: "Phase Five, the robbery: the Sheriff lets the bandits go or gives chase",
    Stage.CATCH_ROLL: "Phase Five, the robbery: the Sheriff tries to catch the bandits",
    Stage.KEEP_GOLD: "Phase Six, prepare for the next turn: return Gold over two counters",
    Stage.DECAY_ROLL: "Phase Six, prepare for the next turn: Railroad Goods decay",
    Stage.DECAY_PICK: "Phase Six, prepare for the next turn: Railroad Goods decay",
    Stage.OVER: "the game is over",
}
"""What each stage asks, in the rulebook's phases [4.1]-[4.6], for the screens."""

PLACE_NAMES = {"mines": "Mines", "railroad": "Railroad (bottom to top)",
               "assay": "Assay & Mercantile", "docks": "Docks", "deputy": "Deputy",
               "sheriff": "Sheriff"}
ELSEWHERE_NAMES = {RESIDENCY: "Residency", GRUB: "Grub", ENRICHMENT: "Enrichment",
                   RESIDENCY_FREE: "free Residency", STREET: "Street", BANK: "robbing the Bank",
                   JAIL: "Jail", CEMETERY: "Cemetery", RECRUITED: "recruited, face down"}
LEGEND = ("points: each player's wealth, the most at the end wins; Buildings Purchased: "
          "the GOOD buildings bought less the BAD ones [3.2], [6.0]; * face down")


def _by_face(counts: list[int], faces: list[str]) -> str:
    """``$2 x1, $4 x2`` (``none`` when empty): a seat's own counters or cards by face."""
    held = [f"{face} x{c}" for face, c in zip(faces, counts, strict=True) if c]
    return ", ".join(held) or "none"


def _holdings(s: SkagwayState, seat: int, private: bool) -> str:
    """One seat's counters and cards: by face to their holder (and the Railroad
    counters to all once the Railroad is scored [4.3.2]), else only how many."""
    comp = s.game.components
    gold, rail, goods = s.gold_held[seat], s.rail_held[seat], s.goods_held[seat]

    def hidden(count: int, noun: str) -> str:
        return f"{count} {noun}{'' if count == 1 else 's'} face down" if count else "none"

    if private:
        gold_text = _by_face(gold, [f"${v}" for v, _ in comp.gold.counts])
        goods_text = _by_face(goods, [g.name for g in comp.goods])
    else:
        gold_text = hidden(sum(gold), "counter")
        goods_text = hidden(sum(goods), "card")
    if private or s.rail_owner >= 0:
        rail_text = _by_face(rail, [f"({v})" for v, _ in comp.railroad.counts])
    else:
        rail_text = hidden(sum(rail), "counter")
    return f"Gold: {gold_text} | Railroad counters: {rail_text} | Goods cards: {goods_text}"


def describe(s: SkagwayState, observer: int | None, with_log: bool = True) -> str:
    """The table as text for ``observer`` (None: everything, hidden parts included);
    ``with_log=False`` leaves out this turn's events (the position alone). Every
    holding is named; another seat's hidden ones show only how many."""
    from .state import seat_name  # noqa: PLC0415  (state imports this module)

    comp = s.game.components
    names = [s.worker_name(w) for w in range(NUM_WORKERS)]

    def worker(w: int) -> str:
        owner = controller(s, w)
        return f"{names[w]} (P{owner})" if owner >= 0 else names[w]

    status = (" (the last turn)" if s.final_turn
              else " (stopped by the cap)" if s.truncated else "")
    lines = [f"Turn {s.turn} of at most {s.game.params.max_turns}{status}. "
             f"{STAGE_WORDS[s.stage]}. First Player {seat_name(s.first_player)}; "
             f"to move {_to_move(s)}", LEGEND]
    for seat in range(s.num_players):
        private = observer is None or observer == seat
        prestige = ", ".join(comp.prestige[p].name for p in sorted(s.prestige[seat])) or "none"
        recruits = recruits_held(s, seat)
        lines.append(f"P{seat}{' (you)' if seat == observer else ''}: {s.points[seat]} points | "
                     f"Buildings Purchased {s.purchased_track[seat]:+d} | "
                     f"Gunfight Kills {s.kills[seat]} | {_holdings(s, seat, private)} | "
                     f"Prestige Buildings: {prestige}"
                     + (f" | {recruits} Hired Hands recruited face down" if recruits else ""))
    built = []
    for space, (name, good, bad, _) in enumerate(SPACES):
        side = s.building_side[space]
        if side >= 0:
            new = ", bought this turn" if s.bought_this_turn[space] else ""
            built.append(f"{name}: {(good, bad)[side]} ({('GOOD', 'BAD')[side]}, "
                         f"{seat_name(s.building_owner[space])}{new})")
    lines.append("Player Buildings: " + ("; ".join(built) or "none bought"))
    def there(w: int, where: Location) -> str:
        """The Worker still on its space; a space's record outlives its Workers."""
        return worker(w) if w >= 0 and s.loc[w] == where else "-"

    spots = {
        "mines": ", ".join(there(w, MINES) for w in s.mines) or "-",
        "railroad": ", ".join(there(w, RAILROAD) for w in s.railroad) or "-",
        "assay": ", ".join(f"{k + 1} {there(w, ASSAY)}" for k, w in enumerate(s.assay)),
        "docks": there(s.docks, DOCKS),
        "deputy": there(s.deputy, DEPUTY),
        "sheriff": there(s.sheriff, SHERIFF),
    }
    lines.append("Workers out: " + " | ".join(f"{PLACE_NAMES[k]}: {v}" for k, v in spots.items()))
    elsewhere: dict[str, list[str]] = {}
    for w in range(NUM_WORKERS):
        where = s.loc[w] if observer is None else seen_location(s, w, observer)
        if where in SHOWN_ELSEWHERE:
            elsewhere.setdefault(where, []).append(worker(w) + ("*" if s.face_down[w] else ""))
    if elsewhere:
        lines.append("In town: " + " | ".join(
            f"{ELSEWHERE_NAMES[k]}: {', '.join(v)}" for k, v in elsewhere.items()))
    bank = " ".join(f"${v}" for v in sorted(s.bank)) or "empty"
    robbed = " ".join(f"${v}" for v in sorted(s.robbed)) or "none"
    lines.append(f"Bank {bank}; robbed {robbed} | Gold Supply {sum(s.gold_supply)} counters "
                 f"($4 counters not yet turned in: {top_gold_left(s)}) | Railroad counters "
                 f"left {sum(s.rail_supply)}, Railroad owner {seat_name(s.rail_owner)} | "
                 f"Goods deck {sum(s.goods_deck) + len(s.goods_bottom)} cards | Hired Hand "
                 f"Recruiter {seat_name(s.recruiter)}")
    if s.stage in (GOODS_CASH, BRIBE_ANSWER, BRIBE_DEMAND, DUEL_ROLL):
        lines.append(f"Goods die {s.goods_die or 'not rolled'} | bribe offered {s.bribe[1]} "
                     f"from {BRIBE_SOURCES[s.bribe[0]]} | the Sheriff's "
                     f"price {s.demand or 'none'} | gunfight dice "
                     f"{' '.join(map(str, s.rolls)) or 'none'}")
    if observer is None:
        lines.append(f"hidden: gold supply {s.gold_supply} rail supply {s.rail_supply} "
                     f"goods deck {s.goods_deck} bottom {s.goods_bottom}")
    if with_log:
        lines.extend(s.turn_log()[-6:])
    return "\n".join(lines)


SHOWN_ELSEWHERE = (RESIDENCY, GRUB, ENRICHMENT,
                   RESIDENCY_FREE, STREET, BANK, JAIL,
                   CEMETERY, RECRUITED)


def _to_move(s: SkagwayState) -> str:
    seat = s.current_player()
    return f"P{seat}" if seat >= 0 else "chance" if s.is_chance_node() else "nobody"
