"""The one text-table formatter of the command line, leaderboards and statistics."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def table_lines(header: Sequence[str], rows: Sequence[Sequence[Any]], left: int | None = None,
                rule: bool = True) -> list[str]:
    """Columns padded to their widest cell, two spaces apart.

    The first ``left`` columns are left-aligned (all of them by default), the rest
    (numbers) right-aligned; ``rule`` draws dashes under the header.
    """
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    left = len(header) if left is None else left

    def line(row: Sequence[str]) -> str:
        padded = [cell.ljust(width) if i < left else cell.rjust(width)
                  for i, (cell, width) in enumerate(zip(row, widths, strict=True))]
        return "  ".join(padded).rstrip()

    ruler = ["  ".join("-" * width for width in widths)] if rule else []
    return [line(cells[0]), *ruler, *map(line, cells[1:])]


def format_table(header: Sequence[str], rows: Sequence[Sequence[Any]], left: int | None = None,
                 rule: bool = False) -> str:
    """``table_lines`` joined into one string."""
    return "\n".join(table_lines(header, rows, left, rule))
