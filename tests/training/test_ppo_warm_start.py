"""PPO's warm start (``init_from: heuristic:<style>``): the policy imitates the style
before the first rollout, the fitted policy is evaluated at step 0, one seed gives the
same fit, a resumed run does not fit again, and a bad ``init_from`` is refused before
any run folder is made."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")

from skagway_experiments import train as training  # noqa: E402
from skagway_experiments.ppo_warm_start import agreement, play_demonstrations  # noqa: E402

import skagway_env  # noqa: E402

SMALL = {
    "game": "dawson_city_barbers", "players": 3, "exp": "ws", "seed": 4,
    "total_steps": 128, "num_envs": 2, "opponents": ["random"], "snapshot_every": 0,
    "eval_every": 0, "eval_opponents": ["random"], "eval_games": 3, "checkpoint_every": 0,
    "init_from": "heuristic:prospector", "bc_games": 12, "bc_epochs": 6,
    "ppo": {"n_steps": 64, "batch_size": 128, "n_epochs": 1, "net_arch": [32, 32]},
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    config = training.config_from_mapping(SMALL)
    return [training.train(config, tmp_path_factory.mktemp(f"ws{k}"), progress=False)
            for k in range(2)]


def test_the_policy_imitates_the_style_before_learning(runs):
    run = runs[0]
    fitted = json.loads((run.run_dir / "warm_start.json").read_text())
    assert fitted["styles"] == ["prospector"] and fitted["games"] == 12
    game = skagway_env.make_game("dawson_city_barbers", num_players=3)
    data = play_demonstrations(game, ("prospector",), 12, 4)
    assert fitted["positions"] == len(data) > 100
    start = training.Trainer(training.config_from_mapping({**SMALL, "init_from": None}),
                             run.run_dir.parent / "fresh", progress=False)
    fresh = agreement(start.model.policy, data)
    last = fitted["epochs"][-1]
    assert last["agreement"] > fresh + 0.2, (fresh, fitted["epochs"])
    assert last["policy_loss"] < fitted["epochs"][0]["policy_loss"]
    first = json.loads((run.run_dir / "eval.jsonl").read_text().splitlines()[0])
    assert (first["steps"], first["label"]) == (0, "start")
    assert (run.run_dir / "models" / "step_000000000.zip").exists()
    log = (run.run_dir / "train.log").read_text()
    assert log.index("warm start epoch 6/6") < log.index("started at step 0")


def test_one_seed_gives_the_same_fit(runs):
    first, second = (json.loads((r.run_dir / "warm_start.json").read_text()) for r in runs)
    assert first == second


def test_a_resumed_run_does_not_fit_again(runs):
    run = runs[0]
    training.resume(run.run_dir, total_steps=256, progress=False)
    log = (run.run_dir / "train.log").read_text()
    assert log.count("warm start: ") == 1 and "resumed at step 128" in log


@pytest.mark.parametrize("init_from, match", [
    ("heuristic:nosuch", "init_from: .*heuristic styles"),
    ("ppo:agents/rl/results/skagway_4p.zip", "init_from: .*trained for skagway v2"),
    ("heuristic:barber,cut_turn=3", "style parameters are not taken"),
])
def test_a_bad_init_from_is_refused_before_a_run_folder(tmp_path, init_from, match):
    with pytest.raises(training.TrainConfigError, match=match):
        training.train(training.TrainConfig(**{
            **{k: v for k, v in SMALL.items() if k != "ppo"}, "init_from": init_from}),
            tmp_path, progress=False)
    assert not any(tmp_path.iterdir())


def test_a_stop_during_the_warm_start_keeps_no_half_made_start(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(training, "imitate", interrupted)
    with pytest.raises(training.TrainingStopped, match="during the warm start") as stop:
        training.train(training.config_from_mapping(SMALL), tmp_path, progress=False)
    assert stop.value.resume_command is None
    assert not (stop.value.run_dir / "checkpoints" / "latest.zip").exists()
