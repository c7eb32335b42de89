"""Small SVG building blocks shared by the game boards (text in, text out, no dependencies).

Every function returns an SVG fragment as a string; values are escaped here, so a board
module never formats user-visible text into markup by hand.
"""

from __future__ import annotations

from html import escape
from typing import Any


def attrs(**values: Any) -> str:
    """``key="value"`` pairs; ``class_`` becomes ``class``, ``data_x`` becomes ``data-x``,
    and ``None`` values are left out."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f'{name}="{escape(str(value), quote=True)}"')
    return " ".join(parts)


def rect(x: float, y: float, w: float, h: float, fill: str = "none", stroke: str = "#333",
         rx: float = 0, **extra: Any) -> str:
    return f"<rect {attrs(x=x, y=y, width=w, height=h, fill=fill, stroke=stroke, rx=rx, **extra)}/>"


def circle(cx: float, cy: float, r: float, fill: str = "none", stroke: str = "#333",
           **extra: Any) -> str:
    return f"<circle {attrs(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, **extra)}/>"


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = "#333",
         **extra: Any) -> str:
    return f"<line {attrs(x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, **extra)}/>"


def text(x: float, y: float, content: Any, size: float = 12, fill: str = "#111",
         anchor: str = "start", **extra: Any) -> str:
    return (f"<text {attrs(x=x, y=y, font_size=size, fill=fill, text_anchor=anchor, **extra)}>"
            f"{escape(str(content))}</text>")


def title(content: Any) -> str:
    """A tooltip for the enclosing element (put it first inside a ``group``)."""
    return f"<title>{escape(str(content))}</title>"


def group(children: list[str] | str, **extra: Any) -> str:
    body = children if isinstance(children, str) else "".join(children)
    head = f"<g {attrs(**extra)}>" if extra else "<g>"
    return f"{head}{body}</g>"


def card(x: float, y: float, label: Any = None, w: float = 44, h: float = 62,
         fill: str = "#fffbe8", face_down: bool = False, **extra: Any) -> str:
    """A card: face up with ``label``, or face down (a hatched back, no label at all).
    A ``class_`` given is added to the card's own classes."""
    extra_class = extra.pop("class_", "")
    if face_down:
        return group([rect(x, y, w, h, fill="#7a4b2a", stroke="#3b2412", rx=4),
                      rect(x + 4, y + 4, w - 8, h - 8, fill="none", stroke="#d9b98c", rx=3)],
                     class_=f"card back {extra_class}".strip(), **extra)
    parts = [rect(x, y, w, h, fill=fill, stroke="#555", rx=4)]
    if label is not None:
        parts.append(text(x + w / 2, y + h / 2 + 4, label, size=10, anchor="middle"))
    return group(parts, class_=f"card {extra_class}".strip(), **extra)


def document(width: float, height: float, children: list[str], label: str) -> str:
    """The whole ``<svg>`` element, sized to its content, with an accessible label."""
    body = "".join(children)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" {attrs(viewBox=f"0 0 {width} {height}")} '
            f'{attrs(width=width, height=height, role="img", aria_label=label)}>{body}</svg>')
