"""A training run's logs read into tables and drawn as its learning curve, from a run
folder written by hand in the layout ``skagway_experiments.train`` writes (no training)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from matplotlib.container import ErrorbarContainer
from matplotlib.figure import Figure
from skagway_experiments import analysis

PROGRESS = """time/total_timesteps,rollout/ep_rew_mean,train/loss,eval/win_rate_vs_random
256,,0.5,
512,-0.2,0.4,
512,,,0.25
768,0.1,0.3,
"""
EVALS = [
    {"steps": 512, "label": "eval",
     "random": {"games": 6, "win_rate": 0.5, "low": 0.19, "high": 0.81},
     "heuristic:prospector": {"games": 6, "win_rate": 0.0, "low": 0.0, "high": 0.39}},
    {"steps": 768, "label": "final",
     "random": {"games": 12, "win_rate": 0.75, "low": 0.47, "high": 0.91},
     "heuristic:prospector": {"games": 12, "win_rate": 0.25, "low": 0.09, "high": 0.53}},
]


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    (tmp_path / "tb").mkdir()
    (tmp_path / "tb" / "progress.csv").write_text(PROGRESS)
    (tmp_path / "eval.jsonl").write_text("".join(json.dumps(e) + "\n" for e in EVALS))
    return tmp_path


def test_progress_keeps_the_rows_with_a_return(run_dir: Path) -> None:
    progress = analysis.load_progress(run_dir)
    assert list(progress.columns) == ["steps", "ep_return"]
    assert progress["steps"].tolist() == [512, 768]
    assert progress["ep_return"].tolist() == pytest.approx([-0.2, 0.1])


def test_evaluations_are_one_row_per_evaluation_and_opponent(run_dir: Path) -> None:
    evals = analysis.load_evaluations(run_dir)
    assert len(evals) == 4
    final = evals[(evals["label"] == "final") & (evals["opponent"] == "random")].iloc[0]
    assert (final["steps"], final["games"], final["win_rate"], final["win_low"],
            final["win_high"]) == (768, 12, 0.75, 0.47, 0.91)
    assert "win rate [95% CI]" in analysis.readable(evals)


def test_learning_curve_plot(run_dir: Path) -> None:
    fig = analysis.plot_learning_curve(analysis.load_progress(run_dir),
                                       analysis.load_evaluations(run_dir), players=3)
    assert isinstance(fig, Figure)
    left, right = fig.get_axes()
    assert left.get_lines()[0].get_xdata().tolist() == [512, 768]
    assert sum(isinstance(c, ErrorbarContainer) for c in right.containers) == 2
    even = [line.get_ydata()[0] for line in right.get_lines() if line.get_linestyle() == "--"]
    assert even == pytest.approx([1 / 3])
    assert analysis.figure_png(fig).startswith(b"\x89PNG\r\n\x1a\n")


def test_several_runs_stack_one_row_each(run_dir: Path, tmp_path_factory) -> None:
    other = tmp_path_factory.mktemp("other")
    (other / "tb").mkdir()
    (other / "tb" / "progress.csv").write_text(PROGRESS)
    (other / "eval.jsonl").write_text(json.dumps(EVALS[0]) + "\n")
    (run_dir / "config.yaml").write_text("game: skagway\nplayers: 4\n")
    (other / "config.yaml").write_text("game: dawson_city_barbers\nplayers: 6\n")
    fig = analysis.plot_runs([run_dir, other])
    axes = fig.get_axes()
    assert len(axes) == 4
    assert axes[0].get_title().startswith("skagway, 4 seats\nreturn")
    assert axes[3].get_title().startswith("dawson_city_barbers, 6 seats\nevaluation")
    assert [line.get_ydata()[0] for line in axes[1].get_lines() if line.get_linestyle() == "--"
            ] == [0.25]
    assert [line.get_ydata()[0] for line in axes[3].get_lines() if line.get_linestyle() == "--"
            ] == [pytest.approx(1 / 6)]


EXIT_PROGRESS = """generation,games,positions,buffer,policy_loss,value_loss,gate_share,\
accepted,best_generation
1,16,200,200,0.9,0.8,0.60,1,1
2,32,400,400,0.8,0.6,0.40,0,1
3,48,600,600,0.7,0.5,0.58,1,3
"""
EXIT_EVALS = [
    {"generation": 0, "label": "start", "best_generation": 0,
     "random": {"games": 8, "win_rate": 0.5, "low": 0.2, "high": 0.8}},
    {"generation": 2, "label": "eval", "best_generation": 1,
     "random": {"games": 8, "win_rate": 0.625, "low": 0.3, "high": 0.86}},
    {"generation": 3, "label": "final", "best_generation": 3,
     "random": {"games": 16, "win_rate": 0.75, "low": 0.5, "high": 0.9}},
]


@pytest.fixture
def exit_dir(tmp_path_factory) -> Path:
    """The logs an expert-iteration run keeps beside its bot (no ``tb/``)."""
    tmp_path = tmp_path_factory.mktemp("exit")
    (tmp_path / "progress.csv").write_text(EXIT_PROGRESS)
    (tmp_path / "eval.jsonl").write_text("".join(json.dumps(e) + "\n" for e in EXIT_EVALS))
    (tmp_path / "config.yaml").write_text("game: klondike1896\nplayers: 4\nalgo: exit\n")
    return tmp_path


def test_an_exit_run_is_read_by_generation_and_self_play_games(exit_dir: Path) -> None:
    progress = analysis.load_exit_progress(exit_dir)
    assert progress["selfplay_games"].tolist() == [16, 32, 48]
    assert progress["accepted"].tolist() == [1, 0, 1]
    evals = analysis.load_evaluations(exit_dir)
    assert "steps" not in evals
    assert evals["selfplay_games"].tolist() == [0, 32, 48]  # the warm start at 0
    assert evals["label"].tolist() == ["start", "eval", "final"]


def test_an_exit_run_plots_against_self_play_games(exit_dir: Path, run_dir: Path) -> None:
    (run_dir / "config.yaml").write_text("game: skagway\nplayers: 4\n")
    fig = analysis.plot_runs([exit_dir, run_dir])
    left, right, ppo_left, _ = fig.get_axes()
    assert left.get_xlabel() == right.get_xlabel() == "self-play games"
    assert ppo_left.get_xlabel() == "env steps"
    ringed = [line for line in left.get_lines() if line.get_label() == "accepted"]
    assert ringed[0].get_xdata().tolist() == [16, 48]
    (bars,) = [c for c in right.containers if isinstance(c, ErrorbarContainer)]
    assert bars.lines[0].get_ydata().tolist() == [0.5, 0.625, 0.75]
    even = [line.get_ydata()[0] for line in right.get_lines() if line.get_linestyle() == "--"]
    assert even == pytest.approx([0.25])
