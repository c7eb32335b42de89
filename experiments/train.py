"""Self-play training with sb3-contrib's MaskablePPO: ``skagway train``.

One run is one folder, ``<out>/{game}__{exp}__{seed}__{time}/``:

- ``config.yaml`` (the full resolved config) and ``run.json`` (seeds, package versions,
  command line);
- ``train.log``: progress lines (start, every 30 s, evaluations, the end, and where and
  why a run stopped, with its ``--resume`` command);
- ``tb/``: TensorBoard logs, ``progress.csv``: the same scalars as CSV (the learning
  curve; the determinism test compares it);
- ``checkpoints/latest.zip`` (SB3's checkpoint: policy, optimiser, step count) and
  ``checkpoints/league.json`` (the league's entries and shares), for ``--resume``;
- ``models/``: trained-bot files (``ppo:`` specs, pickle-free): ``snapshot_<steps>.zip``
  (the league's), ``step_<steps>.zip`` (evaluated) and ``final.zip``;
- ``eval.db``: the periodic evaluations, one tournament (``eval-<steps>``) per
  evaluation, played by the tournament runner against fixed opponents, and the final
  one (``final-<steps>``, ``final_eval_games`` a opponent) when that is set;
  ``eval.jsonl``: their win rates with Wilson 95% intervals.

Same config and seed give the same learning curve on CPU: the model, every env and
every opponent are seeded from the config's seed, and torch and numpy's BLAS run on
``torch_threads`` threads (1 by default: on two cores torch's default made updates 13x
slower, and OpenBLAS's spun a second thread beside the numpy rollout pass;
``agents/threads.py``).
``max_minutes`` stops learning at a wall-time budget (then the final evaluation, of
``final_eval_games`` per opponent, and the final model follow).
``--resume`` continues from the last checkpoint (the games in flight then are dropped,
so a resumed curve is not bit-identical to an uninterrupted one). Ctrl-C (SIGINT) or a
failed write saves a checkpoint first and raises ``TrainingStopped`` with the exact
resume command; a checkpoint is written beside the old one and renamed over it.

Every setting is checked (type, range, unknown names) before the run folder exists, so
a mistaken config creates nothing.
"""

from __future__ import annotations

import dataclasses
import json
import math
import platform
import shlex
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import yaml
from skagway_agents import make_agent
from skagway_agents.policy_file import PolicyFileError, PolicyHeader, read_header
from skagway_agents.rl import League, configure_threads, export_policy, make_vec_env, ppo_classes
from skagway_agents.rl.network import ACTIVATIONS, policy_kwargs
from skagway_agents.specs import Option
from tqdm import tqdm

from skagway_env.core import GameParameterError, UnknownGameError, make_game

from .ppo_bot_start import check_bot_start, load_bot_weights
from .ppo_warm_start import (
    Demonstrations,
    imitate,
    is_heuristic_start,
    joined,
    parse_styles,
    play_corrections,
    play_demonstrations,
)
from .tournament import Store, config_from_dict, run_tournament
from .tournament.stats import agent_table

LEARNER = "learner"


class TrainConfigError(ValueError):
    """A training config that cannot describe a run (one clear line)."""


class TrainingStopped(Exception):
    """Training stopped early, by Ctrl-C (SIGINT) or a failed write: the message says
    where it stopped, whether a checkpoint was saved, and the exact command that
    resumes it (``resume_command``, ``None`` when there is nothing to resume)."""

    def __init__(self, message: str, run_dir: Path, resume_command: str | None,
                 interrupted: bool) -> None:
        super().__init__(message)
        self.run_dir, self.resume_command, self.interrupted = run_dir, resume_command, \
            interrupted


def resume_command(run_dir: Path, total_steps: int | None) -> str:
    """The command line that continues ``run_dir`` (``--steps`` when the run was asked
    for another total than its config.yaml holds)."""
    command = f"skagway train --resume {shlex.quote(str(run_dir))}"
    return command + (f" --steps {total_steps}" if total_steps is not None else "")


@dataclass(frozen=True)
class PPOSettings:
    n_steps: int = 256
    batch_size: int = 512
    n_epochs: int = 4
    learning_rate: float = 3e-4
    gamma: float = 0.995
    gae_lambda: float = 0.95
    clip_range: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    net_arch: tuple[int, ...] = (256, 256)
    activation: str = "tanh"


@dataclass(frozen=True)
class TrainConfig:
    game: str
    players: int
    exp: str = "ppo"
    params: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    total_steps: int = 100_000
    num_envs: int = 8
    subprocess: bool = False
    """Each game in its own process (SB3's SubprocVecEnv), each with a replica of the
    league that is synchronised after every rollout (``agents/rl/league.py``)."""
    torch_threads: int = 1
    opponents: tuple[str, ...] = ("random",)
    """The league's fixed entries (agent specs)."""
    snapshot_every: int = 50_000
    """Steps between snapshots of the learner joining the league (0: never)."""
    max_snapshots: int = 8
    eval_every: int = 50_000
    eval_opponents: tuple[str, ...] = ("random",)
    eval_games: int = 40
    """Games per evaluation opponent (the learner against players-1 copies of it)."""
    final_eval_games: int = 0
    """Games per opponent in the evaluation at the end (0: ``eval_games``)."""
    max_minutes: float = 0
    """Stop learning after this much wall time, then evaluate and save (0: no limit)."""
    checkpoint_every: int = 50_000
    init_from: str | None = None
    """``heuristic:<style>`` (``heuristic:<style>+<style>...`` for a mix): before the
    first rollout the policy imitates the style (``ppo_warm_start.py``); a trained
    bot's file (``ppo:`` optional): the learner starts from its weights
    (``ppo_bot_start.py``); None: start from a fresh policy."""
    bc_games: int = 400
    """With ``init_from``: the style's games imitated."""
    bc_epochs: int = 10
    """With ``init_from``: passes over those games' positions."""
    bc_learning_rate: float = 1e-3
    """With ``init_from``: Adam's step size in the fit (``max_minutes`` counts the warm
    start too)."""
    bc_dagger_rounds: int = 0
    """With ``init_from``: rounds of corrections after the fit (DAgger: the policy plays,
    the style labels its positions, the policy is fit again; ``ppo_warm_start.py``)."""
    bc_dagger_games: int = 0
    """With ``bc_dagger_rounds``: games a round, the policy at one seat of each (0:
    ``bc_games``)."""
    hint: str | None = None
    """An agent spec (``heuristic:digger``): its move on the learner's view is added to
    the policy's logits at every decision, so the policy starts as that style and
    learns where to differ (``agents/rl/hints.py``; not with ``init_from``)."""
    hint_weight: float = 5.0
    """With ``hint``: what the hinted move adds to its logit."""
    ppo: PPOSettings = field(default_factory=PPOSettings)

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        for key in ("opponents", "eval_opponents"):
            data[key] = list(data[key])
        data["ppo"]["net_arch"] = list(data["ppo"]["net_arch"])
        return data


SETTINGS: dict[str, Option] = {
    "game": Option(str), "players": Option(int, low=1), "exp": Option(str),
    "seed": Option(int, low=0), "total_steps": Option(int, low=1),
    "num_envs": Option(int, low=1), "subprocess": Option(bool),
    "torch_threads": Option(int, low=1), "snapshot_every": Option(int, low=0),
    "max_snapshots": Option(int, low=0), "eval_every": Option(int, low=0),
    "eval_games": Option(int, low=1), "final_eval_games": Option(int, low=0),
    "max_minutes": Option(float, low=0), "checkpoint_every": Option(int, low=0),
    "init_from": Option(str, none=True), "bc_games": Option(int, low=1),
    "bc_epochs": Option(int, low=1), "bc_learning_rate": Option(float, low=0, above=True),
    "bc_dagger_rounds": Option(int, low=0), "bc_dagger_games": Option(int, low=0),
    "hint": Option(str, none=True), "hint_weight": Option(float, low=0),
}
"""What each scalar setting takes (``params``, the opponent lists and ``ppo`` are
checked by ``config_from_mapping`` itself)."""

PPO_SETTINGS: dict[str, Option] = {
    "n_steps": Option(int, low=2), "batch_size": Option(int, low=2),
    "n_epochs": Option(int, low=1), "learning_rate": Option(float, low=0, above=True),
    "gamma": Option(float, low=0, high=1), "gae_lambda": Option(float, low=0, high=1),
    "clip_range": Option(float, low=0, above=True), "ent_coef": Option(float, low=0),
    "vf_coef": Option(float, low=0), "activation": Option(str, choices=tuple(ACTIVATIONS)),
}
"""SB3 needs at least two samples a rollout and a batch (it normalises advantages
over a batch); rates and clip ranges are positive, discounts within 0..1."""


def _refuse(source: str, key: str, value: Any, allowed: str) -> TrainConfigError:
    shown = f"{value!r}" if isinstance(value, str) else yaml.safe_dump(
        value, default_flow_style=True).strip().removesuffix("...").strip()
    return TrainConfigError(f"{source}: {key}: {shown} is not allowed: expected {allowed}")


def _checked(source: str, key: str, value: Any, option: Option) -> Any:
    if not option.accepts(value):
        raise _refuse(source, key, value, option.allowed())
    return value


def _spec_list(source: str, key: str, value: Any, empty: bool = False) -> tuple[str, ...]:
    """A YAML list of agent specs (a bare string is refused: ``opponents: random``
    is easy to mean as ``[random]`` and was read letter by letter)."""
    allowed = "a list of agent specs, e.g. [random, \"heuristic:prospector\"]"
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v.strip()
                                                       for v in value):
        raise _refuse(source, key, value, allowed)
    if not value and not empty:
        raise _refuse(source, key, value, allowed + " (at least one)")
    return tuple(v.strip() for v in value)


def _run_name(source: str, value: str) -> str:
    """``exp`` names the run folder (``{game}__{exp}__{seed}__{time}``): one plain word."""
    if not value or any(c in value for c in "/\\\0") or value in (".", ".."):
        raise _refuse(source, "exp", value, "a name for the run folder (no slashes)")
    return value


def config_from_mapping(data: dict[str, Any], source: str = "config") -> TrainConfig:
    """Build and check a config from plain data (YAML or flags): every setting against
    its type and range, unknown settings refused, each mistake in one line naming the
    setting, the value and what is allowed. Nothing is created here."""
    if not isinstance(data, dict):
        raise TrainConfigError(f"{source}: expected a mapping of settings")
    known = {f.name for f in dataclasses.fields(TrainConfig)}
    unknown = sorted(map(str, set(data) - known))
    if unknown:
        raise TrainConfigError(f"{source}: unknown setting(s) {', '.join(unknown)}; "
                               f"valid: {', '.join(sorted(known))}")
    for key in ("game", "players"):
        if key not in data:
            raise TrainConfigError(f"{source}: missing '{key}'")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key in SETTINGS:
            values[key] = _checked(source, key, value, SETTINGS[key])
        elif key in ("opponents", "eval_opponents"):
            values[key] = _spec_list(source, key, value)
        elif key == "params":
            if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
                raise _refuse(source, key, value, "a mapping of game parameters, e.g. "
                              "{max_turns: 100}")
            values[key] = dict(value)
    if "exp" in values:
        _run_name(source, values["exp"])
    if "num_players" in values.get("params", {}):
        raise TrainConfigError(f"{source}: set the player count with 'players', not "
                               "params.num_players")
    ppo_data = data.get("ppo") or {}
    if not isinstance(ppo_data, dict):
        raise _refuse(source, "ppo", ppo_data, "a mapping of PPO settings")
    ppo_known = {f.name for f in dataclasses.fields(PPOSettings)}
    if set(ppo_data) - ppo_known:
        raise TrainConfigError(f"{source}: unknown ppo setting(s) "
                               f"{', '.join(sorted(map(str, set(ppo_data) - ppo_known)))}; "
                               f"valid: {', '.join(sorted(ppo_known))}")
    ppo_values: dict[str, Any] = {}
    for key, value in ppo_data.items():
        if key == "net_arch":
            layer = Option(int, low=1)
            if not isinstance(value, (list, tuple)) or not all(map(layer.accepts, value)):
                raise _refuse(source, "ppo.net_arch", value,
                              "a list of layer widths (integers >= 1), e.g. [256, 256]")
            ppo_values[key] = tuple(value)
        else:
            ppo_values[key] = _checked(source, f"ppo.{key}", value, PPO_SETTINGS[key])
    config = TrainConfig(**values, ppo=PPOSettings(**ppo_values))
    check_config(config, source)
    return config


def check_config(config: TrainConfig, source: str = "config") -> None:
    """The checks that need the game: its player count and parameters, and every
    agent spec built for it (a bad spec fails before a run folder is made)."""
    try:
        game = make_game(config.game, num_players=config.players, **config.params)
    except (UnknownGameError, GameParameterError) as exc:
        raise TrainConfigError(f"{source}: {exc}") from None
    for key in ("opponents", "eval_opponents"):
        for spec in getattr(config, key):
            try:
                make_agent(spec, game, 0)
            except ValueError as exc:
                raise TrainConfigError(f"{source}: {key}: {exc}") from None
    if config.hint is not None:
        if is_heuristic_start(config.init_from):
            raise TrainConfigError(f"{source}: give hint or init_from: heuristic:..., not "
                                   "both (a hinted policy starts as its style without "
                                   "imitating it)")
        try:
            make_agent(config.hint, game, 0)
        except ValueError as exc:
            raise TrainConfigError(f"{source}: hint: {exc}") from None
    if config.init_from is not None:
        try:
            if is_heuristic_start(config.init_from):
                parse_styles(config.init_from, game)
            else:
                check_bot_start(config.init_from, game, list(config.ppo.net_arch),
                                config.ppo.activation, config.hint, config.hint_weight)
        except ValueError as exc:
            raise TrainConfigError(f"{source}: init_from: {exc}") from None


def load_train_config(path: str | Path) -> TrainConfig:
    try:
        data = yaml.safe_load(Path(path).read_text())
    except FileNotFoundError:
        raise TrainConfigError(f"no such config file: {path}") from None
    except yaml.YAMLError as exc:
        raise TrainConfigError(f"{path}: not valid YAML ({exc})") from None
    return config_from_mapping(data, str(path))


# ------------------------------------------------------------------ run folder
def package_versions() -> dict[str, str]:
    names = ("skagway_env", "numpy", "torch", "stable-baselines3", "sb3-contrib", "gymnasium",
             "pettingzoo")
    out = {"python": platform.python_version()}
    for name in names:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def new_run_dir(config: TrainConfig, out: str | Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    run = Path(out) / f"{config.game}__{config.exp}__{config.seed}__{stamp}"
    run.mkdir(parents=True, exist_ok=False)
    (run / "config.yaml").write_text(yaml.safe_dump(config.to_dict(), sort_keys=False))
    seeds = {"seed": config.seed, "model": config.seed, "envs": config.seed * 1000 + 1}
    (run / "run.json").write_text(json.dumps({
        "seeds": seeds, "versions": package_versions(), "argv": sys.argv,
        "started_utc": stamp}, indent=1))
    return run


# ------------------------------------------------------------------ training
def learner_win_rates(records: list, opponents: tuple[str, ...]) -> dict[str, dict[str, float]]:
    """Per evaluation opponent: the learner's games, win rate and Wilson 95% bounds in
    the games it played against copies of that opponent."""
    rates = {}
    for spec in opponents:
        games = [r for r in records if spec in r.seats]
        mine = next(a for a in agent_table(games) if a.entrant == LEARNER)
        rates[spec] = {"games": mine.games, "win_rate": mine.win_rate,
                       "low": mine.win_low, "high": mine.win_high}
    return rates


def evaluation_tournament(config: TrainConfig, steps: int, learner: str, games: int,
                          label: str = "eval") -> Any:
    """The tournament of an evaluation at ``steps``: ``learner`` (an agent spec) against
    ``players - 1`` copies of each evaluation opponent, every seating, about ``games``
    games an opponent, on the seed the step gives (``experiments/eval_mirror.py`` plays
    it again with a style in the learner's seat)."""
    entrants = [{"name": LEARNER, "spec": learner}]
    entrants += [{"name": spec, "spec": spec} for spec in config.eval_opponents]
    lineups = [[LEARNER] + [spec] * (config.players - 1) for spec in config.eval_opponents]
    return config_from_dict({
        "name": f"{label}-{steps:09d}", "game": config.game, "players": config.players,
        "params": dict(config.params), "entrants": entrants, "lineups": lineups,
        "repeats": max(1, math.ceil(games / config.players)),
        "seed": config.seed * 7919 + steps})


def play_evaluation(tournament: Any, db: Path, opponents: tuple[str, ...],
                    workers: int = 1) -> dict[str, dict[str, float]]:
    """Play an evaluation's tournament into ``db`` (only its missing games when the db
    holds it already: a resumed run, a second mirror) and give the learner's win
    rates against each opponent (``learner_win_rates``)."""
    store = Store(db)
    try:
        again = any(t.name == tournament.name for t in store.tournaments())
    finally:
        store.close()
    run = run_tournament(tournament, db, workers=workers, resume=again, progress=False)
    store = Store(db)
    try:
        return learner_win_rates(store.records(run.tournament_id), opponents)
    finally:
        store.close()


@dataclass
class TrainResult:
    run_dir: Path
    steps: int
    final_model: Path
    evaluations: list[dict[str, Any]]


class Trainer:
    """One run: build or restore the model and league, then learn with the hooks."""

    def __init__(self, config: TrainConfig, run_dir: Path, progress: bool | None = None,
                 echo: Callable[[str], None] | None = None,
                 steps_asked: int | None = None) -> None:
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.logger import configure
        from stable_baselines3.common.vec_env import VecMonitor

        configure_threads(config.torch_threads)
        self.config, self.run_dir, self.progress = config, run_dir, progress
        self.bar_shown = sys.stderr.isatty() if progress is None else progress
        self.echo = echo
        self.steps_asked = steps_asked  # a resume's --steps, for the resume command
        self.log_path = run_dir / "train.log"
        self.game = make_game(config.game, num_players=config.players, **config.params)
        self.league = League(self.game, config.opponents, config.max_snapshots)
        checkpoint = run_dir / "checkpoints" / "latest.zip"
        if checkpoint.exists():
            self.league.load(json.loads((run_dir / "checkpoints" / "league.json").read_text()))
        pool = self.league.replica() if config.subprocess else self.league
        env = make_vec_env(config.game, config.num_envs, pool,
                           seed=config.seed * 1000 + 1, subprocess=config.subprocess,
                           hint=config.hint, num_players=config.players, **config.params)
        self.env = VecMonitor(env)
        p = config.ppo
        self.checkpointed = -1  # the step of the last checkpoint (-1: none yet)
        if checkpoint.exists():
            self.model = self._restore(MaskablePPO, checkpoint)
            self.checkpointed = int(self.model.num_timesteps)
        else:
            # ppo_classes(): sb3-contrib's policy and buffer, cheaper on many actions
            classes, kwargs = ppo_classes(), policy_kwargs(list(p.net_arch), p.activation)
            if config.hint is not None:
                from skagway_agents.rl.hints import HintedPolicy

                classes["policy"], kwargs["hint_weight"] = HintedPolicy, config.hint_weight
            self.model = MaskablePPO(
                env=self.env, n_steps=p.n_steps, batch_size=p.batch_size,
                n_epochs=p.n_epochs, learning_rate=p.learning_rate, gamma=p.gamma,
                gae_lambda=p.gae_lambda, clip_range=p.clip_range, ent_coef=p.ent_coef,
                vf_coef=p.vf_coef, policy_kwargs=kwargs,
                seed=config.seed, device="cpu", verbose=0, **classes)
        formats = ["csv", "tensorboard"] if _has_tensorboard() else ["csv"]
        curve = run_dir / "tb" / "progress.csv"
        earlier = curve.read_text() if checkpoint.exists() and curve.exists() else ""
        logger = configure(str(run_dir / "tb"), formats)
        if earlier:
            _continue_csv(logger, earlier)
        self.model.set_logger(logger)
        self.evaluations: list[dict[str, Any]] = []
        self.warming = False  # in the warm start (init_from), before its checkpoint

    def _restore(self, algorithm: Any, checkpoint: Path) -> Any:
        """The checkpointed model, if the engine is still the one it trained on.

        The run's exported bots record the engine version and sizes; a run of an older
        engine is refused in one line. The observation *bounds* are not part of what
        the policy learned (SB3's ``MlpPolicy`` does not scale by them), so a run started
        before its game declared bounds resumes under the bounds the env has now.
        """
        exported = sorted((self.run_dir / "models").glob("step_*.zip"))
        if exported:
            try:
                read_header(exported[-1]).check(self.game)
            except PolicyFileError as exc:
                raise TrainConfigError(f"{self.run_dir}: cannot resume: {exc}") from None
        return algorithm.load(checkpoint, env=self.env, device="cpu",
                              custom_objects={"observation_space": self.env.observation_space})

    # -------------------------------------------------------------- hooks
    def header(self) -> PolicyHeader:
        p = self.config.ppo
        hint = ({"hint": self.config.hint, "hint_weight": self.config.hint_weight}
                if self.config.hint is not None else {})
        return PolicyHeader.for_game(self.game, list(p.net_arch), p.activation,
                                     trained_steps=int(self.model.num_timesteps),
                                     run=self.run_dir.name, extra=hint)

    def export(self, name: str) -> Path:
        return export_policy(self.run_dir / "models" / name, self.header(), self.model.policy)

    def snapshot(self, steps: int) -> None:
        path = self.export(f"snapshot_{steps:09d}.zip")
        self.league.add_snapshot(f"ppo:{path},greedy=false")

    def sync_league(self, merge: bool) -> None:
        """Envs in other processes hold league replicas: ``merge`` the results they
        heard (in env order), or hand each a fresh replica of the league."""
        if not self.config.subprocess:
            return  # the in-process envs share the league itself
        if merge:
            for replica in self.env.get_attr("pool"):
                self.league.merge(replica.events)
        else:
            self.env.set_attr("pool", self.league.replica())

    def checkpoint(self) -> None:
        """Save the model and the league for ``--resume``. Each file is written beside
        its old self and renamed over it, so a failed write (a full disk) or a second
        Ctrl-C keeps the previous checkpoint whole."""
        folder = self.run_dir / "checkpoints"
        folder.mkdir(exist_ok=True)
        with _sigint_held():
            league = folder / "league.json.part"
            league.write_text(json.dumps(self.league.to_dict(), indent=1))
            model = folder / "latest.part.zip"
            self.model.save(model)
            model.replace(folder / "latest.zip")
            league.replace(folder / "league.json")
        self.checkpointed = int(self.model.num_timesteps)

    def log(self, line: str, echo: bool = True) -> None:
        """A progress line: to ``train.log`` in the run folder always, and to stdout
        when no progress bar shows (no terminal, or ``--no-progress``)."""
        stamped = f"{time.strftime('%H:%M:%S', time.gmtime())} {line}"
        with open(self.log_path, "a") as out:
            out.write(stamped + "\n")
        if echo and self.echo is not None and not self.bar_shown:
            self.echo(line)

    def evaluate(self, steps: int, games: int | None = None,
                 label: str = "eval") -> dict[str, Any]:
        """The learner against ``players - 1`` copies of each evaluation opponent,
        every seating, through the tournament runner into ``eval.db`` (tournament
        ``<label>-<steps>``)."""
        config = self.config
        model = self.export(f"step_{steps:09d}.zip")
        tournament = evaluation_tournament(config, steps, f"ppo:{model}",
                                           games or config.eval_games, label)
        row: dict[str, Any] = {"steps": steps, "label": label, **play_evaluation(
            tournament, self.run_dir / "eval.db", config.eval_opponents)}
        for spec in config.eval_opponents:
            key = spec.replace(":", "_")
            self.model.logger.record(f"eval/win_rate_vs_{key}", row[spec]["win_rate"])
            self.model.logger.record(f"eval/win_low_vs_{key}", row[spec]["low"])
        for i, entry in enumerate(self.league.entries):
            self.model.logger.record(f"league/share_{i}", entry.share)
        self.model.logger.dump(steps)
        self.evaluations.append(row)
        with open(self.run_dir / "eval.jsonl", "a") as out:
            out.write(json.dumps(row) + "\n")
        self.log(f"evaluation at step {steps}: " + ", ".join(
            f"win rate vs {spec} {row[spec]['win_rate']:.3f}" for spec in config.eval_opponents))
        return row

    def warm_start(self) -> None:
        """Imitate ``init_from``'s style (``ppo_warm_start.py``), write each epoch's
        losses and agreement to ``warm_start.json``, then evaluate the fitted policy
        at step 0 (``eval.jsonl``, label ``start``)."""
        config = self.config
        styles = parse_styles(config.init_from, self.game)
        self.warming = True  # a stop now keeps no checkpoint of a half-made fit
        started = time.perf_counter()
        data = play_demonstrations(self.game, styles, config.bc_games, config.seed)
        self.log(f"warm start: {config.bc_games} games of {config.init_from} "
                 f"({time.perf_counter() - started:.1f} s), {len(data)} positions to imitate")

        def on_epoch(epoch: int, policy_loss: float, value_loss: float,
                     agreement: float) -> None:
            self.log(f"warm start epoch {epoch}/{config.bc_epochs}: loss {policy_loss:.3f} "
                     f"+ {value_loss:.3f}, picks the style's move at {agreement:.3f} of its "
                     "positions")

        def fit(data: Demonstrations) -> list[dict[str, float]]:
            return imitate(self.model.policy, data, epochs=config.bc_epochs,
                           batch_size=config.ppo.batch_size,
                           learning_rate=config.bc_learning_rate,
                           value_weight=config.ppo.vf_coef, seed=config.seed,
                           on_epoch=on_epoch)

        rows, demonstrated = fit(data), len(data)
        rounds = []
        for round_ in range(1, config.bc_dagger_rounds + 1):
            games = config.bc_dagger_games or config.bc_games
            extra, on_policy = play_corrections(self.game, styles, self.model.policy, games,
                                                config.seed, round_)
            data = joined(data, extra)
            self.log(f"warm start correction {round_}/{config.bc_dagger_rounds}: {games} "
                     f"games, the policy played the style's move at {on_policy:.3f} of its "
                     f"{len(extra)} decisions; fitting {len(data)} positions")
            rounds.append({"round": round_, "games": games, "positions": len(extra),
                           "on_policy_agreement": on_policy, "epochs": fit(data)})
        (self.run_dir / "warm_start.json").write_text(json.dumps({
            "styles": list(styles), "games": config.bc_games, "positions": demonstrated,
            "epochs": rows, "corrections": rounds}, indent=1))
        if (self.run_dir / "eval.jsonl").exists():  # a start evaluation left half done
            (self.run_dir / "eval.jsonl").unlink()
            self.evaluations = []
        self.evaluate(0, label="start")
        self.warming = False

    def start_from_bot(self) -> None:
        """Take ``init_from``'s weights (``ppo_bot_start.py``), then evaluate them at
        step 0 (``eval.jsonl``, label ``start``)."""
        self.warming = True  # a stop before the weights are in keeps no checkpoint
        bot = load_bot_weights(self.model.policy, self.config.init_from)
        self.warming = False
        self.log(f"started from {self.config.init_from} ({bot.trained_steps} steps of "
                 f"{bot.run or 'its run'})")
        self.evaluate(0, label="start")

    # -------------------------------------------------------------- the loop
    def learn(self) -> TrainResult:
        from stable_baselines3.common.callbacks import BaseCallback

        trainer, config = self, self.config
        done = int(self.model.num_timesteps)
        deadline = (time.monotonic() + 60 * config.max_minutes) if config.max_minutes else None
        started = time.monotonic()

        def due(every: int, last: int, now: int) -> bool:
            return every > 0 and now // every > last // every

        class Hooks(BaseCallback):
            def _on_training_start(self) -> None:
                self.last = int(self.model.num_timesteps)
                self.next_line = 0.0  # the first rollout's line comes at once
                self.bar = tqdm(total=config.total_steps, initial=self.last, unit="step",
                                desc=f"train {config.game}", file=sys.stderr,
                                disable=None if trainer.progress is None else not trainer.progress)

            def _on_step(self) -> bool:
                return deadline is None or time.monotonic() < deadline

            def _on_rollout_end(self) -> None:
                now = int(self.model.num_timesteps)
                self.bar.update(now - self.bar.n)
                if time.monotonic() >= self.next_line:
                    self.next_line = time.monotonic() + LOG_EVERY_SECONDS
                    elapsed = time.monotonic() - started
                    trainer.log(f"step {now} of {config.total_steps} "
                                f"({100 * now / config.total_steps:.0f}%), {elapsed:.0f} s")
                trainer.sync_league(merge=True)
                if due(config.snapshot_every, self.last, now):
                    trainer.snapshot(now)
                trainer.sync_league(merge=False)
                if due(config.eval_every, self.last, now):
                    trainer.evaluate(now)
                if due(config.checkpoint_every, self.last, now):
                    trainer.checkpoint()
                self.last = now

            def _on_training_end(self) -> None:
                self.bar.close()

        try:
            if self.checkpointed < 0 and is_heuristic_start(config.init_from):
                self.warm_start()
            elif self.checkpointed < 0 and config.init_from:
                self.start_from_bot()
            if self.checkpointed < 0:
                self.checkpoint()  # step 0: a run stopped at once still resumes
            self.log(f"{'resumed at' if done else 'started at'} step {done} of "
                     f"{config.total_steps} ({self.run_dir})")
            if done < config.total_steps:
                self.model.learn(config.total_steps - done, callback=Hooks(),
                                 reset_num_timesteps=False, tb_log_name="ppo")
            steps = int(self.model.num_timesteps)
            if config.final_eval_games:
                self.evaluate(steps, config.final_eval_games, "final")
            elif not self.evaluations or self.evaluations[-1]["steps"] != steps:
                self.evaluate(steps)
            self.checkpoint()
            final = self.export("final.zip")
        except KeyboardInterrupt:
            raise self._stopped("interrupted", None) from None
        except OSError as exc:
            raise self._stopped("stopped by a failed write", exc) from None
        finally:
            try:
                self.env.close()
            except (EOFError, BrokenPipeError, ConnectionError):
                pass  # subprocess envs that Ctrl-C already stopped
        self.log(f"finished at step {steps}: {final}")
        return TrainResult(self.run_dir, steps, final, self.evaluations)

    def _stopped(self, why: str, error: OSError | None) -> TrainingStopped:
        """Save what can be saved and say how to go on."""
        steps = int(self.model.num_timesteps)
        if self.warming:  # nothing learned yet, and a half-made fit is not the start
            message = (f"training {why} during the warm start, before any checkpoint; "
                       f"nothing to resume in {self.run_dir}: start the run again")
            self.log(message, echo=False)
            return TrainingStopped(message, self.run_dir, None, error is None)
        try:
            try:
                self.checkpoint()
            except KeyboardInterrupt:
                pass  # pressed again while saving: the checkpoint was finished first
            saved = f"checkpoint saved at step {steps}"
        except OSError:
            saved = (f"no new checkpoint could be written; the last one is at step "
                     f"{self.checkpointed}")
        command: str | None = resume_command(self.run_dir, self.steps_asked)
        if self.checkpointed < 0:
            saved, command = "no checkpoint could be written", None
        cause = ""
        if error is not None:
            cause = f" ({error.filename + ': ' if error.filename else ''}" \
                    f"{error.strerror or error})"
        message = f"training {why}{cause} at step {steps}; {saved}; " + (
            f"resume with: {command}" if command else f"nothing to resume in {self.run_dir}")
        try:
            self.log(message, echo=False)  # the caller reports it
        except OSError:
            pass  # the disk that failed may hold the log too
        return TrainingStopped(message, self.run_dir, command, error is None)


LOG_EVERY_SECONDS = 30.0
"""Progress lines (``train.log``, and stdout without a bar) come at most this often,
besides one at the first rollout, one an evaluation and one at the end."""


@contextmanager
def _sigint_held():
    """Hold Ctrl-C while a checkpoint is written (in the main thread), then deliver it:
    a checkpoint is never left half-renamed by an impatient second press."""
    if (signal.getsignal(signal.SIGINT) is not signal.default_int_handler
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def _continue_csv(logger: Any, earlier: str) -> None:
    """SB3 opens ``progress.csv`` afresh on every start; a resumed run keeps its curve:
    the earlier rows go back first, and the writer carries on with their columns."""
    from stable_baselines3.common.logger import CSVOutputFormat

    for output in logger.output_formats:
        if isinstance(output, CSVOutputFormat):
            output.keys = earlier.splitlines()[0].split(output.separator)
            output.file.write(earlier if earlier.endswith("\n") else earlier + "\n")
            output.file.flush()


def _has_tensorboard() -> bool:
    try:
        import tensorboard  # noqa: F401
    except ImportError:
        return False
    return True


def train(config: TrainConfig, out: str | Path = "runs/train",
          progress: bool | None = None,
          echo: Callable[[str], None] | None = None) -> TrainResult:
    """A new run of ``config`` in a fresh run folder under ``out`` (the config is
    checked whole first: nothing is created for a config that cannot run).

    ``echo`` hears the run folder first, then the progress lines when no bar shows.
    Ctrl-C or a failed write raises ``TrainingStopped`` after saving a checkpoint."""
    config = config_from_mapping(config.to_dict())
    run_dir = new_run_dir(config, out)
    if echo is not None:
        echo(f"run folder: {run_dir}")
    try:
        trainer = Trainer(config, run_dir, progress, echo)
    except BaseException as exc:  # nothing trained yet: leave no half-made run folder
        shutil.rmtree(run_dir, ignore_errors=True)
        if isinstance(exc, KeyboardInterrupt):
            raise TrainingStopped(f"training interrupted before it began; the new run "
                                  f"folder {run_dir} was removed", run_dir, None,
                                  True) from None
        raise
    return trainer.learn()


def resume(run_dir: str | Path, total_steps: int | None = None,
           progress: bool | None = None,
           echo: Callable[[str], None] | None = None) -> TrainResult:
    """Continue a run from its last checkpoint (optionally to a new ``total_steps``)."""
    run_dir = Path(run_dir)
    if not (run_dir / "config.yaml").exists():
        raise TrainConfigError(f"{run_dir}: not a training run folder (no config.yaml)")
    if not (run_dir / "checkpoints" / "latest.zip").exists():
        raise TrainConfigError(f"{run_dir}: no checkpoint to resume from")
    config = load_train_config(run_dir / "config.yaml")
    if total_steps is not None:
        config = dataclasses.replace(config, total_steps=total_steps)
    if echo is not None:
        echo(f"run folder: {run_dir}")
    try:
        trainer = Trainer(config, run_dir, progress, echo, total_steps)
    except KeyboardInterrupt:
        command = resume_command(run_dir, total_steps)
        raise TrainingStopped(f"training interrupted before it resumed; resume with: "
                              f"{command}", run_dir, command, True) from None
    return trainer.learn()

