"""``skagway agents``: the agent kinds a spec can name, and checking a spec."""

from __future__ import annotations

import argparse
import inspect

from skagway_agents import AGENT_KINDS, make_agent

from skagway_env.core import make_game

from ..tables import format_table
from .common import CliError, agent_specs


def _summary(factory: object) -> str:
    doc = inspect.cleandoc(vars(factory).get("__doc__") or "") if isinstance(factory, type) \
        else inspect.getdoc(factory) or ""
    return doc.splitlines()[0] if doc else ""


def cmd_agents(args: argparse.Namespace) -> int:
    specs = agent_specs(args)
    if not specs:
        rows = [[kind, _summary(factory)] for kind, factory in sorted(AGENT_KINDS.items())]
        print(format_table(["kind", "what it is"], rows))
        print("\nspecs: kind, kind:key=value,..., module:Class or path/to/file.py:Class "
              "(agents/WRITE_YOUR_OWN_BOT.md); check one with --game GAME --agent SPEC")
        return 0
    if args.game is None:
        raise CliError("checking a spec needs --game (agents are built for one game)")
    game = make_game(args.game, **({} if args.players is None else
                                   {"num_players": args.players}))
    for spec in specs:
        try:
            agent = make_agent(spec, game, seed=0)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        print(f"{spec}  ->  {agent.spec}")
    return 0
