"""The ``skagway`` command line: list games, play one game, run seeded self-play.

Everything goes through the registry and the agent factory, so a new game or agent
shows up here without edits. Mistakes by the user (unknown game, agent or parameter,
a bad player count) print one ``skagway: error: ...`` line and exit with status 2.

Seeding: game ``seed`` drives chance and the agents' views (``agents.play_game``), and
seat ``k``'s agent gets a seed derived from ``(seed, k)``. Self-play game ``i`` therefore
replays exactly as ``skagway play --seed S+i`` with the agents in that game's seat order.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import numpy as np
from tqdm import tqdm

import skagway_env  # noqa: F401  (importing the package registers the bundled games)
from agents import Agent, GameResult, make_agent, play_game
from agents.human import HumanAgent
from skagway_env.core import (
    CHANCE,
    Game,
    GameParameterError,
    State,
    UnknownGameError,
    game_class,
    list_games,
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
def parse_value(text: str) -> Any:
    """``"3"`` -> 3, ``"0.5"`` -> 0.5, ``"true"`` -> True, ``"none"`` -> None, else text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


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


# ---------------------------------------------------------------- skagway games
def cmd_games(args: argparse.Namespace) -> int:
    rows = []
    for name in list_games():
        info = game_class(name).info
        game = make_game(name)
        rows.append([
            name,
            info.long_name,
            f"{info.min_players}-{info.max_players}",
            ",".join(info.variants) or "-",
            game.num_distinct_actions(),
            game.observation_size(),
            "yes" if info.simultaneous_moves else "no",
        ])
    header = ["game", "long name", "players", "variants", "actions", "obs size", "simultaneous"]
    print(format_table(header, rows))
    return 0


# ---------------------------------------------------------------- skagway play
class Narrator:
    """``on_step`` callback that prints each action and new lines of the game's log.

    The log is optional: games that keep a ``log`` list of text lines (scoring, flips)
    get it printed as it grows. Chance outcomes are left out when ``hide_chance``, so
    a person at the table does not see cards dealt to others.
    """

    def __init__(self, hide_chance: bool, out: Callable[[str], Any] = print) -> None:
        self.hide_chance = hide_chance
        self.out = out
        self.shown_log: list[str] = []

    def show_log(self, state: State) -> None:
        log = getattr(state, "log", None)
        if not isinstance(log, list):
            return
        start = len(self.shown_log) if log[: len(self.shown_log)] == self.shown_log else 0
        for line in log[start:]:
            self.out(f"  {line}")
        self.shown_log = list(log)

    def __call__(self, state: State, action: int | list[int]) -> None:
        self.show_log(state)
        if isinstance(action, list):
            for seat, a in enumerate(action):
                self.out(f"P{seat}: {state.action_to_string(a, seat)}")
        elif state.is_chance_node():
            if not self.hide_chance:
                self.out(f"chance: {state.action_to_string(action, CHANCE)}")
        else:
            seat = state.current_player()
            self.out(f"P{seat}: {state.action_to_string(action, seat)}")


def cmd_play(args: argparse.Namespace) -> int:
    game = build_game(args.game, seat_count(args), parse_params(args.param))
    agents = make_agents(split_specs(args.agents, game.num_players), game, args.seed)
    seating = ", ".join(f"P{seat} {agent.name}" for seat, agent in enumerate(agents))
    print(f"{game.name}, {game.num_players} players, seed {args.seed}: {seating}")
    has_human = any(isinstance(agent, HumanAgent) for agent in agents)
    narrator = Narrator(hide_chance=has_human and game.info.hidden_information)
    result = play_game(game, agents, args.seed, on_step=narrator)
    end = final_state(game, result.actions)
    narrator.show_log(end)
    rows = [
        [f"P{seat}", agent.name, f"{result.scores[seat]:g}", f"{result.ranks[seat]:g}",
         f"{result.returns[seat]:+.3f}"]
        for seat, agent in enumerate(agents)
    ]
    print(f"final after {result.length} actions:")
    print(format_table(["seat", "agent", "score", "rank", "return"], rows))
    return 0


# ---------------------------------------------------------------- skagway selfplay
def cmd_selfplay(args: argparse.Namespace) -> int:
    game = build_game(args.game, seat_count(args), parse_params(args.param))
    n = game.num_players
    specs = split_specs(args.agents, n)
    labels = [f"{spec}#{j}" for j, spec in enumerate(specs)]
    make_agents(specs, game, args.seed)  # fail on a bad spec before the progress bar
    wins, scores, ranks = (np.zeros(n) for _ in range(3))
    total_length = 0
    started = time.perf_counter()
    for i in tqdm(range(args.games), desc="selfplay", unit="game", file=sys.stderr,
                  disable=None):
        # Game i seats agent j at seat (j + i) % n, so every agent sits every seat.
        order = [(seat - i) % n for seat in range(n)]
        seed = args.seed + i
        result: GameResult = play_game(game, make_agents([specs[j] for j in order], game, seed),
                                       seed)
        wins[order] += result.win_shares
        scores[order] += result.scores
        ranks[order] += result.ranks
        total_length += result.length
    elapsed = time.perf_counter() - started
    m = args.games
    rows = [
        [labels[j], m, f"{round(wins[j], 2):g}", f"{wins[j] / m:.3f}", f"{scores[j] / m:.2f}",
         f"{ranks[j] / m:.2f}"]
        for j in range(n)
    ]
    print(f"selfplay {game.name}, {n} players, {m} games, seeds {args.seed}..{args.seed + m - 1}")
    print(format_table(["agent", "games", "wins", "win rate", "mean score", "mean rank"], rows))
    print(f"mean game length {total_length / m:.1f} actions; "
          f"{m / elapsed:.1f} games/s ({elapsed:.2f} s)")
    return 0


# ---------------------------------------------------------------- entry point
def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Gold-rush board games: list, play, self-play.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    games = sub.add_parser("games", help="list the registered games")
    games.set_defaults(run=cmd_games)

    play = sub.add_parser("play", help="play one game, printed as it goes")
    play.add_argument("game")
    play.add_argument("--players", type=int, help="seats (default: one per agent, "
                      "or the game's default)")
    play.add_argument("--agents", default="random",
                      help="comma-separated agent specs, one a seat (one spec: every seat)")
    play.add_argument("--seed", type=_seed, default=0)
    play.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                      help="a game parameter (repeatable)")
    play.set_defaults(run=cmd_play)

    selfplay = sub.add_parser("selfplay", help="play many seeded games, rotating seats")
    selfplay.add_argument("--game", required=True)
    selfplay.add_argument("--players", type=int)
    selfplay.add_argument("--games", type=_positive, default=100)
    selfplay.add_argument("--seed", type=_seed, default=0)
    selfplay.add_argument("--agents", default="random")
    selfplay.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    selfplay.set_defaults(run=cmd_selfplay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (CliError, UnknownGameError, GameParameterError) as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `skagway play ... | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
