"""Shared pieces of the web app's tests: a small results database holding two random
games of every registered game and one failed game, and the app over it."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

pytest.importorskip("flask", reason="the web app needs Flask (pip install -e '.[web]')")

from skagway_experiments.cli import main  # noqa: E402
from skagway_experiments.tournament import Store  # noqa: E402
from skagway_experiments.tournament.records import FailedGame  # noqa: E402

from skagway_env.core import list_games  # noqa: E402

FAILED_TOURNAMENT = "klondike_rush"
"""The tournament given a failed game."""


@pytest.fixture(scope="session")
def web_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Each game as a tournament of two random seats (two games), in one file, and a
    failed game in the last tournament (what a crash leaves: its error and actions)."""
    path = tmp_path_factory.mktemp("web") / "games.db"
    for name in list_games():
        with contextlib.redirect_stdout(io.StringIO()):
            code = main(["tournament", "--game", name, "--agent", "random", "--agent",
                         "random", "--db", str(path), "--name", name, "--no-progress"])
        assert code == 0
    store = Store(path)
    try:
        info = store.find(FAILED_TOURNAMENT)
        store.add_failure(info.id, FailedGame(
            game_index=7, seed=11, seats=("random#0", "random#1"),
            error_type="RuntimeError", error_message="a bot fell over",
            traceback="Traceback ...", actions=[0, 1]))
    finally:
        store.close()
    return path


@pytest.fixture()
def client(web_db: Path):
    from skagway_experiments.web.app import create_app

    app = create_app(web_db)
    return app.test_client()


def game_ids(db: Path) -> dict[str, list[int]]:
    """The stored games' ids by game name."""
    store = Store(db, create=False)
    try:
        rows = store.db.execute("SELECT t.game, g.id FROM games g JOIN tournaments t "
                                "ON g.tournament_id = t.id ORDER BY g.id").fetchall()
    finally:
        store.close()
    found: dict[str, list[int]] = {}
    for game, game_id in rows:
        found.setdefault(game, []).append(game_id)
    return found
