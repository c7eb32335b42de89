"""What one seat sees, as a tensor and as text (RLCard style: encoding apart from rules).

A seat sees its own hand and its own face-down discards, the face-up discards, and
everything on the board; of opponents' hands only their sizes. Players are listed
relative to the observer (the observer first, then clockwise), padded to six seats.
The tensor holds everything the position text shows (``describe`` without its log):
a generic test checks that equal tensors mean equal positions.

Tensor layout (K = card kinds, 21 bundled; H = HEADER = 10; size H + 3K +
6*PLAYER_FEATURES):

| slice                  | meaning                                                |
|------------------------|--------------------------------------------------------|
| 0..3                   | round one-hot                                          |
| 4..8                   | phase one-hot: start player draw, deal, play, panning  |
|                        | flips, game over                                       |
| 9                      | panning flips still due / 3                            |
| H .. H+K               | own hand, copies of each kind                          |
| H+K .. H+2K            | face-up discards this round, copies of each kind       |
| H+2K .. H+3K           | own face-down discards this round (zero when face up)  |
| then 6 blocks of 26    | one block per seat, observer first (see PLAYER_FIELDS) |

The phase and the flips due tell apart positions whose board is the same: in round 4
a flip still due (a chance node) and the game over after it ([Pan for Gold], [Game
End]). Who flips next needs no feature: the flips due are the last of the pan order,
which the pan track shows.

Bounds (``bounds``): every feature lies in ``[0, 1]`` but the card counts (up to the
copies of a kind, and for a hand or one's own discards up to the 5 cards a round) and
gold, bounded by the most a round can pay (``max_gold``).

``encode`` is the C twin of ``encode_python`` (``skagway_env/_speedups/_dcb_obs.c``,
issue 21) when that was built: it writes the seat blocks afresh (cheaper in C than the
dirty-seat cache) and gives the same tensor bit for bit
(``tests/test_compiled_encoders.py``); without it, or with ``SKAGWAY_PURE_PYTHON=1``,
``encode`` is ``encode_python``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..._speedups import load
from ...core.bounds import FeatureBounds
from .actions import MAX_SHOPS
from .scoring import BEST_BARBER_GOLD, PAN_FIXED_GOLD

if TYPE_CHECKING:
    from .components import Components
    from .state import DawsonCityBarbersState

PLAYER_FIELDS = (
    ("present", 1),
    ("train space / last space", 1),
    ("train place box 1-3 one-hot", 3),
    ("work space / last space", 1),
    ("pan number / last number", 1),
    ("haircut taken this round", 1),
    ("haircut shop, seats clockwise from this player (1-5) one-hot", MAX_SHOPS - 1),
    ("haircut chair in that shop 1st/2nd/3rd one-hot", 3),
    ("pawns in own shop / 3", 1),
    ("long weekend used", 1),
    ("gold / 50", 1),
    ("cards in hand / 5", 1),
    ("is start player", 1),
    ("last round's Best Hair 1st/2nd/3rd/box one-hot", 4),
    ("last round's train placing / 5", 1),
)
PLAYER_FEATURES = sum(width for _, width in PLAYER_FIELDS)
ROUNDS = 4
PHASES = 5  # state.START, DEAL, PLAY, FLIP, OVER
MAX_FLIPS = len(PAN_FIXED_GOLD)  # [Pan for Gold] the first three panners flip a card
HEADER = ROUNDS + PHASES + 1

_BOX = ((0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
_CUT = ((0.0,) * 6,) + tuple(
    (1.0,) + tuple(float(i == k) for i in range(1, MAX_SHOPS)) for k in range(1, MAX_SHOPS)
)
_CHAIR = ((0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
_HAIR = ((0.0,) * 4,) + tuple(tuple(float(i == k) for i in range(4)) for k in range(4))
# _ROTATIONS[n][p]: seat order seen by observer p (p first, then clockwise)
_ROTATIONS = {
    n: [np.array([(p + r) % n for r in range(n)]) for p in range(n)]
    for n in range(1, MAX_SHOPS + 1)
}


# _SEATS_OF_MASK[bits]: the seats whose bit is set, for the dirty-seat mask
_SEATS_OF_MASK = [[q for q in range(MAX_SHOPS) if bits >> q & 1] for bits in range(1 << MAX_SHOPS)]


def size(num_kinds: int) -> int:
    return HEADER + 3 * num_kinds + MAX_SHOPS * PLAYER_FEATURES


def max_gold(comp: Components) -> int:
    """The most gold a player can hold: four rounds of every source at its best.

    [End of Round] a full shop (3 chairs), Best Barber, the best work day with the
    best Best Hair modifier, the 1st pan place and the richest card flipped.
    """
    per_round = (3 + BEST_BARBER_GOLD + max(0, max(comp.work_gold) + max(comp.best_hair_modifiers))
                 + max(PAN_FIXED_GOLD) + max(card.nuggets for card in comp.cards))
    return ROUNDS * per_round


def bounds(comp: Components, hand_size: int) -> tuple[np.ndarray, np.ndarray]:
    """Per-feature ``(low, high)`` in the layout above."""
    copies = np.array([card.count for card in comp.cards], np.float32)
    own = np.minimum(copies, hand_size)
    seat = FeatureBounds()
    for name, width in PLAYER_FIELDS:
        seat.add(width, max_gold(comp) / 50.0 if name == "gold / 50" else 1.0)
    out = FeatureBounds().add(ROUNDS).add(PHASES).add(1)
    out.add(len(copies), own).add(len(copies), copies)
    out.add(len(copies), own).extend(seat, MAX_SHOPS)
    return out.arrays(size(comp.num_kinds))


def seat_row(s: DawsonCityBarbersState, q: int) -> tuple[float, ...]:
    """Seat ``q``'s public block: the same for every observer (see PLAYER_FIELDS)."""
    comp = s.game.components
    cut = s.cut_at[q]
    return (
        (1.0, s.train_pos[q] / comp.train_last_space)
        + _BOX[s.train_box[q]]
        + (s.work[q] / comp.work_last, s.pan[q] / comp.pan_last)
        + _CUT[0 if cut < 0 else (cut - q) % len(s.cut_at)]
        + _CHAIR[0 if cut < 0 else s.shop[cut].index(q) + 1]
        + (
            len(s.shop[q]) / 3.0,
            float(s.weekend_used[q]),
            s.gold[q] / 50.0,
            sum(s.hands[q]) / 5.0,
            float(q == s.start_player),
        )
        + _HAIR[s.hair[q] + 1]
        + (s.placing.index(q) / (MAX_SHOPS - 1),)
    )


def seat_rows(s: DawsonCityBarbersState) -> np.ndarray:
    """All seats' public blocks, refreshing only the seats the rules touched.

    The state marks seats in ``_dirty`` (a bit mask) whenever their public values
    change and drops ``_rows`` when everything changes (round end, clone); the
    tests compare this cache with a full rebuild at every step of random games.
    """
    rows = s._rows
    dirty = s._dirty
    if rows is None:
        rows = s._rows = np.array([seat_row(s, q) for q in range(len(s.gold))], np.float32)
    elif dirty:
        for q in _SEATS_OF_MASK[dirty]:
            rows[q] = seat_row(s, q)
    s._dirty = 0
    return rows


def encode_python(s: DawsonCityBarbersState, player: int) -> np.ndarray:
    k = s.game.components.num_kinds
    rows = seat_rows(s)
    out = np.zeros(HEADER + 3 * k + MAX_SHOPS * PLAYER_FEATURES, dtype=np.float32)
    out[s.round] = 1.0
    out[ROUNDS + s.phase] = 1.0
    out[ROUNDS + PHASES] = len(s.pending_flips) / MAX_FLIPS
    # own hand, the face-up discards, own face-down discards
    out[HEADER:HEADER + 3 * k] = s.hands[player] + s.discards + s.face_down[player]
    out[HEADER + 3 * k:HEADER + 3 * k + rows.size] = rows.take(
        _ROTATIONS[len(rows)][player], axis=0
    ).ravel()
    return out


_twin = load("_dcb_obs")
if _twin is None:
    encode = encode_python
else:
    _twin.init(empty=np.empty, float32=np.dtype(np.float32), max_shops=MAX_SHOPS, rounds=ROUNDS,
               phases=PHASES, max_flips=MAX_FLIPS, player_features=PLAYER_FEATURES)
    encode = _twin.encode


def _cards(counts: list[int], s: DawsonCityBarbersState) -> str:
    cards = s.game.components.cards
    parts = [f"{c}x {cards[k].label()}" if c > 1 else cards[k].label()
             for k, c in enumerate(counts) if c]
    return "; ".join(parts) if parts else "-"


def describe(s: DawsonCityBarbersState, player: int | None, with_log: bool = True) -> str:
    """Text view for ``player`` (``None``: the whole state, hands included).

    Without the log it is the position (``State.position_string``): what the seat can
    read on the table now, all of it in the tensor. The log (the last scoring, the
    panning flips still due) holds public facts only.
    """
    from .state import DEAL, FLIP, OVER, PLAY  # noqa: PLC0415  (state imports us)

    start = "none" if s.start_player < 0 else s.start_player
    lines = [f"Round {s.round + 1}/{ROUNDS}, start player {start}"]
    if s.phase == PLAY:
        lines[0] += f", turn {s.turn + 1}, player {s.current_player()} to move"
    elif s.phase == FLIP:
        lines[0] += ", panning"
    elif s.phase == OVER:
        lines[0] += ", game over"
    elif s.phase == DEAL:
        lines[0] += f", dealing ({s.dealt} dealt)"
    else:
        lines[0] += ", drawing the start player"
    for q in range(s.num_players):
        box = f" (place box {s.train_box[q]})" if s.train_box[q] else ""
        cut = f"at {s.cut_at[q]}'s shop" if s.cut_at[q] >= 0 else "not yet"
        hair = "none" if s.hair[q] < 0 else ("4th-6th" if s.hair[q] == 3 else f"#{s.hair[q] + 1}")
        lines.append(
            f"P{q}{'*' if q == player else ''}: gold {s.gold[q]} | train {s.train_pos[q]}{box}"
            f" work {s.work[q]} pan {s.pan[q]} | haircut {cut} | shop {s.shop[q]}"
            f" | weekend {'used' if s.weekend_used[q] else 'ready'} | hand {sum(s.hands[q])}"
            f" | last hair {hair}"
        )
    shown = range(s.num_players) if player is None else [player]
    for q in shown:
        lines.append(f"hand P{q}: {_cards(s.hands[q], s)}")
    lines.append(f"discards: {_cards(s.discards, s)}")
    if s.game.face_down:
        lines.append(f"face down: {sum(map(sum, s.face_down))} card(s)")
        for q in shown:
            lines.append(f"face down P{q}: {_cards(s.face_down[q], s)}")
    if player is None:
        lines.append(f"deck: {sum(s.deck)} cards: {_cards(s.deck, s)}")
    if with_log:
        lines.extend(s.log)
        if s.pending_flips:
            lines.append("flips due: " + ", ".join(f"player {q}" for q in s.pending_flips))
    return "\n".join(lines)
