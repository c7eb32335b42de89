"""Checks shared by the Klondike board tests (``test_boards_klondike*.py``): positions
from games played the way players play them (``tests/walks.py``), rendered for the
truth and every seat, parsed, and compared with the render of each seat's views.

A view keeps what its seat saw and redraws the rest, so a seat's board drawn from the
truth equals the one drawn from any of its views exactly when nothing hidden from the
seat is drawn (brief: boards, "Test this as").
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

import numpy as np

from skagway_env.core import State

from ..conftest import CONFIGS, GameConfig
from ..walks import walks

SVG = "{http://www.w3.org/2000/svg}"
PLAN = (("sensible", 1), ("mixed", 1))
"""Two walked games a configuration: a "sensible random" one and a heuristic one."""
POSITIONS = 5
"""Positions a walk: evenly spread, the walk's last one (a game's end) included."""


def configs(name: str) -> list[GameConfig]:
    return [c for c in CONFIGS if c.name == name]


def positions(config: GameConfig, count: int = POSITIONS) -> list[State]:
    """States spread evenly over the configuration's walks (chance nodes too: a page
    shows them), the walk's last state included."""
    game = config.make()
    found = []
    for walk in walks(config, PLAN):
        steps = np.linspace(0, len(walk.history), count).astype(int).tolist()
        found += walk.positions(game, sorted(set(steps)))
    return found


def legal_for(state: State, seat: int | None) -> list[int]:
    return [] if seat is None else state.legal_actions(seat)


def parse(doc: str) -> ET.Element:
    """The SVG, well-formed, one ``<svg>`` element with a size."""
    root = ET.fromstring(doc)
    assert root.tag == f"{SVG}svg", root.tag
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    return root


def texts(root: ET.Element) -> str:
    """Every text and tooltip of the SVG, one a line."""
    return "\n".join((el.text or "") for el in root.iter()
                     if el.tag in (f"{SVG}text", f"{SVG}title"))


def marked_actions(doc: str) -> set[int]:
    return {int(a) for a in re.findall(r'data-action="(\d+)"', doc)}


def check_renders(config: GameConfig, render: Callable, facts: Callable) -> int:
    """Every sampled position, for the truth and each seat: well-formed, the facts
    ``facts(state, seat)`` in its texts, marked actions legal. Returns positions seen."""
    seen = 0
    for state in positions(config):
        for seat in [None, *range(state.num_players)]:
            legal = legal_for(state, seat)
            doc = render(state, seat, legal)
            words = texts(parse(doc))
            for fact in facts(state, seat):
                assert fact in words, f"{config} seat {seat}: {fact!r} not drawn\n{state}"
            assert marked_actions(doc) <= set(legal), f"{config} seat {seat}"
        seen += 1
    return seen


def check_views(config: GameConfig, render: Callable, rngs: int = 3) -> tuple[int, int]:
    """``render(truth, p) == render(truth.view(p, rng), p)`` for every seat and a few
    rngs; returns (seat positions checked, those where some view's whole truth is drawn
    otherwise than the truth's: the redraw changed something drawn for ``seat=None``,
    yet nothing of it reached the seat's board, so the check was not empty)."""
    checked = redrawn = 0
    for i, state in enumerate(positions(config)):
        truth = render(state, None)
        for seat in range(state.num_players):
            legal = legal_for(state, seat)
            mine = render(state, seat, legal)
            differs = False
            for k in range(rngs):
                view = state.view(seat, np.random.default_rng([i, seat, k]))
                assert render(view, seat, legal) == mine, (
                    f"{config}: seat {seat}'s board drawn from view {k} differs from the "
                    f"truth's at move {len(state.history)}\n{state}")
                differs = differs or render(view, None) != truth
            checked += 1
            redrawn += differs
    return checked, redrawn
