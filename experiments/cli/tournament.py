"""``skagway tournament``, ``skagway leaderboard``, ``skagway failures`` and
``skagway replay``.

A tournament whose games all finished exits 0; one in which some games raised (stored
as failed, listed by ``skagway failures``) exits :data:`GAMES_FAILED` (1), so a script
notices, while usage and database errors keep status 2.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import shlex
import sys
from pathlib import Path
from textwrap import indent

from skagway_experiments.tournament import (
    DEFAULT_CONFIG,
    BackendError,
    Store,
    StoreError,
    TournamentConfig,
    TournamentConfigError,
    config_from_dict,
    config_from_flags,
    load_config,
    run_tournament,
)
from skagway_experiments.tournament.config import check_config
from skagway_experiments.tournament.store import TournamentInfo
from skagway_experiments.web.links import replay_hint

import skagway_env  # noqa: F401  (importing the package registers the bundled games)
from skagway_env.core import (
    IllegalActionError,
    make_game,
)
from skagway_env.core.playout import replay, replay_steps
from skagway_env.core.returns import placings

from ..tables import format_table
from .common import PROG, CliError, agent_specs, parse_params
from .play import Narrator

GAME_FLAGS = ("game", "players", "agents", "agent_list", "param")

GAMES_FAILED = 1
"""``skagway tournament``'s exit status when games of the tournament are stored as failed."""

EXIT_STATUS_HELP = (
    "exit status: 0 every game of the tournament finished; 1 some games raised (an engine "
    "or agent error): each is stored as failed with its seed, seats and error, the others "
    "are played and rated, and `skagway failures --db FILE` lists them; 2 a usage or "
    "database error; 130 interrupted (--resume continues)."
)


def tournament_config(args: argparse.Namespace) -> TournamentConfig:
    """The config from ``--config``, from ``--game``/``--agents``, or the default one;
    ``--seed``, ``--repeats`` and ``--name`` override whichever it is."""
    given = [f"--{flag.replace('_list', '')}" for flag in GAME_FLAGS
             if getattr(args, flag) not in (None, [])]
    if args.config is not None and given:
        raise CliError(f"--config cannot be combined with {', '.join(given)}; "
                       "set them in the config file")
    if args.game is not None:
        specs = agent_specs(args)
        if specs is None:
            raise CliError("--game needs agents, e.g. --agent random --agent flatmc:playouts=8")
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
    if info.failed:
        title += f" ({info.played} of {info.total_games} games played, {info.failed} failed)"
    elif info.played < info.total_games:
        title += f" ({info.played} of {info.total_games} games played)"
    return title


def failures_command(store: Store, info: TournamentInfo) -> str:
    """The ``skagway failures`` line that lists a tournament's failed games."""
    return (f"skagway failures --db {shlex.quote(str(store.path))} "
            f"--tournament {shlex.quote(info.name)}")


def play_command(config: TournamentConfig, specs: dict[str, str], seats: tuple[str, ...],
                 seed: int) -> str:
    """The ``skagway play`` line that plays a stored game again, seat for seat."""
    params = "".join(f" --param {k}={v}" for k, v in sorted(config.params.items()))
    agents = "".join(f" --agent '{specs.get(name, name)}'" for name in seats)
    return (f"skagway play {config.game} --players {config.players}{params} "
            f"--seed {seed}{agents}")


def show_leaderboard(store: Store, info: TournamentInfo) -> None:
    """The leaderboard of one stored tournament, then where it is stored."""
    from skagway_experiments.tournament.stats import (
        format_leaderboard,  # openskill, only when needed
    )

    records = store.records(info.id)
    print(format_leaderboard(records, title=tournament_title(info), failed=info.failed))
    failed = f", {info.failed} failed" if info.failed else ""
    print(f"database: {store.path} (tournament {info.name}, {len(records)} games{failed})")
    low, high = store.game_ids(info.id)
    if low is not None:
        print(f"next: skagway replay --db {store.path} --game {low} --board   "
              f"(game ids {low}..{high})")
        print(f"      in the browser: {replay_hint(store.path, low)}")
        print(f"      in Python: skagway_experiments.tournament.load_results("
              f"'{store.path}') gives one pandas row per seat")
        print(f"      the bots and their styles: agents/heuristics/{info.config.game}.md")
    if info.failed:
        print(f"failed: {failures_command(store, info)}   (errors, seeds, seats)")


def cmd_tournament(args: argparse.Namespace) -> int:
    if args.ray_address is not None and args.backend != "ray":
        raise CliError("--ray-address needs --backend ray")
    if args.retry_failed and not args.resume:
        raise CliError("--retry-failed needs --resume (a new tournament has no failed games)")
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
    if args.resume and args.repeats is None:  # resume as scheduled: keep its repeats
        store = open_store(db)
        try:
            stored = store.stored_config(config.name)
        finally:
            store.close()
        if stored is not None and stored.repeats != config.repeats:
            config = config_from_dict({**config.to_dict(), "repeats": stored.repeats},
                                      str(db))
    db.parent.mkdir(parents=True, exist_ok=True)
    try:
        run = run_tournament(
            config, db, workers=args.workers, backend=args.backend,
            ray_address=args.ray_address, resume=args.resume,
            progress=False if args.no_progress else None, retry_failed=args.retry_failed,
        )
    except BackendError as exc:  # Ray missing, unreachable or not starting: nothing stored
        raise CliError(str(exc)) from None
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; the games finished so far are stored in {db}; "
              "run the same command with --resume to play the rest", file=sys.stderr)
        return 130
    store = open_store(db)
    try:
        info = store.find(run.name)
        show_leaderboard(store, info)
        see = failures_command(store, info)
    finally:
        store.close()
    stored = f"{run.already_done} were already stored" if run.already_done else ""
    if run.played:
        rate = run.played / run.seconds if run.seconds > 0 else float("inf")
        failed = f", {run.failed} of them failed" if run.failed else ""
        print(f"played {run.played} games in {run.seconds:.2f} s ({rate:.1f} games/s, "
              f"{args.workers} {args.backend} worker{'s' * (args.workers > 1)}{failed})"
              + (f"; {stored}" if stored else ""))
    elif run.skipped_failures:
        print(f"played 0 games: {run.already_done} of {run.total} were already stored "
              f"and {run.skipped_failures} had failed")
    else:
        print(f"played 0 games: all {run.total} were already stored")
    if not run.failures:
        return 0
    earlier = (f" ({run.skipped_failures} stored as failed earlier, not retried)"
               if run.skipped_failures else "")
    verb = "is" if run.failures == 1 else "are"
    print(f"{PROG}: {run.failures} of {run.total} games failed{earlier} and {verb} not rated; "
          f"see them: {see}; --resume skips them, --resume --retry-failed plays them again",
          file=sys.stderr)
    return GAMES_FAILED


# ---------------------------------------------------------------- skagway failures
def cmd_failures(args: argparse.Namespace) -> int:
    """The failed games of a stored tournament: error, seed, seats, and the command
    that plays each again."""
    store = open_store(args.db)
    try:
        info = store.find(args.tournament)
        failures = store.failures(info.id)
        specs = {e["name"]: e["spec"] for e in store.entrants(info.id)}
    finally:
        store.close()
    print(tournament_title(info))
    if not failures:
        print("no failed games")
        return 0
    print(f"{len(failures)} failed game{'s' * (len(failures) > 1)}, not rated "
          "(skagway tournament --resume skips them; add --retry-failed to play them again)")
    for _, failure in failures:  # numbered by schedule index, not by `replay`'s game ids
        print()
        tries = f", {failure.attempts} attempts" if failure.attempts > 1 else ""
        print(f"scheduled game {failure.game_index}: seed {failure.seed}, failed after "
              f"{len(failure.actions)} actions{tries}")
        print("  seats: " + ", ".join(f"P{seat} {name}" for seat, name in
                                      enumerate(failure.seats)))
        print(f"  error: {failure.error}")
        print("  play it again: " + play_command(info.config, specs, failure.seats,
                                                 failure.seed))
        if args.traceback:
            print(indent(failure.traceback.rstrip(), "    | "))
    if not args.traceback:
        print("\n(--traceback shows where each raised)")
    return 0


# ---------------------------------------------------------------- skagway leaderboard
def cmd_leaderboard(args: argparse.Namespace) -> int:
    store = open_store(args.db)
    try:
        known = store.tournaments()
        info = store.find(args.tournament)
        listed = ", ".join(f"{i.name} ({i.played}/{i.total_games} games"
                           + (f", {i.failed} failed)" if i.failed else ")") for i in known)
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
    print(f"{tournament_title(info)}: game {args.game}, seed {record.seed}"
          + (", truncated by max_turns" if record.truncated else ""))
    print("seats: " + ", ".join(
        f"P{seat} {name}" + (f" [{specs[name]}]" if specs.get(name, name) != name else "")
        for seat, name in enumerate(record.seats)
    ))
    print("play it again: " + play_command(config, specs, record.seats, record.seed))
    narrator = Narrator(public_only=False, seat_names=record.seats)
    shown = 0  # actions narrated so far
    try:
        for state, action in replay_steps(game, record.actions):
            if args.board and not state.is_chance_node():
                print(indent(str(state), "    | "))
            narrator(state, action)
            shown += 1
    except IllegalActionError as exc:
        raise CliError(f"game {args.game} no longer replays: action {shown - 1} is illegal "
                       f"({exc}); {config.game}'s rules or data changed since") from None
    state = replay(game, record.actions)
    narrator.show_log(state)
    if args.board:
        print(indent(str(state), "    | "))
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
