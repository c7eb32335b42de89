"""Training tells where it is (issue 19): the run folder comes first, progress lines go
to ``train.log`` and (with no terminal) to stdout, and Ctrl-C saves a checkpoint and
prints the exact ``--resume`` command, which continues from that checkpoint.

The run is tiny: Dawson City Barbers for two, one env, an 8-unit network, rollouts of
32 steps; the interrupt comes after the first progress line.
"""

from __future__ import annotations

import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from ..conftest import restore_ctrl_c

pytest.importorskip("sb3_contrib")

TINY = {
    "game": "dawson_city_barbers", "players": 2, "exp": "sigint", "seed": 3,
    "total_steps": 10_000_000, "num_envs": 1, "eval_every": 0, "eval_games": 2,
    "snapshot_every": 0, "checkpoint_every": 0,
    "ppo": {"n_steps": 32, "batch_size": 32, "n_epochs": 1, "net_arch": [8]},
}
RESUME = re.compile(r"at step (\d+); checkpoint saved at step \1; resume with: (.+)$")


def skagway(*argv: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "skagway_experiments.cli", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=restore_ctrl_c, **kwargs)


def test_sigint_saves_a_checkpoint_and_resuming_continues_from_it(tmp_path: Path) -> None:
    config = tmp_path / "tiny.yaml"
    config.write_text(yaml.safe_dump(TINY))
    proc = skagway("train", "--config", str(config), "--out", str(tmp_path / "runs"),
                   "--no-progress", cwd=tmp_path)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("run folder: "), first  # before anything else
    run_dir = Path(first.removeprefix("run folder: ").strip())
    deadline = time.monotonic() + 120
    for line in proc.stdout:  # progress lines on stdout: no terminal here
        if line.startswith("step "):
            break
        assert time.monotonic() < deadline, "no progress line"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    found = RESUME.search(lines[0])
    assert found, lines[0]
    saved, command = int(found[1]), shlex.split(found[2])
    assert saved > 0 and command == ["skagway", "train", "--resume", str(run_dir)]
    log = (run_dir / "train.log").read_text()
    assert "started at step 0" in log and f"interrupted at step {saved}" in log

    # The printed command, to a few steps more: it starts where the checkpoint was.
    more = saved + 64
    resumed = skagway(*command[1:], "--steps", str(more), "--no-progress", cwd=tmp_path)
    out, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, err
    assert out.splitlines()[0] == f"run folder: {run_dir}"
    assert f"resumed at step {saved} of {more}" in out
    trained = int(re.search(r"^trained steps: (\d+)$", out, re.M)[1])
    assert more <= trained < more + 32  # one rollout of 32 may overshoot
    assert f"resumed at step {saved}" in (run_dir / "train.log").read_text()


def test_a_failed_write_saves_a_checkpoint_and_says_how_to_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk while exporting a snapshot: the run stops with a checkpoint and the
    resume command (in-process: no terminal, so the lines go to ``echo``)."""
    from skagway_experiments import train as training

    def full_disk(self, steps: int) -> None:
        raise OSError(28, "No space left on device", "models/snapshot.zip")

    monkeypatch.setattr(training.Trainer, "snapshot", full_disk)
    config = training.config_from_mapping({**TINY, "total_steps": 256, "snapshot_every": 64})
    heard: list[str] = []
    with pytest.raises(training.TrainingStopped) as stopped:
        training.train(config, tmp_path / "runs", progress=False, echo=heard.append)
    run_dir = stopped.value.run_dir
    assert heard[0] == f"run folder: {run_dir}"
    message = str(stopped.value)
    assert message.startswith("training stopped by a failed write (models/snapshot.zip: "
                              "No space left on device) at step 64; checkpoint saved at step 64")
    assert stopped.value.resume_command == f"skagway train --resume {run_dir}"
    assert not stopped.value.interrupted
    monkeypatch.undo()
    result = training.resume(run_dir, progress=False)
    assert result.steps == 256


def test_a_run_that_cannot_start_leaves_no_run_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from skagway_experiments import train as training

    def broken(self, *args, **kwargs) -> None:
        raise RuntimeError("no env today")

    monkeypatch.setattr(training.Trainer, "__init__", broken)
    config = training.config_from_mapping(TINY)
    with pytest.raises(RuntimeError, match="no env today"):
        training.train(config, tmp_path / "runs", progress=False)
    assert list((tmp_path / "runs").iterdir()) == []
