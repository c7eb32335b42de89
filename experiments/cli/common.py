"""Shared pieces of the ``skagway`` command line: errors, parsing, agents, tables."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NoReturn

import numpy as np
from skagway_agents import Agent, make_agent
from skagway_agents.specs import parse_value

import skagway_env  # noqa: F401  (importing the package registers the bundled games)
from skagway_env.core import (
    Game,
    State,
    make_game,
)

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


def seat_count(args: argparse.Namespace) -> int | None:
    """``--players``, else one seat per listed agent, else ``None`` (the game's default)."""
    if args.players is not None:
        return args.players
    count = len(args.agents.split(","))
    return count if count > 1 else None


def split_specs(text: str, num_players: int) -> list[str]:
    """One agent spec per seat; a single spec fills every seat."""
    specs = [s.strip() for s in text.split(",")]
    if len(specs) == 1:
        specs *= num_players
    if len(specs) != num_players:
        raise CliError(f"--agents lists {len(specs)} agents for {num_players} players")
    return specs


def agent_seed(game_seed: int, seat: int) -> int:
    """An independent seed for the agent in ``seat`` of the game seeded ``game_seed``."""
    return int(np.random.SeedSequence([game_seed, seat]).generate_state(1)[0])


def make_agents(specs: Sequence[str], game: Game, game_seed: int) -> list[Agent]:
    agents = []
    for seat, spec in enumerate(specs):
        try:
            agents.append(make_agent(spec, game, agent_seed(game_seed, seat)))
        except ValueError as exc:  # make_agent's unknown-spec error
            raise CliError(str(exc)) from None
    return agents


def final_state(game: Game, actions: Sequence[int | list[int]]) -> State:
    """Replay a game from its action list (chance is in the list, so this is exact)."""
    state = game.new_initial_state()
    for action in actions:
        if isinstance(action, list):
            state.apply_actions(action)
        else:
            state.apply_action(action)
    return state


def format_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Left-aligned text columns separated by two spaces."""
    cells = [list(header)] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    return "\n".join(line.rstrip() for line in lines)


def _seed(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"seed must be >= 0, got {value}")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {value}")
    return value
