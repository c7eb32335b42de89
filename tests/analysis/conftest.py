"""A small results database shared by the analysis tests: Skagway at 2 and 4 players
and Dawson City Barbers at 3, every heuristic style and a random player, one pass of
every seat order (a few seconds to play)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

pytest.importorskip("pandas")
pytest.importorskip("matplotlib")


@pytest.fixture(scope="session")
def results_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from skagway_experiments import analysis

    path = tmp_path_factory.mktemp("analysis") / "styles.db"
    analysis.play_style_tournaments(path, "skagway", (2, 4), repeats=1, seed=3)
    analysis.play_style_tournaments(path, "dawson_city_barbers", (3,), repeats=1, seed=3)
    return path


@pytest.fixture(scope="session")
def results(results_db: Path):
    from skagway_experiments import analysis

    return analysis.load_tournament_results(results_db)


@pytest.fixture(scope="session")
def decisions(results_db: Path):
    from skagway_experiments import analysis

    return analysis.load_decisions(results_db)


@pytest.fixture(scope="session")
def written(results_db: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The page ``skagway report`` wrote for ``results_db`` (built once: it replays
    every stored game), and what the command printed."""
    from skagway_experiments.cli import main

    out = tmp_path_factory.mktemp("report") / "report.html"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["report", "--db", str(results_db), "--out", str(out)]) == 0
    return out, printed.getvalue()


@pytest.fixture(scope="session")
def page(written: tuple[Path, str]) -> str:
    return written[0].read_text(encoding="utf-8")
