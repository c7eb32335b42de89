"""``experiments/eval_mirror.py``: a run's evaluations played again with a style in the
learner's seat, on the evaluation's own seed, so the same learner gives the same games."""

from __future__ import annotations

import json

import yaml
from skagway_experiments import eval_mirror
from skagway_experiments import train as training


def write_run(tmp_path, learner: str):
    """A run folder whose two evaluations (one ``final``) were played by ``learner``."""
    config = training.config_from_mapping({
        "game": "klondike_rush", "players": 2, "seed": 3, "eval_games": 4,
        "final_eval_games": 6, "eval_opponents": ["random", "heuristic:trapper"],
        "hint": "heuristic:investor"}, "test")
    (tmp_path / "config.yaml").write_text(yaml.safe_dump(config.to_dict(), sort_keys=False))
    rows = []
    for steps, label, games in ((1000, "eval", 4), (2000, "final", 6)):
        tournament = training.evaluation_tournament(config, steps, learner, games, label)
        rows.append({"steps": steps, "label": label, **training.play_evaluation(
            tournament, tmp_path / "played.db", config.eval_opponents)})
    (tmp_path / "eval.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return rows


def test_the_same_learner_replays_the_same_games(tmp_path):
    played = write_run(tmp_path, "heuristic:trapper")
    rows = eval_mirror.mirror_rows(tmp_path, "heuristic:trapper")
    assert [(r["steps"], r["label"]) for r in rows] == [(1000, "eval"), (2000, "final")]
    for row, first in zip(rows, played, strict=True):
        for spec, o in row["opponents"].items():
            assert o["mirror"] == o["learner"] == first[spec]["win_rate"]
            assert o["games"] == first[spec]["games"]
    assert rows[1]["opponents"]["random"]["games"] == 6  # the final's size, not eval_games'


def test_another_learner_on_the_same_seeds(tmp_path, capsys):
    write_run(tmp_path, "random")
    assert eval_mirror.main([str(tmp_path)]) == 0  # the run's hint, the investor
    table = capsys.readouterr().out
    assert "mirror (heuristic:investor)" in table and "2,000, final" in table
    rows = eval_mirror.mirror_rows(tmp_path, "heuristic:investor")  # kept in mirror.db
    assert rows[0]["opponents"]["random"]["mirror"] > rows[0]["opponents"]["random"]["learner"]


def test_a_run_without_a_hint_needs_a_learner(tmp_path, capsys):
    config = training.config_from_mapping({"game": "klondike_rush", "players": 2}, "test")
    (tmp_path / "config.yaml").write_text(yaml.safe_dump(config.to_dict(), sort_keys=False))
    assert eval_mirror.main([str(tmp_path)]) == 2
    assert "give --learner" in capsys.readouterr().err
