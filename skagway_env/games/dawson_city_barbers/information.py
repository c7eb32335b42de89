"""What a seat has not seen, found in ``history``, and views that redraw it.

A seat sees its own deals, every face-up card (schedule plays, face-up discards,
panning flips) and the table; of the others' deals it sees only how many cards each
got. Per round and other seat, its public plays reveal some of the cards it was dealt
(each public play matches one deal of that kind); its other deals are unseen: its hand
in the current round and, when discards go face down (RULES_NOTES D2), its face-down
discards. A view shuffles the round's unseen cards (the deck minus everything seen)
into those deals, writes the same cards into the face-down discard actions (their shop
or track is public and kept) and rebuilds the hands, face-down piles and deck from
them, so replaying the view's history rebuilds the view.

The order in which another seat's cards were dealt is never seen either, so a view
deals each other seat's cards of each complete deal in a fresh random order: the
view's history tells the viewer nothing about the others' cards that it did not see.
The scan of history runs once per state and viewer (``State.view`` caches it), and a
round that is over is scanned once for good (the state keeps its slots from move to
move); each view then costs a few shuffles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .actions import Schedule

if TYPE_CHECKING:
    from .state import DawsonCityBarbersState


@dataclass(frozen=True)
class SeatSlots:
    seat: int
    hidden: int
    """How many of its deals this round the viewer has not seen."""
    discards: tuple[tuple[int, int, int], ...]
    """(history index, action base, card stride) of its face-down discard actions:
    the action is ``base + stride * card``."""


@dataclass(frozen=True)
class RoundSlots:
    first: int
    """History index of the round's first deal."""
    template: np.ndarray
    """The round's deals as the viewer knows them: its own as dealt; for each other
    seat, the kinds its public plays revealed, then -1 for each unseen card."""
    hidden_at: np.ndarray
    """Indices of the -1 entries of ``template``, seat by seat."""
    viewer_row: int | None
    """The viewer's hand in the deal order when the deal is complete (its rows of
    five are then reordered, all but the viewer's), else ``None``."""
    seats: tuple[SeatSlots, ...]
    unseen: np.ndarray
    """The round's cards the viewer has not seen, by kind (hidden deals plus deck)."""
    current: bool
    """The round being played: its hands, face-down piles and deck are state."""


def hidden_cards(state: DawsonCityBarbersState, viewer: int,
                 finished: dict[int, RoundSlots] | None = None) -> tuple[RoundSlots, ...]:
    """Each round's unseen cards and the history entries that hold them.

    ``finished`` (round -> slots, filled here) keeps the slots of rounds that are over:
    once the next round has opened, nothing more enters a round's stretch of history,
    so its slots stay what they were and only the round being played is scanned again
    (``State.view`` keeps the dict per seat, from move to move)."""
    rounds = []
    for r in range(len(state.openings)):
        over = r + 1 < len(state.openings)
        slots = finished.get(r) if over and finished is not None else None
        if slots is None:
            slots = round_slots(state, viewer, r)
            if over and finished is not None:
                finished[r] = slots
        rounds.append(slots)
    return tuple(rounds)


def round_slots(state: DawsonCityBarbersState, viewer: int, r: int) -> RoundSlots:
    """Round ``r``'s unseen cards and the history entries that hold them."""
    from .state import HAND_SIZE  # noqa: PLC0415  (state imports this module)

    game, history = state.game, state.history
    n, codec, comp = state.num_players, game.codec, game.components
    per_round = HAND_SIZE * n
    full = np.array([c.count for c in comp.cards], dtype=np.int64)
    first, start = state.openings[r]
    current = r == len(state.openings) - 1 and state.round == r
    dealt = state.dealt if current else per_round
    turns = state.turn if current else per_round
    end = state.openings[r + 1][0] if r + 1 < len(state.openings) else len(history)
    seen = np.zeros_like(full)
    for kind in history[first + 2 * per_round:end]:  # the panning flips
        seen[kind] += 1
    known: dict[int, list[int]] = {q: [] for q in range(n)}
    discards: dict[int, list[tuple[int, int, int]]] = {q: [] for q in range(n)}
    for t in range(turns):
        q = (start + t) % n
        index = first + per_round + t
        move = codec.decode(history[index])
        if q == viewer:
            continue
        if isinstance(move, Schedule) or not game.face_down:
            seen[move.card] += 1
            known[q].append(move.card)
        else:
            base, stride = codec.card_part(history[index])
            discards[q].append((index, base, stride))
    template: list[int] = []
    seats = []
    for row in range(-(-dealt // HAND_SIZE)):
        q = (start + row) % n
        size = min(HAND_SIZE, dealt - row * HAND_SIZE)
        if q == viewer:
            template += history[first + row * HAND_SIZE:first + row * HAND_SIZE + size]
            for kind in template[-size:]:
                seen[kind] += 1
        else:
            template += known[q] + [-1] * (size - len(known[q]))
            seats.append(SeatSlots(q, size - len(known[q]), tuple(discards[q])))
    block = np.array(template, dtype=np.int64)
    return RoundSlots(
        first=first, template=block, hidden_at=np.flatnonzero(block < 0),
        viewer_row=(viewer - start) % n if dealt == per_round else None,
        seats=tuple(seats), unseen=full - seen, current=current,
    )


def redraw(view: DawsonCityBarbersState, rounds: tuple[RoundSlots, ...],
           rng: np.random.Generator) -> None:
    """Shuffle each round's unseen cards into its hidden deals, and deal every other
    seat's cards of a complete deal in a fresh order (the order inside a hand is never
    seen); rewrite the face-down discards and, for the current round, the hands,
    face-down piles and deck to match. In place."""
    history, kinds = view.history, len(view.deck)
    for slots in rounds:
        block = slots.template
        hidden = len(slots.hidden_at)
        if hidden or slots.current:
            unseen = np.repeat(np.arange(kinds), slots.unseen)
            rng.shuffle(unseen)
            if hidden:
                block = block.copy()
                block[slots.hidden_at] = unseen[:hidden]
        if slots.viewer_row is not None:
            rows = block.reshape(-1, len(block) // len(view.hands))
            mixed = rng.permuted(rows, axis=1)
            mixed[slots.viewer_row] = rows[slots.viewer_row]
            block = mixed.ravel()
        history[slots.first:slots.first + len(block)] = block.tolist()
        if hidden and (slots.current or view.game.face_down):
            cards = unseen[:hidden].tolist()
            used = 0
            for seat in slots.seats:
                mine = cards[used:used + seat.hidden]
                used += seat.hidden
                for (index, base, stride), kind in zip(seat.discards, mine, strict=False):
                    history[index] = base + stride * kind
                if slots.current:
                    down = len(seat.discards)
                    view.face_down[seat.seat] = _counts(mine[:down], kinds)
                    view.hands[seat.seat] = _counts(mine[down:], kinds)
        if slots.current:
            view.deck = np.bincount(unseen[hidden:], minlength=kinds).tolist()


def _counts(cards: list[int], kinds: int) -> list[int]:
    out = [0] * kinds
    for k in cards:
        out[k] += 1
    return out
