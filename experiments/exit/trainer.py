"""The expert-iteration loop: self-play with search, learn, gate, evaluate.

With ``init_from: heuristic:<style>``, first (once, before generation 1) the **warm
start** (``warm_start.py``): the network imitates the style's moves and the games'
returns, is saved as ``models/start.zip``, and its plain policy plays the anchors
(``eval.jsonl``, generation 0, label ``start``); ``state.json`` records it as done.

Each generation:

1. **self-play**: ``games_per_generation`` games, every seat searching with the *best*
   network (``simulations`` a decision, root Dirichlet noise, temperature 1 for the
   first ``temperature_moves`` decisions); each searched position gives (observation,
   legal mask, visit distribution, final returns) to the replay buffer (the newest
   ``buffer_size`` positions). With ``selfplay_opponents`` (heuristic styles), the
   first ``opponent_share`` of the games instead seat the best network once, at a
   rotating seat, against ``players - 1`` copies of one of them (cycling); only the
   network's positions are recorded, so it also learns from games against what it
   must beat. The games are split in order over the workers (Ray
   actors, or the driver itself with ``workers: 0``), each playing
   ``concurrent_games`` at once with batched leaf evaluation;
2. **learn**: the candidate network (it persists across generations) takes
   ``train_steps`` Adam steps on minibatches drawn from the buffer: cross-entropy
   to the visit distribution under the masked softmax, plus ``value_weight`` times
   the squared error of every seat's value;
3. **gate**: the candidate plays ``gate_games`` games against ``players - 1`` copies
   of the best, seated in turn at every seat (game k: seat k mod n), both searching at
   ``gate_simulations`` without noise. Its *score share* is ``(1 + mean rank return)
   / 2`` (the win share at two players, ties counting half; 0.5 is even at any
   player count). The candidate **replaces the best when its score share is at least
   ``gate_threshold``** (0.55 by default); ``gate_games: 0`` takes every candidate.
   With ``gate_anchor`` (a heuristic style) a candidate that passes must also hold
   its ground against the style: candidate and best each play ``gate_anchor_games``
   seat-rotated games at one seat against ``players - 1`` copies of it, on the same
   seeds, and the candidate is taken only if its score share there is at least the
   best's less ``gate_anchor_margin``. (Beating the previous network alone let weaker
   networks in: the Skagway run of 2026-12-02 lost strength against the heuristics
   while passing every gate.)
4. **evaluate** (every ``eval_every`` generations, and at the end): the best network
   as ``exit:<file>,simulations=<eval_simulations>`` against ``players - 1`` copies of
   each anchor, every seating, through the tournament runner into ``eval.db``.

Every game's rng is seeded from (seed, generation, game), the learner's from (seed,
generation), so one seed gives the same run, whether in-process or on Ray with any
number of workers; and a run resumed from its checkpoint (written after every
generation) continues as if it had not stopped.

The run folder (``{game}__{exp}__{seed}__{time}``): ``config.yaml``, ``run.json``,
``train.log``, ``tb/`` (TensorBoard) and ``tb/progress.csv`` (the learning curve, a row
a generation), ``checkpoints/`` (``state.json``, ``learner.pt`` torch's candidate and
optimiser, ``best.zip``, ``buffer.npz``), ``models/`` (``gen_<g>.zip`` each accepted
network, ``start.zip`` the warm start's, ``final.zip`` the best at the end: an ``exit:``
bot), ``eval.db`` and
``eval.jsonl``.
"""

from __future__ import annotations

import csv
import json
import math
import shutil
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import yaml
from skagway_agents.exit.net_file import NetHeader, read_net_weights, save_net
from skagway_agents.exit.search import SearchSettings
from tqdm import tqdm

from skagway_env.core import make_game

from ..tournament import Store, config_from_dict, run_tournament
from ..train import LEARNER, TrainingStopped, _sigint_held, learner_win_rates, package_versions
from .config import ExitConfig, ExitConfigError, config_from_mapping, load_exit_config
from .selfplay import GameJob, GameResult, SelfPlayWorker
from .warm_start import fit, is_heuristic_start, parse_styles, play_demonstrations

CURVE_FIELDS = ("generation", "games", "positions", "buffer", "policy_loss", "value_loss",
                "gate_share", "accepted", "best_generation", "selfplay_seconds",
                "games_per_second", "evaluations_per_second")
"""``tb/progress.csv``'s leading columns (the anchor gate's, then the evaluation win
rates follow)."""
ANCHOR_FIELDS = ("anchor_share", "best_anchor_share")
"""With ``gate_anchor``: the candidate's and the best's score share against it."""
WALL_CLOCK = ("selfplay_seconds", "games_per_second", "evaluations_per_second")


@dataclass
class ExitResult:
    run_dir: Path
    generation: int
    final_model: Path
    evaluations: list[dict[str, Any]]


def resume_command(run_dir: Path) -> str:
    return f"skagway train --resume {run_dir}"


class Pool:
    """The self-play workers: Ray actors, or one ``SelfPlayWorker`` in this process."""

    def __init__(self, config: ExitConfig, stack: ExitStack,
                 ray_address: str | None) -> None:
        self.config = config
        args = (config.game, config.players, dict(config.params), config.concurrent_games)
        self.ray = None
        if config.workers == 0:
            self.local = SelfPlayWorker(*args)
            return
        from ..tournament.runner import ray_backend

        self.ray = stack.enter_context(ray_backend(config.workers, ray_address))
        actor = self.ray.remote(num_cpus=1)(SelfPlayWorker)
        self.actors = [actor.remote(*args) for _ in range(config.workers)]

    def play(self, nets: list[tuple[dict, dict]], jobs: list[GameJob]
             ) -> tuple[list[GameResult], int]:
        """Every job's result in job order, and the network evaluations they took."""
        if self.ray is None:
            self.local.set_nets(nets)
            return self.local.play(jobs)
        ray = self.ray
        shared = ray.put(nets)
        count = len(self.actors)
        chunks = [jobs[i * len(jobs) // count:(i + 1) * len(jobs) // count]
                  for i in range(count)]
        for actor in self.actors:
            actor.set_nets.remote(shared)
        futures = [a.play.remote(c) for a, c in zip(self.actors, chunks, strict=True) if c]
        results: list[GameResult] = []
        evaluations = 0
        for part, evals in ray.get(futures):
            results += part
            evaluations += evals
        return results, evaluations


class ReplayBuffer:
    """The newest ``size`` positions (observation, mask, visit policy, value target)."""

    KEYS = ("observations", "masks", "policies", "values")

    def __init__(self, size: int) -> None:
        self.size = size
        self.data: dict[str, np.ndarray] | None = None

    def __len__(self) -> int:
        return 0 if self.data is None else len(self.data["observations"])

    def add(self, results: list[GameResult]) -> int:
        games = [r for r in results if len(r.seats)]
        if not games:
            return 0
        new = {"observations": np.concatenate([r.observations for r in games]),
               "masks": np.concatenate([r.masks for r in games]),
               "policies": np.concatenate([r.policies for r in games]),
               "values": np.concatenate([r.values() for r in games])}
        added = len(new["observations"])
        if self.data is not None:
            new = {k: np.concatenate([self.data[k], new[k]]) for k in self.KEYS}
        self.data = {k: v[-self.size:] for k, v in new.items()}
        return added

    def save(self, path: Path) -> None:
        if self.data is not None:
            part = path.with_name(path.name + ".part.npz")
            np.savez(part, **self.data)
            part.replace(path)

    def load(self, path: Path) -> None:
        if path.exists():
            with np.load(path, allow_pickle=False) as arrays:
                self.data = {k: arrays[k] for k in self.KEYS}


class ExitTrainer:
    """One run folder: build or restore the networks, then loop the generations."""

    def __init__(self, config: ExitConfig, run_dir: Path, progress: bool | None = None,
                 echo: Callable[[str], None] | None = None,
                 ray_address: str | None = None) -> None:
        import torch
        from skagway_agents.exit.net_file import is_net_file
        from skagway_agents.exit.network import PolicyValueNet, init_from_net, init_from_ppo
        from skagway_agents.threads import configure_threads

        self.torch = torch
        configure_threads(config.torch_threads)
        self.config, self.run_dir, self.progress = config, run_dir, progress
        self.bar_shown = sys.stderr.isatty() if progress is None else progress
        self.echo, self.ray_address = echo, ray_address
        self.game = make_game(config.game, num_players=config.players, **config.params)
        self.header = NetHeader.for_game(self.game, list(config.hidden), config.activation,
                                         run=run_dir.name,
                                         value_hidden=list(config.value_hidden))
        torch.manual_seed(config.seed)
        self.learner = PolicyValueNet(self.header).to(config.device)
        self.optimizer = torch.optim.Adam(self.learner.parameters(), lr=config.learning_rate,
                                          weight_decay=config.weight_decay)
        self.buffer = ReplayBuffer(config.buffer_size)
        self.evaluations: list[dict[str, Any]] = []
        folder = run_dir / "checkpoints"
        if (folder / "state.json").exists():
            self.state = json.loads((folder / "state.json").read_text())
            saved = torch.load(folder / "learner.pt", weights_only=True,
                               map_location=config.device)
            self.learner.load_state_dict(saved["net"])
            self.optimizer.load_state_dict(saved["optimizer"])
            self.best = read_net_weights(folder / "best.zip")
            self.buffer.load(folder / "buffer.npz")
            self.evaluations = [json.loads(line) for line in
                                (run_dir / "eval.jsonl").read_text().splitlines()
                                ] if (run_dir / "eval.jsonl").exists() else []
        else:
            if config.init_from and not is_heuristic_start(config.init_from):
                start = init_from_net if is_net_file(config.init_from) else init_from_ppo
                copied = start(self.learner, config.init_from, self.header)
                self.log(f"initialised {len(copied)} arrays from {config.init_from}")
            self.best = self.learner.arrays()
            self.state = {"generation": 0, "best_generation": 0, "games": 0, "positions": 0}
            if is_heuristic_start(config.init_from):
                self.state["warm_start"] = None  # until warm_start() has run: then its figures
        self.writer = None

    # -------------------------------------------------------------- helpers
    def log(self, line: str, echo: bool = True) -> None:
        stamped = f"{time.strftime('%H:%M:%S', time.gmtime())} {line}"
        with open(self.run_dir / "train.log", "a") as out:
            out.write(stamped + "\n")
        if echo and self.echo is not None and not self.bar_shown:
            self.echo(line)

    def net_header(self, generation: int) -> NetHeader:
        return replace(self.header, generation=generation)

    def export(self, name: str, weights: dict[str, np.ndarray], generation: int) -> Path:
        return save_net(self.run_dir / "models" / name, self.net_header(generation), weights)

    def checkpoint(self) -> None:
        """The state after a whole generation; ``state.json`` is written last."""
        folder = self.run_dir / "checkpoints"
        folder.mkdir(exist_ok=True)
        with _sigint_held():
            part = folder / "learner.pt.part"
            self.torch.save({"net": self.learner.state_dict(),
                             "optimizer": self.optimizer.state_dict()}, part)
            part.replace(folder / "learner.pt")
            save_net(folder / "best.zip", self.net_header(self.state["best_generation"]),
                     self.best)
            self.buffer.save(folder / "buffer.npz")
            part = folder / "state.json.part"
            part.write_text(json.dumps(self.state, indent=1))
            part.replace(folder / "state.json")

    def jobs(self, generation: int) -> list[GameJob]:
        """The generation's self-play games: the first ``opponent_share`` of them (with
        ``selfplay_opponents``) one network seat, rotating, against copies of one
        opponent, cycling; the rest every seat the best network's."""
        c = self.config
        settings = SearchSettings(c.simulations, c.c_puct, c.dirichlet_alpha,
                                  c.dirichlet_fraction, mix=c.mix)
        against = round(c.opponent_share * c.games_per_generation) \
            if c.selfplay_opponents else 0
        jobs = []
        for k in range(c.games_per_generation):
            agents: tuple[str | None, ...] = ()
            if k < against:
                spec = c.selfplay_opponents[k % len(c.selfplay_opponents)]
                agents = self.lineup(spec, k // len(c.selfplay_opponents) % c.players)
            jobs.append(GameJob((c.seed, generation, k), (0,) * c.players, settings,
                                c.temperature_moves, True, agents))
        return jobs

    def lineup(self, spec: str, seat: int) -> tuple[str | None, ...]:
        """The network at ``seat``, ``spec`` at every other."""
        return tuple(None if s == seat else spec for s in range(self.config.players))

    def gate_settings(self) -> SearchSettings:
        """Both gates' search: ``gate_simulations``, no root noise."""
        return SearchSettings(self.config.gate_simulations, self.config.c_puct,
                              mix=self.config.mix)

    def gate_jobs(self, generation: int) -> list[GameJob]:
        c = self.config
        return [GameJob((c.seed, generation, 1_000_000 + k),
                        tuple(1 if s == k % c.players else 0 for s in range(c.players)),
                        self.gate_settings()) for k in range(c.gate_games)]

    def anchor_jobs(self, generation: int, net: int) -> list[GameJob]:
        """Network ``net`` (0 the best, 1 the candidate) at one seat, rotating, against
        copies of ``gate_anchor``: the same seeds for either network."""
        c = self.config
        return [GameJob((c.seed, generation, 2_000_000 + k), (net,) * c.players,
                        self.gate_settings(),
                        seat_agents=self.lineup(c.gate_anchor, k % c.players))
                for k in range(c.gate_anchor_games)]

    # -------------------------------------------------------------- learning
    def learn(self, generation: int) -> tuple[float, float]:
        """``train_steps`` minibatches from the buffer; the mean losses."""
        torch, c = self.torch, self.config
        if len(self.buffer) == 0 or c.train_steps == 0:
            return math.nan, math.nan
        torch.manual_seed(c.seed * 100_003 + generation)
        rng = np.random.default_rng([c.seed, generation, 7])
        data = self.buffer.data
        from skagway_agents.exit.network import losses

        self.learner.train()
        totals = [0.0, 0.0]
        for _ in range(c.train_steps):
            pick = rng.integers(len(self.buffer), size=min(c.batch_size, len(self.buffer)))
            batch = [torch.from_numpy(data[k][pick]).to(c.device) for k in ReplayBuffer.KEYS]
            policy_loss, value_loss = losses(self.learner, *batch)
            loss = policy_loss + c.value_weight * value_loss
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            totals[0] += policy_loss.item()
            totals[1] += value_loss.item()
        self.learner.eval()
        return totals[0] / c.train_steps, totals[1] / c.train_steps

    def gate(self, pool: Pool, generation: int, candidate: dict) -> float:
        """The candidate's score share against the best (see the module docstring)."""
        return self.shares(pool, candidate, self.gate_jobs(generation), 1)

    def anchor_gate(self, pool: Pool, generation: int, candidate: dict
                    ) -> tuple[float, float]:
        """(the candidate's, the best's) score share against ``gate_anchor``."""
        return tuple(self.shares(pool, candidate, self.anchor_jobs(generation, net), net)
                     for net in (1, 0))

    def shares(self, pool: Pool, candidate: dict, jobs: list[GameJob], net: int) -> float:
        """Network ``net``'s score share ``(1 + mean rank return) / 2`` over its seats in
        ``jobs`` (0 the best, 1 the candidate)."""
        results, _ = pool.play([(self.header.to_dict(), self.best),
                                (self.header.to_dict(), candidate)], jobs)
        returns = [r.returns[s] for r, job in zip(results, jobs, strict=True)
                   for s, n in enumerate(job.seat_nets) if n == net and job.agent_at(s) is None]
        return (1.0 + float(np.mean(returns))) / 2.0

    # -------------------------------------------------------------- evaluation
    def evaluate(self, generation: int, games: int, label: str = "eval",
                 simulations: int | None = None) -> dict[str, Any]:
        """The best network (at ``simulations``, the config's ``eval_simulations`` when
        not given) against ``players - 1`` copies of each anchor, every seating, into
        ``eval.db`` (tournament ``<label>-<generation>``)."""
        c = self.config
        model = self.export(f"eval_{generation:05d}.zip", self.best,
                            self.state["best_generation"])
        simulations = c.eval_simulations if simulations is None else simulations
        entrants = [{"name": LEARNER, "spec": f"exit:{model},simulations={simulations}"}]
        entrants += [{"name": spec, "spec": spec} for spec in c.eval_opponents]
        lineups = [[LEARNER] + [spec] * (c.players - 1) for spec in c.eval_opponents]
        tournament = config_from_dict({
            "name": f"{label}-{generation:05d}", "game": c.game, "players": c.players,
            "params": dict(c.params), "entrants": entrants, "lineups": lineups,
            "repeats": max(1, math.ceil(games / c.players)),
            "seed": c.seed * 7919 + generation})
        db = self.run_dir / "eval.db"
        store = Store(db)
        try:
            again = any(t.name == tournament.name for t in store.tournaments())
        finally:
            store.close()
        run = run_tournament(tournament, db, resume=again, progress=False)
        store = Store(db)
        try:
            records = store.records(run.tournament_id)
        finally:
            store.close()
        row = {"generation": generation, "label": label, "simulations": simulations,
               "best_generation": self.state["best_generation"],
               **learner_win_rates(records, c.eval_opponents)}
        self.evaluations.append(row)
        with open(self.run_dir / "eval.jsonl", "a") as out:
            out.write(json.dumps(row) + "\n")
        named = "" if label == "eval" else f"{label} "
        self.log(f"{named}evaluation at generation {generation}: " + ", ".join(
            f"win rate vs {spec} {row[spec]['win_rate']:.3f}" for spec in c.eval_opponents))
        return row

    # -------------------------------------------------------------- warm start
    def warm_start(self) -> None:
        """Imitate the heuristic style (``warm_start.py``), then measure the start
        network's plain policy against the anchors (``eval.jsonl``, label ``start``,
        generation 0). Marked done in ``state.json`` only after both, so a run stopped
        here redoes them, the same way (the games and the fit are seeded), and a run
        resumed later never does."""
        c = self.config
        styles = parse_styles(c.init_from, self.game)
        started = time.perf_counter()
        data = play_demonstrations(self.game, styles, c.bc_games, c.seed)
        seconds = time.perf_counter() - started
        self.log(f"warm start: {c.bc_games} games of {c.init_from} ({seconds:.1f} s), "
                 f"{len(data)} positions to imitate")

        def on_epoch(epoch: int, policy_loss: float, value_loss: float,
                     agreement: float) -> None:
            self.log(f"warm start epoch {epoch}/{c.bc_epochs}: loss {policy_loss:.3f} + "
                     f"{value_loss:.3f}, picks the style's move at {agreement:.3f} of its "
                     "positions")
            for key, value in (("policy_loss", policy_loss), ("value_loss", value_loss),
                               ("agreement", agreement)):
                self.scalar(f"warm_start/{key}", value, epoch)

        if (self.run_dir / "eval.jsonl").exists():  # a start evaluation left half done
            (self.run_dir / "eval.jsonl").unlink()
            self.evaluations = []
        rows = fit(self.learner, data, epochs=c.bc_epochs, batch_size=c.batch_size,
                   learning_rate=c.learning_rate, weight_decay=c.weight_decay,
                   value_weight=c.value_weight, seed=c.seed, on_epoch=on_epoch)
        self.best = self.learner.arrays()
        self.export("start.zip", self.best, 0)
        evaluation = self.evaluate(0, c.eval_games, "start", simulations=0)
        for spec in c.eval_opponents:
            self.scalar(f"eval/win_rate_vs_{spec.replace(':', '_')}",
                        evaluation[spec]["win_rate"], 0)
        last = rows[-1]
        self.state["warm_start"] = {
            "styles": list(styles), "games": c.bc_games, "positions": len(data),
            "epochs": c.bc_epochs, "policy_loss": round(last["policy_loss"], 6),
            "value_loss": round(last["value_loss"], 6),
            "agreement": round(last["agreement"], 6)}
        self.checkpoint()

    # -------------------------------------------------------------- the loop
    def scalar(self, name: str, value: float, generation: int) -> None:
        if self.writer is not None and not (isinstance(value, float) and math.isnan(value)):
            self.writer.add_scalar(name, value, generation)

    def curve_row(self, row: dict[str, Any]) -> None:
        path = self.run_dir / "tb" / "progress.csv"
        path.parent.mkdir(exist_ok=True)
        fields = list(CURVE_FIELDS) + (list(ANCHOR_FIELDS) if self.config.gate_anchor else [])
        fields += [f"win_rate_vs_{s}" for s in self.config.eval_opponents]
        new = not path.exists()
        with open(path, "a", newline="") as out:
            writer = csv.DictWriter(out, fields)
            if new:
                writer.writeheader()
            writer.writerow({k: row.get(k, "") for k in fields})

    def generation(self, pool: Pool, generation: int) -> dict[str, Any]:
        c = self.config
        started = time.perf_counter()
        results, evaluations = pool.play([(self.header.to_dict(), self.best)],
                                         self.jobs(generation))
        seconds = time.perf_counter() - started
        added = self.buffer.add(results)
        policy_loss, value_loss = self.learn(generation)
        candidate = self.learner.arrays()
        share = self.gate(pool, generation, candidate) if c.gate_games else 1.0
        accepted = c.gate_games == 0 or share >= c.gate_threshold
        anchor = (math.nan, math.nan)
        if accepted and c.gate_anchor:
            anchor = self.anchor_gate(pool, generation, candidate)
            accepted = anchor[0] >= anchor[1] - c.gate_anchor_margin
        if accepted:
            self.best = candidate
            self.state["best_generation"] = generation
            self.export(f"gen_{generation:05d}.zip", candidate, generation)
        self.state["generation"] = generation
        self.state["games"] += len(results)
        self.state["positions"] += added
        row = {"generation": generation, "games": self.state["games"],
               "positions": self.state["positions"], "buffer": len(self.buffer),
               "policy_loss": round(policy_loss, 6), "value_loss": round(value_loss, 6),
               "gate_share": round(share, 6), "anchor_share": round(anchor[0], 6),
               "best_anchor_share": round(anchor[1], 6), "accepted": int(accepted),
               "best_generation": self.state["best_generation"],
               "selfplay_seconds": round(seconds, 3),
               "games_per_second": round(len(results) / seconds, 4),
               "evaluations_per_second": round(evaluations / seconds, 1)}
        for key in ("policy_loss", "value_loss", "gate_share", "anchor_share", "accepted",
                    "games_per_second", "evaluations_per_second", "buffer"):
            self.scalar(f"exit/{key}", float(row[key]), generation)
        self.log(f"generation {generation}: {len(results)} games ({row['games_per_second']} "
                 f"games/s), {added} positions, loss {policy_loss:.3f} + {value_loss:.3f}, "
                 f"gate {share:.3f}"
                 + (f", vs {c.gate_anchor} {anchor[0]:.3f} (best {anchor[1]:.3f})"
                    if not math.isnan(anchor[0]) else "")
                 + f" -> {'accepted' if accepted else 'kept'} best "
                 f"{self.state['best_generation']}")
        return row

    def run(self, generations: int | None = None) -> ExitResult:
        c = self.config
        total = c.generations if generations is None else generations
        deadline = time.monotonic() + 60 * c.max_minutes if c.max_minutes else None
        done = self.state["generation"]
        try:
            from torch.utils.tensorboard import SummaryWriter

            self.writer = SummaryWriter(str(self.run_dir / "tb"))
        except ImportError:
            self.writer = None
        try:
            with ExitStack() as stack:
                if not (self.run_dir / "checkpoints" / "state.json").exists():
                    self.checkpoint()  # generation 0: a run stopped at once still resumes
                pool = Pool(c, stack, self.ray_address)
                self.log(f"{'resumed at' if done else 'started at'} generation {done} of "
                         f"{total} ({self.run_dir}; {c.workers or 'no'} Ray workers)")
                if "warm_start" in self.state and self.state["warm_start"] is None:
                    self.warm_start()
                bar = tqdm(total=total, initial=done, unit="gen", desc=f"exit {c.game}",
                           file=sys.stderr,
                           disable=None if self.progress is None else not self.progress)
                with bar:
                    for generation in range(done + 1, total + 1):
                        if deadline is not None and time.monotonic() >= deadline:
                            self.log(f"max_minutes ({c.max_minutes}) reached after "
                                     f"generation {generation - 1}")
                            break
                        row = self.generation(pool, generation)
                        if c.eval_every and generation % c.eval_every == 0:
                            evaluation = self.evaluate(generation, c.eval_games)
                            for spec in c.eval_opponents:
                                row[f"win_rate_vs_{spec}"] = evaluation[spec]["win_rate"]
                                self.scalar(f"eval/win_rate_vs_{spec.replace(':', '_')}",
                                            evaluation[spec]["win_rate"], generation)
                        self.curve_row(row)
                        self.checkpoint()
                        bar.update()
            last = self.state["generation"]
            if not self.evaluations or self.evaluations[-1]["generation"] != last or \
                    c.final_eval_games:
                self.evaluate(last, c.final_eval_games or c.eval_games,
                              "final" if c.final_eval_games else "eval")
            final = self.export("final.zip", self.best, self.state["best_generation"])
        except KeyboardInterrupt:
            raise self._stopped("interrupted") from None
        except OSError as exc:  # a full disk: the last whole checkpoint stands
            raise self._stopped(f"stopped by a failed write ({exc})", False) from None
        except Exception as exc:
            if not type(exc).__module__.startswith("ray"):
                raise
            reason = " ".join(str(exc).split())[:300] or type(exc).__name__
            raise self._stopped(f"stopped: Ray failed ({reason})", False) from None
        finally:
            if self.writer is not None:
                self.writer.close()
        self.log(f"finished at generation {last}: {final} (best from generation "
                 f"{self.state['best_generation']})")
        return ExitResult(self.run_dir, last, final, self.evaluations)

    def _stopped(self, why: str, interrupted: bool = True) -> TrainingStopped:
        """Every generation ends in a checkpoint, so the last one is whole: say so and
        how to go on (a worker that Ray lost, or a Ctrl-C, stop the run alike)."""
        generation = self.state["generation"]
        command = resume_command(self.run_dir)
        message = (f"training {why} in generation {generation + 1}; the checkpoint after "
                   f"generation {generation} stands; resume with: {command}")
        try:
            self.log(message, echo=False)
        except OSError:
            pass  # the disk that failed may hold the log too
        return TrainingStopped(message, self.run_dir, command, interrupted)


def new_run_dir(config: ExitConfig, out: str | Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    run = Path(out) / f"{config.game}__{config.exp}__{config.seed}__{stamp}"
    run.mkdir(parents=True, exist_ok=False)
    (run / "config.yaml").write_text(yaml.safe_dump(config.to_dict(), sort_keys=False))
    (run / "run.json").write_text(json.dumps({
        "seeds": {"seed": config.seed}, "versions": package_versions(), "argv": sys.argv,
        "started_utc": stamp}, indent=1))
    return run


def train(config: ExitConfig, out: str | Path = "runs/train", progress: bool | None = None,
          echo: Callable[[str], None] | None = None,
          ray_address: str | None = None) -> ExitResult:
    """A new run of ``config`` in a fresh run folder under ``out`` (a config that
    cannot run, or a ``ray_address`` nothing listens on, creates nothing)."""
    config = config_from_mapping(config.to_dict())
    if ray_address and config.workers:
        from ..tournament.runner import probe_ray_address

        probe_ray_address(ray_address)
    run_dir = new_run_dir(config, out)
    if echo is not None:
        echo(f"run folder: {run_dir}")
    try:
        trainer = ExitTrainer(config, run_dir, progress, echo, ray_address)
    except BaseException:
        shutil.rmtree(run_dir, ignore_errors=True)
        raise
    return trainer.run()


def is_exit_run(run_dir: str | Path) -> bool:
    """Whether a run folder's config.yaml is an expert-iteration run's."""
    path = Path(run_dir) / "config.yaml"
    try:
        return (yaml.safe_load(path.read_text()) or {}).get("algo") == "exit"
    except (OSError, yaml.YAMLError, AttributeError):
        return False


def resume(run_dir: str | Path, generations: int | None = None,
           progress: bool | None = None, echo: Callable[[str], None] | None = None,
           ray_address: str | None = None, workers: int | None = None,
           max_minutes: float | None = None) -> ExitResult:
    """Continue a run from its checkpoint (to ``generations`` in all when given;
    ``workers`` may change: the games do not depend on it; ``max_minutes`` counts
    from the resume, the config's when not given)."""
    run_dir = Path(run_dir)
    if not (run_dir / "checkpoints" / "state.json").exists():
        raise ExitConfigError(f"{run_dir}: no expert-iteration checkpoint to resume from")
    config = load_exit_config(run_dir / "config.yaml")
    if workers is not None:
        config = replace(config, workers=workers)
    if max_minutes is not None:
        config = replace(config, max_minutes=max_minutes)
    if echo is not None:
        echo(f"run folder: {run_dir}")
    return ExitTrainer(config, run_dir, progress, echo, ray_address).run(generations)
