"""A PPO run's evaluations beside their mirror: the same games with a style in the
learner's seat.

    python experiments/eval_mirror.py RUN_DIR [--learner heuristic:digger] [--workers 2]

Each evaluation in ``eval.jsonl`` is a tournament whose seed the step gives
(``train.evaluation_tournament``): the same deals and seatings are played again with
``--learner`` (default: the run's ``hint``) where the learner sat, into
``RUN_DIR/mirror.db`` (kept: a second call plays only what is missing). A 40-game point
is noisy, and a hinted policy starts as its style, so the paired difference says what
the learner has learned where the point alone cannot. Prints a Markdown table a row
per evaluation, and writes it with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from skagway_experiments.train import (
    TrainConfigError,
    evaluation_tournament,
    load_train_config,
    play_evaluation,
)


def mirror_rows(run_dir: Path, learner: str, workers: int = 1) -> list[dict]:
    """Per evaluation row of ``eval.jsonl``: its step and label, and per evaluation
    opponent the learner's win rate and the mirror's on the same games."""
    config = load_train_config(run_dir / "config.yaml")
    evaluations = [json.loads(line) for line in
                   (run_dir / "eval.jsonl").read_text().splitlines() if line.strip()]
    db = run_dir / "mirror.db"
    rows = []
    for row in evaluations:
        games = config.final_eval_games if row["label"] == "final" else config.eval_games
        tournament = evaluation_tournament(config, row["steps"], learner, games, row["label"])
        mirror = play_evaluation(tournament, db, config.eval_opponents, workers)
        rows.append({"steps": row["steps"], "label": row["label"], "opponents": {
            spec: {"learner": row[spec]["win_rate"], "mirror": mirror[spec]["win_rate"],
                   "games": mirror[spec]["games"]} for spec in config.eval_opponents}})
    return rows


def markdown(rows: list[dict], learner: str) -> str:
    specs = list(rows[0]["opponents"]) if rows else []
    head = ["step"] + [f"{part} vs {spec}" for spec in specs
                       for part in ("learner", f"mirror ({learner})", "difference")]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for row in rows:
        cells = [f"{row['steps']:,}" + (f", {row['label']}" if row["label"] != "eval" else "")]
        for spec in specs:
            o = row["opponents"][spec]
            cells += [f"{o['learner']:.3f}", f"{o['mirror']:.3f}",
                      f"{o['learner'] - o['mirror']:+.3f}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("--learner", help="the agent spec in the learner's seat "
                        "(default: the run's hint)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args(argv)
    try:
        config = load_train_config(args.run_dir / "config.yaml")
    except TrainConfigError as exc:
        print(f"eval_mirror: {exc}", file=sys.stderr)
        return 2
    learner = args.learner or config.hint
    if learner is None:
        print("eval_mirror: the run has no hint: give --learner SPEC", file=sys.stderr)
        return 2
    if not (args.run_dir / "eval.jsonl").is_file():
        print(f"eval_mirror: no eval.jsonl in {args.run_dir}", file=sys.stderr)
        return 2
    rows = mirror_rows(args.run_dir, learner, args.workers)
    print(markdown(rows, learner))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
