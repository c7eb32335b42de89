"""The ``skagway`` command line, called in-process through ``main``."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from skagway_agents import AGENT_KINDS
from skagway_agents.random_agent import RandomAgent
from skagway_experiments import play_game
from skagway_experiments.cli import final_state, main, make_agents, parse_value

from skagway_env import State, list_games, make_game
from skagway_env.core.returns import placings

GAME = "dawson_city_barbers"
ACTION_LINE = re.compile(r"^(P\d+|chance): ")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``skagway argv...``."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def table_rows(out: str, first_column: str) -> list[list[str]]:
    """Rows of the table whose header starts with ``first_column``, split on spaces."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == [first_column])
    rows = []
    for line in lines[start + 1:]:
        if not line.startswith(("P", "random#", "recorder#")):
            break
        rows.append(line.split())
    return rows


def test_games_lists_every_game_with_its_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "games")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[0] == "game"
    assert len(lines) == 1 + len(list_games())
    row = next(line for line in lines if line.startswith(GAME + " "))
    game = make_game(GAME)
    assert "Dawson City Barbers" in row
    cells = row.split()
    assert cells[4:] == [
        "2-6", ",".join(game.info.variants), str(game.num_distinct_actions()),
        str(game.observation_size()), "no"
    ]


def test_installed_module_runs_as_a_program() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "skagway_experiments.cli", "games"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert GAME in proc.stdout and "2-6" in proc.stdout


def test_play_is_deterministic_and_prints_every_action(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("play", GAME, "--players", "3", "--seed", "11")
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    assert run(capsys, *argv)[1] == out
    assert run(capsys, "play", GAME, "--players", "3", "--seed", "12")[1] != out

    # The printed game is the one play_game produces with the same seeds.
    game = make_game(GAME, num_players=3)
    result = play_game(game, make_agents(["random"] * 3, game, 11), 11)
    assert sum(bool(ACTION_LINE.match(line)) for line in out.splitlines()) == result.length
    rows = table_rows(out, "seat")
    assert [r[0] for r in rows] == ["P0", "P1", "P2"]
    assert [float(r[2]) for r in rows] == result.scores
    assert [float(r[4]) for r in rows] == pytest.approx(result.returns, abs=1e-3)
    keys = final_state(game, result.actions).rank_keys()
    assert [float(r[3]) for r in rows] == [p + 1 for p in placings(keys)]


def test_play_with_a_human_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["", "nope", "1000"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers, "0"))
    code, out, err = run(capsys, "play", GAME, "--agents", "human,random", "--seed", "2")
    assert code == 0 and err == ""
    assert out.count("type a number from 0 to") == 3
    assert "--- P0 to move ---" in out
    # chance outcomes appear only as the table sees them: no dealt card is named
    assert not [line for line in out.splitlines() if line.startswith("chance: deal")]
    assert [r[:2] for r in table_rows(out, "seat")] == [["P0", "human"], ["P1", "random"]]


@pytest.mark.parametrize(
    "argv",
    [
        ("play", "no_such_game"),
        ("selfplay", "--game", "no_such_game"),
        ("play", GAME, "--players", "9"),
        ("play", GAME, "--players", "1"),
        ("play", GAME, "--agents", "random,nobody"),
        ("play", GAME, "--players", "3", "--agents", "random,random"),
        ("play", GAME, "--param", "colour=red"),
        ("play", GAME, "--param", "reward=most_hair"),
        ("play", GAME, "--param", "num_players=3"),
        ("play", GAME, "--param", "no_equals_sign"),
        ("play", GAME, "--seed", "-1"),
        ("selfplay", "--game", GAME, "--players", "3", "--agents", "random,random"),
        ("selfplay", "--game", GAME, "--games", "0"),
        ("selfplay",),
        ("no_such_command",),
    ],
)
def test_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("skagway: error: ")


def test_parse_value() -> None:
    assert [parse_value(t) for t in ("3", "-2", "0.5", "True", "false", "None", "x.toml")] == [
        3, -2, 0.5, True, False, None, "x.toml"
    ]


def test_selfplay_table_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "selfplay", "--game", GAME, "--players", "4", "--games", "6",
                         "--seed", "3")
    assert code == 0
    rows = table_rows(out, "agent")
    assert [r[0] for r in rows] == ["random#0", "random#1", "random#2", "random#3"]
    assert all(r[1] == "6" for r in rows)
    assert sum(float(r[2]) for r in rows) == pytest.approx(6)
    assert sum(float(r[5]) for r in rows) == pytest.approx(1 + 2 + 3 + 4, abs=0.03)
    assert re.search(r"mean game length [\d.]+ actions; [\d.]+ games/s", out)


def test_selfplay_game_replays_as_play(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", GAME, "--players", "2", "--seed", "21")
    scores = [r[2] for r in table_rows(out, "seat")]
    _, out, _ = run(capsys, "selfplay", "--game", GAME, "--players", "2", "--games", "1",
                    "--seed", "21")
    assert [f"{float(r[4]):g}" for r in table_rows(out, "agent")] == scores


class SeatRecorder(RandomAgent):
    """A random agent that notes the seats it was asked to play."""

    name = "recorder"
    seats: set[int] = set()

    def act(self, state: State, player: int) -> int:
        SeatRecorder.seats.add(player)
        return super().act(state, player)


def test_selfplay_rotates_seats(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AGENT_KINDS, "recorder", SeatRecorder)
    monkeypatch.setattr(SeatRecorder, "seats", set())
    code, out, _ = run(capsys, "selfplay", "--game", GAME, "--players", "3", "--games", "3",
                       "--agents", "recorder,random,random")
    assert code == 0
    assert SeatRecorder.seats == {0, 1, 2}
    assert [r[0] for r in table_rows(out, "agent")] == ["recorder#0", "random#1", "random#2"]
