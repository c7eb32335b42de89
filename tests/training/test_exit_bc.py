"""The warm start from a heuristic style (``init_from: heuristic:<style>``, issue 22),
CI-sized on Dawson City Barbers at 2 seats: the fitted network plays the style's moves
where an untrained one does not, the run logs it and evaluates the start network at
generation 0, one seed gives the same weights, a resumed run does not imitate again
and continues the unbroken run's curve, and a style the game lacks is one line."""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest
import yaml
from skagway_agents.exit.net_file import load_net, read_net_weights
from skagway_experiments.cli import main
from skagway_experiments.exit import trainer
from skagway_experiments.exit.config import ExitConfigError, config_from_mapping
from skagway_experiments.exit.warm_start import play_demonstrations

from skagway_env.core import make_game

SMALL = {"game": "dawson_city_barbers", "players": 2, "exp": "bc", "seed": 5,
         "generations": 1, "games_per_generation": 2, "concurrent_games": 2,
         "simulations": 4, "hidden": [64], "train_steps": 4, "batch_size": 64,
         "gate_games": 0, "eval_every": 1, "eval_games": 2,
         "eval_opponents": ["heuristic:shopkeeper"],
         "init_from": "heuristic:shopkeeper", "bc_games": 30, "bc_epochs": 12,
         "learning_rate": 0.003}
AGREEMENT = 0.8  # measured 0.865 after 12 epochs
"""The share of its training positions where the warm-started network must pick the
style's move (an untrained network picks it at about the share of one legal action)."""


def agreement(net_file, data) -> float:
    logits, _ = load_net(net_file).evaluate(data.observations)
    best = np.where(data.masks, logits, -np.inf).argmax(axis=1)
    return float(np.mean(best == data.actions))


def curve(run_dir) -> list[dict]:
    with open(run_dir / "tb" / "progress.csv") as f:
        return [{k: v for k, v in row.items() if k not in trainer.WALL_CLOCK}
                for row in csv.DictReader(f)]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return trainer.train(config_from_mapping(SMALL), tmp_path_factory.mktemp("bc"),
                         progress=False)


@pytest.fixture(scope="module")
def demonstrations():
    game = make_game("dawson_city_barbers", num_players=2)
    return play_demonstrations(game, ("shopkeeper",), SMALL["bc_games"], SMALL["seed"])


def test_warm_started_network_plays_the_style_where_an_untrained_one_does_not(
        run, demonstrations, tmp_path):
    assert len(demonstrations) > 200  # 30 games of real decisions
    start = run.run_dir / "models" / "start.zip"
    assert agreement(start, demonstrations) >= AGREEMENT
    untrained = trainer.train(config_from_mapping({
        **SMALL, "init_from": None, "generations": 0}), tmp_path, progress=False)
    assert agreement(untrained.final_model, demonstrations) < 0.4  # measured 0.18
    state = json.loads((run.run_dir / "checkpoints" / "state.json").read_text())
    assert state["warm_start"]["styles"] == ["shopkeeper"]
    assert state["warm_start"]["positions"] == len(demonstrations)
    assert state["warm_start"]["agreement"] == pytest.approx(
        agreement(start, demonstrations), abs=1e-3)


def test_the_start_is_logged_and_evaluated_at_generation_zero(run):
    log = (run.run_dir / "train.log").read_text()
    assert "warm start: 30 games of heuristic:shopkeeper" in log
    assert log.count("warm start epoch") == SMALL["bc_epochs"]
    assert "start evaluation at generation 0" in log
    rows = [json.loads(line) for line in (run.run_dir / "eval.jsonl").read_text().splitlines()]
    assert [(r["generation"], r["label"]) for r in rows] == [(0, "start"), (1, "eval")]
    assert rows[0]["simulations"] == 0 and rows[0]["heuristic:shopkeeper"]["games"] == 2


def test_same_seed_same_weights_and_resume_does_not_imitate_again(run, tmp_path):
    """An unbroken 2-generation run equals the 1-generation run resumed to 2, and
    the resume skips the warm start."""
    unbroken = trainer.train(config_from_mapping({**SMALL, "generations": 2}), tmp_path,
                             progress=False)
    ours, theirs = (read_net_weights(r.run_dir / "models" / "start.zip")
                    for r in (run, unbroken))
    assert ours.keys() == theirs.keys()
    assert all(np.array_equal(ours[k], theirs[k]) for k in ours), "same seed, other weights"
    trainer.resume(run.run_dir, 2, progress=False)
    log = (run.run_dir / "train.log").read_text()
    assert log.count("warm start:") == 1 and "resumed at generation 1 of 2" in log
    assert curve(run.run_dir) == curve(unbroken.run_dir)


def test_a_run_stopped_in_the_warm_start_redoes_it_on_resume(tmp_path, monkeypatch):
    from skagway_experiments.train import TrainingStopped

    real = trainer.ExitTrainer.warm_start

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(trainer.ExitTrainer, "warm_start", interrupted)
    config = config_from_mapping({**SMALL, "generations": 0, "bc_games": 4, "bc_epochs": 1})
    with pytest.raises(TrainingStopped) as stop:
        trainer.train(config, tmp_path, progress=False)
    monkeypatch.setattr(trainer.ExitTrainer, "warm_start", real)
    trainer.resume(stop.value.run_dir, progress=False)
    state = json.loads((stop.value.run_dir / "checkpoints" / "state.json").read_text())
    assert state["warm_start"]["games"] == 4
    assert (stop.value.run_dir / "models" / "start.zip").exists()


@pytest.mark.parametrize("name, style", [
    ("skagway", "prospector"), ("dawson_city_barbers", "barber"),
    ("klondike_rush", "trapper"), ("klondike1896", "digger"),
    ("klondike1896_council", "racer")])  # the council's ticks are simultaneous
def test_demonstrations_are_the_styles_legal_moves_with_observer_relative_values(name, style):
    game = make_game(name, num_players=2)
    data = play_demonstrations(game, (style,), 1, 0)
    assert len(data) > 10 and data.observations.shape == (len(data), game.observation_size())
    assert data.masks[np.arange(len(data)), data.actions].all(), "a move off its mask"
    assert (data.masks.sum(axis=1) > 1).all(), "a forced move recorded"
    assert set(map(tuple, data.values.tolist())) <= {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}
    assert len(set(map(tuple, data.values.tolist()))) == 2 or (data.values == 0).all()


@pytest.mark.parametrize("init_from, says", [
    ("heuristic:trapper", "init_from: dawson_city_barbers heuristic styles: barber, "
     "shopkeeper, prospector \\(got 'trapper'\\)"),
    ("heuristic:barber+nobody", "\\(got 'nobody'\\)"),
    ("heuristic:", "expected heuristic:<style>"),
    ("heuristic:barber,cut_turn=2", "style parameters are not taken"),
])
def test_a_bad_style_is_refused_in_one_line(init_from, says):
    with pytest.raises(ExitConfigError, match=says) as refused:
        config_from_mapping({**SMALL, "init_from": init_from})
    assert "\n" not in str(refused.value)


def test_the_command_line_refuses_a_bad_style_in_one_line(tmp_path, capsys):
    config = tmp_path / "bad.yaml"
    config.write_text(yaml.safe_dump({**SMALL, "algo": "exit", "init_from": "heuristic:x"}))
    assert main(["train", "--config", str(config), "--out", str(tmp_path / "runs")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "init_from: dawson_city_barbers heuristic " \
        "styles: barber, shopkeeper, prospector (got 'x')" in err
    assert not (tmp_path / "runs").exists()


def test_bc_holdout_measures_agreement_on_unseen_games(capsys):
    """bc_holdout's parts run (tiny budget; its figures are measurements)."""
    from skagway_experiments.exit import bc_holdout

    bc_holdout.main(["--game", "dawson_city_barbers", "--players", "2", "--style", "barber",
                     "--fit", "3:1", "--fit", "2:2", "--held-out", "2", "--hidden", "8"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and lines[0].endswith("held out")
    assert [line.split(":")[0] for line in lines[1:]] == [
        "3 games, epoch 1", "2 games, epoch 1", "2 games, epoch 2"]
