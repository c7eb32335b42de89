"""Each game's table drawn as SVG: ``render_board(state, seat)``.

One module a game, named as the game is registered (``skagway.py``,
``klondike1896_council.py``, ...), each with::

    def render(state, seat: int | None, legal: Sequence[int] = ()) -> str

returning one ``<svg>`` element (see ``svg.document``).

- ``seat=None`` draws the whole truth (a replay's "true state").
- ``seat=p`` draws only what seat ``p`` sees: what is hidden from ``p`` (other hands,
  face-down cards, secret bids, the deck's order) is drawn as backs or counts, never as
  values, even though the server passes a ``state.view(p, rng)`` there anyway (a view's
  redrawn values are guesses, and showing them would look like facts).
- ``legal``: actions the seat may take now; a board may mark the elements that take
  them with ``data-action="<id>"`` so a click plays the move. The list beside the
  board always offers every legal move, so marking is a convenience.

A game with no module yet is drawn as its text screen (``fallback``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from . import svg


def fallback(state: Any, seat: int | None, legal: Sequence[int] = ()) -> str:
    """The game's text screen in an SVG, for a game with no board module."""
    screen = str(state) if seat is None else state.observation_string(seat)
    lines = screen.splitlines() or [""]
    height = 16 * len(lines) + 16
    width = 8 * max(len(row) for row in lines) + 16
    rows = [svg.text(8, 18 + 16 * i, row, size=13, font_family="monospace",
                     style="white-space: pre") for i, row in enumerate(lines)]
    return svg.document(width, height, rows, label=f"{state.game.name} table (text)")


def render_board(state: Any, seat: int | None = None, legal: Sequence[int] = ()) -> str:
    """The SVG of ``state`` for ``seat`` (or the whole truth), by the game's module."""
    name = state.game.name
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{name}":
            raise
        return fallback(state, seat, legal)
    return module.render(state, seat, legal)
