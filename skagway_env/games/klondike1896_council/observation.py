"""What one seat sees, as a tensor and as text (encoding apart from the rules).

Public: the request, the cards on the table, the piles' contents, every seat's
scales, record of checks, how many boards it laid, which claims it took and when, its
declaration and card. With ``covers="hidden"`` (RULES_NOTES H2) another seat's
landscape (which boards, which turn), where its claims lie and what they cover are
zero in the tensor and absent from the text until the check; the observer's own are
always there. Seats are listed relative to the observer (the observer first, then
clockwise), padded to four.

Tensor layout (K = 16 popularity kinds, S = 12 claim slots, C = 144 cells):

| width              | meaning                                                       |
|--------------------|---------------------------------------------------------------|
| 9                  | round one-hot                                                 |
| 8                  | phase one-hot (lay out, request, race, order, take, join, over, pace) |
| 1                  | the race's clock (beats) / 1000                                |
| 3                  | request: shown, gold / 20, rubies / 5, and ...                |
| 3                  | ... its back one-hot (white, gray, black)                     |
| 31                 | request cards already turned                                  |
| 3                  | cards still to turn per back / 3 (a child's pack: one count)   |
| 3K                 | popularity cards on the table, in the pile, discarded (/ 2)   |
| 4 seat blocks      | 695 values each, see ``seat_fields``                          |

Bounds (``bounds``): one-hots, flags and planes lie in ``[0, 1]``; the others are
counts, none negative, each up to what the rules and the component data allow:

- the clock, a move's end and a declaration: ``timing.race_limit`` beats;
- rounds checked and exact: the nine rounds;
- the request's gold and rubies: the largest printed on a request card;
- cards still to turn: the pack's size per back (9 in one count for a child's pack);
- popularity cards by kind on the table, in the pile, discarded: that kind's copies;
- a popularity level: 4 at the start ([Preparation]) plus, each of the nine rounds,
  at most the best card's value (a seat's card moves one scale once a round);
- gold and rubies covered: what one set of boards holds (``Components.set_gold``,
  ``set_ruby_spaces``: four designs, each space covered once); gold pieces a space:
  ``richest_space``.

Nothing stays infinite: every count comes from a fixed supply, board or round count.

Two paths write the same tensor bit for bit: ``encode_python`` (blocks kept across
moves) and, where ``skagway_env/_speedups/_council_obs.c`` is built, its C twin
(``encode_compiled``; ``encode_every_seat`` for all seats of a race tick at once).
``encode`` is the C twin when built (``SKAGWAY_PURE_PYTHON=1`` turns it off).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..._speedups import load
from ...core.bounds import FeatureBounds
from ..klondike1896.geometry import ROTATIONS, bits
from .actions import MAX_SEATS, PIECES, Declare, Join, Lay, Place, Take, Wait
from .cards import initial_backs_left
from .components import BACKS
from .phases import JOIN, PHASE_NAMES, RACE, TAKE
from .timing import latest_end, race_limit

if TYPE_CHECKING:
    from .game import CouncilGame
    from .state import CouncilState

ROUNDS, PHASES, BEATS = 9, 8, 1000.0  # BEATS: the scale of clock features


def seat_fields(game: CouncilGame) -> tuple[tuple[str, int], ...]:
    cells = game.grid.cells
    return (
        ("present, plays by the children's rules", 2),
        ("popularity level on each scale / 10", 4),
        ("boards laid / 4", 1),
        ("landscape: board piece (design, turn) of each of 4 places, one-hot", 4 * PIECES),
        ("claim slots used", game.components.slots),
        ("covered cells", cells),
        ("cells of the last claim placed", cells),
        ("gold pieces a cell / 3 on the laid boards", cells),
        ("ruby cells on the laid boards", cells),
        ("gold covered / 20, rubies covered / 5", 2),
        ("racing, declared, last player, declaration beat / 1000", 4),
        ("beat its current move ends / 1000", 1),
        ("rounds checked on its own cover / 9, of them exact / 9", 2),
        ("place in declaration order one-hot", MAX_SEATS),
        ("popularity card taken, by kind one-hot", len(game.components.kinds)),
        ("joined-up partner, seats clockwise from this one (0-3) one-hot", MAX_SEATS),
        ("to take a card or join up now, awaiting the tie draw, awaiting its card", 3),
    )


def seat_size(game: CouncilGame) -> int:
    return sum(width for _, width in seat_fields(game))


def global_size(game: CouncilGame) -> int:
    comp = game.components
    return (ROUNDS + PHASES + 1 + 3 + len(BACKS) + len(comp.requests) + len(BACKS)
            + 3 * len(comp.kinds))


def size(game: CouncilGame) -> int:
    return global_size(game) + MAX_SEATS * seat_size(game)


def bounds(game: CouncilGame) -> tuple[np.ndarray, np.ndarray]:
    """Per-feature ``(low, high)`` in the layout above (every low 0)."""
    from .state import START_LEVEL

    comp = game.components
    shared, kinds = comp.shared, len(comp.kinds)
    ticks = race_limit(game) / BEATS
    backs = np.zeros(len(BACKS), np.float32)
    pack = initial_backs_left(game.children_pack)  # only ever drawn down
    backs[:len(pack)] = pack
    copies = np.array([k.count for k in comp.kinds], np.float32) / 2.0
    out = FeatureBounds().add(ROUNDS + PHASES).add(1, ticks)
    out.add(1).add(1, max(r.gold for r in comp.requests) / 20.0)
    out.add(1, max(r.rubies for r in comp.requests) / 5.0).add(len(BACKS))
    out.add(len(comp.requests)).add(len(BACKS), backs / 3.0)
    for _ in range(3):  # table, pile, discard
        out.add(kinds, copies)
    # [Preparation] "on level 4"; [Playing the game] a seat's card moves one scale by
    # its value, once a round; [Ending the game] "after the ninth round"
    level = START_LEVEL + game.rounds * max(k.value for k in comp.kinds)
    seat = FeatureBounds()
    for name, width in seat_fields(game):
        if name.startswith("popularity level"):
            seat.add(width, level / 10.0)
        elif name.startswith("gold pieces a cell"):
            seat.add(width, shared.richest_space / 3.0)
        elif name.startswith("gold covered"):
            seat.add(1, shared.set_gold / 20.0).add(1, shared.set_ruby_spaces / 5.0)
        elif name.startswith("racing"):
            seat.add(3).add(1, (race_limit(game) + 1) / BEATS)
        elif name.startswith("beat its"):
            seat.add(1, latest_end(game) / BEATS)
        elif name.startswith("rounds checked"):
            seat.add(width, 1.0)
        else:
            seat.add(width)
    out.extend(seat, MAX_SEATS)
    return out.arrays(size(game))


def _mask_bits(mask: int, cells: int) -> np.ndarray:
    raw = np.frombuffer(mask.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:cells]


def terrain_planes(game: CouncilGame, landscape: list[int]) -> np.ndarray:
    """(2, cells): gold pieces / 3 and ruby cells of a landscape, cached per layout."""
    key = tuple(landscape)
    found = game.planes_cache.get(key)
    if found is None:
        gold, ruby = game.terrain(landscape)
        found = game.planes_cache[key] = np.array([gold, ruby], np.float32) / [[3.0], [1.0]]
    return found  # type: ignore[return-value]


def _front(s: CouncilState, q: int, seen: bool) -> np.ndarray:
    """Seat ``q``'s first fields: present, child, popularity levels, boards laid, the
    landscape's pieces (``seen`` only), claim slots used (the last two from tables
    the game keeps, ``_pieces`` and ``_slots_used``)."""
    game = s.game
    landscape = s.landscape[q]
    levels = s.levels[q]
    values = [1.0, float(game.is_child(q))]
    values += [level / 10.0 for level in levels]
    values.append(len(landscape) / 4.0)
    pieces = _pieces(game, tuple(landscape) if seen else ())
    return np.concatenate((np.array(values, dtype=np.float32), pieces,
                           _slots_used(game, s.used[q])))


def _pieces(game: CouncilGame, landscape: tuple[int, ...]) -> np.ndarray:
    """The landscape's board pieces (design and turn) in each of 4 places, one-hot."""
    table = game.__dict__.setdefault("_pieces", {})
    found = table.get(landscape)
    if found is None:
        found = table[landscape] = np.zeros(4 * PIECES, dtype=np.float32)
        for place, code in enumerate(landscape):
            found[place * PIECES + code] = 1.0
    return found


def _slots_used(game: CouncilGame, used: int) -> np.ndarray:
    """The claim slots set in ``used``, one flag a slot."""
    table = game.__dict__.setdefault("_slots_used", {})
    found = table.get(used)
    if found is None:
        found = table[used] = np.array([used >> slot & 1
                                        for slot in range(game.components.slots)],
                                       dtype=np.float32)
    return found


def _cover(s: CouncilState, q: int) -> np.ndarray:
    """Seat ``q``'s four cell planes (covered, last claim, gold / 3, rubies) and its gold
    and rubies covered, as their owner sees them."""
    game = s.game
    landscape = s.landscape[q]
    cells = game.grid.cells
    out = np.zeros(4 * cells + 2, dtype=np.float32)
    out[:cells] = _mask_bits(s.covered[q], cells)
    out[cells:2 * cells] = _mask_bits(s.last_claim[q], cells)
    if landscape:
        out[2 * cells:4 * cells] = terrain_planes(game, landscape).ravel()
    out[4 * cells], out[4 * cells + 1] = s.gold[q] / 20.0, s.rubies[q] / 5.0
    return out


def _tail(s: CouncilState, q: int, to_act: bool) -> np.ndarray:
    """Seat ``q``'s last fields, from its place in the race to its turn to act."""
    comp = s.game.components
    order = [0.0] * MAX_SEATS
    if q in s.order:
        order[s.order.index(q)] = 1.0
    card = [0.0] * len(comp.kinds)
    if s.card[q] >= 0:
        card[s.card[q]] = 1.0
    partner = [0.0] * MAX_SEATS
    if s.partner[q] >= 0:
        partner[(s.partner[q] - q) % s.num_players] = 1.0
    values: list[float] = [float(s.racing(q)), float(s.declared[q] >= 0), float(q == s.last),
                           (s.declared[q] + 1) / BEATS, s.free_at[q] / BEATS,
                           s.checked[q] / ROUNDS, s.exact[q] / ROUNDS]
    values += order
    values += card
    values += partner
    values += (float(to_act), float(q in s.pending), float(q in s.queue))
    return np.array(values, dtype=np.float32)


def _seat_block(s: CouncilState, q: int, seen: bool, kept: dict,
                here: dict) -> np.ndarray:
    """Seat ``q``'s block (``seat_fields``' order), ``seen``: its landscape and cover
    visible to the observer (its own, or every seat's with open covers). It is made of
    three pieces, each kept in ``kept`` (the state's store, across moves) with the
    values it is read from and built again only when they change: in a race tick only
    the seats that moved change, and a phase's turn changes only the tails. The block
    is joined again only when a piece changed. First of all, the whole block is kept
    with ``_seat_key``, one key a seat for this position (in ``here``, with its tail):
    a seat that did not move is found again at once."""
    key = here.get(("key", q))
    if key is None:
        key = here[("key", q)] = _seat_key(s, q)
    old = kept.get(("seat", q, seen))
    if old is not None and old[0] == key:
        return old[1]
    landscape = s.landscape[q]
    front_key = (tuple(s.levels[q]), tuple(landscape) if seen else len(landscape), s.used[q])
    old = kept.get(("front", q, seen))
    if old is not None and old[0] == front_key:
        front = old[1]
    else:
        front = _front(s, q, seen)
        kept[("front", q, seen)] = (front_key, front)
    if seen:
        cover_key = (tuple(landscape), s.covered[q], s.last_claim[q], s.gold[q], s.rubies[q])
        old = kept.get(("cover", q))
        if old is not None and old[0] == cover_key:
            cover = old[1]
        else:
            cover = _cover(s, q)
            kept[("cover", q)] = (cover_key, cover)
    else:
        cover = _unseen_cover(s.game)
    tail = here.get(("tail", q))
    if tail is None:
        phase = s.phase
        to_act = (phase == TAKE and s.queue[0] == q) or (phase == JOIN and s.last == q)
        tail_key = (s.racing(q), s.declared[q], s.last == q, s.free_at[q], s.checked[q],
                    s.exact[q], s.order.index(q) if q in s.order else -1, s.card[q],
                    s.partner[q], to_act, q in s.pending, q in s.queue)
        old = kept.get(("tail", q))
        if old is not None and old[0] == tail_key:
            tail = old[1]
        else:
            tail = _tail(s, q, to_act)
            kept[("tail", q)] = (tail_key, tail)
        here[("tail", q)] = tail
    old = kept.get(("block", q, seen))
    if old is not None and old[0] is front and old[1] is cover and old[2] is tail:
        block = old[3]
    else:
        block = np.concatenate((front, cover, tail))
        kept[("block", q, seen)] = (front, cover, tail, block)
    kept[("seat", q, seen)] = (key, block)
    return block


def _seat_key(s: CouncilState, q: int) -> tuple:
    """Everything a block of seat ``q`` is read from (the phase, the last player and
    the order lists raw: finer than what the tail derives from them, never coarser)."""
    return (tuple(s.levels[q]), tuple(s.landscape[q]), s.used[q], s.covered[q],
            s.last_claim[q], s.gold[q], s.rubies[q], s.phase, s.declared[q], s.last,
            s.free_at[q], s.checked[q], s.exact[q], tuple(s.order), s.card[q],
            s.partner[q], tuple(s.queue), tuple(s.pending))


def _unseen_cover(game: CouncilGame) -> np.ndarray:
    """Another seat's hidden cover: zeros."""
    zeros = game.__dict__.get("_unseen_cover")
    if zeros is None:
        zeros = game.__dict__["_unseen_cover"] = np.zeros(4 * game.grid.cells + 2,
                                                          dtype=np.float32)
    return zeros


def _head(s: CouncilState) -> np.ndarray:
    """The global part, the same for every observer. Its cards and requests change
    only between races: kept with them (in the blocks store), and the phase and
    clock written on a copy."""
    key = (s.round, s.request, tuple(s.table), tuple(s.pile), tuple(s.discard),
           tuple(s.backs_left), tuple(s.requests_used))
    kept = s._blocks
    if kept is None:
        kept = s._blocks = {}
    old = kept.get("head")
    if old is not None and old[0] == key:
        head = old[1].copy()
    else:
        head = _cards_head(s)
        kept["head"] = (key, head.copy())
    head[ROUNDS + s.phase] = 1.0
    head[ROUNDS + PHASES] = s.clock / BEATS
    return head


def _cards_head(s: CouncilState) -> np.ndarray:
    """The global part without the phase and the clock."""
    game = s.game
    comp = game.components
    head = np.zeros(global_size(game), dtype=np.float32)
    head[s.round if s.round < ROUNDS else ROUNDS - 1] = 1.0
    i = ROUNDS + PHASES + 1
    if s.request >= 0:
        req = comp.requests[s.request]
        head[i:i + 3] = (1.0, req.gold / 20.0, req.rubies / 5.0)
        head[i + 3 + req.back] = 1.0
    i += 3 + len(BACKS)
    head[i:i + len(comp.requests)] = s.requests_used
    i += len(comp.requests)
    head[i:i + len(s.backs_left)] = np.array(s.backs_left, np.float32) / 3.0
    i += len(BACKS)
    head[i:] = np.array(s.table + s.pile + s.discard, np.float32) / 2.0
    return head


def _public(s: CouncilState) -> tuple[np.ndarray, dict[tuple, np.ndarray]]:
    """The global part and the seat blocks of this position, by (seat, seen): a seat's
    block as its owner sees it and as the others do. Kept in ``s._public`` until the
    next action (``CouncilState`` drops it), so the seats observing one position (a
    simultaneous node) share them; a seat's block is looked up only when an observer
    needs it (one seat observes each step of a sequential phase)."""
    found = s._public
    if found is None:
        found = s._public = (_head(s), {})
    return found


def encode_python(s: CouncilState, player: int) -> np.ndarray:
    """``player``'s tensor: the head, then each seat clockwise from ``player``, padded to
    four seats, in one fresh array (the kept blocks are never handed out). The
    pure-Python path, ``encode`` where the C twin is not built."""
    head, here = _public(s)
    kept = s._blocks
    if kept is None:
        kept = s._blocks = {}
    n = s.num_players
    game = s.game
    hidden = game.hidden_covers
    parts = [head]
    for r in range(n):
        q = (player + r) % n
        seen = r == 0 or not hidden  # open covers: every seat is seen as its owner sees it
        block = here.get((q, seen))
        if block is None:
            block = here[(q, seen)] = _seat_block(s, q, seen, kept, here)
        parts.append(block)
    if n < MAX_SEATS:
        parts.append(_padding(game))
    return np.concatenate(parts)


_COMPILED = load("_council_obs")
"""``skagway_env/_speedups/_council_obs.c``: ``encode_python`` written in C (issue 21:
the encoder was half of an env step), or None (not built, or ``SKAGWAY_PURE_PYTHON``)."""


def compiled_layout(game: CouncilGame) -> tuple:
    """What the C encoder reads of the game, made once a game: the sizes, the phases it
    tests, the children's seats and the request cards (gold, rubies, back); the C code
    checks its own layout against these sizes."""
    layout = game.__dict__.get("_compiled_layout")
    if layout is None:
        comp = game.components
        n = game.num_players
        layout = game.__dict__["_compiled_layout"] = (
            n, int(game.hidden_covers), game.grid.cells, comp.slots, len(comp.kinds),
            len(comp.colours), len(comp.requests), len(BACKS), global_size(game),
            seat_size(game), size(game), RACE, TAKE, JOIN,
            tuple(int(game.is_child(q)) for q in range(n)),
            tuple((r.gold, r.rubies, r.back) for r in comp.requests))
    return layout


def encode_compiled(s: CouncilState, player: int) -> np.ndarray:
    """``encode_python``'s tensor written by the C twin into a fresh zeroed array: no
    blocks kept, every value written again, about 30x faster."""
    layout = s.game.__dict__.get("_compiled_layout") or compiled_layout(s.game)
    out = np.zeros(layout[10], dtype=np.float32)
    _COMPILED.encode(out, s, player, layout)  # type: ignore[union-attr]
    return out


def encode_every_seat(s: CouncilState) -> np.ndarray | None:
    """Every seat's tensor of this position, row ``p`` seat ``p``'s (the C twin
    writes the head and each seat's blocks once for all rows: at a simultaneous node
    every seat observes the same position); None without the C twin."""
    if _COMPILED is None:
        return None
    layout = s.game.__dict__.get("_compiled_layout") or compiled_layout(s.game)
    out = np.zeros((layout[0], layout[10]), dtype=np.float32)
    _COMPILED.encode_every_seat(out, s, layout)
    return out


encode = encode_python if _COMPILED is None else encode_compiled
"""``player``'s tensor (the State's ``observation_tensor``): the C twin when built."""


def _padding(game: CouncilGame) -> np.ndarray:
    """The zero blocks of the seats a table smaller than four lacks."""
    pad = game.__dict__.get("_padding")
    if pad is None:
        pad = game.__dict__["_padding"] = np.zeros(
            (MAX_SEATS - game.num_players) * seat_size(game), dtype=np.float32)
    return pad


# ---------------------------------------------------------------------- text
def move_name(s: CouncilState, action: int) -> str:
    """A player action's name; it reads only the game, so the game keeps each name
    made (every check names every board and claim laid, in every playout of a
    search)."""
    names = s.game.__dict__.setdefault("_move_names", {})
    found = names.get(action)
    if found is None:
        found = names[action] = _move_name(s.game, action)
    return found


def _move_name(game: CouncilGame, action: int) -> str:
    comp = game.components
    move = game.codec.decode(action)
    if isinstance(move, Lay):
        return f"lay board {comp.shared.boards[move.design].name} turned {move.turn}"
    if isinstance(move, Place):
        claim = comp.shared.claims[comp.slot_claim(move.slot)].name
        extra = " (children's claim)" if move.slot == comp.slots - 1 else ""
        row, col = divmod(move.anchor, game.grid.cols)
        return f"place {claim}{extra} turned {move.rotation} at r{row}c{col}"
    if isinstance(move, Declare):
        return "declare"
    if isinstance(move, Wait):
        return "wait"
    if isinstance(move, Take):
        return f"take {comp.kind_label(move.kind)}"
    assert isinstance(move, Join)
    return f"join up with P{move.partner}"


def _counts(s: CouncilState, counts: list[int]) -> str:
    comp = s.game.components
    parts = [f"{c}x {comp.kind_label(k)}" if c > 1 else comp.kind_label(k)
             for k, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "-"


_TERRAIN_KEPT = 4096
"""Landscapes whose terrain text a game keeps (cleared when full): a seat's landscape
changes only when a board is laid, so most descriptions reuse their rows."""


def _terrain_rows(game, landscape: list[int]) -> list[list[str]]:
    """The terrain of a landscape, a character a cell (. meadow, R ruby, 1-3 gold)."""
    kept = vars(game).setdefault("_terrain_text", {})
    key = tuple(landscape)
    rows = kept.get(key)
    if rows is None:
        gold, ruby = game.terrain(landscape)
        cols, width = game.grid.cols, game.grid.board_size * len(landscape)
        rows = [["R" if ruby[cell] else str(gold[cell]) if gold[cell] else "."
                 for cell in range(r * cols, r * cols + width)]
                for r in range(game.grid.rows)]
        if len(kept) >= _TERRAIN_KEPT:
            kept.clear()
        kept[key] = rows
    return rows


def _landscape_rows(s: CouncilState, q: int) -> list[str]:
    """The laid boards as text: terrain (. meadow, R ruby, 1-3 gold), covered '#',
    the last claim '@'."""
    game = s.game
    size, cols = game.grid.board_size, game.grid.cols
    rows = [list(row) for row in _terrain_rows(game, s.landscape[q])]
    width = len(rows[0])
    for mark, mask in (("#", s.covered[q]), ("@", s.last_claim[q])):  # '@' over '#'
        for cell in bits(mask):
            r, c = divmod(cell, cols)
            if c < width:
                rows[r][c] = mark
    return ["    " + " ".join("".join(row[i:i + size]) for i in range(0, width, size))
            for row in rows]


def describe(s: CouncilState, player: int | None, with_log: bool = True) -> str:
    """Text for ``player`` (``None``: every seat's landscape, as a referee sees the
    table); ``with_log`` adds the last round's checks."""
    game = s.game
    comp = game.components
    lines = [f"Round {min(s.round + 1, ROUNDS)}/{ROUNDS}, {PHASE_NAMES[s.phase]}, "
             f"beat {s.clock}"]
    if s.request >= 0:
        lines.append(f"request: {comp.requests[s.request].label()}")
    used = [comp.requests[i].label() for i, u in enumerate(s.requests_used) if u]
    lines.append(f"requests turned: {'; '.join(used) if used else '-'}"
                 f" | still to turn: {s.backs_left}")
    lines.append(f"table: {_counts(s, s.table)} | pile: {_counts(s, s.pile)}"
                 f" | discard: {_counts(s, s.discard)}")
    if s.pending:
        lines.append(f"declared at once, order to draw: {sorted(s.pending)}")
    for q in range(s.num_players):
        mark = "*" if q == player else ""
        child = " (child)" if game.is_child(q) else ""
        levels = " ".join(f"{comp.colours[c]} {v}" for c, v in enumerate(s.levels[q]))
        status = ("last player" if q == s.last else
                  f"declared at beat {s.declared[q]}" if s.declared[q] >= 0 else
                  f"racing, busy to beat {s.free_at[q]}" if s.phase == RACE else "-")
        status += f", exact {s.exact[q]} of {s.checked[q]} checks"
        if q in s.order:
            status += f", #{s.order.index(q) + 1} in order"
        if s.card[q] >= 0:
            status += f", took {comp.kind_label(s.card[q])}"
        if s.partner[q] >= 0:
            status += f", joined up with P{s.partner[q]}"
        if q in s.queue:
            status += ", to take a card"
        lines.append(f"P{q}{mark}{child}: {levels} | {status}")
        seen = player is None or q == player or not game.hidden_covers
        if s.landscape[q] and not seen:
            slots = [comp.shared.claims[comp.slot_claim(i)].name
                     for i in range(comp.slots) if s.used[q] >> i & 1]
            lines.append(f"  {len(s.landscape[q])} boards laid | claims used: "
                         f"{', '.join(slots) or '-'} | cover hidden until the check")
        elif s.landscape[q]:
            boards = ", ".join(f"{comp.shared.boards[c // ROTATIONS].name}{c % ROTATIONS}"
                               for c in s.landscape[q])
            slots = [comp.shared.claims[comp.slot_claim(i)].name
                     for i in range(comp.slots) if s.used[q] >> i & 1]
            lines.append(f"  boards {boards} | claims used: {', '.join(slots) or '-'}"
                         f" | covered {s.gold[q]} gold {s.rubies[q]} ruby")
            lines += _landscape_rows(s, q)
    if with_log and s.log:
        lines += s.log
    return "\n".join(lines)

