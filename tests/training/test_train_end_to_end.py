"""Training end to end on Dawson City Barbers, CI-sized (issue 10, "Done when"): a run
folder, resume, evaluation rows in the db, the saved bot playing legal moves in a
tournament and as an MCTS prior, a bot of the wrong game refused, and the same config
and seed giving the same learning curve."""

from __future__ import annotations

import csv
import dataclasses
import json
import sqlite3

import pytest
from skagway_agents import AgentSpecError, make_agent
from skagway_agents.policy_file import PolicyFileError, read_header
from skagway_experiments import train as training
from skagway_experiments.cli import main
from skagway_experiments.tournament import config_from_dict, run_tournament

import skagway_env

SMALL = {
    "game": "dawson_city_barbers", "players": 3, "exp": "ci", "seed": 5,
    "total_steps": 1024, "num_envs": 4, "opponents": ["random", "heuristic:prospector"],
    "snapshot_every": 512, "eval_every": 512, "eval_games": 6, "checkpoint_every": 512,
    "ppo": {"n_steps": 128, "batch_size": 256, "n_epochs": 2, "net_arch": [32, 32]},
}


def curve(run_dir):
    """The learning curve: progress.csv without wall-clock columns."""
    with open(run_dir / "tb" / "progress.csv") as f:
        rows = list(csv.DictReader(f))
    return [{k: v for k, v in row.items() if not k.startswith("time/") or k.endswith("steps")}
            for row in rows]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("train")
    return training.train(training.config_from_mapping(SMALL), out, progress=False)


def test_run_folder(run):
    folder = run.run_dir
    assert folder.name.startswith("dawson_city_barbers__ci__5__")
    meta = json.loads((folder / "run.json").read_text())
    assert meta["seeds"]["seed"] == 5 and meta["versions"]["torch"]
    assert training.load_train_config(folder / "config.yaml").total_steps == 1024
    assert (folder / "checkpoints" / "latest.zip").exists()
    assert list((folder / "tb").glob("events.out.tfevents.*")), "no TensorBoard log"
    assert sorted(p.name for p in (folder / "models").glob("snapshot_*.zip")) == [
        "snapshot_000000512.zip", "snapshot_000001024.zip"]
    league = json.loads((folder / "checkpoints" / "league.json").read_text())
    assert [e["spec"] for e in league["entries"]][:2] == ["random", "heuristic:prospector"]
    assert any(e["games"] > 0 for e in league["entries"])
    header = read_header(run.final_model)
    game = skagway_env.make_game("dawson_city_barbers", num_players=3)
    assert (header.game, header.observation_size, header.num_actions, header.trained_steps) == (
        "dawson_city_barbers", game.observation_size(), game.num_distinct_actions(), 1024)


def test_training_uses_the_cheaper_masked_classes(run):
    from sb3_contrib import MaskablePPO
    from skagway_agents.rl import BoolMaskRolloutBuffer, MaskedPolicy

    model = MaskablePPO.load(run.run_dir / "checkpoints" / "latest.zip", device="cpu")
    assert isinstance(model.policy, MaskedPolicy)
    assert model.rollout_buffer_class is BoolMaskRolloutBuffer


def test_evaluations_are_stored_in_the_run_database(run):
    with sqlite3.connect(run.run_dir / "eval.db") as db:
        names = [n for (n,) in db.execute("SELECT name FROM tournaments ORDER BY id")]
        games = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert names == ["eval-000000512", "eval-000001024"]
    assert games == 2 * 2 * 3  # 2 evaluations x 2 opponents x 3 seatings (6 games each)
    assert [row["steps"] for row in run.evaluations] == [512, 1024]


def test_resume_continues_the_run(run):
    before = curve(run.run_dir)
    resumed = training.resume(run.run_dir, total_steps=1536, progress=False)
    assert resumed.steps == 1536 and resumed.run_dir == run.run_dir
    after = curve(run.run_dir)
    kept = [{k: row[k] for k in old} for row, old in zip(after, before, strict=False)]
    assert kept == before, "the resumed run lost the curve it had"
    steps = [int(r["time/total_timesteps"]) for r in after if r.get("time/total_timesteps")]
    assert steps[-1] == 1536 and steps == sorted(steps) and steps[0] < 1024
    with sqlite3.connect(run.run_dir / "eval.db") as db:
        names = [n for (n,) in db.execute("SELECT name FROM tournaments ORDER BY id")]
    assert names[-1] == "eval-000001536"


def test_resume_refuses_another_engine_and_ignores_new_bounds(run, monkeypatch):
    """Bounds are not what a policy learned, so a run resumes after its game declares
    new ones; an engine of another version would make it another game: refused."""
    from skagway_env.core import Game
    from skagway_env.games.dawson_city_barbers.game import DawsonCityBarbersGame

    steps = max(int(r["time/total_timesteps"]) for r in curve(run.run_dir)
                if r.get("time/total_timesteps"))
    with monkeypatch.context() as patch:
        patch.setattr(DawsonCityBarbersGame, "observation_bounds", Game.observation_bounds)
        resumed = training.resume(run.run_dir, total_steps=steps + 512, progress=False)
    assert resumed.steps == steps + 512  # one rollout: 4 envs x 128 steps
    newer = dataclasses.replace(DawsonCityBarbersGame.info, env_version=99)
    monkeypatch.setattr(DawsonCityBarbersGame, "info", newer)
    with pytest.raises(training.TrainConfigError,
                       match=r"cannot resume: .* not dawson_city_barbers v99"):
        training.resume(run.run_dir, total_steps=steps + 1024, progress=False)


def test_trained_bot_plays_in_a_tournament(run, tmp_path):
    config = config_from_dict({
        "name": "bot", "game": "dawson_city_barbers", "players": 3,
        "entrants": [{"name": "bot", "spec": f"ppo:{run.final_model}"},
                     {"name": "mcts", "spec": f"mcts:iterations=12,prior=ppo:{run.final_model}"},
                     {"name": "random", "spec": "random"}],
        "lineups": [["bot", "mcts", "random"]], "seed": 1})
    result = run_tournament(config, tmp_path / "t.db", progress=False)
    assert result.played == 6  # every seating; an illegal move would have raised


def test_policy_is_the_mcts_prior(run):
    game = skagway_env.make_game("dawson_city_barbers", num_players=3)
    bot = make_agent(f"ppo:{run.final_model}", game, seed=0)
    state = game.new_initial_state()
    from skagway_env.core.playout import resolve_chance

    resolve_chance(state, bot.rng)
    probs = bot.action_probabilities(state, state.current_player())
    assert probs.sum() == pytest.approx(1.0)
    assert set(probs.nonzero()[0]) <= set(state.legal_actions())
    mcts = make_agent(f"mcts:iterations=8,prior=ppo:{run.final_model}", game, seed=0)
    weights = mcts._prior_weights(state, state.current_player())
    assert weights == pytest.approx({a: probs[a] for a in probs.nonzero()[0]})
    assert mcts.act(state.view(state.current_player(), bot.rng), state.current_player()) in (
        state.legal_actions())
    guided = make_agent(f"mcts:iterations=2,rollout=ppo:{run.final_model}", game, seed=0)
    assert guided._policy.name == "ppo"  # playouts follow the trained policy
    assert guided.act(state.view(state.current_player(), bot.rng), state.current_player()) in (
        state.legal_actions())


def test_bot_of_another_game_is_refused_in_one_line(run, capsys):
    skagway = skagway_env.make_game("skagway", num_players=3)
    versions = (skagway_env.make_game("dawson_city_barbers").info.env_version,
                skagway.info.env_version)
    with pytest.raises(AgentSpecError, match=f"trained for dawson_city_barbers v{versions[0]}, "
                       f"not skagway v{versions[1]}"):
        make_agent(f"ppo:{run.final_model}", skagway)
    code = main(["play", "skagway", "--players", "3", "--agents",
                 f"ppo:{run.final_model},random,random"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.count("\n") == 0 and f"not skagway v{versions[1]}" in err
    with pytest.raises(PolicyFileError, match="not a skagway policy file"):
        read_header(run.run_dir / "checkpoints" / "latest.zip")  # SB3's pickle: never loaded


def test_same_config_and_seed_same_learning_curve(run, tmp_path):
    config = dataclasses.replace(training.config_from_mapping(SMALL), eval_every=0,
                                 num_envs=2, snapshot_every=256, total_steps=512)
    first = training.train(config, tmp_path / "a", progress=False)
    second = training.train(config, tmp_path / "b", progress=False)
    assert curve(first.run_dir) == curve(second.run_dir)
    assert len(curve(first.run_dir)) >= 2
    other = training.train(dataclasses.replace(config, seed=6), tmp_path / "c", progress=False)
    assert curve(other.run_dir) != curve(first.run_dir)


def test_league_reaches_envs_in_other_processes(tmp_path):
    """With ``subprocess: true`` each env holds a league replica: the results it hears
    come back to the league, and snapshots taken after the start reach the envs."""
    config = training.config_from_mapping({
        **SMALL, "subprocess": True, "num_envs": 2, "snapshot_every": 256,
        "eval_every": 0, "checkpoint_every": 0})
    run = training.train(config, tmp_path, progress=False)
    league = json.loads((run.run_dir / "checkpoints" / "league.json").read_text())
    entries = {e["spec"]: e for e in league["entries"]}
    assert sum(e["games"] for e in entries.values()) > 0, "no result came back"
    snapshots = [e for spec, e in entries.items() if "snapshot_" in spec]
    assert len(snapshots) == 4
    assert sum(e["games"] for e in snapshots) > 0, "no env ever drew a snapshot"


def test_cli_train_with_flags(tmp_path, capsys):
    code = main(["train", "--game", "dawson_city_barbers", "--players", "2", "--steps", "256",
                 "--envs", "2", "--seed", "1", "--exp", "cli", "--out", str(tmp_path),
                 "--no-progress"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "run folder:" in out and "win rate vs random:" in out
    folder = next(tmp_path.glob("dawson_city_barbers__cli__1__*"))
    assert (folder / "models" / "final.zip").exists()
    assert main(["train", "--config", str(tmp_path / "none.yaml")]) == 2
    assert "no such config file" in capsys.readouterr().err


def test_config_mistakes_say_why():
    with pytest.raises(training.TrainConfigError, match="unknown setting.s. epochs"):
        training.config_from_mapping({**SMALL, "epochs": 3})
    with pytest.raises(training.TrainConfigError, match="unknown ppo setting"):
        training.config_from_mapping({**SMALL, "ppo": {"lr": 1}})
    with pytest.raises(training.TrainConfigError,
                       match="eval_opponents: unknown agent 'alphazero'"):
        training.config_from_mapping({**SMALL, "eval_opponents": ["alphazero"]})
