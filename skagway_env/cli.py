"""The ``skagway`` command line: list games, play one game, run seeded self-play, run
tournaments into a results database, and read leaderboards and games back from it.

Everything goes through the registry and the agent factory, so a new game or agent
shows up here without edits. Mistakes by the user (unknown game, agent or parameter,
a bad player count) print one ``skagway: error: ...`` line and exit with status 2.

Seeding: game ``seed`` drives chance and the agents' views (``agents.play_game``), and
seat ``k``'s agent gets a seed derived from ``(seed, k)``. Self-play game ``i`` therefore
replays exactly as ``skagway play --seed S+i`` with the agents in that game's seat order.

Tournaments check their whole configuration (game, parameters, agents, the database
they would write to) before the first write, so a mistaken command never changes a
results database that already exists.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
from tqdm import tqdm

import skagway_env  # noqa: F401  (importing the package registers the bundled games)
from agents import Agent, AgentSpecError, GameResult, make_agent, play_game
from agents.human import HumanAgent
from agents.tournament import (
    DEFAULT_CONFIG,
    Store,
    StoreError,
    TournamentConfig,
    TournamentConfigError,
    config_from_dict,
    config_from_flags,
    load_config,
    run_tournament,
)
from agents.tournament.config import check_config
from agents.tournament.store import TournamentInfo
from skagway_env.core import (
    CHANCE,
    Game,
    GameParameterError,
    IllegalActionError,
    State,
    UnknownGameError,
    game_class,
    list_games,
    make_game,
)
from skagway_env.core.returns import placings

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

    def __init__(self, hide_chance: bool, out: Callable[[str], Any] = print,
                 seat_names: Sequence[str] | None = None) -> None:
        self.hide_chance = hide_chance
        self.out = out
        self.seat_names = seat_names
        self.shown_log: list[str] = []

    def seat(self, seat: int) -> str:
        """``P2``, or ``P2 (flatmc-8)`` when the seats' occupants are named."""
        return f"P{seat}" if self.seat_names is None else f"P{seat} ({self.seat_names[seat]})"

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
                self.out(f"{self.seat(seat)}: {state.action_to_string(a, seat)}")
        elif state.is_chance_node():
            if not self.hide_chance:
                self.out(f"chance: {state.action_to_string(action, CHANCE)}")
        else:
            seat = state.current_player()
            self.out(f"{self.seat(seat)}: {state.action_to_string(action, seat)}")


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


# ---------------------------------------------------------------- skagway tournament
GAME_FLAGS = ("game", "players", "agents", "param")


def tournament_config(args: argparse.Namespace) -> TournamentConfig:
    """The config from ``--config``, from ``--game``/``--agents``, or the default one;
    ``--seed``, ``--repeats`` and ``--name`` override whichever it is."""
    given = [f"--{flag}" for flag in GAME_FLAGS if getattr(args, flag) not in (None, [])]
    if args.config is not None and given:
        raise CliError(f"--config cannot be combined with {', '.join(given)}; "
                       "set them in the config file")
    if args.game is not None:
        if args.agents is None:
            raise CliError("--game needs --agents, e.g. --agents random,flatmc:playouts=8")
        specs = [spec.strip() for spec in args.agents.split(",") if spec.strip()]
        params = parse_params(args.param)
        if "num_players" in params:
            raise CliError("set the number of players with --players, not --param num_players")
        players = args.players
        if players is None:  # one seat per agent, or the game's default with a single agent
            players = len(specs) if len(specs) > 1 else make_game(args.game).num_players
        return config_from_flags(
            args.game, players, specs, repeats=1 if args.repeats is None else args.repeats,
            seed=0 if args.seed is None else args.seed, name=args.name, params=params,
        )
    if given:
        raise CliError(f"{', '.join(given)} need{'s' * (len(given) == 1)} --game "
                       "(or put them in a --config file)")
    if args.config is None:
        source, config = "default config", config_from_dict(DEFAULT_CONFIG, "default config")
    else:
        source, config = args.config, read_config(args.config)
    overrides = {key: getattr(args, key) for key in ("seed", "repeats", "name")
                 if getattr(args, key) is not None}
    if overrides:
        config = config_from_dict({**config.to_dict(), **overrides}, source)
    return config


def read_config(path: str) -> TournamentConfig:
    """``load_config`` with every way a file can be wrong reported as one line."""
    if Path(path).exists() and not Path(path).is_file():
        raise CliError(f"{path} is not a file")
    try:
        return load_config(path)
    except TournamentConfigError:
        raise
    except (OSError, TypeError, ValueError) as exc:  # unreadable, or settings of wrong types
        raise CliError(f"{path}: not a tournament config ({exc})") from None


def default_db(name: str) -> Path:
    """``runs/<name>.db``, with anything but letters, digits, ``.``, ``_``, ``-`` as ``_``."""
    return Path("runs") / f"{re.sub(r'[^A-Za-z0-9._-]', '_', name)}.db"


def open_store(path: str | Path) -> Store:
    """An existing results database, opened for reading (one-line errors otherwise)."""
    path = Path(path)
    if not path.exists():
        raise CliError(f"no database at {path}")
    if not path.is_file():
        raise CliError(f"{path} is not a file")
    if path.stat().st_size == 0:
        raise CliError(f"{path} is empty, not a tournament database")
    return Store(path, create=False)


def tournament_title(info: TournamentInfo) -> str:
    config = info.config
    title = f"{info.name}: {config.game}, {config.players} players"
    if config.params:
        title += ", " + ", ".join(f"{k}={v}" for k, v in sorted(config.params.items()))
    if info.played < info.total_games:
        title += f" ({info.played} of {info.total_games} games played)"
    return title


def show_leaderboard(store: Store, info: TournamentInfo) -> None:
    """The leaderboard of one stored tournament, then where it is stored."""
    from agents.tournament.stats import format_leaderboard  # openskill, only when needed

    records = store.records(info.id)
    print(format_leaderboard(records, title=tournament_title(info)))
    print(f"database: {store.path} (tournament {info.name}, {len(records)} games)")


def cmd_tournament(args: argparse.Namespace) -> int:
    if args.ray_address is not None and args.backend != "ray":
        raise CliError("--ray-address needs --backend ray")
    if args.backend == "ray" and importlib.util.find_spec("ray") is None:
        raise CliError("the ray backend needs Ray: pip install 'skagway_env[ray]'")
    config = tournament_config(args)
    check_config(config)  # a bad game, parameter or agent fails here, before any file exists
    db = Path(args.db) if args.db is not None else default_db(config.name)
    args.db = str(db)  # for main's report of a database error
    if db.exists() and not db.is_file():
        raise CliError(f"{db} is not a file")
    if args.resume and not db.exists():
        raise CliError(f"no database at {db}: nothing to resume")
    db.parent.mkdir(parents=True, exist_ok=True)
    try:
        run = run_tournament(
            config, db, workers=args.workers, backend=args.backend,
            ray_address=args.ray_address, resume=args.resume,
            progress=False if args.no_progress else None,
        )
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; the games finished so far are stored in {db}; "
              "run the same command with --resume to play the rest", file=sys.stderr)
        return 130
    store = open_store(db)
    try:
        show_leaderboard(store, store.find(run.name))
    finally:
        store.close()
    stored = f"{run.already_done} were already stored" if run.already_done else ""
    if run.played:
        rate = run.played / run.seconds if run.seconds > 0 else float("inf")
        print(f"played {run.played} games in {run.seconds:.2f} s ({rate:.1f} games/s, "
              f"{args.workers} {args.backend} worker{'s' * (args.workers > 1)})"
              + (f"; {stored}" if stored else ""))
    else:
        print(f"played 0 games: all {run.total} were already stored")
    return 0


# ---------------------------------------------------------------- skagway leaderboard
def cmd_leaderboard(args: argparse.Namespace) -> int:
    store = open_store(args.db)
    try:
        known = store.tournaments()
        info = store.find(args.tournament)
        listed = ", ".join(f"{i.name} ({i.played}/{i.total_games} games)" for i in known)
        print(f"tournaments in {store.path}: {listed}")
        print()
        show_leaderboard(store, info)
    finally:
        store.close()
    return 0


# ---------------------------------------------------------------- skagway replay
def cmd_replay(args: argparse.Namespace) -> int:
    store = open_store(args.db)
    try:
        try:
            info, record = store.game(args.game)
        except StoreError as exc:
            low, high = store.db.execute("SELECT MIN(id), MAX(id) FROM games").fetchone()
            ids = f"game ids run from {low} to {high}" if low is not None else "it holds no games"
            raise CliError(f"{exc} ({ids})") from None
        specs = {e["name"]: e["spec"] for e in store.entrants(info.id)}
    finally:
        store.close()
    config = info.config
    game = make_game(config.game, num_players=config.players, **config.params)
    print(f"{tournament_title(info)}; game index {record.game_index} (id {args.game}), "
          f"seed {record.seed}")
    print("seats: " + ", ".join(
        f"P{seat} {name}" + (f" [{specs[name]}]" if specs.get(name, name) != name else "")
        for seat, name in enumerate(record.seats)
    ))
    narrator = Narrator(hide_chance=False, seat_names=record.seats)
    state = game.new_initial_state()
    for step, action in enumerate(record.actions):
        narrator(state, action)
        try:
            if isinstance(action, list):
                state.apply_actions(action)
            else:
                state.apply_action(action)
        except IllegalActionError as exc:
            raise CliError(f"game {args.game} no longer replays: action {step} is illegal "
                           f"({exc}); {config.game}'s rules or data changed since") from None
    narrator.show_log(state)
    rows = [
        [f"P{seat}", name, f"{record.scores[seat]:g}", f"{record.ranks[seat]:g}",
         f"{record.returns[seat]:+.3f}"]
        for seat, name in enumerate(record.seats)
    ]
    print(f"final after {record.length} actions:")
    print(format_table(["seat", "entrant", "score", "rank", "return"], rows))
    replayed = state.is_terminal() and (
        [float(x) for x in state.scores()] == list(record.scores)
        and [p + 1.0 for p in placings(state.rank_keys())] == list(record.ranks)
    )
    if not replayed:
        print(f"{PROG}: warning: the replay does not end as the stored game did; "
              f"{config.game}'s rules or data changed since it was played", file=sys.stderr)
        return 1
    return 0


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

    tournament = sub.add_parser(
        "tournament", help="every line-up in every seat order, stored in a results database",
        description="Run a tournament from --config FILE.yaml, from --game/--agents, or "
        "(with neither) the built-in default, store every game, print the leaderboard.",
    )
    tournament.add_argument("--config", metavar="FILE.yaml", help="a tournament YAML file")
    tournament.add_argument("--game", help="the game (instead of --config)")
    tournament.add_argument("--players", type=int, help="seats a game (default: one per agent)")
    tournament.add_argument("--agents", metavar="SPEC,SPEC,...",
                            help="the entrants' agent specs, comma-separated")
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
                            help="continue the tournament of this name in --db")
    tournament.add_argument("--no-progress", action="store_true", help="no progress bar")
    tournament.set_defaults(run=cmd_tournament)

    leaderboard = sub.add_parser("leaderboard", help="the leaderboard of a stored tournament")
    leaderboard.add_argument("--db", required=True, metavar="FILE")
    leaderboard.add_argument("--tournament", metavar="NAME",
                             help="which tournament (default: the most recent in the file)")
    leaderboard.set_defaults(run=cmd_leaderboard)

    replay = sub.add_parser("replay", help="print a stored game, action by action")
    replay.add_argument("--db", required=True, metavar="FILE")
    replay.add_argument("--game", required=True, type=int, metavar="ID",
                        help="the game's id in the database")
    replay.set_defaults(run=cmd_replay)
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
    except sqlite3.Error as exc:  # a locked, damaged or unwritable database
        where = getattr(args, "db", None)
        print(f"{PROG}: error: {where + ': ' if where else ''}{one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `skagway play ... | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
