"""Agents generic over the game protocol, and ``make_agent`` from a spec string."""

from __future__ import annotations

from skagway_env.core import Game

from .base import Agent
from .human import HumanAgent
from .play import GameResult, play_game
from .random_agent import RandomAgent

AGENT_KINDS = {"random": RandomAgent, "human": HumanAgent}


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    """Build an agent from a spec such as ``"random"``."""
    kind = spec.split(":", 1)[0].strip()
    if kind not in AGENT_KINDS:
        raise ValueError(f"unknown agent {spec!r}; known: {', '.join(sorted(AGENT_KINDS))}")
    return AGENT_KINDS[kind](game, seed)


__all__ = ["AGENT_KINDS", "Agent", "GameResult", "RandomAgent", "make_agent", "play_game"]
