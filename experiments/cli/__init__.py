"""The ``skagway`` command line: list games, play one game, run seeded self-play, run
tournaments into a results database, and read leaderboards and games back from it.

Everything goes through the registry and the agent factory, so a new game or agent
shows up here without edits. Mistakes by the user (unknown game, agent or parameter,
a bad player count) print one ``skagway: error: ...`` line and exit with status 2.

Seeding: game ``seed`` drives chance and the agents' views (``agents.play_game``), and
seat ``k``'s agent gets a seed derived from ``(seed, k)``. Self-play game ``i`` therefore
replays exactly as ``skagway play --seed S+i`` with the agents in that game's seat order.

A tournament game that raises is stored as failed and the tournament goes on;
``skagway tournament`` then exits 1 (``skagway failures`` lists them), so 2 keeps
meaning a usage or database error.

Tournaments check their whole configuration (game, parameters, agents, the database
they would write to) before the first write, so a mistaken command never changes a
results database that already exists.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections.abc import Sequence

from skagway_agents import AgentSpecError
from skagway_agents.specs import parse_value
from skagway_experiments.tournament import StoreError, TournamentConfigError

import skagway_env  # noqa: F401  (importing the package registers the bundled games)
from skagway_env.core import GameParameterError, UnknownGameError

from .agents import cmd_agents
from .common import (
    PROG,
    CliError,
    _Parser,
    _positive,
    _seed,
    add_agent_flags,
    final_state,
    make_agents,
)
from .play import cmd_games, cmd_play, cmd_selfplay
from .report import add_report_command
from .serve import add_serve_command
from .tournament import (
    EXIT_STATUS_HELP,
    cmd_failures,
    cmd_leaderboard,
    cmd_replay,
    cmd_tournament,
    tournament_config,
)
from .train import add_train_parser


# ---------------------------------------------------------------- entry point
def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Gold-rush board games: list, play, self-play, "
                     "tournaments.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    games = sub.add_parser("games", help="list the registered games")
    games.set_defaults(run=cmd_games)

    play = sub.add_parser("play", help="play one game, printed as it goes")
    play.add_argument("game")
    play.add_argument("--players", type=int, help="seats (default: one per agent, "
                      "or the game's default)")
    add_agent_flags(play, "one a seat, in seat order (one spec: every seat; default random)")
    play.add_argument("--seed", type=_seed, default=0)
    play.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                      help="a game parameter (repeatable)")
    play.set_defaults(run=cmd_play)

    selfplay = sub.add_parser("selfplay", help="play many seeded games, rotating seats")
    selfplay.add_argument("--game", required=True)
    selfplay.add_argument("--players", type=int)
    selfplay.add_argument("--games", type=_positive, default=100)
    selfplay.add_argument("--seed", type=_seed, default=0)
    add_agent_flags(selfplay, "one a seat (one spec: every seat; default random); seats "
                    "rotate from game to game")
    selfplay.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    selfplay.set_defaults(run=cmd_selfplay)

    tournament = sub.add_parser(
        "tournament", help="every line-up in every seat order, stored in a results database",
        description="Run a tournament from --config FILE.yaml, from --game/--agent, or "
        "(with neither) the built-in default, store every game, print the leaderboard. "
        "A game that raises is stored as failed and the others go on.",
        epilog=EXIT_STATUS_HELP,
    )
    tournament.add_argument("--config", metavar="FILE.yaml", help="a tournament YAML file")
    tournament.add_argument("--game", help="the game (instead of --config)")
    tournament.add_argument("--players", type=int, help="seats a game (default: one per agent)")
    add_agent_flags(tournament, "one an entrant (with --game); the same spec twice is two "
                    "entrants")
    tournament.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                            help="a game parameter (repeatable)")
    tournament.add_argument("--repeats", type=_positive,
                            help="plays of every seat order of every line-up (default 1)")
    tournament.add_argument("--seed", type=_seed, help="the tournament seed (default 0)")
    tournament.add_argument("--name", help="the tournament's name in the database")
    tournament.add_argument("--db", metavar="FILE", help="results database "
                            "(default: runs/<name>.db)")
    tournament.add_argument("--workers", type=_positive, default=1,
                            help="games played at once (processes, or Ray CPUs)")
    tournament.add_argument("--backend", choices=("local", "ray"), default="local")
    tournament.add_argument("--ray-address", metavar="ADDR",
                            help="an existing Ray cluster (default: start one here)")
    tournament.add_argument("--resume", action="store_true",
                            help="continue the tournament of this name in --db (games "
                            "stored as failed are skipped)")
    tournament.add_argument("--retry-failed", action="store_true",
                            help="with --resume: play the games stored as failed again")
    tournament.add_argument("--no-progress", action="store_true", help="no progress bar")
    tournament.set_defaults(run=cmd_tournament)

    agents = sub.add_parser("agents", help="list the agent kinds, or check specs",
                            description="List the agent kinds; with --game and --agent, "
                            "build each spec and print its canonical form.")
    agents.add_argument("--game", help="the game to build the agents for")
    agents.add_argument("--players", type=int)
    add_agent_flags(agents, "a spec to check")
    agents.set_defaults(run=cmd_agents)

    leaderboard = sub.add_parser("leaderboard", help="the leaderboard of a stored tournament")
    leaderboard.add_argument("--db", required=True, metavar="FILE")
    leaderboard.add_argument("--tournament", metavar="NAME",
                             help="which tournament (default: the most recent in the file)")
    leaderboard.set_defaults(run=cmd_leaderboard)

    failures = sub.add_parser(
        "failures", help="the failed games of a stored tournament",
        description="Each game that raised: its seed, seats, error, and the skagway play "
        "command that plays it again.")
    failures.add_argument("--db", required=True, metavar="FILE")
    failures.add_argument("--tournament", metavar="NAME",
                          help="which tournament (default: the most recent in the file)")
    failures.add_argument("--traceback", action="store_true",
                          help="show each error's traceback")
    failures.set_defaults(run=cmd_failures)

    replay = sub.add_parser("replay", help="print a stored game, action by action")
    replay.add_argument("--db", required=True, metavar="FILE")
    replay.add_argument("--game", required=True, type=int, metavar="ID",
                        help="the game's id (the leaderboard lists the range)")
    replay.add_argument("--board", action="store_true",
                        help="show the whole table before every decision")
    replay.set_defaults(run=cmd_replay)

    add_train_parser(sub)
    add_report_command(sub)
    add_serve_command(sub)
    return parser


def one_line(exc: BaseException) -> str:
    """An error's message on one line (YAML parser messages span several)."""
    return " ".join(str(exc).split())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (CliError, UnknownGameError, GameParameterError, AgentSpecError,
            TournamentConfigError, StoreError) as exc:
        print(f"{PROG}: error: {one_line(exc)}", file=sys.stderr)
        return 2
    except OSError as exc:  # a path that cannot be created, read or written
        if isinstance(exc, BrokenPipeError):  # e.g. `skagway play ... | head`: stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
        where = exc.filename or getattr(args, "db", None)
        print(f"{PROG}: error: {where + ': ' if where else ''}{exc.strerror or exc}",
              file=sys.stderr)
        return 2
    except sqlite3.Error as exc:  # a locked, damaged or unwritable database
        where = getattr(args, "db", None)
        print(f"{PROG}: error: {where + ': ' if where else ''}{one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


__all__ = ["build_parser", "final_state", "main", "make_agents", "parse_value",
           "tournament_config"]
