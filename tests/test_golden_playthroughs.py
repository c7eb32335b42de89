"""Replay every committed golden playthrough and diff it (regenerate: make golden)."""

from __future__ import annotations

import difflib

import pytest

import skagway_env

from .golden.playthrough import FOLDER, default_spec, path_for, read_spec, render

FILES = sorted(FOLDER.glob("*.txt"))


def test_every_game_has_a_playthrough():
    missing = [n for n in skagway_env.list_games() if not path_for(default_spec(n)).exists()]
    assert not missing, f"no golden playthrough for {missing}; run `make golden`"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_playthrough_matches(path):
    expected = path.read_text()
    actual = render(read_spec(path))
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", lineterm="", n=2
        )
        pytest.fail(
            f"{path.name} differs (regenerate with `make golden` if intended):\n"
            + "\n".join(list(diff)[:60])
        )
