"""Agents generic over the game protocol, and ``make_agent`` from a spec string.

Import name ``skagway_agents`` (the repository's ``agents/`` folder). It sits above
``skagway_env`` and below ``skagway_experiments`` (tournaments, the command line).
Add your own agents with ``register_agent`` or name them by ``module:Class``
(``agents/WRITE_YOUR_OWN_BOT.md``).
"""

from __future__ import annotations

from .base import Agent
from .flat_mc import FlatMonteCarloAgent
from .heuristics import HeuristicAgent, register_heuristics
from .human import HumanAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent
from .registry import AGENT_KINDS, make_agent, register_agent, unregister_agent
from .specs import AgentSpecError

for _kind, _factory in (("random", RandomAgent), ("flatmc", FlatMonteCarloAgent),
                        ("heuristic", HeuristicAgent), ("mcts", MCTSAgent),
                        ("human", HumanAgent)):
    register_agent(_kind, _factory)

__all__ = [
    "AGENT_KINDS",
    "Agent",
    "AgentSpecError",
    "FlatMonteCarloAgent",
    "HeuristicAgent",
    "HumanAgent",
    "MCTSAgent",
    "RandomAgent",
    "make_agent",
    "register_agent",
    "register_heuristics",
    "unregister_agent",
]
