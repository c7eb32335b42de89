"""Expert iteration end to end on Dawson City Barbers at 2 seats, CI-sized (issue 22's
acceptance): a run folder that trains, resumes, evaluates into its db and exports a
bot that plays in ``skagway tournament``; the same seed gives the same curve, a
resumed run the curve of an unbroken one, and a 2-worker Ray run the same curve as
the in-process one."""

from __future__ import annotations

import csv
import importlib.util
import json
import sqlite3

import pytest
from skagway_agents.exit.net_file import read_net_header
from skagway_experiments.cli import main
from skagway_experiments.exit import trainer
from skagway_experiments.exit.config import ExitConfigError, config_from_mapping

SMALL = {"game": "dawson_city_barbers", "players": 2, "exp": "ci", "seed": 3,
         "generations": 2, "games_per_generation": 4, "concurrent_games": 3,
         "simulations": 8, "hidden": [32], "train_steps": 8, "batch_size": 64,
         "gate_games": 2, "gate_simulations": 4, "eval_every": 1, "eval_games": 2,
         "eval_opponents": ["random", "heuristic:prospector"]}
WALL_CLOCK = set(trainer.WALL_CLOCK)


def curve(run_dir) -> list[dict]:
    with open(run_dir / "tb" / "progress.csv") as f:
        return [{k: v for k, v in row.items() if k not in WALL_CLOCK}
                for row in csv.DictReader(f)]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("exit")
    return trainer.train(config_from_mapping(SMALL), out, progress=False)


def test_run_folder(run):
    folder = run.run_dir
    assert folder.name.startswith("dawson_city_barbers__ci__3__") and run.generation == 2
    for name in ("config.yaml", "run.json", "train.log", "eval.jsonl",
                 "checkpoints/state.json", "checkpoints/learner.pt", "checkpoints/best.zip",
                 "checkpoints/buffer.npz", "models/final.zip"):
        assert (folder / name).exists(), name
    assert list((folder / "tb").glob("events.out.tfevents.*")), "no TensorBoard log"
    rows = curve(folder)
    assert [int(r["generation"]) for r in rows] == [1, 2]
    assert all(float(r["policy_loss"]) > 0 for r in rows)
    header = read_net_header(run.final_model)
    assert (header.game, header.num_players) == ("dawson_city_barbers", 2)
    assert header.generation == json.loads(
        (folder / "checkpoints" / "state.json").read_text())["best_generation"]


def test_evaluations_are_stored_in_the_run_database(run):
    with sqlite3.connect(run.run_dir / "eval.db") as db:
        names = [n for (n,) in db.execute("SELECT name FROM tournaments ORDER BY id")]
        games = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert names == ["eval-00001", "eval-00002"]
    assert games == 2 * 2 * 2  # 2 evaluations x 2 anchors x 2 seatings
    assert [row["generation"] for row in run.evaluations] == [1, 2]


def test_exported_bot_plays_in_a_tournament(run, tmp_path, capsys):
    code = main(["tournament", "--game", "dawson_city_barbers", "--players", "2",
                 "--agent", f"exit:{run.final_model},simulations=4", "--agent", "random",
                 "--repeats", "1", "--db", str(tmp_path / "t.db"), "--no-progress"])
    assert code == 0, capsys.readouterr().err
    with sqlite3.connect(tmp_path / "t.db") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2


def test_same_seed_same_curve_and_resume_continues_it(run, tmp_path):
    """An unbroken 3-generation run equals this 2-generation run resumed to 3."""
    unbroken = trainer.train(config_from_mapping({**SMALL, "generations": 3}), tmp_path,
                             progress=False)
    assert curve(unbroken.run_dir)[:2] == curve(run.run_dir), "same seed, another curve"
    resumed = trainer.resume(run.run_dir, 3, progress=False)
    assert resumed.generation == 3
    assert curve(run.run_dir) == curve(unbroken.run_dir)
    assert "resumed at generation 2 of 3" in (run.run_dir / "train.log").read_text()


def test_cli_runs_and_refuses_mixed_flags(tmp_path, capsys):
    config = tmp_path / "small.yaml"
    import yaml

    config.write_text(yaml.safe_dump({**SMALL, "algo": "exit", "generations": 1,
                                      "eval_opponents": ["random"]}))
    assert main(["train", "--config", str(config), "--out", str(tmp_path / "runs"),
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "generations: 1" in out and "bot: exit:" in out
    assert main(["train", "--algo", "exit", "--game", "dawson_city_barbers",
                 "--steps", "5"]) == 2
    assert "--steps: not a setting of --algo exit" in capsys.readouterr().err
    assert main(["train", "--game", "dawson_city_barbers", "--workers", "2"]) == 2
    assert "--workers: only with --algo exit" in capsys.readouterr().err


@pytest.mark.parametrize("change, says", [
    ({"simulations": 0}, "simulations: 0 is not allowed"),
    ({"hidden": []}, "hidden: \\[\\] is not allowed"),
    ({"params": {"reward": "score"}}, "trains on rank returns"),
    ({"eval_opponents": ["nobody"]}, "eval_opponents: unknown agent"),
    ({"init_from": "agents/rl/results/skagway_4p.zip"}, "is a bot for skagway"),
    ({"gates": 3}, "unknown setting\\(s\\) gates"),
    ({"device": "tpu"}, "device: 'tpu' is not allowed: expected one of cpu, cuda"),
    ({"players": 6, "init_from": "agents/rl/results/dawson_city_barbers_6p.zip"},
     "uses tanh; set activation: tanh"),
])
def test_bad_settings_are_refused_in_one_line(change, says):
    with pytest.raises(ExitConfigError, match=says):
        config_from_mapping({**SMALL, **change})


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs ray")
def test_two_ray_workers_give_the_in_process_curve(run, tmp_path):
    """The suite's one Ray start: two actors, the same games as in-process."""
    on_ray = trainer.train(config_from_mapping({**SMALL, "workers": 2}), tmp_path,
                           progress=False)
    assert on_ray.generation == 2
    assert curve(on_ray.run_dir) == curve(run.run_dir)[:2]
    assert "2 Ray workers" in (on_ray.run_dir / "train.log").read_text()


def test_ctrl_c_keeps_the_last_generation_and_says_how_to_resume(tmp_path, monkeypatch):
    from skagway_experiments.train import TrainingStopped

    real = trainer.ExitTrainer.generation

    def interrupted_in_the_second(self, pool, generation):
        if generation == 2:
            raise KeyboardInterrupt
        return real(self, pool, generation)

    monkeypatch.setattr(trainer.ExitTrainer, "generation", interrupted_in_the_second)
    with pytest.raises(TrainingStopped, match="resume with: skagway train --resume") as stop:
        trainer.train(config_from_mapping(SMALL), tmp_path, progress=False)
    state = json.loads((stop.value.run_dir / "checkpoints" / "state.json").read_text())
    assert state["generation"] == 1 and stop.value.interrupted
    monkeypatch.setattr(trainer.ExitTrainer, "generation", real)
    assert trainer.resume(stop.value.run_dir, progress=False).generation == 2


EXIT_CONFIGS = sorted((__import__("pathlib").Path(__file__).resolve().parents[2] / "configs"
                       / "train").glob("*_exit.yaml"))


@pytest.mark.parametrize("path", EXIT_CONFIGS, ids=lambda p: p.stem)
def test_shipped_exit_configs_load_at_their_count_and_at_two(path):
    from skagway_experiments.exit.config import load_exit_config

    config = load_exit_config(path)
    assert config.algo == "exit" and config.max_minutes > 0
    assert config.gate_games % config.players == 0 and config.gate_games % 2 == 0
    config_from_mapping({**config.to_dict(), "players": 2}, str(path))


def test_every_game_has_an_exit_config():
    import skagway_env

    games = set(skagway_env.list_games())
    assert {p.stem.removesuffix("_exit") for p in EXIT_CONFIGS} == games | {
        f"{g}_2p" for g in games}


def test_bench_exit_measures_self_play_in_process():
    """bench_exit's parts run (tiny budget; speed is never asserted)."""
    from skagway_experiments import bench_exit
    from skagway_experiments.exit.selfplay import SelfPlayWorker

    worker = SelfPlayWorker("dawson_city_barbers", 2, {}, 2)
    worker.set_nets([bench_exit.network("dawson_city_barbers", 2, [16])])
    games, evaluations = bench_exit.measure_in_process(worker, bench_exit.jobs(2, 2, 2))
    assert games > 0 and evaluations > 0


def test_cli_resume_takes_only_its_flags(run, capsys):
    assert main(["train", "--resume", str(run.run_dir), "--seed", "4"]) == 2
    err = capsys.readouterr().err
    assert "--seed cannot change it" in err and "--max-minutes" in err


def test_a_worker_lost_by_ray_stops_the_run_in_one_line(tmp_path, monkeypatch):
    """Ray's errors (a worker killed by the OOM killer) end the run like Ctrl-C: the
    last checkpoint stands and the message says how to resume."""
    from skagway_experiments.train import TrainingStopped

    class ActorDiedError(RuntimeError):
        pass

    ActorDiedError.__module__ = "ray.exceptions"

    def lost(self, nets, jobs):
        raise ActorDiedError("The actor died unexpectedly\nbefore finishing this task.")

    monkeypatch.setattr(trainer.Pool, "play", lost)
    with pytest.raises(TrainingStopped, match=r"Ray failed \(The actor died unexpectedly "
                       r"before finishing this task.\) in generation 1; the checkpoint "
                       r"after generation 0 stands; resume with") as stop:
        trainer.train(config_from_mapping(SMALL), tmp_path, progress=False)
    assert not stop.value.interrupted


def test_an_unreachable_ray_address_is_one_line_and_creates_nothing(tmp_path, capsys):
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["train", "--algo", "exit", "--game", "dawson_city_barbers", "--players", "2",
                 "--workers", "1", "--ray-address", f"127.0.0.1:{port}",
                 "--out", str(tmp_path / "runs")]) == 2
    err = capsys.readouterr().err
    assert f"cannot reach a Ray cluster at 127.0.0.1:{port}" in err and len(
        err.strip().splitlines()) == 1
    assert not (tmp_path / "runs").exists()
