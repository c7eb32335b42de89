"""The README's quick commands run as written (issue 19: sequences that misled).

Every ``python`` block of README.md is executed. The shell commands meant to run in
seconds are listed here, each exactly as the README prints it (a test checks every
one is there, so the two cannot drift); each runs in-process in a scratch folder,
where a few run smaller (``SMALLER``: the same flags, smaller numbers) to keep this
file to seconds. A human seat answers ``0`` to every question. Commands that train,
use Ray or need a trained bot's file are left out: training has its own tests
(``tests/training``), Ray its own (``tests/tournament``).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from skagway_experiments.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"

QUICK = [
    "skagway games",
    "skagway agents",
    "skagway agents --game skagway --agent heuristic:landlord,assay=4",
    "skagway play dawson_city_barbers --agent human --agent random --agent random --seed 1",
    "skagway play skagway --agent human --agent heuristic:landlord,assay=4 "
    "--agent mcts:iterations=20,rollout=heuristic",
    "skagway selfplay --game dawson_city_barbers --players 4 --games 200 --seed 0",
    "skagway tournament --game dawson_city_barbers --players 4 --agent random "
    "--agent flatmc:playouts=16 --repeats 5 --workers 2 --db runs/mine.db",
    "skagway leaderboard --db runs/mine.db",
    "skagway failures --db runs/mine.db --traceback",
    "skagway replay --db runs/mine.db --game 17 --board",
    "skagway tournament --game dawson_city_barbers --players 4 --agent random "
    "--agent flatmc:playouts=16 --repeats 5 --workers 2 --db runs/mine.db --resume",
    "skagway tournament --game dawson_city_barbers --players 4 --agent random "
    "--agent flatmc:playouts=16 --repeats 10 --workers 2 --db runs/mine.db --resume",
]
"""In the order they run: the tournament's database feeds the commands after it."""

SMALLER = {
    "--games 200": "--games 20",
    "playouts=16": "playouts=1",
    "--repeats 5": "--repeats 1",
    "--repeats 10": "--repeats 2",
    "--workers 2": "--workers 1",
    "--game 17": "--game 3",
    "iterations=20": "iterations=2",
}


def readme_blocks(language: str) -> list[str]:
    """The bodies of the README's fenced blocks opened with ```` ```language ````."""
    blocks = re.findall(r"^```(\w*)\n(.*?)^```$", README.read_text(), re.M | re.S)
    return [body for lang, body in blocks if lang == language]


def readme_commands() -> set[str]:
    """Each command of the README's plain and bash blocks, its continuation lines
    joined and its comment dropped."""
    commands = set()
    for block in readme_blocks("") + readme_blocks("bash"):
        for command in block.replace("\\\n", " ").splitlines():
            command = " ".join(command.split("#", 1)[0].split())
            if command:
                commands.add(command)
    return commands


def test_every_quick_command_is_in_the_readme() -> None:
    missing = [command for command in QUICK if command not in readme_commands()]
    assert not missing, f"README.md no longer has {missing}; update QUICK to match it"


def test_the_quick_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", lambda prompt: "0")
    for command in QUICK:
        for big, small in SMALLER.items():
            command = command.replace(big, small)
        argv = shlex.split(command)
        assert argv[0] == "skagway"
        code = main(argv[1:])
        out, err = capsys.readouterr()
        assert code == 0, f"{command}: exit {code}\n{err}"
        assert "Traceback" not in out + err


def test_the_python_blocks_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    blocks = readme_blocks("python")
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(README), "exec"), {"__name__": "readme"})  # noqa: S102
