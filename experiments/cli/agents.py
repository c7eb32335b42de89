"""``skagway agents``: the agent kinds a spec can name, and checking a spec."""

from __future__ import annotations

import argparse
import inspect

from skagway_agents import AGENT_KINDS, make_agent

from skagway_env.core import list_games, make_game

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
              "(agents/WRITE_YOUR_OWN_BOT.md); check one with --agent SPEC [--game GAME]")
        return 0
    if args.game is None:
        return _check_for_every_game(specs, args.players)
    game = make_game(args.game, **({} if args.players is None else
                                   {"num_players": args.players}))
    for spec in specs:
        try:
            agent = make_agent(spec, game, seed=0)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        print(f"{spec}  ->  {agent.spec}")
    return 0


def _check_for_every_game(specs: list[str], players: int | None) -> int:
    """Without ``--game``: build each spec for every registered game (at ``players``
    where the game allows it, else its default count) and say where it plays. A spec
    no game takes is an error naming each game's reason."""
    for spec in specs:
        built: dict[str, list[str]] = {}
        reasons: dict[str, list[str]] = {}
        for name in list_games():
            info = make_game(name).info
            seats = players if players and info.min_players <= players <= info.max_players \
                else None
            game = make_game(name, **({} if seats is None else {"num_players": seats}))
            try:
                agent = make_agent(spec, game, seed=0)
            except ValueError as exc:
                reasons.setdefault(str(exc), []).append(name)
                continue
            built.setdefault(agent.spec, []).append(name)
        if len(reasons) == 1 and not built:
            raise CliError(next(iter(reasons)))  # the same reason in every game
        if not built:
            raise CliError(f"{spec} builds for no game; " + "; ".join(
                f"{', '.join(names)}: {reason}" for reason, names in reasons.items()))
        for canonical, names in built.items():
            print(f"{spec}  ->  {canonical}  ({', '.join(names)})")
    return 0
