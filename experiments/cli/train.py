"""``skagway train``: self-play training with MaskablePPO (see ``skagway_experiments.train``).

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


def add_train_parser(sub: argparse._SubParsersAction) -> None:
    train = sub.add_parser(
        "train", help="train a bot by self-play (MaskablePPO)",
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
                       help="torch threads (default 1: fastest for these small networks)")
    train.add_argument("--out", help="where run folders go (default runs/train)")
    train.add_argument("--resume", metavar="RUN_DIR",
                       help="continue this run as its config.yaml says (with --steps: to "
                       "that many steps in all)")
    train.add_argument("--no-progress", action="store_true", help="no progress bar")
    train.set_defaults(run=cmd_train)


def cmd_train(args: argparse.Namespace) -> int:
    try:
        from skagway_experiments import train as training
    except ImportError as exc:
        raise CliError(f"training needs the train extra (make test installs it; by hand "
                       f"pip install -c constraints.txt -e '.[train]'): {exc}") from None
    progress = False if args.no_progress else None
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
