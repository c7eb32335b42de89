"""``skagway tournament``, ``leaderboard`` and ``replay``, called in-process."""

from __future__ import annotations

import contextlib
import hashlib
import io
import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from skagway_experiments.cli import build_parser, main, tournament_config
from skagway_experiments.tournament import DEFAULT_CONFIG, Store, config_from_dict

GAME = "dawson_city_barbers"
NAME = f"{GAME}-2p"
FLAGS = ("--game", GAME, "--players", "2", "--agents", "random,flatmc:playouts=2",
         "--repeats", "1", "--workers", "1", "--no-progress")
REPLAY_LINE = re.compile(r"^(P\d+ \([^)]*\)|chance): ")


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``skagway argv...``."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leaderboard_part(out: str) -> str:
    """From the title line through the ``database:`` line."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{NAME}: "))
    end = next(i for i, line in enumerate(lines) if line.startswith("database: "))
    return "\n".join(lines[start:end + 1])


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A finished two-game tournament and what ``skagway tournament`` printed."""
    db = tmp_path_factory.mktemp("played") / "t.db"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["tournament", *FLAGS, "--db", str(db)]) == 0
    return db, out.getvalue()


def test_flags_tournament_prints_the_leaderboard_and_stores_every_game(
    played: tuple[Path, str],
) -> None:
    db, out = played
    lines = out.splitlines()
    assert lines[0] == f"{NAME}: {GAME}, 2 players"
    assert "2 games, 2 entrants" in lines
    table = lines[lines.index("2 games, 2 entrants") + 2:]
    assert {table[2].split()[1], table[3].split()[1]} == {"random", "flatmc:playouts=2"}
    assert f"database: {db} (tournament {NAME}, 2 games)" in lines
    assert re.fullmatch(r"played 2 games in [\d.]+ s \([\d.]+ games/s, 1 local worker\)",
                        lines[-1])
    store = Store(db, create=False)
    try:
        info = store.find()
        assert (info.name, info.total_games, info.played) == (NAME, 2, 2)
        assert [r.game_index for r in store.records(info.id)] == [0, 1]
    finally:
        store.close()


def test_resume_of_a_finished_tournament_plays_nothing(
    capsys: pytest.CaptureFixture[str], played: tuple[Path, str]
) -> None:
    db, first = played
    before = digest(db)
    code, out, err = run(capsys, "tournament", *FLAGS, "--db", db, "--resume")
    assert code == 0 and err == ""
    assert leaderboard_part(out) == leaderboard_part(first)
    assert out.splitlines()[-1] == "played 0 games: all 2 were already stored"
    assert digest(db) == before


def test_config_file_with_overrides(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "t.yaml"
    config.write_text(
        f"name: from-yaml\ngame: {GAME}\nplayers: 2\nseed: 3\n"
        "entrants:\n  - {name: rnd, spec: random}\n  - {name: mc, spec: 'flatmc:playouts=1'}\n"
    )
    db = tmp_path / "t.db"
    code, out, err = run(capsys, "tournament", "--config", config, "--seed", "9", "--name",
                         "renamed", "--db", db, "--no-progress")
    assert code == 0 and err == ""
    assert f"database: {db} (tournament renamed, 2 games)" in out.splitlines()
    store = Store(db, create=False)
    try:
        info = store.find()
        assert (info.name, info.config.seed, info.config.repeats) == ("renamed", 9, 1)
        assert [e["spec"] for e in store.entrants(info.id)] == ["random", "flatmc:playouts=1"]
    finally:
        store.close()


def test_no_config_means_the_default_config() -> None:
    args = build_parser().parse_args(["tournament", "--seed", "4"])
    assert tournament_config(args) == config_from_dict({**DEFAULT_CONFIG, "seed": 4})
    args = build_parser().parse_args(["tournament"])
    assert tournament_config(args) == config_from_dict(DEFAULT_CONFIG)


def test_default_db_is_runs_slash_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "tournament", *FLAGS, "--name", "a/b c")
    assert code == 0
    assert (tmp_path / "runs" / "a_b_c.db").is_file()
    assert "database: runs/a_b_c.db (tournament a/b c, 2 games)" in out.splitlines()


FOREIGN_TEXT = "not a database\n"


@pytest.mark.parametrize(
    ("argv", "target"),
    [
        (("--game", "no_such_game", "--agents", "random,random"), "db"),
        (("--game", GAME, "--players", "2", "--agents", "random,nobody"), "db"),
        (("--game", GAME, "--players", "2", "--agents", "random,flatmc:nonsense=1"), "db"),
        (("--game", GAME, "--players", "2", "--agents", "random,human"), "db"),
        (("--game", GAME, "--players", "9", "--agents", "random,random"), "db"),
        (("--game", GAME, "--agents", "random,random", "--param", "colour=red"), "db"),
        (("--game", GAME, "--agents", "random,random", "--param", "num_players=3"), "db"),
        (("--game", GAME, "--agents", "random,random", "--param", "no_equals"), "db"),
        ((*FLAGS, "--seed", "5"), "db"),  # another tournament under the same name
        (FLAGS, "db"),  # the same tournament again without --resume
        ((*FLAGS, "--name", "absent", "--resume"), "db"),
        ((*FLAGS, "--workers", "0"), "db"),
        ((*FLAGS, "--backend", "dask"), "db"),
        ((*FLAGS, "--ray-address", "auto"), "db"),
        (("--config", "{bad_yaml}"), "db"),
        (("--config", "{list_yaml}"), "db"),
        (("--config", "{missing_yaml}"), "db"),
        (("--config", "{good_yaml}", "--game", GAME), "db"),
        (("--config", "{good_yaml}", "--agents", "random"), "db"),
        (("--agents", "random,random"), "db"),
        (FLAGS, "text"),  # a --db that is not SQLite
        (FLAGS, "sqlite"),  # a --db of some other program
    ],
)
def test_errors_are_one_line_and_leave_the_database_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, played: tuple[Path, str],
    argv: tuple[str, ...], target: str,
) -> None:
    yamls = {
        "bad_yaml": "name: [unclosed\n  game: x\n",
        "list_yaml": "- just\n- a list\n",
        "good_yaml": f"game: {GAME}\nplayers: 2\nentrants: [random, 'flatmc:playouts=1']\n",
    }
    for key, text in yamls.items():
        (tmp_path / f"{key}.yaml").write_text(text)
    argv = tuple(a.format(**{k: tmp_path / f"{k}.yaml" for k in [*yamls, "missing_yaml"]})
                 for a in argv)
    db = tmp_path / "target.db"
    if target == "db":
        shutil.copyfile(played[0], db)
    elif target == "text":
        db.write_text(FOREIGN_TEXT)
    else:
        with contextlib.closing(sqlite3.connect(db)) as other:
            other.execute("CREATE TABLE notes (body TEXT)")
            other.commit()
    before = digest(db)
    files = sorted(tmp_path.iterdir())

    code, out, err = run(capsys, "tournament", *argv, "--db", db)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("skagway: error: "), err
    assert digest(db) == before
    assert sorted(tmp_path.iterdir()) == files


def test_errors_create_no_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    cases = [
        ("--game", GAME, "--players", "2", "--agents", "random,nobody"),  # default runs/...
        ("--game", GAME, "--players", "2", "--agents", "random,nobody", "--db", "new/x.db"),
        (*FLAGS, "--db", "new/x.db", "--resume"),
        (*FLAGS, "--db", "x.db", "--resume"),
    ]
    for argv in cases:
        code, _, err = run(capsys, "tournament", *argv)
        assert code == 2 and len(err.splitlines()) == 1, (argv, err)
    assert list(tmp_path.iterdir()) == []


def test_leaderboard_of_a_stored_tournament(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, played: tuple[Path, str]
) -> None:
    db = tmp_path / "two.db"
    shutil.copyfile(played[0], db)
    code, out, err = run(capsys, "leaderboard", "--db", db)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"tournaments in {db}: {NAME} (2/2 games)"
    assert leaderboard_part(out) == leaderboard_part(played[1]).replace(str(played[0]), str(db))

    # A second tournament in the same file becomes the default; --tournament picks either.
    assert run(capsys, "tournament", *FLAGS, "--name", "second", "--seed", "1", "--db", db)[0] == 0
    code, out, _ = run(capsys, "leaderboard", "--db", db)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"tournaments in {db}: {NAME} (2/2 games), second (2/2 games)"
    assert lines[2] == f"second: {GAME}, 2 players"
    assert lines[-5] == f"database: {db} (tournament second, 2 games)"
    # and it ends with what to do next: replay one of its games (as text, or in the
    # browser), load it into pandas
    assert lines[-4] == f"next: skagway replay --db {db} --game 3 --board   (game ids 3..4)"
    assert lines[-3] == (f"      in the browser: skagway serve --db {db}, then "
                         "http://127.0.0.1:8000/replay/3")
    assert "load_results" in lines[-2] and lines[-1].endswith(f"agents/heuristics/{GAME}.md")
    code, out, _ = run(capsys, "leaderboard", "--db", db, "--tournament", NAME)
    assert code == 0 and out.splitlines()[2] == f"{NAME}: {GAME}, 2 players"


@pytest.mark.parametrize("which", ["absent_tournament", "missing_file", "text_file", "empty"])
def test_leaderboard_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, played: tuple[Path, str], which: str
) -> None:
    argv: tuple[str | Path, ...] = ("--db", played[0], "--tournament", "nope")
    if which == "missing_file":
        argv = ("--db", tmp_path / "none.db")
    elif which == "text_file":
        (tmp_path / "text.db").write_text(FOREIGN_TEXT)
        argv = ("--db", tmp_path / "text.db")
    elif which == "empty":
        (tmp_path / "empty.db").touch()
        argv = ("--db", tmp_path / "empty.db")
    code, out, err = run(capsys, "leaderboard", *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("skagway: error: "), err
    if which == "empty":
        assert (tmp_path / "empty.db").stat().st_size == 0


def test_replay_prints_every_stored_action_and_the_stored_result(
    capsys: pytest.CaptureFixture[str], played: tuple[Path, str]
) -> None:
    db = played[0]
    store = Store(db, create=False)
    try:
        info, record = store.game(2)
    finally:
        store.close()
    code, out, err = run(capsys, "replay", "--db", db, "--game", "2")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"{NAME}: {GAME}, 2 players: game 2, seed {record.seed}"
    assert lines[1] == "seats: " + ", ".join(f"P{k} {name}" for k, name in
                                            enumerate(record.seats))
    # one numbering: the id replay takes; and the command that plays the game again
    assert lines[2] == (f"play it again: skagway play {GAME} --players 2 --seed {record.seed} "
                        + " ".join(f"--agent '{name}'" for name in record.seats))
    actions = [line for line in lines if REPLAY_LINE.match(line)]
    assert len(actions) == record.length
    assert any(line.startswith(f"P0 ({record.seats[0]}): ") for line in actions)
    assert lines[-4] == f"final after {record.length} actions:"
    rows = [line.split() for line in lines[-2:]]
    assert [row[1] for row in rows] == list(record.seats)
    assert [float(row[2]) for row in rows] == list(record.scores)
    assert [float(row[3]) for row in rows] == list(record.ranks)


@pytest.mark.parametrize("game_id", ["99", "0", "-1"])
def test_replay_of_an_unknown_game_id(
    capsys: pytest.CaptureFixture[str], played: tuple[Path, str], game_id: str
) -> None:
    code, out, err = run(capsys, "replay", "--db", played[0], "--game", game_id)
    assert code == 2 and out == ""
    assert err == (f"skagway: error: {played[0]} has no game with id {game_id} "
                   "(game ids run from 1 to 2)\n")
