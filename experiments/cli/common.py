"""Shared pieces of the ``skagway`` command line: errors, parsing, agents, tables."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NoReturn

from skagway_agents import Agent
from skagway_agents.specs import parse_value, split_spec_list

import skagway_env  # noqa: F401  (importing the package registers the bundled games)
from skagway_env.core import Game, State, make_game
from skagway_env.core.playout import replay

from ..play import seat_agents

PROG = "skagway"


class CliError(Exception):
    """A mistake in the command line, reported as one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as one line, like the rest of the command line."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{PROG}: error: {message}\n")


# ---------------------------------------------------------------- shared helpers
def parse_params(pairs: Sequence[str]) -> dict[str, Any]:
    """``["key=value", ...]`` -> a dict of parsed values."""
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--param expects key=value, got {pair!r}")
        params[key.strip()] = parse_value(value)
    return params


def build_game(name: str, players: int | None, params: dict[str, Any]) -> Game:
    """Build a game; ``players=None`` keeps the game's default seat count."""
    if "num_players" in params:
        raise CliError("set the number of players with --players, not --param num_players")
    if players is not None:
        params = {**params, "num_players": players}
    return make_game(name, **params)


def add_agent_flags(parser: argparse.ArgumentParser, meaning: str) -> None:
    """``--agent SPEC`` (repeatable) and its comma-separated twin ``--agents``."""
    parser.add_argument("--agent", action="append", dest="agent_list", metavar="SPEC",
                        help=f"an agent spec, repeatable: {meaning}; e.g. --agent random "
                        "--agent heuristic:landlord,assay=4 --agent mcts:iterations=20")
    parser.add_argument("--agents", metavar="SPEC,SPEC,...",
                        help="the same as a comma-separated list (a key=value piece "
                        "belongs to the spec before it)")


def agent_specs(args: argparse.Namespace) -> list[str] | None:
    """The specs given with ``--agent`` or ``--agents`` (``None`` when neither)."""
    if args.agent_list and args.agents:
        raise CliError("use either --agent (repeatable) or --agents, not both")
    if args.agent_list:
        return [spec.strip() for spec in args.agent_list]
    if args.agents:
        return split_spec_list(args.agents)
    return None


def seat_count(args: argparse.Namespace) -> int | None:
    """``--players``, else one seat per listed agent, else ``None`` (the game's default)."""
    if args.players is not None:
        return args.players
    specs = agent_specs(args) or []
    return len(specs) if len(specs) > 1 else None


def split_specs(args: argparse.Namespace, num_players: int) -> list[str]:
    """One agent spec per seat (default random); a single spec fills every seat."""
    specs = agent_specs(args) or ["random"]
    if len(specs) == 1:
        specs *= num_players
    if len(specs) != num_players:
        raise CliError(f"{len(specs)} agents given for {num_players} players")
    return specs


def make_agents(specs: Sequence[str], game: Game, game_seed: int) -> list[Agent]:
    """The seat's agents as every runner seeds them (``skagway_experiments.play``)."""
    try:
        return seat_agents(specs, game, game_seed)
    except ValueError as exc:  # make_agent's unknown-spec or bad-option error
        raise CliError(str(exc)) from None


def final_state(game: Game, actions: Sequence[int | list[int]]) -> State:
    """Replay a game from its action list (chance is in the list, so this is exact)."""
    return replay(game, actions)


def _whole(text: str, low: int) -> int:
    """A whole number ``>= low``; the message names what is allowed (argparse's own
    said ``invalid _seed value``, the name of a private function)."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < low:
        raise argparse.ArgumentTypeError(f"expected a whole number >= {low}, got {text!r}")
    return value


def _seed(text: str) -> int:
    return _whole(text, 0)


def _positive(text: str) -> int:
    return _whole(text, 1)
