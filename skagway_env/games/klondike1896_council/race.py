"""[Playing the game] The race, tick by tick: laying the landscape, placing claims,
declaring, waiting.

A tick is one simultaneous node at a moment of the race's clock (``timing``): every
racing seat whose last move has ended lays a board, places one claim, declares or
waits; a seat still busy with its move, or out of the race, only waits (RULES_NOTES
T1-T3). A seat declares only once it has placed a claim: a seat with nothing laid
cannot think it has covered anything (RULES_NOTES R1). The landscape is one to four of the
seat's boards laid left to right, each in any turn, before its first claim
(RULES_NOTES L1-L2). Claims follow Game 1's placement rules ([Game 2] "The rules for
placing claims are the same as in Game 1"): the first covers one of the two middle
spaces of the first column, each next one touches the last by a side or a corner,
no overlap, inside the landscape, and the top-and-bottom rule of the second and
third boards (Game 1's placement tables and legal-anchor search are reused).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..._speedups import load
from ..klondike1896.components import BOARDS_PER_PLAYER
from ..klondike1896.geometry import ROTATIONS, bits
from ..klondike1896.placement import _edge_check
from .timing import WAIT_BEATS

if TYPE_CHECKING:
    from .game import CouncilGame
    from .state import CouncilState


_COMPILED = load("_council_race")
"""The C twin of ``legal_python`` and of a listed draw (``_speedups/_council_race.c``),
or None (not built, or ``SKAGWAY_PURE_PYTHON``): ``legal_bits`` is then ``legal_python``."""

def copy_python(values: list) -> list:
    """A list's copy with each list in it copied too (``CouncilState.clone``'s two
    levels); ``copy_two_levels`` is this, or its C twin."""
    return [v[:] if type(v) is list else v for v in values]


copy_two_levels: Callable[[list], list] = (
    copy_python if _COMPILED is None else _COMPILED.copy_two_levels)

MAX_TABLE_WORDS = 4  # the twin's masks: four 64-bit words, grids of up to 256 cells
MAX_CELLS_A_CLAIM = 8  # ... and claims of up to eight cells

LEGAL_KEPT = 4096
"""Seat covers whose ``legal_bits`` (about a kilobyte each), and covers and slots whose
``legal_offsets``, a game keeps before it starts again from none."""


REACH_KEPT = 8192
"""Halos whose ``reach`` (a dozen small integers a slot) a game keeps before it starts
again from none: about every placement's halo there is (11 claims x 4 turns x 144
anchors at most), a couple of kilobytes each."""


def slots_of(s: CouncilState, p: int) -> range:
    """The claim slots a seat holds: its set of 11, and a child's extra claim."""
    comp = s.game.components
    return range(comp.slots if s.game.is_child(p) else comp.slots - 1)


def legal_offsets(s: CouncilState, p: int, slot: int) -> list[int]:
    """Game 1 placement ids (``rotation * cells + anchor``) of the claim in ``slot``
    that are legal on ``p``'s landscape, ascending (Game 1's legal-anchor search,
    ``fitting``), a list of the caller's own. Reads only ``s.game`` and
    ``s.landscape``, ``s.covered``, ``s.halo`` of ``p`` (bots pass their own
    seat-shaped records); the game keeps the answers for up to ``LEGAL_KEPT`` covers
    (views and bots search the same covers again and again)."""
    game = s.game
    key = (slot, len(s.landscape[p]), s.covered[p], s.halo[p])
    known = game.offsets_kept
    found = known.get(key)
    if found is None:
        if len(known) >= LEGAL_KEPT:
            known.clear()
        found = known[key] = _offsets(s, p, slot)
    return list(found)


def _offsets(s: CouncilState, p: int, slot: int) -> list[int]:
    game = s.game
    if game.race_table is not None:  # the C twin's search of the one slot
        return _COMPILED.slot_offsets(game.race_table, s.covered[p], s.halo[p],
                                      len(s.landscape[p]), slot)
    return offsets_python(s, p, slot)


def offsets_python(s: CouncilState, p: int, slot: int) -> list[int]:
    """``legal_offsets``' search in Python (the C twin's ``slot_offsets`` gives the
    same list)."""
    game = s.game
    covered, edges, free = _search_cover(s, p)
    cells = game.grid.cells
    halo = s.halo[p]
    kept = game.reach_kept.get(halo)  # one slot: a reach not kept is not made whole
    out: list[int] = []
    for turn, (rot, offsets, fit, table) in enumerate(game.slot_turns[slot]):
        near = kept[slot][turn] if kept is not None else fit & _touching(offsets, halo)
        ok = fitting(offsets, near, table, free, covered, edges)
        if ok:
            start = rot * cells
            out += [start + a for a in bits(ok)]
    return out


def _search_cover(s: CouncilState, p: int) -> tuple[int, list[tuple[int, int, int]], int]:
    """What the anchor search reads of ``p``'s cover: its cells with those past the
    boards laid counted as taken (a claim may not go beyond the landscape,
    [Connecting claims]), the edge rules still binding ([Placing the claim]: until the
    path touched a board's top and bottom), and the free cells."""
    game = s.game
    covered = s.covered[p] | game.beyond[len(s.landscape[p])]
    edges = [rule for rule in game.grid.edge_rules
             if not (covered & rule[0] and covered & rule[1])]
    return covered, edges, game.grid_full & ~covered


def reach(game: CouncilGame, halo: int) -> tuple[tuple[int, ...], ...]:
    """For each slot, for each of its turns (``slot_turns``' order): the anchors where
    the turned claim fits in the grid and one of its cells touches ``halo`` (Game 1's
    "touches the last claim"). A halo is one placement's (or the start's), so the
    same recur: the game keeps them for up to ``REACH_KEPT`` halos."""
    known = game.reach_kept
    found = known.get(halo)
    if found is None:
        if len(known) >= REACH_KEPT:
            known.clear()
        found = known[halo] = tuple(
            tuple(fit & _touching(offsets, halo) for _, offsets, fit, _ in turns)
            for turns in game.slot_turns)
    return found


def _touching(offsets: tuple[int, ...], halo: int) -> int:
    touch = 0
    for o in offsets:
        touch |= halo >> o
    return touch


def turn_offsets(game: CouncilGame) -> tuple[int, ...]:
    """Every cell offset of every turned claim of the slots, ascending (a game's
    ``slot_turns`` hold ten of them)."""
    return tuple(sorted({o for turns in game.slot_turns for _, offsets, _, _ in turns
                         for o in offsets}))


def fitting(offsets: tuple[int, ...], near: int, table: list, free: int, covered: int,
            edges: list[tuple[int, int, int]]) -> int:
    """The anchors of one turned claim that are legal: Game 1's ``legal_anchors`` for
    one turn (every cell free, one touching the last claim's halo, the edge rule),
    from the anchors ``near`` the halo (``reach``)."""
    ok = near
    for o in offsets:
        ok &= free >> o
    for top, bottom, beyond in edges:
        if ok:
            ok = _edge_check(table, offsets, ok, covered, top, bottom, beyond)
    return ok


def race_actions(s: CouncilState, p: int) -> list[int]:
    """A free racing seat's choices this tick, ascending: lay, place, declare, wait."""
    return race_choices(s, p)[0]


def race_choices(s: CouncilState, p: int) -> tuple[list[int], np.ndarray]:
    """``race_actions`` and its int8 mask over the action space (neither to be written
    on). Both come from the seat's ``race_bits``, each made the first time it is asked
    for: the envs read only masks, a search's playouts only lists."""
    kept = _kept_choices(s, p)
    return _kept_list(kept), _kept_mask(s, kept)


def race_list(s: CouncilState, p: int) -> list[int]:
    """``race_choices``' list alone (``CouncilState._legal_actions``' read)."""
    return _kept_list(_kept_choices(s, p))


def race_mask(s: CouncilState, p: int) -> np.ndarray:
    """``race_choices``' mask alone (the envs' read)."""
    return _kept_mask(s, _kept_choices(s, p))


def random_choice(s: CouncilState, p: int, below: Callable[[int], int]) -> int:
    """``race_list(s, p)[below(len(race_list(s, p)))]`` of a free racing seat without
    the list: the choices' count is their bit set's, and the drawn bit is picked
    (``nth_legal``); one draw of the same bound, so the same playout. With the C twin,
    one call does it all (``_council_race.random_choice``: no integer of the whole
    action space is made; the playout's seat moves next, so nothing is kept)."""
    table = s.game.race_table
    if table is not None:  # the twin searches, counts, draws and picks in one call
        return _COMPILED.random_choice(table, s.covered[p], s.halo[p], s.used[p],
                                       s.landscape[p], s.game.seat_slots[p], below)
    kept = _kept_choices(s, p)
    bits_set = kept[1]
    return nth_legal(bits_set, below(bits_set.bit_count()), kept)


def race_bits(s: CouncilState, p: int) -> int:
    """A free racing seat's choices as ``legal_bits``' integer (bit ``a``: ``a`` legal),
    the legality check of a joint move without a list."""
    return _kept_choices(s, p)[1]


def _kept_choices(s: CouncilState, p: int) -> list:
    """The seat's entry in ``s._race_legal``: [key, bits, mask or None, list or None],
    kept in the state with the seat's landscape and cover they follow from, so a seat
    that waited finds its choices again; the bits come from ``legal_bits``, themselves
    kept by the game for the covers met most (``LEGAL_KEPT``: every round's first
    boards, the root of a search's playouts)."""
    game = s.game
    key = (tuple(s.landscape[p]), s.used[p], s.covered[p], s.halo[p], p in game.child_seats)
    kept = s._race_legal
    if kept is None:
        kept = s._race_legal = {}
    found = kept.get(p)
    if found is not None and found[0] == key:
        return found
    known = game.legal_kept
    legal_set = known.get(key)
    if legal_set is None:
        if len(known) >= LEGAL_KEPT:
            known.clear()
        legal_set = known[key] = legal_bits(s, p)
    found = kept[p] = [key, legal_set, None, None]
    return found


def _kept_mask(s: CouncilState, kept: list) -> np.ndarray:
    mask = kept[2]
    if mask is None:
        size = s.game.codec.size
        raw = kept[1].to_bytes((size + 7) // 8, "little")
        mask = kept[2] = np.unpackbits(np.frombuffer(raw, np.uint8), count=size,
                                       bitorder="little").view(np.int8)
    return mask


def _kept_list(kept: list) -> list[int]:
    legal = kept[3]
    if legal is None and _COMPILED is not None:
        legal = kept[3] = _COMPILED.bit_list(kept[1])
    if legal is None:
        bits_set = kept[1]
        size = (bits_set.bit_length() + 7) // 8
        raw = np.frombuffer(bits_set.to_bytes(size, "little"), np.uint8)
        flags = np.unpackbits(raw, bitorder="little").view(np.bool_)  # bool: nonzero
        legal = kept[3] = np.flatnonzero(flags).tolist()  # is twice as fast on it
    return legal


def slot_turns(game: CouncilGame) -> tuple[tuple[tuple[int, tuple[int, ...], int, list], ...],
                                            ...]:
    """For each claim slot, its claim's distinct turns as the anchor search reads them:
    (rotation, the cell offsets from the anchor, the anchors where it fits in the
    grid, its placement table); made once a game from Game 1's grid."""
    grid, comp = game.grid, game.components
    return tuple(tuple((rot, offsets, fit, grid.placements[comp.slot_claim(slot)][rot])
                       for rot, offsets, fit in grid.shapes[comp.slot_claim(slot)])
                 for slot in range(comp.slots))


def legal_bits(s: CouncilState, p: int) -> int:
    """``race_actions`` as one integer, bit ``a`` set when action ``a`` is legal: by the
    C twin (``_council_race.legal_bits``, reading ``compiled_table``) where it is built
    and the game's grid fits it, else ``legal_python``; the same integer either way
    (``tests/klondike1896_council/test_compiled_race.py``)."""
    table = s.game.race_table
    if table is None:
        return legal_python(s, p)
    return _COMPILED.legal_bits(table, s.covered[p], s.halo[p], s.used[p], s.landscape[p],
                                s.game.seat_slots[p])


def nth_legal(bits_set: int, index: int, kept: list) -> int:
    """The ``index``-th action of a seat's choices (ascending): the twin's pick of the
    ``index``-th set bit, or the kept list's item without it."""
    if _COMPILED is None:
        return _kept_list(kept)[index]
    return _COMPILED.nth_bit(bits_set, index)


def compiled_table(game: CouncilGame) -> bytes | None:
    """The game's geometry as the C twin reads it (int64 words, in this order): a
    header (words a mask, cells, claim slots, ``codec.place_base``, ``codec.per_slot``,
    ``codec.wait``, ``codec.declare``, ``codec.size``, edge rules, boards a seat,
    rotations), ``codec.lay(d, 0)`` of each design, the full grid, ``game.beyond[k]``
    for k = 0 .. boards, each edge rule's top and bottom, then a slot at a time its
    number of turns and each turn's rotation, cell count, ``MAX_CELLS_A_CLAIM`` cell
    offsets, the anchors where it fits, its shape at anchor 0 and, for each edge rule,
    the anchors from which it reaches the rule's ``beyond`` (``_edge_check``'s
    crossing). None without the twin, or for a grid or claim too large for it."""
    grid, codec = game.grid, game.codec
    words = (grid.cells + 63) // 64
    if (_COMPILED is None or words > MAX_TABLE_WORDS
            or any(len(offsets) > MAX_CELLS_A_CLAIM
                   for turns in game.slot_turns for _, offsets, _, _ in turns)):
        return None

    def mask(value: int) -> list[int]:
        return [value >> (64 * i) & (2**64 - 1) for i in range(words)]

    out = [words, grid.cells, game.components.slots, codec.place_base, codec.per_slot,
           codec.wait, codec.declare, codec.size, len(grid.edge_rules), BOARDS_PER_PLAYER,
           ROTATIONS, *(codec.lay(d, 0) for d in range(BOARDS_PER_PLAYER)),
           *mask(game.grid_full), *(w for k in range(BOARDS_PER_PLAYER + 1)
                                    for w in mask(game.beyond[k]))]
    for top, bottom, _ in grid.edge_rules:
        out += [*mask(top), *mask(bottom)]
    for turns in game.slot_turns:
        out.append(len(turns))
        for rot, offsets, fit, _ in turns:
            padded = [*offsets, *[0] * (MAX_CELLS_A_CLAIM - len(offsets))]
            out += [rot, len(offsets), *padded, *mask(fit), *mask(sum(1 << o for o in offsets))]
            for _, _, beyond in grid.edge_rules:
                out += mask(_touching(offsets, beyond))  # a cell lands beyond
    return np.array(out, dtype=np.uint64).astype(np.int64).tobytes()


def legal_python(s: CouncilState, p: int) -> int:
    """``legal_bits`` in Python: each claim's anchors (``fitting``) shifted straight into
    place, never listed one by one."""
    game = s.game
    codec = game.codec
    out = 1 << codec.wait
    laid = s.landscape[p]
    used = s.used[p]
    if not used and len(laid) < BOARDS_PER_PLAYER:
        designs = {code // ROTATIONS for code in laid}
        turns = (1 << ROTATIONS) - 1
        for d in range(BOARDS_PER_PLAYER):
            if d not in designs:
                out |= turns << codec.lay(d, 0)
    if laid:
        covered, edges, free = _search_cover(s, p)
        # the ten cell offsets of every turn (``game.turn_offsets``) shift the free
        # cells once a search, not once a turn
        free_at = {o: free >> o for o in game.turn_offsets}
        cells = game.grid.cells
        turns_of = game.slot_turns
        near_of = reach(game, s.halo[p])
        for slot in slots_of(s, p):
            if used >> slot & 1:
                continue
            found = 0  # the slot's own bits, shifted into place once (a shift of
            # the whole action space's integer costs as much as a turn's search)
            for (rot, offsets, _, table), ok in zip(turns_of[slot], near_of[slot],
                                                    strict=True):
                if not ok:
                    continue
                for o in offsets:  # ``fitting``, written out: a call a turn cost a fifth
                    ok &= free_at[o]
                for top, bottom, beyond in edges:
                    if ok:
                        ok = _edge_check(table, offsets, ok, covered, top, bottom, beyond)
                if ok:
                    found |= ok << (rot * cells)
            if found:
                out |= found << codec.place(slot, 0)
    if used:  # [Playing the game] "covers (or thinks that they have covered)"
        out |= 1 << codec.declare
    return out


def play_tick(s: CouncilState, joint: Sequence[int]) -> list[int]:
    """Apply the move of every free racing seat at this moment of the clock; return
    the seats that declared. The codec's ranges are read directly (``codec.decode``
    made a named tuple a seat a tick), and ``s.free(p)`` is written out (every seat of
    every tick asks)."""
    game = s.game
    codec = game.codec
    clock, declare, place_base = s.clock, codec.declare, codec.place_base
    declared_at, free_at, last = s.declared, s.free_at, s.last
    declared = []
    for p, action in enumerate(joint):
        if declared_at[p] >= 0 or p == last or free_at[p] > clock:  # not ``s.free(p)``
            continue
        if action < place_base:  # Lay
            s.landscape[p].append(action)
            free_at[p] = clock + game.params.board_beats
            s.pacing.append(p)
        elif action < declare:  # Place
            slot, offset = divmod(action - place_base, codec.per_slot)
            lay_claim(s, p, slot, offset)
            s.placed[p].append(action)
            free_at[p] = clock + game.slot_beats[slot]  # timing.claim_beats
            s.pacing.append(p)
        elif action == codec.wait:
            free_at[p] = clock + WAIT_BEATS
        else:
            assert action == declare
            declared_at[p] = clock
            declared.append(p)
    return declared


def lay_claim(s: CouncilState, p: int, slot: int, offset: int) -> None:
    """Put a claim down and count the gold pieces and rubies under it."""
    game = s.game
    place = game.slot_places[slot][offset]
    gold, ruby = game.terrain(s.landscape[p])
    cells = place.cells
    s.covered[p] |= place.mask
    s.halo[p] = place.halo
    s.used[p] |= 1 << slot
    s.last_claim[p] = place.mask
    s.gold[p] += sum(map(gold.__getitem__, cells))
    s.rubies[p] += sum(map(ruby.__getitem__, cells))
