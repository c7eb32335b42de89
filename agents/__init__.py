"""Agents generic over the game protocol, and ``make_agent`` from a spec string."""

from __future__ import annotations

from skagway_env.core import Game

from .base import Agent
from .flat_mc import FlatMonteCarloAgent
from .heuristics import HeuristicAgent
from .human import HumanAgent
from .mcts import MCTSAgent
from .ppo import PPOAgent
from .random_agent import RandomAgent
from .specs import AgentSpecError, check_options, format_spec, parse_spec

AGENT_KINDS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "flatmc": FlatMonteCarloAgent,
    "heuristic": HeuristicAgent,
    "mcts": MCTSAgent,
    "human": HumanAgent,
    "ppo": PPOAgent,
}


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    """Build an agent from a spec such as ``"random"`` or ``"flatmc:playouts=64"``.

    Raises ``AgentSpecError`` (a ``ValueError``) naming the known agents or the
    valid options. The agent's ``spec`` attribute is its canonical spec string.
    """
    kind, options = parse_spec(spec)
    if kind not in AGENT_KINDS:
        raise AgentSpecError(f"unknown agent {spec!r}; known: {', '.join(sorted(AGENT_KINDS))}")
    cls = AGENT_KINDS[kind]
    positional = getattr(cls, "positional", "path")
    if "path" in options and positional != "path":
        options[positional] = options.pop("path")
    check_options(cls, kind, options)
    try:
        agent = cls(game, seed, **options)
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"agent {spec!r}: {exc}") from None
    agent.spec = format_spec(kind, {**options, **agent.params()}, positional)
    return agent


__all__ = [
    "AGENT_KINDS",
    "Agent",
    "AgentSpecError",
    "FlatMonteCarloAgent",
    "HeuristicAgent",
    "MCTSAgent",
    "PPOAgent",
    "RandomAgent",
    "make_agent",
]
