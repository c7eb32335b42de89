"""Drawing helpers shared by the Klondike boards (``klondike1896``, its council game and
``klondike_rush``): seat colours, panels, chips, claim shapes, landscape grids and the
``legal`` marking. Built on ``svg`` (escaping stays there); nothing here reads a game.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from . import svg

# Game 2's example names a blue, a brown and a green player ([Object of the game],
# "Awarding Points"); the fourth block colour is not named, so it is assumed (orange).
# Game 1 uses the same box's blocks, so both Klondike 1896 games colour seats alike.
KLONDIKE_SEATS = ("#2f6fc4", "#5e3412", "#2f9e44", "#e8590c")
KLONDIKE_SEAT_NAMES = ("blue", "brown", "green", "orange")

# Landscape spaces ([Description of landscape]): green meadow, brown gold, grey ruby.
MEADOW_FILL = "#b7dd8f"
GOLD_FILL = "#c99a5b"
RUBY_FILL = "#a9a9b3"
RUBY_GEM = "#d0103a"
HIDDEN_FILL = "#d9d4c7"
FONT = "Helvetica, Arial, sans-serif"


def legal_attrs(action: int | None, classes: str = "") -> dict[str, Any]:
    """``data-action`` and the ``legal`` class (after ``classes``) for an element that
    takes ``action``; only ``classes`` when ``action`` is None."""
    if action is None:
        return {"class_": classes} if classes else {}
    return {"data_action": action, "class_": f"{classes} legal".strip(), "cursor": "pointer"}


def wrapped(rows: Iterable[str], width: int) -> list[str]:
    """Long lines cut at spaces to at most ``width`` characters, continuations indented."""
    out: list[str] = []
    for row in rows:
        out += textwrap.wrap(row, width, subsequent_indent="    ") or [""]
    return out


def label(x: float, y: float, content: Any, size: float = 12, weight: str | None = None,
          fill: str = "#111", anchor: str = "start", **extra: Any) -> str:
    """Text in the boards' font."""
    return svg.text(x, y, content, size=size, fill=fill, anchor=anchor, font_family=FONT,
                    font_weight=weight, **extra)


def lines_of_text(x: float, y: float, rows: Iterable[str], size: float = 12,
                  step: float = 16, fill: str = "#111") -> list[str]:
    """Several lines of text, one under the other."""
    return [label(x, y + i * step, row, size=size, fill=fill) for i, row in enumerate(rows)]


def panel(x: float, y: float, w: float, h: float, colour: str, title: str,
          active: bool = False, tip: str | None = None, **extra: Any) -> str:
    """A seat's (or an area's) frame with a coloured title band; ``active`` thickens
    the frame (the seat asked to decide)."""
    parts = [svg.title(tip)] if tip else []
    parts += [svg.rect(x, y, w, h, fill="#fdfaf2", stroke=colour,
                       stroke_width=4 if active else 1.5, rx=6),
              svg.rect(x, y, w, 22, fill=colour, stroke="none", rx=6),
              label(x + 8, y + 16, title, size=13, weight="bold", fill="#fff")]
    return svg.group(parts, **extra)


def chip(x: float, y: float, content: Any, fill: str, text_fill: str = "#fff",
         r: float = 10, tip: str | None = None, **extra: Any) -> str:
    """A round token with a short label (a pawn, a mine, a hunt token)."""
    parts = [svg.title(tip)] if tip else []
    parts += [svg.circle(x, y, r, fill=fill, stroke="#222", stroke_width=1)]
    if content not in (None, ""):
        parts.append(label(x, y + r * 0.4, content, size=r * 1.05, weight="bold",
                           fill=text_fill, anchor="middle"))
    return svg.group(parts, **extra)


def card_face(x: float, y: float, w: float, h: float, rows: Sequence[str],
              fill: str = "#fffbe8", stroke: str = "#555", tip: str | None = None,
              size: float = 11, **extra: Any) -> str:
    """A face-up card with a few lines of text."""
    parts = [svg.title(tip)] if tip else []
    parts.append(svg.rect(x, y, w, h, fill=fill, stroke=stroke, rx=4))
    parts += [label(x + w / 2, y + 15 + i * (size + 3), row, size=size, anchor="middle")
              for i, row in enumerate(rows)]
    return svg.group(parts, **extra)


def card_backs(x: float, y: float, count: int, what: str, w: float = 30,
               h: float = 42) -> str:
    """A face-down pile or hand: a few fanned backs and the count, never a face."""
    parts = [svg.title(f"{count} {what}")]
    for i in range(min(count, 3)):
        parts.append(svg.card(x + 5 * i, y, w=w, h=h, face_down=True))
    if count == 0:
        parts.append(svg.rect(x, y, w, h, fill="none", stroke="#999", rx=4,
                              stroke_dasharray="4 3"))
    parts.append(label(x + w + 5 * min(max(count, 1), 3) + 4, y + h / 2 + 5, f"x{count}",
                       size=12, weight="bold"))
    return svg.group(parts)


def polyomino(x: float, y: float, cells: Iterable[tuple[int, int]], unit: float,
              fill: str, stroke: str = "#333") -> list[str]:
    """A claim's shape: one square per covered (row, col), top-left at (x, y)."""
    return [svg.rect(x + c * unit, y + r * unit, unit, unit, fill=fill, stroke=stroke,
                     stroke_width=0.8) for r, c in cells]


def shape_size(cells: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """(rows, cols) of a claim's bounding box."""
    cells = list(cells)
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1


def terrain_cell(x: float, y: float, unit: float, gold: int | None, ruby: bool) -> list[str]:
    """One landscape space: meadow, gold (its pieces as a number) or ruby; ``gold``
    None draws it unseen (a hidden landscape)."""
    if gold is None:
        return [svg.rect(x, y, unit, unit, fill=HIDDEN_FILL, stroke="#bbb", stroke_width=0.5)]
    fill = RUBY_FILL if ruby else GOLD_FILL if gold else MEADOW_FILL
    out = [svg.rect(x, y, unit, unit, fill=fill, stroke="#8c8c7a", stroke_width=0.5)]
    if ruby:
        half = unit / 2
        out.append(f'<polygon points="{x + half},{y + 3} {x + unit - 3},{y + half} '
                   f'{x + half},{y + unit - 3} {x + 3},{y + half}" fill="{RUBY_GEM}"/>')
    elif gold:
        out.append(label(x + unit / 2, y + unit * 0.72, gold, size=unit * 0.62,
                         weight="bold", fill="#4a2f00", anchor="middle"))
    return out


def cover_cells(x: float, y: float, unit: float, cols: int, mask: int, colour: str,
                opacity: float = 0.55, **extra: Any) -> list[str]:
    """The cells of ``mask`` (bit ``row * cols + col``) washed in a seat's colour."""
    out = []
    cell = 0
    while mask:
        if mask & 1:
            r, c = divmod(cell, cols)
            out.append(svg.rect(x + c * unit, y + r * unit, unit, unit, fill=colour,
                                stroke="none", fill_opacity=opacity, **extra))
        mask >>= 1
        cell += 1
    return out


def outline_cells(x: float, y: float, unit: float, cols: int, mask: int,
                  colour: str = "#111", width: float = 2.0) -> list[str]:
    """The outer border of the cells of ``mask``: the edges a masked cell shares with
    an unmasked one (so a claim reads as one piece)."""
    out = []
    cell = 0
    m = mask
    while m:
        if m & 1:
            r, c = divmod(cell, cols)
            x0, y0 = x + c * unit, y + r * unit
            if r == 0 or not mask >> (cell - cols) & 1:
                out.append(svg.line(x0, y0, x0 + unit, y0, stroke=colour, stroke_width=width))
            if not mask >> (cell + cols) & 1:
                out.append(svg.line(x0, y0 + unit, x0 + unit, y0 + unit, stroke=colour,
                                    stroke_width=width))
            if c == 0 or not mask >> (cell - 1) & 1:
                out.append(svg.line(x0, y0, x0, y0 + unit, stroke=colour, stroke_width=width))
            if c == cols - 1 or not mask >> (cell + 1) & 1:
                out.append(svg.line(x0 + unit, y0, x0 + unit, y0 + unit, stroke=colour,
                                    stroke_width=width))
        m >>= 1
        cell += 1
    return out


def landscape(x: float, y: float, unit: float, rows: int, cols: int, board_size: int,
              square: bool, terrain: tuple[Sequence[int], Sequence[int]] | None,
              claims: Sequence[tuple[int, str]], colour: str, shown_cols: int | None = None
              ) -> list[str]:
    """A seat's landscape boards as one grid: every space (``terrain`` = (gold pieces,
    rubies) a cell, or None for unseen), the claims on it (bit masks, each with a
    tooltip) washed in the seat's colour and outlined, the last one thicker (the last
    move), and heavier lines between the boards. ``shown_cols`` draws only the first
    columns (the council game's line of one to four boards)."""
    width = cols if shown_cols is None else shown_cols
    out = []
    for r in range(rows):
        for c in range(width):
            cell = r * cols + c
            gold = None if terrain is None else terrain[0][cell]
            ruby = False if terrain is None else bool(terrain[1][cell])
            out += terrain_cell(x + c * unit, y + r * unit, unit, gold, ruby)
    for k, (mask, tip) in enumerate(claims):
        last = k == len(claims) - 1
        # a claim covers its spaces like the printed claim card: nearly opaque in the
        # seat's colour (readable on meadow and gold alike), what lay under it in white
        piece = cover_cells(x, y, unit, cols, mask, colour, opacity=0.85)
        if terrain is not None:
            piece += _under(x, y, unit, cols, mask, terrain)
        piece += outline_cells(x, y, unit, cols, mask, colour="#111",
                               width=3.0 if last else 1.4)
        out.append(svg.group([svg.title(tip), *piece],
                             class_="claim last-move" if last else "claim"))
    for b in range(1, width // board_size + (width % board_size > 0)):
        bx = x + b * board_size * unit
        out.append(svg.line(bx, y, bx, y + rows * unit, stroke="#333", stroke_width=2))
    if square:
        by = y + board_size * unit
        out.append(svg.line(x, by, x + width * unit, by, stroke="#333", stroke_width=2))
    out.append(svg.rect(x, y, width * unit, rows * unit, fill="none", stroke="#333",
                        stroke_width=2))
    return out


def _under(x: float, y: float, unit: float, cols: int, mask: int,
           terrain: tuple[Sequence[int], Sequence[int]]) -> list[str]:
    """What a claim covers, drawn light on top of it: gold pieces and ruby outlines."""
    out = []
    cell = 0
    while mask:
        if mask & 1:
            r, c = divmod(cell, cols)
            cx, cy = x + c * unit, y + r * unit
            if terrain[1][cell]:
                half = unit / 2
                out.append(f'<polygon points="{cx + half},{cy + 4} {cx + unit - 4},{cy + half} '
                           f'{cx + half},{cy + unit - 4} {cx + 4},{cy + half}" fill="none" '
                           f'stroke="#ffd6e0" stroke-width="1.5"/>')
            elif terrain[0][cell]:
                out.append(label(cx + unit / 2, cy + unit * 0.72, terrain[0][cell],
                                 size=unit * 0.62, weight="bold", fill="#fff",
                                 anchor="middle"))
        mask >>= 1
        cell += 1
    return out
