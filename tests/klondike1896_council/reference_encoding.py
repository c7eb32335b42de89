"""The council game's observation tensor written the plain way: the encoding as it
stood before ``observation.encode`` was made fast (issue 21), every value built again
for every call, kept to check the fast path against (``test_fast_encoding.py``).
Change both together when the layout changes."""

from __future__ import annotations

import numpy as np

from skagway_env.games.klondike1896_council.actions import MAX_SEATS, PIECES
from skagway_env.games.klondike1896_council.components import BACKS
from skagway_env.games.klondike1896_council.observation import (
    BEATS,
    PHASES,
    ROUNDS,
    global_size,
    seat_size,
    size,
)
from skagway_env.games.klondike1896_council.state import JOIN, TAKE, CouncilState


def _cell_plane(mask: int, cells: int) -> list[float]:
    return [float(mask >> c & 1) for c in range(cells)]


def reference_seat_block(s: CouncilState, q: int, seen: bool) -> list[float]:
    """Seat ``q``'s features in ``seat_fields``' order; ``seen``: its landscape and cover
    are visible to the observer."""
    game = s.game
    comp = game.components
    n, cells = s.num_players, game.grid.cells
    landscape = s.landscape[q]
    out: list[float] = [1.0, float(game.is_child(q))]
    out += [level / 10.0 for level in s.levels[q]]
    out.append(len(landscape) / 4.0)
    pieces = [0.0] * (4 * PIECES)
    if seen:
        for place, code in enumerate(landscape):
            pieces[place * PIECES + code] = 1.0
    out += pieces
    out += [float(s.used[q] >> slot & 1) for slot in range(comp.slots)]
    if seen:
        out += _cell_plane(s.covered[q], cells)
        out += _cell_plane(s.last_claim[q], cells)
        if landscape:
            gold, ruby = game.terrain(landscape)
            out += [g / 3.0 for g in gold]
            out += [float(r) for r in ruby]
        else:
            out += [0.0] * (2 * cells)
        out += [s.gold[q] / 20.0, s.rubies[q] / 5.0]
    else:
        out += [0.0] * (4 * cells + 2)
    order = [0.0] * MAX_SEATS
    if q in s.order:
        order[s.order.index(q)] = 1.0
    card = [0.0] * len(comp.kinds)
    if s.card[q] >= 0:
        card[s.card[q]] = 1.0
    partner = [0.0] * MAX_SEATS
    if s.partner[q] >= 0:
        partner[(s.partner[q] - q) % n] = 1.0
    to_act = (s.phase == TAKE and s.queue[0] == q) or (s.phase == JOIN and s.last == q)
    out += [float(s.racing(q)), float(s.declared[q] >= 0), float(q == s.last),
            (s.declared[q] + 1) / BEATS, s.free_at[q] / BEATS,
            s.checked[q] / ROUNDS, s.exact[q] / ROUNDS]
    out += order + card + partner
    out += [float(to_act), float(q in s.pending), float(q in s.queue)]
    return out


def reference_head(s: CouncilState) -> list[float]:
    """The global part of the tensor, the same for every observer."""
    comp = s.game.components
    out = [0.0] * global_size(s.game)
    out[min(s.round, ROUNDS - 1)] = 1.0
    out[ROUNDS + s.phase] = 1.0
    i = ROUNDS + PHASES
    out[i] = s.clock / BEATS
    i += 1
    if s.request >= 0:
        req = comp.requests[s.request]
        out[i:i + 3] = [1.0, req.gold / 20.0, req.rubies / 5.0]
        out[i + 3 + req.back] = 1.0
    i += 3 + len(BACKS)
    out[i:i + len(comp.requests)] = [float(u) for u in s.requests_used]
    i += len(comp.requests)
    for b, left in enumerate(s.backs_left):
        out[i + b] = left / 3.0
    i += len(BACKS)
    out[i:] = [c / 2.0 for c in s.table + s.pile + s.discard]
    return out


def reference_encode(s: CouncilState, player: int) -> np.ndarray:
    """``player``'s tensor: the head, then each seat clockwise from ``player``, padded
    to four seats with zeros."""
    game = s.game
    n = s.num_players
    values = reference_head(s)
    for r in range(n):
        q = (player + r) % n
        values += reference_seat_block(s, q, r == 0 or not game.hidden_covers)
    values += [0.0] * ((MAX_SEATS - n) * seat_size(game))
    out = np.array(values, dtype=np.float32)
    assert len(out) == size(game)
    return out
