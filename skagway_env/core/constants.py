"""Special values returned by ``State.current_player()`` (OpenSpiel's convention)."""

from __future__ import annotations

CHANCE = -1
"""A chance node: outcomes and probabilities come from ``chance_outcomes()``."""

SIMULTANEOUS = -2
"""Every live player moves at once: use ``apply_actions``."""

TERMINAL = -4
"""The game is over."""

REWARD_MODES = ("rank", "win", "score")
