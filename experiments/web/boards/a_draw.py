"""Drawing helpers shared by the Skagway and Dawson City Barbers boards (``skagway.py``,
``dawson_city_barbers.py``), on top of ``svg.py``: player colours, pieces, labelled
panels, and the ``data-action`` marking of elements that take a legal move.

Kept apart from ``svg.py`` so that the two boards helpers never edit the same file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from . import svg

COLOUR_HEX = {
    "green": "#2e8b3a",
    "blue": "#2f5fb3",
    "yellow": "#e0b000",
    "red": "#c0392b",
    "purple": "#7d3c98",
    "orange": "#e67e22",
    "black": "#222222",
    "white": "#f4f4f4",
}
"""The fill of each named player colour."""

DARK_TEXT_ON = {"yellow", "white", "orange"}
"""Colours light enough that a label on them is drawn dark."""

FONT = "Helvetica, Arial, sans-serif"


def fill_of(colour: str) -> str:
    """The hex fill of a named colour (a name not listed is passed through)."""
    return COLOUR_HEX.get(colour, colour)


def ink_on(colour: str) -> str:
    """A readable label colour on a piece of ``colour``."""
    return "#111" if colour in DARK_TEXT_ON else "#fff"


def legal_marks(action: int | None, legal: Sequence[int] | set[int]) -> dict[str, Any]:
    """``data-action`` and the ``legal`` class when ``action`` is legal now, else nothing:
    the page turns a click on a marked element into that move."""
    if action is None or action not in legal:
        return {}
    return {"class_": "legal", "data_action": action}


def clickable(children: list[str] | str, action: int | None, legal: Sequence[int] | set[int],
              x: float, y: float, w: float, h: float) -> str:
    """``children`` in a group marked with ``action`` when it is legal, with a highlight
    frame around the ``(x, y, w, h)`` box; unmarked otherwise."""
    marks = legal_marks(action, legal)
    if not marks:
        return svg.group(children)
    body = children if isinstance(children, list) else [children]
    frame = svg.rect(x - 3, y - 3, w + 6, h + 6, fill="#fff59d", stroke="#f57f17",
                     rx=5, stroke_width=2, fill_opacity=0.6)
    return svg.group([frame, *body], **marks)


def label(x: float, y: float, content: Any, size: float = 12, bold: bool = False,
          anchor: str = "start", fill: str = "#111") -> str:
    """Text in the boards' font."""
    return svg.text(x, y, content, size=size, anchor=anchor, fill=fill, font_family=FONT,
                    font_weight="bold" if bold else None)


def panel(x: float, y: float, w: float, h: float, heading: str, fill: str = "#faf6ec",
          stroke: str = "#8a7a5a") -> list[str]:
    """A framed area with a heading at its top left."""
    return [svg.rect(x, y, w, h, fill=fill, stroke=stroke, rx=6),
            label(x + 8, y + 16, heading, size=13, bold=True)]


def pawn(cx: float, cy: float, colour: str, text: Any = None, r: float = 11,
         tip: str | None = None, outline: str = "#222", dashed: bool = False,
         **extra: Any) -> str:
    """A round piece of a player colour with an optional short label and tooltip."""
    parts = [svg.title(tip)] if tip else []
    parts.append(svg.circle(cx, cy, r, fill=fill_of(colour), stroke=outline,
                            stroke_width=2 if dashed else 1,
                            stroke_dasharray="3 2" if dashed else None))
    if text is not None:
        parts.append(label(cx, cy + 4, text, size=11, bold=True, anchor="middle",
                           fill=ink_on(colour)))
    return svg.group(parts, **extra)


def cube(x: float, y: float, colour: str, size: float = 14, tip: str | None = None) -> str:
    """A square track marker of a player colour."""
    parts = [svg.title(tip)] if tip else []
    parts.append(svg.rect(x, y, size, size, fill=fill_of(colour), stroke="#222", rx=2))
    return svg.group(parts)


def back(x: float, y: float, w: float, h: float, tip: str | None = None,
         count: int | None = None) -> str:
    """A face-down card or counter (no value drawn), with ``xN`` when several."""
    parts = [svg.title(tip)] if tip else []
    parts.append(svg.card(x, y, w=w, h=h, face_down=True))
    if count is not None and count != 1:
        parts.append(label(x + w / 2, y + h + 12, f"x{count}", size=11, anchor="middle"))
    return svg.group(parts)


def wrap_lines(lines: Iterable[str], width_chars: int) -> list[str]:
    """Lines cut at word boundaries to at most ``width_chars`` characters."""
    out: list[str] = []
    for line in lines:
        words, row = line.split(), ""
        for word in words:
            if row and len(row) + 1 + len(word) > width_chars:
                out.append(row)
                row = word
            else:
                row = f"{row} {word}" if row else word
        out.append(row)
    return out
