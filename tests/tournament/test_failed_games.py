"""A game that raises inside a tournament is stored as failed, not fatal: the others
are played and rated, ``--resume`` skips it, ``--retry-failed`` plays it again, and
Ctrl-C still stops the run."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest
from skagway_experiments.cli import main
from skagway_experiments.play import derive_seed
from skagway_experiments.tournament import (
    Store,
    StoreError,
    config_from_dict,
    run_tournament,
    schedule,
)

from skagway_env.core import make_game
from skagway_env.core.playout import replay

from . import failing_agent
from .failing_agent import FIXED

GAME = "dawson_city_barbers"
SEED = 3
FAILING_INDEX = 1
"""The schedule index of the game the failing entrant breaks (seats: rnd, bug)."""


def failing_spec(index: int = FAILING_INDEX, **options: object) -> str:
    """The failing agent's spec, breaking the game of schedule index ``index``."""
    return failing_agent.failing_spec(SEED, index, **options)


def failing_config(repeats: int = 2, **options: object):
    """Two seats, random against the failing agent, every seating ``repeats`` times
    (2 games a repeat)."""
    return config_from_dict({
        "name": "f", "game": GAME, "players": 2, "seed": SEED, "repeats": repeats,
        "entrants": [{"name": "rnd", "spec": "random"},
                     {"name": "bug", "spec": failing_spec(**options)}],
    })


def stored(db: Path) -> tuple[list, list]:
    """``(finished records, failures)`` of the only tournament in ``db``."""
    store = Store(db, create=False)
    try:
        tid = store.find().id
        return store.records(tid), [f for _, f in store.failures(tid)]
    finally:
        store.close()


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_game_is_stored_and_the_tournament_finishes(tmp_path, workers):
    config = failing_config()
    games = schedule(config)
    assert games[FAILING_INDEX].seats == ("rnd", "bug")
    db = tmp_path / "f.db"
    run = run_tournament(config, db, workers=workers, progress=False)
    assert (run.played, run.failed, run.failures) == (4, 1, 1)

    records, failures = stored(db)
    assert [r.game_index for r in records] == [0, 2, 3]
    (failure,) = failures
    assert (failure.game_index, failure.seed, failure.seats) == (
        FAILING_INDEX, games[FAILING_INDEX].seed, ("rnd", "bug"))
    assert failure.error_type.endswith(".AgentBug")
    assert failure.error_message == f"planted failure in the game seeded {failure.seed}"
    assert "in act" in failure.traceback and "AgentBug: planted failure" in failure.traceback
    assert failure.attempts == 1
    game = make_game(GAME, num_players=2)
    assert len(failure.actions) > 2 and not replay(game, failure.actions).is_terminal()

    # the other games are exactly those of a tournament that never met the bug
    clean = config_from_dict({**config.to_dict(), "entrants": [
        {"name": "rnd", "spec": "random"}, {"name": "bug", "spec": "random"}]})
    run_tournament(clean, tmp_path / "clean.db", progress=False)
    clean_records, _ = stored(tmp_path / "clean.db")
    assert [r.outcome() for r in records] == [
        r.outcome() for r in clean_records if r.game_index != FAILING_INDEX]


def test_an_engine_error_is_stored_with_the_action_that_raised(tmp_path):
    db = tmp_path / "e.db"
    run = run_tournament(failing_config(illegal=True), db, progress=False)
    assert run.failed == 1
    _, (failure,) = stored(db)
    assert failure.error_type == "skagway_env.core.errors.IllegalActionError"
    game = make_game(GAME, num_players=2)
    assert failure.actions[-1] == game.num_distinct_actions()
    replay(game, failure.actions[:-1])  # everything before it was legal


def test_resume_skips_a_failure_and_retry_failed_plays_it_again(tmp_path, monkeypatch):
    config = failing_config()
    db = tmp_path / "r.db"
    run_tournament(config, db, progress=False)

    resumed = run_tournament(config, db, resume=True, progress=False)
    assert (resumed.played, resumed.failed, resumed.skipped_failures) == (0, 0, 1)
    assert stored(db)[1][0].attempts == 1

    retried = run_tournament(config, db, resume=True, retry_failed=True, progress=False)
    assert (retried.played, retried.failed, retried.skipped_failures) == (1, 1, 0)
    assert stored(db)[1][0].attempts == 2

    monkeypatch.setenv(FIXED, "1")  # the bug is fixed: the retried game finishes
    fixed = run_tournament(config, db, resume=True, retry_failed=True, progress=False)
    assert (fixed.played, fixed.failed, fixed.failures) == (1, 0, 0)
    records, failures = stored(db)
    assert [r.game_index for r in records] == [0, 1, 2, 3] and failures == []


def test_a_worker_that_dies_is_survived_and_its_game_stored_as_failed(tmp_path):
    """A segfault takes the worker process and the batches in flight with it: the
    suspects are replayed alone, the guilty game is stored as failed, every other game
    finishes exactly as in a tournament that never met the crash."""
    config = failing_config(repeats=6, crash=True)  # 12 games, several batches
    games = schedule(config)
    db = tmp_path / "c.db"
    run = run_tournament(config, db, workers=2, progress=False)
    assert (run.played, run.failed) == (12, 1)
    records, (failure,) = stored(db)
    assert (failure.game_index, failure.seed, failure.seats) == (
        FAILING_INDEX, games[FAILING_INDEX].seed, ("rnd", "bug"))
    assert failure.error_type == "WorkerDied"
    assert "killed by SIGSEGV" in failure.error_message
    clean = config_from_dict({**config.to_dict(), "entrants": [
        {"name": "rnd", "spec": "random"}, {"name": "bug", "spec": "random"}]})
    run_tournament(clean, tmp_path / "clean.db", progress=False)
    clean_records, _ = stored(tmp_path / "clean.db")
    assert sorted(r.game_index for r in records) == [i for i in range(12) if i != FAILING_INDEX]
    by_index = {r.game_index: r.outcome() for r in clean_records}
    assert all(r.outcome() == by_index[r.game_index] for r in records)


def test_ctrl_c_in_a_game_still_stops_the_tournament(tmp_path):
    db = tmp_path / "i.db"
    with pytest.raises(KeyboardInterrupt):
        run_tournament(failing_config(interrupt=True), db, progress=False)
    records, failures = stored(db)
    assert [r.game_index for r in records] == [0] and failures == []


# ---------------------------------------------------------------- older databases
def downgrade(db: Path, to: int) -> None:
    """Make ``db`` what an older skagway_env wrote: schema 2 had no ``failed_games``,
    schema 1 not even ``games.truncated``."""
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("DROP TABLE failed_games")
        if to == 1:
            con.execute("ALTER TABLE games DROP COLUMN truncated")
        con.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(to),))
        con.commit()


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_database_opens_and_resumes_into_failures(tmp_path, version):
    db = tmp_path / "old.db"
    run_tournament(failing_config(repeats=1, index=3), db, progress=False)  # games 0, 1
    downgrade(db, version)
    records, failures = stored(db)  # opening upgrades it
    assert [r.game_index for r in records] == [0, 1] and failures == []
    with contextlib.closing(sqlite3.connect(db)) as con:
        assert con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("3",)
    resumed = run_tournament(failing_config(repeats=2, index=3), db, resume=True,
                             progress=False)  # games 2 and 3, which fails
    assert (resumed.already_done, resumed.played, resumed.failed) == (2, 2, 1)
    records, failures = stored(db)
    assert [r.game_index for r in records] == [0, 1, 2]
    assert [f.game_index for f in failures] == [3]


def test_a_newer_database_is_refused_and_left_alone(tmp_path):
    db = tmp_path / "new.db"
    run_tournament(failing_config(), db, progress=False)
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("UPDATE meta SET value = '4' WHERE key = 'schema'")
        con.commit()
    before = db.read_bytes()
    with pytest.raises(StoreError, match="schema 4 is newer than this skagway_env reads"):
        Store(db)
    assert db.read_bytes() == before


# ---------------------------------------------------------------- the command line
def cli(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse's own exits (--help, usage errors)
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_reports_failures_and_exits_1(tmp_path, capsys, monkeypatch):
    db = tmp_path / "c.db"
    flags = ("tournament", "--game", GAME, "--agent", "random", "--agent", failing_spec(),
             "--repeats", "2", "--seed", str(SEED), "--name", "c", "--db", db,
             "--no-progress")
    code, out, err = cli(capsys, *flags)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"c: {GAME}, 2 players (3 of 4 games played, 1 failed)"
    assert "3 games, 2 entrants" in lines
    assert "1 more game failed (raised an error) and is not counted" in lines
    assert f"database: {db} (tournament c, 3 games, 1 failed)" in lines
    see = f"skagway failures --db {db} --tournament c"
    assert f"failed: {see}   (errors, seeds, seats)" in lines
    assert lines[-1].endswith(", 1 local worker, 1 of them failed)")
    assert "c: scheduled game 1 (seed " in err and "AgentBug: planted" in err
    assert f"skagway: 1 of 4 games failed and is not rated; see them: {see}" in err

    code, out, err = cli(capsys, "failures", "--db", db, "--traceback")
    assert code == 0 and err == ""
    seed = derive_seed(SEED, FAILING_INDEX)
    assert f"scheduled game 1: seed {seed}, failed after " in out
    assert f"  seats: P0 random, P1 {failing_spec()}" in out
    assert "  error: " in out and "AgentBug: planted failure" in out
    assert (f"  play it again: skagway play {GAME} --players 2 --seed {seed} "
            f"--agent 'random' --agent '{failing_spec()}'") in out
    assert "    | Traceback (most recent call last):" in out

    code, _, err = cli(capsys, *flags)  # again without --resume: a usage error
    assert code == 2 and "(3/4 games, 1 failed); pass --resume" in err
    assert "with --retry-failed to play the failed games again" in err

    code, out, err = cli(capsys, *flags, "--resume")
    assert code == 1
    assert out.splitlines()[-1] == "played 0 games: 3 of 4 were already stored and 1 had failed"
    assert "(1 stored as failed earlier, not retried)" in err

    code, out, _ = cli(capsys, "leaderboard", "--db", db)
    assert code == 0 and out.splitlines()[0] == f"tournaments in {db}: c (3/4 games, 1 failed)"

    monkeypatch.setenv(FIXED, "1")
    code, out, err = cli(capsys, *flags, "--resume", "--retry-failed")
    assert code == 0 and err == ""
    assert out.splitlines()[0] == f"c: {GAME}, 2 players"
    code, out, _ = cli(capsys, "failures", "--db", db)
    assert code == 0 and out.splitlines()[1] == "no failed games"


def test_retry_failed_needs_resume_and_help_documents_the_exit_status(tmp_path, capsys):
    code, _, err = cli(capsys, "tournament", "--game", GAME, "--agents", "random,random",
                       "--retry-failed", "--db", tmp_path / "x.db")
    assert code == 2 and "--retry-failed needs --resume" in err
    assert not (tmp_path / "x.db").exists()
    code, out, _ = cli(capsys, "tournament", "--help")
    assert code == 0
    assert "--retry-failed" in out
    help_text = " ".join(out.split())
    assert "exit status: 0 every game of the tournament finished; 1 some games raised" in (
        help_text)
    assert "2 a usage or database error" in help_text


def test_the_report_reads_a_database_with_failures(tmp_path, capsys):
    pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    db = tmp_path / "rep.db"
    run_tournament(failing_config(), db, progress=False)
    code, out, err = cli(capsys, "report", "--db", db, "--out", tmp_path / "r.html")
    assert code == 0, err
    assert "<p>3 games at 2 players" in (tmp_path / "r.html").read_text()
