"""The landscape as a grid of bits, and every placement of every claim, precomputed.

A player's four boards form one grid: 6 x 24 in a line ([Preparation], illustration
3) or 12 x 12 in a square ([Tips] 3). Either way it has 144 cells, numbered
``row * cols + col``; a set of cells is a Python int with bit ``cell`` set. A claim
placement is (rotation, anchor): the claim turned ``rotation`` quarter turns
clockwise (never flipped, [Placing the claim]) with the top-left corner of its
bounding box on cell ``anchor``. For each one the table keeps its cells, their bit
mask and the mask of every cell touching it by side or corner (``halo``, what the
next claim must meet, [Connecting claims]). Legal anchors of a turned claim are found
for all cells at once with shifts: an anchor is free where every cell offset lands on
a free cell, and touches where some offset lands on the last claim's halo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import permutations, product

import numpy as np

from .components import BOARDS_PER_PLAYER, RUBY, Components

ROTATIONS = 4


class Placement:
    """One claim, turned and anchored: its cells, bit mask and halo."""

    __slots__ = ("action", "cells", "mask", "halo")

    def __init__(self, action: int, cells: tuple[int, ...], mask: int, halo: int) -> None:
        self.action = action  # rotation * cells + anchor (the codec adds its base)
        self.cells = cells
        self.mask = mask
        self.halo = halo


def rotate(cells: tuple[tuple[int, int], ...], turns: int) -> tuple[tuple[int, int], ...]:
    """``cells`` turned ``turns`` quarter turns clockwise, moved to the top-left."""
    for _ in range(turns % ROTATIONS):
        cells = tuple((c, -r) for r, c in cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


@dataclass
class Grid:
    """One layout's grid: sizes, named masks and the placement table."""

    rows: int
    cols: int
    board_size: int
    square: bool
    around: list[int]  # cell -> mask of the cell and its eight neighbours
    # placements[claim][rotation] = flat list over anchors (None where it does not fit)
    placements: list[list[list[Placement | None] | None]]
    by_action: list[dict[int, Placement]]  # claim -> {action offset: placement}
    start: int  # cells the first claim must cover (line); every cell (square)
    finish: int
    right_edge: int
    edge_rules: list[tuple[int, int, int]]  # (top, bottom, beyond) per edge board
    targets: list[int]
    target_boxes: list[tuple[int, int, int, int]]  # (row0, row1, col0, col1) a frame
    # claim -> its distinct turns: (rotation, cell offsets from the anchor, mask of the
    # anchors where the turned claim fits inside the grid)
    shapes: list[list[tuple[int, tuple[int, ...], int]]]
    # claim -> edge code -> for each of its turns, the anchors where it fits in the grid
    # and passes every edge rule (RULES_NOTES P3) when the path touched before the sides
    # that the code names: bit 2i board i's top, bit 2i + 1 its bottom (an anchor whose
    # claim reaches past a board must make the path touch both its sides)
    edge_allowed: list[list[list[int]]] = field(default_factory=list, compare=False,
                                                repr=False)
    # (halo, claim) -> for each of its turns, the anchors where it fits in the grid and
    # touches that halo: pure geometry, filled as placements ask (placement.legal_anchors;
    # at most one entry a placement, or the start, and claim)
    touching: dict[tuple[int, int], list[int]] = field(default_factory=dict, compare=False,
                                                       repr=False)

    @cached_property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def full(self) -> int:
        return (1 << self.cells) - 1  # (cached: every legality check reads it)

    def halo_of(self, mask: int) -> int:
        out = 0
        for cell in bits(mask):
            out |= self.around[cell]
        return out & ~mask

    def box_of(self, mask: int) -> tuple[int, int, int, int]:
        cells = bits(mask)
        rs = [c // self.cols for c in cells]
        cs = [c % self.cols for c in cells]
        return min(rs), max(rs), min(cs), max(cs)

    def mask_of(self, cells: tuple[tuple[int, int], ...]) -> int:
        return sum(1 << (r * self.cols + c) for r, c in set(cells))


def bits(mask: int) -> list[int]:
    """The cells set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@lru_cache(maxsize=16)
def build_grid(comp: Components, square: bool) -> Grid:
    size = comp.board_size
    rows, cols = (2 * size, 2 * size) if square else (size, size * BOARDS_PER_PLAYER)
    n = rows * cols
    around = []
    for cell in range(n):
        r, c = divmod(cell, cols)
        m = 0
        for dr, dc in product((-1, 0, 1), repeat=2):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                m |= 1 << ((r + dr) * cols + c + dc)
        around.append(m)
    grid = Grid(rows, cols, size, square, around, [], [], 0, 0, 0, [], [], [], [])
    for claim in comp.claims:
        seen: set[tuple[tuple[int, int], ...]] = set()
        per_rot: list[list[Placement | None] | None] = []
        turns_list: list[tuple[int, tuple[int, ...], int]] = []
        lookup: dict[int, Placement] = {}
        for turns in range(ROTATIONS):
            shape = rotate(claim.cells, turns)
            h = max(r for r, _ in shape) + 1
            w = max(c for _, c in shape) + 1
            if shape in seen:  # a symmetric claim: this turn repeats an earlier one
                per_rot.append(None)
                continue
            seen.add(shape)
            fit = sum(1 << (ar * cols + ac)
                      for ar in range(rows - h + 1) for ac in range(cols - w + 1))
            turns_list.append((turns, tuple(r * cols + c for r, c in shape), fit))
            flat: list[Placement | None] = [None] * n
            for ar in range(rows - h + 1):
                for ac in range(cols - w + 1):
                    cells = tuple(sorted((ar + r) * cols + ac + c for r, c in shape))
                    mask = sum(1 << x for x in cells)
                    halo = grid.halo_of(mask)
                    place = Placement(turns * n + ar * cols + ac, cells, mask, halo)
                    flat[ar * cols + ac] = place
                    lookup[place.action] = place
            per_rot.append(flat)
        grid.placements.append(per_rot)
        grid.shapes.append(turns_list)
        grid.by_action.append(lookup)
    if square:
        grid.start = (1 << n) - 1  # [Tips] 3 "put down their first claim as they wish"
        grid.targets = [grid.mask_of(t) for t in comp.targets]
        grid.target_boxes = [grid.box_of(t) for t in grid.targets]
    else:
        grid.start = grid.mask_of(comp.start)
        grid.finish = grid.mask_of(comp.finish)
        grid.right_edge = grid.mask_of(tuple((r, cols - 1) for r in range(rows)))
        for b in comp.edge_boards:
            span = range(b * size, (b + 1) * size)
            top = grid.mask_of(tuple((0, c) for c in span))
            bottom = grid.mask_of(tuple((rows - 1, c) for c in span))
            beyond = grid.mask_of(tuple((r, c) for r in range(rows)
                                        for c in range((b + 1) * size, cols)))
            grid.edge_rules.append((top, bottom, beyond))
    codes = range(4 ** len(grid.edge_rules))
    grid.edge_allowed = [[[_edge_allowed(offsets, fit, grid.edge_rules, code)
                           for _, offsets, fit in turns] for code in codes]
                         for turns in grid.shapes]
    return grid


def _edge_allowed(offsets: tuple[int, ...], fit: int, rules: list[tuple[int, int, int]],
                  code: int) -> int:
    """The anchors of one turned claim (``offsets``, fitting at ``fit``) that every
    edge rule (top, bottom, beyond) allows when the path touched before the sides in
    ``code`` (``Grid.edge_allowed``): an anchor is dropped when its claim reaches
    ``beyond`` and the path with it still misses a side (its own cells count)."""
    ok = fit
    for i, (top, bottom, beyond) in enumerate(rules):
        cross = reach_top = reach_bottom = 0
        for o in offsets:  # bit a of (m >> o): the claim anchored at a covers cell a + o
            cross |= beyond >> o
            reach_top |= top >> o
            reach_bottom |= bottom >> o
        if code >> 2 * i & 1:  # the top touched already
            reach_top = -1
        if code >> 2 * i & 2:
            reach_bottom = -1
        ok &= ~(cross & ~(reach_top & reach_bottom))
    return ok


# ---------------------------------------------------------------- board arrangements
def slot_origin(grid: Grid, slot: int) -> tuple[int, int]:
    """Top-left cell of board slot ``slot``: left to right in a line, reading order in
    the square."""
    size = grid.board_size
    if grid.square:
        return (slot // 2) * size, (slot % 2) * size
    return 0, slot * size


def turned_board(comp: Components, code: int) -> list[list[int]]:
    """Board design ``code // 4`` turned ``code % 4`` quarter turns clockwise."""
    terrain = [list(row) for row in comp.boards[code // ROTATIONS].terrain]
    for _ in range(code % ROTATIONS):
        terrain = [list(row) for row in zip(*terrain[::-1], strict=True)]
    return terrain


def terrain_of(comp: Components, grid: Grid, arrangement: tuple[int, ...]
               ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(gold pieces, rubies) on every cell of a seat's grid for its four boards
    (``Klondike1896Game.terrain`` keeps them)."""
    gold = [0] * grid.cells
    ruby = [0] * grid.cells
    for slot, code in enumerate(arrangement):
        r0, c0 = slot_origin(grid, slot)
        for r, row in enumerate(turned_board(comp, code)):
            for c, v in enumerate(row):
                cell = (r0 + r) * grid.cols + c0 + c
                if v == RUBY:
                    ruby[cell] = 1
                else:
                    gold[cell] = v
    return tuple(gold), tuple(ruby)


@lru_cache(maxsize=4)
def all_arrangements(comp: Components, square: bool
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every way to lay a set of boards: codes (A, 4), gold (cells, A), rubies (cells, A).

    A = 4! orders x 4^4 turns = 6144; used to redraw a hidden arrangement (secret
    rubies) consistently with what a seat saw. Cell-major, so that summing a claim's
    few cells reads a few contiguous rows.
    """
    grid = build_grid(comp, square)
    size = grid.board_size
    codes = np.array([[d * ROTATIONS + t for d, t in zip(order, turns, strict=True)]
                      for order in permutations(range(BOARDS_PER_PLAYER))
                      for turns in product(range(ROTATIONS), repeat=BOARDS_PER_PLAYER)],
                     dtype=np.int64)
    pieces = np.array([turned_board(comp, k) for k in range(BOARDS_PER_PLAYER * ROTATIONS)])
    gold = np.zeros((len(codes), grid.rows, grid.cols), dtype=np.int16)
    ruby = np.zeros_like(gold)
    for slot in range(BOARDS_PER_PLAYER):
        r0, c0 = slot_origin(grid, slot)
        piece = pieces[codes[:, slot]]
        gold[:, r0:r0 + size, c0:c0 + size] = np.where(piece > 0, piece, 0)
        ruby[:, r0:r0 + size, c0:c0 + size] = piece == RUBY
    return (codes, np.ascontiguousarray(gold.reshape(len(codes), -1).T),
            np.ascontiguousarray(ruby.reshape(len(codes), -1).T))
