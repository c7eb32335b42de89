"""``skagway report``: a self-contained page with every section, and one-line errors."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from skagway_experiments.cli import main
from skagway_experiments.tournament import Store

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_the_page_has_every_section_for_every_game(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    # Skagway first, then the others by name
    assert page.index('<h2 id="skagway">') < page.index('<h2 id="dawson_city_barbers">')
    for title in ("Seat advantage", "Win rate by style and player count",
                  "Score distributions", "What winners choose", "Game length"):
        assert page.count(f"<h3>{title}</h3>") == 2
    # four plots a game, plus a choice plot per player count (Skagway 2 and 4, DCB 3)
    assert page.count("<img ") == 4 * 2 + 3
    assert page.count("<table") == page.count("<img ")
    assert "prestige: " in page or "building: " in page or "street: " in page


def test_every_image_is_an_inline_png_and_nothing_is_fetched(page: str) -> None:
    sources = re.findall(r'<img src="([^"]*)"', page)
    assert len(sources) == page.count("<img ")
    for src in sources:
        prefix = "data:image/png;base64,"
        assert src.startswith(prefix)
        assert base64.b64decode(src[len(prefix):], validate=True).startswith(PNG_MAGIC)
    assert not re.search(r'(src|href)="(https?:|//|file:)', page)
    assert "<link" not in page and "<script" not in page


def test_every_claim_carries_an_interval(page: str) -> None:
    findings = re.findall(r"<li>(.*?)</li>", page)
    assert findings
    for line in findings:
        assert re.search(r"\d+\.\d+ \[-?\d+\.\d+, -?\d+\.\d+\]", line) or "includes zero" in line


def test_the_command_says_where_it_wrote(written: tuple[Path, str]) -> None:
    out, printed = written
    assert printed.startswith(f"report: {out} (") and printed.count("\n") == 1


def error_line(argv: list[str], capsys: pytest.CaptureFixture) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("skagway: error: ")
    return err


def test_missing_or_corrupt_databases_are_one_line_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "report.html"
    missing = tmp_path / "missing.db"
    assert "no database at" in error_line(
        ["report", "--db", str(missing), "--out", str(out)], capsys)
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"this is not a database at all")
    assert "not an SQLite database" in error_line(
        ["report", "--db", str(corrupt), "--out", str(out)], capsys)
    empty = tmp_path / "empty.db"
    Store(empty).close()
    assert "holds no finished games" in error_line(
        ["report", "--db", str(empty), "--out", str(out)], capsys)
    assert not out.exists()


def test_an_unwritable_out_is_a_one_line_error(results_db: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture) -> None:
    assert "no folder" in error_line(
        ["report", "--db", str(results_db), "--out", str(tmp_path / "nope" / "r.html")],
        capsys)
    assert "is a folder" in error_line(
        ["report", "--db", str(results_db), "--out", str(tmp_path)], capsys)
    blocker = tmp_path / "file"
    blocker.write_text("a file, not a folder")
    assert "no folder" in error_line(
        ["report", "--db", str(results_db), "--out", str(blocker / "r.html")], capsys)


def test_each_game_says_where_to_watch_one_of_its_games(page: str, results_db: Path,
                                                        results) -> None:
    """The page names ``skagway serve --db`` and a replay address of a stored game of
    each section's game (the address is text: the page links nothing outside itself)."""
    notes = re.findall(r'<p class="replay">(.*?)</p>', page)
    assert len(notes) == 2  # Skagway and Dawson City Barbers
    for game, note in zip(("skagway", "dawson_city_barbers"), notes, strict=True):
        assert f"<code>skagway serve --db {results_db}</code>" in note
        game_id = int(re.search(r"http://127\.0\.0\.1:8000/replay/(\d+)", note).group(1))
        assert game_id in set(results.loc[results["game"] == game, "game_id"])
        store = Store(results_db, create=False)
        try:
            info, _ = store.game(game_id)
        finally:
            store.close()
        assert info.config.game == game


def test_failed_games_are_listed_and_left_out_of_every_figure(tmp_path: Path) -> None:
    """A tournament where one game raised: the page says so and how to replay it, and
    every count is of finished games only."""
    from skagway_experiments import analysis
    from skagway_experiments.report import build_report
    from skagway_experiments.tournament import config_from_dict, run_tournament

    from ..tournament.failing_agent import failing_spec

    db = tmp_path / "failed.db"
    config = config_from_dict({
        "name": "f", "game": "dawson_city_barbers", "players": 2, "seed": 3, "repeats": 2,
        "entrants": [{"name": "rnd", "spec": "random"},
                     {"name": "bug", "spec": failing_spec(3, 1)}]})
    assert run_tournament(config, db, progress=False).failed == 1
    (failure,) = analysis.load_failures(db).itertuples()
    assert (failure.game, failure.game_index, failure.seats) == ("dawson_city_barbers", 1,
                                                                 "rnd, bug")
    assert "AgentBug: planted failure" in failure.error
    page = build_report(db)
    assert "1 more game failed" in page and f"skagway failures --db {db}" in page
    assert f"<td>{failure.seed}</td>" in page
    assert "<p>3 games at 2 players" in page  # the finished ones only


def test_a_database_of_failed_games_only_says_so(tmp_path: Path) -> None:
    import sqlite3

    from skagway_experiments.report import EmptyDatabaseError, build_report
    from skagway_experiments.tournament import config_from_dict, run_tournament

    from ..tournament.failing_agent import failing_spec

    db = tmp_path / "all_failed.db"
    config = config_from_dict({
        "name": "f", "game": "dawson_city_barbers", "players": 2, "seed": 5, "repeats": 1,
        "entrants": [{"name": "a", "spec": failing_spec(5, 0)}, {"name": "b", "spec": "random"}]})
    run_tournament(config, db, progress=False)
    with sqlite3.connect(db) as con:  # keep the failure alone
        con.execute("DELETE FROM games")
    with pytest.raises(EmptyDatabaseError, match=r"no finished games \(1 stored as failed\)"):
        build_report(db)
