"""Learning curves of training runs as one PNG, from the runs' own logs.

    python experiments/plot_training.py RUN_DIR [RUN_DIR ...] --out curves.png

Left: the mean episode return of the learner against its league (``progress.csv``,
``rollout/ep_rew_mean``). Right: the win rate in each periodic evaluation with its
Wilson 95% interval (``eval.jsonl``, played by the tournament runner), with even play
(1/seats) dashed. Needs matplotlib (``pip install -e ".[notebooks]"``).
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

import yaml


def read_run(run: Path) -> tuple[dict, list[tuple[int, float]], list[dict]]:
    config = yaml.safe_load((run / "config.yaml").read_text())
    with open(run / "tb" / "progress.csv") as f:
        rows = list(csv.DictReader(f))
    returns = [(int(r["time/total_timesteps"]), float(r["rollout/ep_rew_mean"]))
               for r in rows if r.get("rollout/ep_rew_mean") and r.get("time/total_timesteps")]
    evals = [json.loads(line) for line in (run / "eval.jsonl").read_text().splitlines()]
    return config, returns, evals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(args.runs), 2, figsize=(11, 3.6 * len(args.runs)),
                             squeeze=False)
    for (left, right), run in zip(axes, args.runs, strict=True):
        config, returns, evals = read_run(run)
        title = f"{config['game']}, {config['players']} seats"
        if returns:
            left.plot(*zip(*returns, strict=True))
        left.set(title=f"{title}: return against the league", xlabel="env steps",
                 ylabel="mean episode return (rank, +1..-1)")
        for opponent in config["eval_opponents"]:
            points = [(e["steps"], e[opponent]) for e in evals if opponent in e]
            steps = [s for s, _ in points]
            rate = [p["win_rate"] for _, p in points]
            right.errorbar(steps, rate, yerr=[[r - p["low"] for r, (_, p) in
                                               zip(rate, points, strict=True)],
                                              [p["high"] - r for r, (_, p) in
                                               zip(rate, points, strict=True)]],
                           marker="o", capsize=3,
                           label=f"vs {config['players'] - 1} x {opponent}")
        right.axhline(1 / config["players"], linestyle="--", color="grey", label="even play")
        right.set(title=f"{title}: evaluation win rate (95% CI)", xlabel="env steps",
                  ylabel="win rate", ylim=(0, 1), xlim=(0, None))
        right.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out, dpi=90)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
