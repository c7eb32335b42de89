"""A training run's own logs as tables, and its learning curve as a figure.

A run folder of ``skagway train`` (``skagway_experiments.train``) holds the learning
curve in ``tb/progress.csv`` and the periodic evaluations in ``eval.jsonl`` (win rates
with Wilson 95% intervals; the games themselves are in ``eval.db``). These read them
into pandas and draw the learning curve as a ``Figure`` (Agg canvas, no pyplot): one
run (``plot_learning_curve``) or several stacked (``plot_runs``, which
``experiments/plot_training.py`` saves as a PNG).

An expert-iteration run (``skagway train --algo exit``) logs a row a generation
instead (self-play games, losses, gate share) and its evaluations by generation; its
curve is drawn against self-play games (``load_exit_progress``; ``load_evaluations``
then gives ``selfplay_games`` in place of ``steps``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from matplotlib.ticker import EngFormatter

from .plots import PALETTE, _errors, _figure

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

STEPS = "time/total_timesteps"
RETURN = "rollout/ep_rew_mean"


def load_progress(run_dir: str | Path) -> pd.DataFrame:
    """The learning curve: one row per logged rollout with ``steps`` and the learner's
    mean episode return against its league (``ep_return``, rank-based, +1..-1)."""
    import pandas as pd

    run_dir = Path(run_dir)
    # a run folder, or the trimmed copy of its logs kept in agents/rl/results/
    logged = run_dir / "tb" / "progress.csv"
    table = pd.read_csv(logged if logged.exists() else run_dir / "progress.csv")
    if RETURN not in table:  # no episode finished yet
        table[RETURN] = float("nan")
    rows = table.dropna(subset=[STEPS, RETURN])
    return pd.DataFrame({"steps": rows[STEPS].astype(int),
                         "ep_return": rows[RETURN].astype(float)}).reset_index(drop=True)


def load_exit_progress(run_dir: str | Path) -> pd.DataFrame:
    """An expert-iteration run's curve: a row a generation with ``generation``,
    ``selfplay_games`` (played so far), ``policy_loss``, ``value_loss``, ``gate_share``
    and ``accepted``."""
    import pandas as pd

    run_dir = Path(run_dir)
    logged = run_dir / "tb" / "progress.csv"
    table = pd.read_csv(logged if logged.exists() else run_dir / "progress.csv")
    return pd.DataFrame({
        "generation": table["generation"].astype(int),
        "selfplay_games": table["games"].astype(int),
        **{k: table[k].astype(float) for k in ("policy_loss", "value_loss", "gate_share")},
        "accepted": table["accepted"].astype(int)})


def is_exit_log(run_dir: str | Path) -> bool:
    """Whether ``run_dir`` (a run folder or its kept logs) is an expert-iteration run's."""
    import yaml

    config = Path(run_dir) / "config.yaml"
    return config.exists() and (yaml.safe_load(config.read_text()) or {}).get("algo") == "exit"


def load_evaluations(run_dir: str | Path) -> pd.DataFrame:
    """The evaluations of ``eval.jsonl``: one row per evaluation and opponent, with
    ``steps``, ``label`` (``eval`` or ``final``), ``opponent``, ``games``, ``win_rate``
    and its Wilson ``win_low``/``win_high``. An expert-iteration run's evaluations are
    by generation: they get ``selfplay_games`` (the games played by then, from its
    curve; 0 for the warm start's) in place of ``steps``."""
    import pandas as pd

    exit_run = is_exit_log(run_dir)
    played = {0: 0}
    if exit_run:
        progress = load_exit_progress(run_dir)
        played.update(zip(progress["generation"], progress["selfplay_games"], strict=True))
    x = "selfplay_games" if exit_run else "steps"
    rows = []
    for line in (Path(run_dir) / "eval.jsonl").read_text().splitlines():
        record = json.loads(line)
        at = played[record["generation"]] if exit_run else record["steps"]
        for opponent, rate in record.items():
            if isinstance(rate, dict):
                rows.append({x: at, "label": record["label"],
                             "opponent": opponent, "games": rate["games"],
                             "win_rate": rate["win_rate"], "win_low": rate["low"],
                             "win_high": rate["high"]})
    return pd.DataFrame(rows, columns=[x, "label", "opponent", "games", "win_rate",
                                       "win_low", "win_high"])


def plot_learning_curve(progress: pd.DataFrame, evaluations: pd.DataFrame, players: int,
                        title: str = "Training") -> Figure:
    """Left: mean episode return against the league by env step (``load_progress``).
    Right: the evaluation win rate against ``players - 1`` copies of each opponent with
    its Wilson interval (``load_evaluations``), even play (1 / players) dashed."""
    fig = _figure(10.0, 3.6)
    _draw_run(*fig.subplots(1, 2), progress, evaluations, players)
    fig.suptitle(title)
    return fig


def plot_runs(run_dirs: Sequence[str | Path]) -> Figure:
    """The learning curves of several run folders, one row of both panels per run,
    each titled with its game and seat count from the run's ``config.yaml``."""
    import yaml

    fig = _figure(10.0, 4.0 * len(run_dirs))
    rows = fig.subplots(len(run_dirs), 2, squeeze=False)
    for (left, right), run in zip(rows, run_dirs, strict=True):
        config = yaml.safe_load((Path(run) / "config.yaml").read_text())
        if is_exit_log(run):
            _draw_exit_run(left, right, load_exit_progress(run), load_evaluations(run),
                           config["players"])
        else:
            _draw_run(left, right, load_progress(run), load_evaluations(run),
                      config["players"])
        for ax in (left, right):
            ax.set_title(f"{config['game']}, {config['players']} seats\n{ax.get_title()}")
    return fig


def _draw_run(left: Axes, right: Axes, progress: pd.DataFrame, evaluations: pd.DataFrame,
              players: int) -> None:
    left.plot(progress["steps"], progress["ep_return"], color=PALETTE[0], marker=".")
    left.set(title="return against the league", xlabel="env steps",
             ylabel="mean episode return (rank, +1..-1)")
    _draw_evaluations(right, evaluations, players, "steps", "env steps")
    for ax in (left, right):
        ax.xaxis.set_major_formatter(EngFormatter())  # 200 k, not 200000


def _draw_exit_run(left: Axes, right: Axes, progress: pd.DataFrame,
                   evaluations: pd.DataFrame, players: int) -> None:
    """Left: the learner's losses and the gate's score share by self-play games, the
    accepted generations marked. Right: the evaluations, as ``_draw_run``'s."""
    x = progress["selfplay_games"]
    for i, (column, label) in enumerate((("policy_loss", "policy loss"),
                                         ("value_loss", "value loss"),
                                         ("gate_share", "gate score share"))):
        left.plot(x, progress[column], color=PALETTE[i], marker=".", label=label)
    taken = progress[progress["accepted"] == 1]
    left.plot(taken["selfplay_games"], taken["gate_share"], linestyle="none", marker="o",
              markerfacecolor="none", color="black", label="accepted")
    left.set(title="learning and gating", xlabel="self-play games", ylabel="loss / share")
    left.legend(fontsize=8)
    _draw_evaluations(right, evaluations, players, "selfplay_games", "self-play games")


def _draw_evaluations(right: Axes, evaluations: pd.DataFrame, players: int, x: str,
                      xlabel: str) -> None:
    opponents = sorted(evaluations["opponent"].unique())
    dodge = 0.01 * float(evaluations[x].max()) if len(evaluations) else 0.0
    for i, opponent in enumerate(opponents):
        rows = evaluations[evaluations["opponent"] == opponent].sort_values(x)
        # opponents' points side by side, so equal rates do not hide one another
        right.errorbar(rows[x] + (i - (len(opponents) - 1) / 2) * dodge, rows["win_rate"],
                       yerr=_errors(rows, "win_rate", "win_low", "win_high"),
                       marker="o", capsize=3, color=PALETTE[(i + 1) % len(PALETTE)],
                       label=f"vs {players - 1} x {opponent}")
    right.axhline(1.0 / players, linestyle="--", color="black", linewidth=1,
                  label="even play")
    right.set(title="evaluation win rate (95% Wilson CI)", xlabel=xlabel,
              ylabel="win rate", ylim=(0, 1), xlim=(0, None))
    right.legend(fontsize=8)
