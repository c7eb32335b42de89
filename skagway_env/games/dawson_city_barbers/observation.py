"""What one seat sees, as a tensor and as text (RLCard style: encoding apart from rules).

A seat sees its own hand, the face-up discards and flipped cards, and everything on
the board; of opponents' hands only their sizes. Players are listed relative to the
observer (the observer first, then clockwise), padded to six seats.

Tensor layout (K = card kinds, 21 bundled; size 4 + 2K + 6*PLAYER_FEATURES):

| slice                  | meaning                                                |
|------------------------|--------------------------------------------------------|
| 0..3                   | round one-hot                                          |
| 4 .. 4+K               | own hand, copies of each kind                          |
| 4+K .. 4+2K            | face-up discards this round, copies of each kind       |
| then 6 blocks of 24    | one block per seat, observer first (see PLAYER_FIELDS) |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .actions import MAX_SHOPS

if TYPE_CHECKING:
    from .state import DawsonCityBarbersState

PLAYER_FIELDS = (
    ("present", 1),
    ("train space / last space", 1),
    ("train place box 1-3 one-hot", 3),
    ("work space / last space", 1),
    ("pan number / last number", 1),
    ("haircut taken this round", 1),
    ("shop of the haircut, relative seat one-hot", MAX_SHOPS),
    ("pawns in own shop / 3", 1),
    ("long weekend used", 1),
    ("gold / 50", 1),
    ("cards in hand / 5", 1),
    ("is start player", 1),
    ("last round's Best Hair 1st/2nd/3rd/box one-hot", 4),
    ("last round's train placing / 6", 1),
)
PLAYER_FEATURES = sum(width for _, width in PLAYER_FIELDS)
ROUNDS = 4


def size(num_kinds: int) -> int:
    return ROUNDS + 2 * num_kinds + MAX_SHOPS * PLAYER_FEATURES


def encode(s: DawsonCityBarbersState, player: int) -> np.ndarray:
    comp = s.game.components
    n, k = s.num_players, comp.num_kinds
    out = np.zeros(size(k), dtype=np.float32)
    out[s.round] = 1.0
    out[ROUNDS:ROUNDS + k] = s.hands[player]
    out[ROUNDS + k:ROUNDS + 2 * k] = s.discards
    place = {q: i for i, q in enumerate(s.placing)}
    train_last, work_last, pan_last = comp.train_last_space, comp.work_last, comp.pan_last
    for rel in range(n):
        q = (player + rel) % n
        b = ROUNDS + 2 * k + rel * PLAYER_FEATURES
        out[b] = 1.0
        out[b + 1] = s.train_pos[q] / train_last
        if s.train_box[q]:
            out[b + 1 + s.train_box[q]] = 1.0
        out[b + 5] = s.work[q] / work_last
        out[b + 6] = s.pan[q] / pan_last
        if s.cut_at[q] >= 0:
            out[b + 7] = 1.0
            out[b + 8 + (s.cut_at[q] - player) % n] = 1.0
        out[b + 14] = len(s.shop[q]) / 3.0
        out[b + 15] = s.weekend_used[q]
        out[b + 16] = s.gold[q] / 50.0
        out[b + 17] = sum(s.hands[q]) / 5.0
        out[b + 18] = q == s.start_player
        if s.hair[q] >= 0:
            out[b + 19 + s.hair[q]] = 1.0
        out[b + 23] = place[q] / 6.0
    return out


def _cards(counts: list[int], s: DawsonCityBarbersState) -> str:
    cards = s.game.components.cards
    parts = [f"{c}x {cards[k].label()}" if c > 1 else cards[k].label()
             for k, c in enumerate(counts) if c]
    return "; ".join(parts) if parts else "-"


def describe(s: DawsonCityBarbersState, player: int | None) -> str:
    """Text view for ``player`` (``None``: the whole state, hands included)."""
    from .state import FLIP, OVER, PLAY

    lines = [f"Round {s.round + 1}/4, start player {s.start_player}"]
    if s.phase == PLAY:
        lines[0] += f", turn {s.turn + 1}, player {s.current_player()} to move"
    elif s.phase == FLIP:
        lines[0] += f", panning flips due for {s.pending_flips}"
    elif s.phase == OVER:
        lines[0] += ", game over"
    else:
        lines[0] += f", dealing ({s.dealt} dealt)"
    for q in range(s.num_players):
        box = f" (place box {s.train_box[q]})" if s.train_box[q] else ""
        cut = f"at {s.cut_at[q]}'s shop" if s.cut_at[q] >= 0 else "not yet"
        hair = "-" if s.hair[q] < 0 else ("4th-6th" if s.hair[q] == 3 else f"#{s.hair[q] + 1}")
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
    if any(s.flipped):
        lines.append(f"flipped: {_cards(s.flipped, s)}")
    if player is None:
        lines.append(f"deck: {sum(s.deck)} cards: {_cards(s.deck, s)}")
    lines.extend(s.log)
    return "\n".join(lines)

