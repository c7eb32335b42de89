"""``skagway train``: self-play training with MaskablePPO (``skagway_experiments.train``,
the default) or by expert iteration (``--algo exit``: ``skagway_experiments.exit``).

Torch is imported only when the command runs, so the rest of the command line stays
fast and works without the ``train`` extra. The run folder is printed first; progress
lines go to ``train.log`` in it, and to stdout when no bar shows (no terminal, or
``--no-progress``). Ctrl-C saves a checkpoint and prints the exact ``--resume`` command.
"""

from __future__ import annotations

import argparse
import sys

from skagway_agents.specs import split_spec_list

from .common import CliError, _positive, _seed, parse_params

RESUME_KEEPS = ("--steps", "--no-progress")
"""The only flags ``--resume`` takes: the rest of the run is its config.yaml."""
EXIT_RESUME_KEEPS = ("--generations", "--max-minutes", "--workers", "--no-ray",
                     "--ray-address", "--no-progress")
"""What ``--resume`` of an expert-iteration run takes (the games do not depend on the
worker count, so it may change)."""
PPO_ONLY = ("--steps", "--envs", "--opponents")
EXIT_ONLY = ("--generations", "--workers", "--no-ray", "--ray-address")


def add_train_parser(sub: argparse._SubParsersAction) -> None:
    train = sub.add_parser(
        "train", help="train a bot by self-play (MaskablePPO, or --algo exit)",
        description="Train from --config FILE.yaml (see configs/train/) or --game/--players; "
        "flags override the file. --resume RUN_DIR continues a run from its checkpoint.")
    train.add_argument("--config", metavar="FILE.yaml", help="a training YAML file")
    train.add_argument("--game", help="the game (instead of, or overriding, --config)")
    train.add_argument("--players", type=int)
    train.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                       help="a game parameter (repeatable)")
    train.add_argument("--steps", type=_positive, help="total environment steps")
    train.add_argument("--seed", type=_seed)
    train.add_argument("--exp", help="experiment name (in the run folder's name)")
    train.add_argument("--envs", type=_positive, help="games stepped in parallel")
    train.add_argument("--opponents", metavar="SPEC,SPEC,...",
                       help="the league's fixed entries (agent specs)")
    train.add_argument("--threads", type=_positive,
                       help="torch and numpy BLAS threads (default 1: fastest here)")
    train.add_argument("--out", help="where run folders go (default runs/train)")
    train.add_argument("--resume", metavar="RUN_DIR",
                       help="continue this run as its config.yaml says (with --steps: to "
                       "that many steps in all)")
    train.add_argument("--no-progress", action="store_true", help="no progress bar")
    train.add_argument("--algo", choices=("ppo", "exit"), default=None,
                       help="ppo (MaskablePPO against a league, the default) or exit "
                       "(expert iteration: search guided by a policy-value network)")
    exit_flags = train.add_argument_group("expert iteration (--algo exit)")
    exit_flags.add_argument("--generations", type=_positive,
                            help="self-play/learn/gate generations in all")
    exit_flags.add_argument("--max-minutes", type=float,
                            help="stop after the generation that passes this wall time")
    exit_flags.add_argument("--workers", type=int,
                            help="self-play Ray actors (0: in this process)")
    exit_flags.add_argument("--no-ray", action="store_true",
                            help="self-play in this process (workers: 0)")
    exit_flags.add_argument("--ray-address", metavar="HOST:PORT",
                            help="a Ray cluster to run the workers on (default: a local Ray)")
    train.set_defaults(run=cmd_train)


def cmd_train(args: argparse.Namespace) -> int:
    try:
        from skagway_experiments import train as training
    except ImportError as exc:
        raise CliError(f"training needs the train extra (make test installs it; by hand "
                       f"pip install -c constraints.txt -e '.[train]'): {exc}") from None
    progress = False if args.no_progress else None
    if _is_exit(args):
        return cmd_train_exit(args, progress)
    given = [flag for flag in EXIT_ONLY if _given(args, flag)]
    if given or args.max_minutes is not None:
        raise CliError(f"{', '.join(given or ['--max-minutes'])}: only with --algo exit "
                       "(a PPO run takes max_minutes from its config)")
    if args.resume:
        _refuse_changes_on_resume(args)

    def echo(line: str) -> None:
        print(line, flush=True)

    try:
        if args.resume:
            result = training.resume(args.resume, args.steps, progress, echo)
        else:
            result = training.train(_config(args, training), args.out or "runs/train",
                                    progress, echo)
    except training.TrainConfigError as exc:
        raise CliError(str(exc)) from None
    except training.TrainingStopped as exc:
        kind = "" if exc.interrupted else "error: "  # Ctrl-C is the user's, not a fault
        print(f"skagway: {kind}{exc}", file=sys.stderr, flush=True)
        return 130 if exc.interrupted else 2
    print(f"trained steps: {result.steps}")
    for row in result.evaluations[-1:]:
        for spec, value in row.items():
            if spec not in ("steps", "label"):
                print(f"win rate vs {spec}: {value['win_rate']:.3f} "
                      f"[{value['low']:.3f}, {value['high']:.3f}] over {value['games']} games")
    print(f"bot: ppo:{result.final_model}")
    sys.stdout.flush()
    return 0


def _refuse_changes_on_resume(args: argparse.Namespace) -> None:
    """``--resume`` with ``--game other`` used to train the old game silently."""
    given = [flag for flag, value in (
        ("--config", args.config), ("--game", args.game), ("--players", args.players),
        ("--param", args.param), ("--seed", args.seed), ("--exp", args.exp),
        ("--envs", args.envs), ("--opponents", args.opponents), ("--threads", args.threads),
        ("--out", args.out)) if value]
    if given:
        raise CliError(f"--resume continues {args.resume} as its config.yaml says; "
                       f"{', '.join(given)} cannot change it (with --resume give only "
                       f"{' and '.join(RESUME_KEEPS)})")


def _config(args: argparse.Namespace, training):
    data: dict = {}
    if args.config:
        data = training.load_train_config(args.config).to_dict()
    elif not args.game:
        raise CliError("give --config FILE.yaml or --game")
    overrides = {"game": args.game, "players": args.players, "total_steps": args.steps,
                 "seed": args.seed, "exp": args.exp, "num_envs": args.envs,
                 "torch_threads": args.threads}
    data.update({k: v for k, v in overrides.items() if v is not None})
    if args.opponents:
        data["opponents"] = split_spec_list(args.opponents)  # options' commas stay
    if args.param:
        data["params"] = {**data.get("params", {}), **parse_params(args.param)}
    if "players" not in data and "game" in data:
        from skagway_env.core import make_game

        data["players"] = make_game(data["game"], **data.get("params", {})).num_players
    return training.config_from_mapping(data, args.config or "flags")


def _given(args: argparse.Namespace, flag: str) -> bool:
    value = getattr(args, flag.removeprefix("--").replace("-", "_"))
    return value not in (None, False, [])


def _is_exit(args: argparse.Namespace) -> bool:
    """``--algo exit``, or a config or run folder that says ``algo: exit``."""
    if args.algo is not None:
        if args.resume and args.algo == "ppo":
            from skagway_experiments.exit.trainer import is_exit_run

            if is_exit_run(args.resume):
                raise CliError(f"{args.resume} is an expert-iteration run, not --algo ppo")
        return args.algo == "exit"
    from skagway_experiments.exit.trainer import is_exit_run

    if args.resume:
        return is_exit_run(args.resume)
    if args.config:
        import yaml

        try:
            data = yaml.safe_load(open(args.config).read())
        except (OSError, yaml.YAMLError):
            return False  # the PPO loader reports it
        return isinstance(data, dict) and data.get("algo") == "exit"
    return False


def cmd_train_exit(args: argparse.Namespace, progress: bool | None) -> int:
    """``skagway train --algo exit``: expert iteration (``skagway_experiments.exit``)."""
    try:
        from skagway_experiments import train as training
        from skagway_experiments.exit import trainer
        from skagway_experiments.exit.config import (
            ExitConfigError,
            config_from_mapping,
            load_exit_config,
        )
    except ImportError as exc:
        raise CliError(f"training needs the train extra (make test installs it; by hand "
                       f"pip install -c constraints.txt -e '.[train]'): {exc}") from None
    given = [flag for flag in PPO_ONLY if _given(args, flag)]
    if given:
        raise CliError(f"{', '.join(given)}: not a setting of --algo exit "
                       "(see configs/train/*_exit.yaml)")
    if args.workers is not None and args.workers < 0:
        raise CliError(f"--workers {args.workers}: expected 0 or more")
    if args.max_minutes is not None and args.max_minutes < 0:
        raise CliError(f"--max-minutes {args.max_minutes}: expected 0 or more")
    workers = 0 if args.no_ray else args.workers

    def echo(line: str) -> None:
        print(line, flush=True)

    try:
        if args.resume:
            fixed = [flag for flag, value in (
                ("--config", args.config), ("--game", args.game), ("--players", args.players),
                ("--param", args.param), ("--seed", args.seed), ("--exp", args.exp),
                ("--threads", args.threads), ("--out", args.out)) if value]
            if fixed:
                raise CliError(f"--resume continues {args.resume} as its config.yaml says; "
                               f"{', '.join(fixed)} cannot change it (with --resume give "
                               f"only {', '.join(EXIT_RESUME_KEEPS)})")
            result = trainer.resume(args.resume, args.generations, progress, echo,
                                    args.ray_address, workers, args.max_minutes)
        else:
            data: dict = {}
            if args.config:
                data = load_exit_config(args.config).to_dict()
            elif not args.game:
                raise CliError("give --config FILE.yaml or --game")
            overrides = {"game": args.game, "players": args.players, "seed": args.seed,
                         "exp": args.exp, "generations": args.generations,
                         "max_minutes": args.max_minutes, "workers": workers,
                         "torch_threads": args.threads}
            data.update({k: v for k, v in overrides.items() if v is not None})
            if args.param:
                data["params"] = {**data.get("params", {}), **parse_params(args.param)}
            if "players" not in data and "game" in data:
                from skagway_env.core import make_game

                data["players"] = make_game(data["game"], **data.get("params", {})).num_players
            config = config_from_mapping(data, args.config or "flags")
            result = trainer.train(config, args.out or "runs/train", progress, echo,
                                   args.ray_address)
    except ExitConfigError as exc:
        raise CliError(str(exc)) from None
    except training.TrainingStopped as exc:
        kind = "" if exc.interrupted else "error: "  # Ctrl-C is the user's, not a fault
        print(f"skagway: {kind}{exc}", file=sys.stderr, flush=True)
        return 130 if exc.interrupted else 2
    except Exception as exc:  # Ray failing to start or connect: one line
        from skagway_experiments.tournament.runner import BackendError

        if isinstance(exc, BackendError):
            raise CliError(str(exc)) from None
        raise
    print(f"generations: {result.generation}")
    for row in result.evaluations[-1:]:
        for spec, value in row.items():
            if isinstance(value, dict):
                print(f"win rate vs {spec}: {value['win_rate']:.3f} "
                      f"[{value['low']:.3f}, {value['high']:.3f}] over {value['games']} games")
    print(f"bot: exit:{result.final_model}")
    sys.stdout.flush()
    return 0
