"""A PPO run started from a trained bot (``init_from: <bot file>``,
``experiments/ppo_bot_start.py``): the learner begins with the bot's weights and is
evaluated on them at step 0, a resumed run keeps its own weights, and a bot that does
not fit the run (players, network, hint, a missing file) is refused in one line before
any run folder is made."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("torch")

from skagway_agents.policy_file import read_header, read_weights  # noqa: E402
from skagway_experiments import train as training  # noqa: E402

SMALL = {
    "game": "dawson_city_barbers", "players": 3, "exp": "bot", "seed": 5,
    "total_steps": 128, "num_envs": 2, "opponents": ["heuristic:barber"],
    "snapshot_every": 0, "eval_every": 0, "eval_opponents": ["random"], "eval_games": 3,
    "checkpoint_every": 0, "hint": "heuristic:barber", "hint_weight": 2.0,
    "ppo": {"n_steps": 64, "batch_size": 128, "n_epochs": 1, "net_arch": [32, 32]},
}


@pytest.fixture(scope="module")
def bot(tmp_path_factory):
    """A hinted bot of 128 steps: the file the other runs start from."""
    return training.train(training.config_from_mapping(SMALL),
                          tmp_path_factory.mktemp("bot"), progress=False).final_model


@pytest.fixture(scope="module")
def started(bot, tmp_path_factory):
    config = training.config_from_mapping({**SMALL, "exp": "more", "seed": 6,
                                           "opponents": ["heuristic:shopkeeper"],
                                           "init_from": f"ppo:{bot}"})
    return training.train(config, tmp_path_factory.mktemp("more"), progress=False)


def same_arrays(a, b) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def test_the_learner_starts_with_the_bots_weights(bot, started):
    start = started.run_dir / "models" / "step_000000000.zip"
    assert same_arrays(read_weights(start), read_weights(bot))
    assert not same_arrays(read_weights(started.final_model), read_weights(bot))
    first = json.loads((started.run_dir / "eval.jsonl").read_text().splitlines()[0])
    assert (first["steps"], first["label"]) == (0, "start")
    log = (started.run_dir / "train.log").read_text()
    assert log.index(f"started from ppo:{bot} (128 steps") < log.index("started at step 0")
    assert started.steps == 128 and read_header(started.final_model).trained_steps == 128
    assert training.load_train_config(started.run_dir / "config.yaml").init_from == f"ppo:{bot}"


def test_a_resumed_run_keeps_its_own_weights(started):
    before = read_weights(started.final_model)
    more = training.resume(started.run_dir, total_steps=256, progress=False)
    log = (started.run_dir / "train.log").read_text()
    assert log.count("started from ") == 1 and "resumed at step 128" in log
    assert more.steps == 256
    starts = [json.loads(line)["label"] for line in
              (started.run_dir / "eval.jsonl").read_text().splitlines()]
    assert starts.count("start") == 1
    assert not same_arrays(read_weights(more.final_model), before)


@pytest.mark.parametrize("change, match", [
    ({"players": 4}, "trained for 3 players, not 4"),
    ({"ppo": {**SMALL["ppo"], "net_arch": [64, 64]}}, r"set ppo.net_arch: \[32, 32\]"),
    ({"ppo": {**SMALL["ppo"], "activation": "relu"}}, "ppo.activation: tanh"),
    ({"hint": None}, "trained with hint: 'heuristic:barber' and hint_weight: 2.0"),
    ({"hint_weight": 3.0}, "trained with hint: 'heuristic:barber' and hint_weight: 2.0"),
    ({"hint": "heuristic:prospector"}, "start from it with the same"),
    ({"game": "klondike1896", "hint": None, "opponents": ["random"]},
     "trained for dawson_city_barbers v2, not klondike1896"),
])
def test_a_bot_that_does_not_fit_is_refused_before_a_run_folder(bot, tmp_path, change,
                                                                 match):
    data = {**SMALL, **change, "init_from": str(bot)}
    with pytest.raises(training.TrainConfigError, match=f"init_from: .*{match}"):
        training.train(training.config_from_mapping(data), tmp_path, progress=False)
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("init_from, match", [
    ("runs/no/such/bot.zip", "bot.zip"),
    ("ppo:agents/rl/results/dawson_city_barbers_4p.zip,greedy=false", "give the bot's file alone"),
])
def test_a_missing_file_or_a_spec_with_options_is_refused(tmp_path, init_from, match):
    with pytest.raises(training.TrainConfigError, match=f"init_from: .*{match}"):
        training.config_from_mapping({**SMALL, "init_from": init_from})
