"""Loading and checking the component data file (``components.toml``).

The rulebook prints neither the landscape boards nor most claim shapes; the bundled
file holds tagged assumptions, and users may pass their own file with the same layout.
Game 2 (the council game) reads the same boards and claims through ``load_components``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...core import GameParameterError
from ...core.data import data_error, read_data_file

DEFAULT_DATA_FILE = Path(__file__).with_name("components.toml")
BOARDS_PER_PLAYER = 4  # [Preparation] "Each player receives four landscape boards"
MEADOW, RUBY = 0, -1  # terrain codes; gold spaces hold their number of gold pieces


@dataclass(frozen=True)
class Board:
    """One landscape design: ``terrain[r][c]`` is gold pieces, 0 meadow, -1 ruby."""

    name: str
    terrain: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Claim:
    """One claim type as printed (digger face up): the covered cells (row, col)."""

    name: str
    cells: tuple[tuple[int, int], ...]
    count: int

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Components:
    board_size: int
    boards: tuple[Board, ...]
    claims: tuple[Claim, ...]  # the row claims, then the additional claim last
    start: tuple[tuple[int, int], ...]
    finish: tuple[tuple[int, int], ...]
    edge_boards: tuple[int, ...]
    targets: tuple[tuple[tuple[int, int], ...], ...]
    source: str

    @property
    def row_types(self) -> int:
        """Claim types dealt into the rows (the additional claim is the next index)."""
        return len(self.claims) - 1

    @property
    def additional(self) -> int:
        return len(self.claims) - 1

    # A landscape is one set: one board of each design ([Preparation] "Each player
    # receives four landscape boards"), turned any way; a space is covered at most once
    # ([Placing the claim]) and pays once ([3) Counting points]). So these totals bound
    # the gold and the rubies one landscape can ever yield.
    @property
    def set_gold(self) -> int:
        """Gold pieces on one set of boards."""
        return sum(max(v, 0) for b in self.boards for row in b.terrain for v in row)

    @property
    def set_ruby_spaces(self) -> int:
        """Ruby spaces on one set of boards."""
        return sum(v == RUBY for b in self.boards for row in b.terrain for v in row)

    @property
    def richest_space(self) -> int:
        """The most gold pieces on one space."""
        return max(max(v, 0) for b in self.boards for row in b.terrain for v in row)


def _fail(path: str, msg: str) -> GameParameterError:
    return data_error("klondike1896", path, msg)


def _need(table: Any, key: str, path: str, where: str) -> Any:
    if not isinstance(table, dict) or key not in table:
        raise _fail(path, f"missing '{key}' in {where}")
    return table[key]


_TERRAIN = {".": MEADOW, "R": RUBY, "1": 1, "2": 2, "3": 3}


def _board(raw: dict, size: int, path: str, i: int) -> Board:
    rows = _need(raw, "rows", path, f"board {i}")
    if len(rows) != size or any(not isinstance(r, str) or len(r) != size for r in rows):
        raise _fail(path, f"board {i}: needs {size} rows of {size} characters")
    bad = {ch for r in rows for ch in r} - set(_TERRAIN)
    if bad:
        raise _fail(path, f"board {i}: unknown space(s) {sorted(bad)}; use . R 1 2 3")
    return Board(str(raw.get("name", i)), tuple(tuple(_TERRAIN[ch] for ch in r) for r in rows))


def _claim(raw: dict, path: str, where: str) -> Claim:
    shape = _need(raw, "shape", path, where)
    count = _need(raw, "count", path, where)
    cells = tuple((r, c) for r, line in enumerate(shape) for c, ch in enumerate(line) if ch == "#")
    if not cells or not isinstance(count, int) or count < 1:
        raise _fail(path, f"{where}: needs at least one '#' and a positive count")
    if not _connected(cells):
        raise _fail(path, f"{where}: the '#' cells must touch by sides")
    return Claim(str(_need(raw, "name", path, where)), cells, count)


def _connected(cells: tuple[tuple[int, int], ...]) -> bool:
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def _cells(raw: Any, path: str, where: str, rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    cells = tuple(tuple(x) for x in raw)
    if not cells or any(len(x) != 2 or not (0 <= x[0] < rows and 0 <= x[1] < cols)
                        for x in cells):
        raise _fail(path, f"{where}: needs [row, col] pairs inside the {rows} x {cols} grid")
    return cells  # type: ignore[return-value]


@lru_cache(maxsize=16)
def load_components(path: str | None = None) -> Components:
    """Read and validate a components file (the bundled one when ``path`` is None)."""
    where, data = read_data_file("klondike1896", path, DEFAULT_DATA_FILE)
    size = _need(_need(data, "landscape", where, "the file"), "size", where, "[landscape]")
    if not isinstance(size, int) or size < 3:
        raise _fail(where, "landscape.size must be an integer of at least 3")
    boards = tuple(_board(b, size, where, i)
                   for i, b in enumerate(_need(data, "boards", where, "the file")))
    if len(boards) != BOARDS_PER_PLAYER:
        raise _fail(where, f"needs {BOARDS_PER_PLAYER} board designs (a player's set)")
    claims = [_claim(c, where, f"claim {i}")
              for i, c in enumerate(_need(data, "claims", where, "the file"))]
    if len(claims) < 4:
        raise _fail(where, "needs at least 4 claim types (a row of four distinct shapes)")
    claims.append(_claim(_need(data, "additional_claim", where, "the file"), where,
                         "additional_claim"))
    line = _need(data, "line", where, "the file")
    width = size * BOARDS_PER_PLAYER
    start = _cells(_need(line, "start", where, "[line]"), where, "line.start", size, width)
    finish = _cells(_need(line, "finish", where, "[line]"), where, "line.finish", size, width)
    if any(c != 0 for _, c in start) or any(c != width - 1 for _, c in finish):
        raise _fail(where, "line.start must lie in the first column, line.finish in the last")
    edge_boards = tuple(_need(line, "edge_boards", where, "[line]"))
    if any(not isinstance(b, int) or not 0 <= b < BOARDS_PER_PLAYER - 1 for b in edge_boards):
        raise _fail(where, "line.edge_boards must name boards 0..2 (not the last)")
    side = 2 * size
    targets = tuple(_cells(t, where, f"square.targets[{i}]", side, side)
                    for i, t in enumerate(_need(_need(data, "square", where, "the file"),
                                                "targets", where, "[square]")))
    if not targets:
        raise _fail(where, "square.targets needs at least one frame")
    return Components(size, boards, tuple(claims), start, finish, edge_boards, targets, where)
