"""The command line as a tool: repeatable ``--agent``, extending a finished tournament,
replaying a tournament game with ``skagway play``, a heartbeat without a terminal, and
one-line errors for unusable paths."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from skagway_experiments.cli import main
from skagway_experiments.tournament import Store, config_from_flags, run_tournament

GAME = "dawson_city_barbers"


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def games_in(db: Path) -> int:
    store = Store(db, create=False)
    try:
        return store.find().played
    finally:
        store.close()


def test_the_same_agent_twice_is_two_entrants(tmp_path, capsys):
    db = tmp_path / "t.db"
    code, out, _ = run(capsys, "tournament", "--game", GAME, "--agent", "random",
                       "--agent", "random", "--db", db, "--no-progress")
    assert code == 0
    assert "2 games, 2 entrants" in out
    rows = [line.split()[1] for line in out.splitlines() if line[:2] in ("1 ", "2 ")]
    assert {"random", "random#2"} <= set(rows)


def test_agent_and_agents_are_the_same_list(capsys):
    specs = ["random", "heuristic:landlord,assay=4", "mcts:iterations=2,rollout=heuristic"]
    code, listed, _ = run(capsys, "agents", "--game", "skagway", "--agents", ",".join(specs))
    assert code == 0
    code, repeated, _ = run(capsys, "agents", "--game", "skagway",
                            *[arg for spec in specs for arg in ("--agent", spec)])
    assert code == 0 and listed == repeated
    assert [line.split("  ->  ")[0] for line in listed.splitlines()] == specs
    code, _, err = run(capsys, "agents", "--game", "skagway", "--agent", "random",
                       "--agents", "random")
    assert code == 2 and "either --agent" in err


def test_a_finished_tournament_is_extended_by_more_repeats(tmp_path, capsys):
    db = tmp_path / "t.db"
    base = ("tournament", "--game", GAME, "--agent", "random", "--agent", "heuristic:barber",
            "--db", db, "--no-progress")
    assert run(capsys, *base, "--repeats", "1")[0] == 0
    assert games_in(db) == 2
    assert run(capsys, *base, "--resume")[1].splitlines()[-1] == (
        "played 0 games: all 2 were already stored")
    code, out, _ = run(capsys, *base, "--resume", "--repeats", "3")
    assert code == 0 and out.splitlines()[-1].startswith("played 4 games")
    assert games_in(db) == 6
    code, _, err = run(capsys, *base, "--resume", "--repeats", "2")
    assert code == 2 and "resume it with --repeats 3 or more" in err
    # the first two games are the same ones a fresh 3-repeat tournament plays first
    fresh = tmp_path / "fresh.db"
    assert run(capsys, *base[:-3], "--db", fresh, "--no-progress", "--repeats", "3")[0] == 0
    for path in (db, fresh):
        store = Store(path, create=False)
        try:
            outcomes = [r.outcome() for r in store.records(store.find().id)]
        finally:
            store.close()
        if path == db:
            extended = outcomes
    assert extended == outcomes


def test_replay_prints_the_play_command_that_reproduces_the_game(tmp_path, capsys):
    db = tmp_path / "t.db"
    assert run(capsys, "tournament", "--game", "skagway", "--players", "3", "--agent",
               "heuristic:landlord,assay=4", "--agent", "random", "--agent",
               "heuristic:prospector", "--db", db, "--no-progress")[0] == 0
    code, out, _ = run(capsys, "replay", "--db", db, "--game", 4)
    assert code == 0
    command = next(line for line in out.splitlines() if line.startswith("play it again: "))
    stored_final = out.splitlines()[-3:]
    argv = shlex.split(command.removeprefix("play it again: skagway "))
    code, played, _ = run(capsys, *argv)
    assert code == 0
    replayed = [line.split()[2:] for line in stored_final]
    again = [line.split()[2:] for line in played.splitlines()[-3:]]
    assert again == replayed  # the same scores, ranks and returns seat by seat


def test_a_heartbeat_reports_progress_without_a_terminal(tmp_path, capsys):
    config = config_from_flags(GAME, 2, ["random", "heuristic:barber"], repeats=2)
    from skagway_experiments.tournament import runner

    class Clock:  # every game takes a minute
        now = 0.0

        def __call__(self) -> float:
            Clock.now += 60.0
            return Clock.now

    original = runner.time.perf_counter
    runner.time.perf_counter = Clock()
    try:
        run_tournament(config, tmp_path / "h.db")
    finally:
        runner.time.perf_counter = original
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith(f"{config.name}: 4/4 games (")
    assert len(err) >= 2


@pytest.mark.parametrize("db", ["/proc/no/such/dir/t.db", "/dev/null", "{tmp}"])
def test_unusable_databases_are_one_line_errors(db, tmp_path, capsys):
    code, _, err = run(capsys, "tournament", "--game", GAME, "--agent", "random",
                       "--agent", "random", "--db", db.format(tmp=tmp_path), "--no-progress")
    assert code == 2
    assert err.startswith("skagway: error: ") and err.count("\n") == 1
