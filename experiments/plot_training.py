"""Learning curves of training runs as one PNG, from the runs' own logs.

    python experiments/plot_training.py RUN_DIR [RUN_DIR ...] --out curves.png

One row per run (``skagway_experiments.analysis.plot_runs``). Left: the mean episode
return of the learner against its league (``progress.csv``). Right: the win rate in each
evaluation with its Wilson 95% interval (``eval.jsonl``, played by the tournament
runner), with even play (1/seats) dashed. An expert-iteration run (``--algo exit``)
is drawn against self-play games: left its losses and gate share, the accepted
generations ringed; right its evaluations by then. Needs matplotlib (``.[notebooks]``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from skagway_experiments.analysis import plot_runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    plot_runs(args.runs).savefig(args.out, dpi=90)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
