"""Tools that never hurt their user (issue 19): every bad input and fault in the list
gives one line, a non-zero exit, no traceback, and changes no file.

The commands run in-process through ``skagway_experiments.cli.main`` in a scratch
folder (so default paths such as ``runs/`` land there), and the folder's files are
compared before and after: names, sizes, contents and modification times.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
from pathlib import Path

import numpy as np
import pytest
import yaml
from skagway_agents import AgentSpecError, make_agent
from skagway_agents.policy_file import PolicyFileError, PolicyHeader
from skagway_experiments.cli import main
from skagway_experiments.files import write_atomically
from skagway_experiments.tournament.records import GameRecord
from skagway_experiments.tournament.stats import agent_table, format_leaderboard

import skagway_env
from skagway_env.core import DeserializationError, NoSuchSeatError

REPO = Path(__file__).resolve().parents[1]
BOT = "{bot}"
"""Stands for a freshly made (untrained) 4-player Skagway bot file (fixture ``bot_4p``):
the shipped bots follow engine versions, this one always fits the engine."""

TRAIN = {
    "game": "dawson_city_barbers", "players": 2, "exp": "bad", "total_steps": 64,
    "num_envs": 1, "eval_every": 0, "eval_games": 2, "snapshot_every": 0,
    "checkpoint_every": 0, "ppo": {"n_steps": 32, "batch_size": 32, "n_epochs": 1,
                                   "net_arch": [8]},
}


def train_yaml(**changes) -> str:
    data = {**TRAIN, "ppo": dict(TRAIN["ppo"])}
    for key, value in changes.items():
        if key.startswith("ppo_"):
            data["ppo"][key.removeprefix("ppo_")] = value
        else:
            data[key] = value
    return yaml.safe_dump(data)


# (id, argv, files to create first, what the one line must say)
CASES = [
    ("heuristic-weight-not-a-number",
     ["play", "skagway", "--agent", "heuristic:landlord,assay=abc"], {},
     "assay='abc' is not allowed: expected a number"),
    ("heuristic-lean-unknown", ["play", "skagway", "--agent", "heuristic:landlord,lean=nosuch"],
     {}, "lean='nosuch' is not allowed: expected one of good, bad"),
    ("heuristic-track-out-of-range",
     ["play", "dawson_city_barbers", "--agent", "heuristic:barber,weekend_track=3"], {},
     "weekend_track=3 is not allowed: expected an integer from 0 to 2"),
    ("heuristic-int-given-a-fraction",
     ["play", "klondike1896_council", "--agent", "heuristic:quick,budget=1.5"], {},
     "budget=1.5 is not allowed: expected an integer"),
    ("mcts-both-budgets",
     ["play", "dawson_city_barbers", "--agent", "mcts:iterations=5,seconds=1"], {},
     "give iterations or seconds, not both"),
    ("mcts-negative-exploration",
     ["play", "dawson_city_barbers", "--agent", "mcts:exploration=-1"], {},
     "exploration=-1 is not allowed: expected a number >= 0"),
    ("mcts-zero-seconds", ["play", "dawson_city_barbers", "--agent", "mcts:seconds=0"], {},
     "seconds=0 is not allowed: expected a number > 0"),
    ("flatmc-playouts-text", ["play", "dawson_city_barbers", "--agent", "flatmc:playouts=many"],
     {}, "playouts='many' is not allowed"),
    ("ppo-greedy-not-bool", ["agents", "--game", "skagway", "--agent", f"ppo:{BOT},greedy=3"],
     {}, "greedy=3 is not allowed: expected true or false"),
    ("bot-at-another-player-count",
     ["play", "skagway", "--players", "3", "--agent", f"ppo:{BOT}", "--agent", "random",
      "--agent", "random"], {}, "trained for 4 players, not 3; add any_players=true"),
    ("bot-at-another-player-count-as-prior",
     ["play", "skagway", "--players", "3", "--agent", f"mcts:iterations=2,prior=ppo:{BOT}"],
     {}, "trained for 4 players, not 3"),
    ("bot-at-another-player-count-in-a-tournament",
     ["tournament", "--game", "skagway", "--agent", f"ppo:{BOT}", "--agent", "random",
      "--agent", "heuristic:landlord", "--db", "t.db", "--no-progress"], {},
     "trained for 4 players, not 3"),
    ("seed-not-a-number", ["play", "skagway", "--seed", "abc"], {},
     "argument --seed: expected a whole number >= 0, got 'abc'"),
    ("agents-spec-for-no-game", ["agents", "--agent", "heuristic:nosuch"], {},
     "heuristic:nosuch builds for no game"),
    ("report-out-is-its-db", ["report", "--db", "r.db", "--out", "r.db"], {"r.db": "db"},
     "--out r.db is also this command's input r.db"),
    ("report-out-is-a-db-companion", ["report", "--db", "r.db", "--out", "r.db-wal"],
     {"r.db": "db"}, "belongs to the database r.db"),
    ("report-out-is-another-db", ["report", "--db", "r.db", "--out", "other.db"],
     {"r.db": "db", "other.db": "db"}, "--out other.db is a results database"),
    ("train-net-arch-text", ["train", "--config", "c.yaml"],
     {"c.yaml": train_yaml(ppo_net_arch=["abc"])}, "ppo.net_arch: [abc] is not allowed"),
    ("train-learning-rate-text", ["train", "--config", "c.yaml"],
     {"c.yaml": train_yaml(ppo_learning_rate="fast")},
     "ppo.learning_rate: 'fast' is not allowed: expected a number > 0"),
    ("train-params-a-list", ["train", "--config", "c.yaml"],
     {"c.yaml": train_yaml(params=[1, 2])}, "params: [1, 2] is not allowed"),
    ("train-activation-unknown", ["train", "--config", "c.yaml"],
     {"c.yaml": train_yaml(ppo_activation="sigmoidx")},
     "ppo.activation: 'sigmoidx' is not allowed: expected one of tanh, relu"),
    ("train-batch-size-zero", ["train", "--config", "c.yaml"],
     {"c.yaml": train_yaml(ppo_batch_size=0)}, "ppo.batch_size: 0 is not allowed"),
    ("train-opponents-a-string", ["train", "--config", "c.yaml"],
     {"c.yaml": train_yaml(opponents="random")},
     "opponents: 'random' is not allowed: expected a list of agent specs"),
    ("train-unknown-key", ["train", "--config", "c.yaml"],
     {"c.yaml": train_yaml(colour="red")}, "unknown setting(s) colour"),
    ("train-exp-with-a-slash", ["train", "--config", "c.yaml"],
     {"c.yaml": train_yaml(exp="a/b")}, "exp: 'a/b' is not allowed"),
    ("train-bad-opponent-option", ["train", "--game", "skagway", "--opponents",
                                   "random,heuristic:landlord,assay=abc"], {},
     "assay='abc' is not allowed"),
    ("train-resume-with-another-game",
     ["train", "--resume", "runs/old", "--game", "skagway"],
     {"runs/old/config.yaml": train_yaml(), "runs/old/checkpoints/latest.zip": "x"},
     "--game cannot change it"),
]


def snapshot(folder: Path) -> dict[str, tuple[int, str, int]]:
    return {str(p.relative_to(folder)): (p.stat().st_size,
                                         hashlib.sha256(p.read_bytes()).hexdigest(),
                                         p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def bot_4p(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An untrained 4-player Skagway policy file (Skagway's tensor has one size at every
    player count, so only the recorded count tells a 3-player table from a 4-player one)."""
    pytest.importorskip("sb3_contrib")
    from skagway_agents.rl.network import build_policy, export_policy

    header = PolicyHeader.for_game(skagway_env.make_game("skagway", num_players=4), [8])
    return export_policy(tmp_path_factory.mktemp("bot") / "skagway_4p.zip", header,
                         build_policy(header))


@pytest.fixture(scope="module")
def results_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small results database (two games of random play)."""
    db = tmp_path_factory.mktemp("db") / "r.db"
    assert main(["tournament", "--game", "dawson_city_barbers", "--players", "2",
                 "--agent", "random", "--agent", "random", "--db", str(db),
                 "--no-progress"]) == 0
    return db


@pytest.mark.parametrize("argv, files, says", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_gives_one_line_and_changes_nothing(
        argv: list[str], files: dict[str, str], says: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        results_db: Path, request: pytest.FixtureRequest) -> None:
    if any(BOT in arg for arg in argv):
        bot = request.getfixturevalue("bot_4p")
        argv = [arg.replace(BOT, str(bot)) for arg in argv]
    if argv[0] == "train":
        pytest.importorskip("sb3_contrib")
    if argv[0] == "report":
        pytest.importorskip("matplotlib")
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if text == "db":
            shutil.copy(results_db, path)
        else:
            path.write_text(text)
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    before = snapshot(tmp_path)
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    assert code not in (0, None)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("skagway: error: "), err
    assert says in lines[0]
    assert "Traceback" not in err and out == ""
    assert snapshot(tmp_path) == before, "a refused command changed a file"


def test_the_report_database_still_loads_after_a_refused_report(
        tmp_path: Path, results_db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    db = tmp_path / "r.db"
    shutil.copy(results_db, db)
    monkeypatch.chdir(tmp_path)
    assert main(["report", "--db", "r.db", "--out", "r.db"]) == 2
    assert main(["leaderboard", "--db", "r.db"]) == 0
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2


def test_a_failed_write_leaves_the_old_file_whole(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "report.html"
    out.write_text("the old report")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_atomically(out, "the new report, half written")
    assert out.read_text() == "the old report"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"], "a temporary file stayed"


# ---------------------------------------------------------------- agent options
def test_mcts_seconds_is_the_whole_budget_and_both_are_refused() -> None:
    game = skagway_env.make_game("dawson_city_barbers", num_players=2)
    assert make_agent("mcts:seconds=0.5", game).spec == (
        "mcts:exploration=0.7,rollout=random,seconds=0.5")
    assert make_agent("mcts", game).spec == "mcts:exploration=0.7,iterations=400,rollout=random"
    with pytest.raises(AgentSpecError, match="not both"):
        make_agent("mcts:iterations=5,seconds=1", game)


def test_heuristic_weights_take_numbers_and_keep_their_spelling() -> None:
    game = skagway_env.make_game("skagway")
    agent = make_agent("heuristic:landlord,assay=4,lean=bad", game)
    assert "assay=4," in agent.spec and "lean=bad" in agent.spec


def test_a_bot_at_another_player_count_plays_when_opted_in(bot_4p: Path) -> None:
    game = skagway_env.make_game("skagway", num_players=3)
    with pytest.raises(AgentSpecError, match="trained for 4 players, not 3"):
        make_agent(f"ppo:{bot_4p}", game)
    agent = make_agent(f"ppo:{bot_4p},any_players=true", game)
    assert agent.spec.endswith("any_players=True,greedy=True")
    search = make_agent(f"mcts:iterations=2,prior=ppo:{bot_4p},any_players=true", game)
    assert "any_players=True" in search.spec
    at_four = make_agent(f"ppo:{bot_4p}", skagway_env.make_game("skagway", num_players=4))
    assert "any_players" not in at_four.spec


def test_the_header_check_names_both_counts() -> None:
    game = skagway_env.make_game("dawson_city_barbers", num_players=3)
    header = PolicyHeader.for_game(skagway_env.make_game("dawson_city_barbers",
                                                         num_players=4), [8])
    assert header.num_players == 4
    with pytest.raises(PolicyFileError, match="trained for 4 players, not 3"):
        header.check(game)
    header.check(game, any_players=True)


def test_agents_checks_a_spec_without_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agents", "--agent", "heuristic:landlord,assay=4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("heuristic:landlord,assay=4  ->  heuristic:landlord,assay=4,")
    assert out.rstrip().endswith("(skagway)")


def test_ppo_is_described(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agents"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines()
               if line.startswith("ppo "))
    assert "skagway train" in row


def test_report_help_prints_one_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "95% intervals" in out and "%%" not in out


# ---------------------------------------------------------------- leaderboard order
def record(index: int, seats: list[str], ranks: list[int]) -> GameRecord:
    return GameRecord(game_index=index, seed=index, seats=tuple(seats),
                      scores=tuple(float(10 - r) for r in ranks),
                      ranks=tuple(float(r) for r in ranks),
                      returns=tuple(1.0 if r == 1 else 0.0 for r in ranks), length=10)


def test_the_leaderboard_is_ordered_by_win_rate_with_a_note_when_ratings_disagree() -> None:
    """A boom-or-bust entrant (first or last) and a steady third: by win rate the
    first leads; Plackett-Luce ratings rank it last, and the note says so."""
    seats = ["boom", "steady", "good", "weak"]
    records = []
    for i in range(24):
        boom_first = i % 3 == 0
        ranks = [1, 3, 2, 4] if boom_first else [4, 3, 1, 2]
        records.append(record(i, seats, ranks))
    table = agent_table(records)
    rates = [row.win_rate for row in table]
    assert rates == sorted(rates, reverse=True)
    assert [row.entrant for row in table][:2] == ["good", "boom"]
    text = format_leaderboard(records)
    assert "sorted by win rate" in text
    by_rating = [row.entrant for row in sorted(table, key=lambda row: -row.ordinal)]
    assert by_rating == ["good", "weak", "steady", "boom"]  # the ratings disagree here
    assert "note: by rating (ordinal) the order is good, weak, steady, boom" in text


# ---------------------------------------------------------------- library edges
def test_numpy_integers_are_accepted_as_parameters_and_seeds() -> None:
    game = skagway_env.make_game("skagway", num_players=np.int64(3), max_turns=np.int32(50))
    assert game.parameters()["num_players"] == 3 and type(game.num_players) is int
    assert type(game.parameters()["max_turns"]) is int
    from skagway_env.envs import make_env, make_parallel_env

    env = make_env("dawson_city_barbers", num_players=np.int64(3))
    env.reset(seed=np.int64(4))
    parallel = make_parallel_env("dawson_city_barbers")
    parallel.reset(seed=np.uint8(4))


def test_a_seat_that_does_not_exist_is_an_error() -> None:
    game = skagway_env.make_game("skagway", num_players=4)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for call in (lambda: state.legal_actions(9), lambda: state.legal_actions_mask(9),
                 lambda: state.view(9, rng), lambda: state.view(4, rng)):
        with pytest.raises(NoSuchSeatError, match="no seat .* at a table of 4"):
            call()
    perfect = skagway_env.make_game("klondike1896").new_initial_state()  # the base view
    with pytest.raises(NoSuchSeatError):
        perfect.view(9, rng)


@pytest.mark.parametrize("data", ["garbage", None, 3, ["format"], {"format": 1}])
def test_deserialize_refuses_what_is_not_a_serialized_state(data) -> None:
    game = skagway_env.make_game("dawson_city_barbers")
    with pytest.raises(DeserializationError):
        game.deserialize(data)


# ---------------------------------------------------------------- make run
@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_run_keeps_an_existing_default_db(tmp_path: Path) -> None:
    """With a stand-in for the skagway command (and the venv stamp marked up to date,
    so nothing is installed): the old database stays and the new run goes elsewhere."""
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "skagway").write_text('#!/bin/sh\necho "skagway $*"\n')
    (fake / "skagway").chmod(0o755)
    (tmp_path / "runs").mkdir()
    old = tmp_path / "runs" / "default.db"
    old.write_bytes(b"SQLite format 3\x00 an extended tournament")

    def make_run() -> str:
        return subprocess.run(
            ["make", "-s", "-f", str(REPO / "Makefile"), "-o", ".venv/.installed", "run",
             f"BIN={fake}"], cwd=tmp_path, capture_output=True, text=True, check=True,
            timeout=60).stdout

    out = make_run()
    assert old.read_bytes() == b"SQLite format 3\x00 an extended tournament"
    assert "runs/default.db is kept" in out
    assert "skagway tournament --workers 2 --db runs/default-" in out
    old.unlink()
    assert make_run().strip() == "skagway tournament --workers 2 --db runs/default.db"


def test_options_of_a_subclass_follow_its_own_init() -> None:
    """A user's subclass of a built-in agent with an ``__init__`` of its own takes the
    options of its signature, typed by their defaults; one without takes its base's."""
    from skagway_agents import RandomAgent, register_agent, unregister_agent

    class Picky(RandomAgent):
        def __init__(self, game, seed=None, depth: int = 2) -> None:
            super().__init__(game, seed)
            self.depth = depth

    class Plain(RandomAgent):
        pass

    game = skagway_env.make_game("dawson_city_barbers", num_players=2)
    register_agent("picky_test", Picky)
    register_agent("plain_test", Plain)
    try:
        assert make_agent("picky_test:depth=3", game).depth == 3
        with pytest.raises(AgentSpecError, match="depth=2.5 is not allowed: expected an integer"):
            make_agent("picky_test:depth=2.5", game)
        with pytest.raises(AgentSpecError, match="takes no options"):
            make_agent("plain_test:depth=3", game)
    finally:
        unregister_agent("picky_test")
        unregister_agent("plain_test")


def test_a_kind_registered_by_name_checks_its_class_options() -> None:
    from skagway_agents import register_agent, unregister_agent

    game = skagway_env.make_game("dawson_city_barbers", num_players=2)
    register_agent("lazy_flat_test", "skagway_agents.flat_mc:FlatMonteCarloAgent")
    try:
        assert make_agent("lazy_flat_test:playouts=3", game).spec == "lazy_flat_test:playouts=3"
        with pytest.raises(AgentSpecError, match="playouts=0 is not allowed"):
            make_agent("lazy_flat_test:playouts=0", game)
    finally:
        unregister_agent("lazy_flat_test")


@pytest.mark.parametrize("game_name", skagway_env.list_games())
def test_every_heuristic_default_is_allowed_by_its_option(game_name: str) -> None:
    from skagway_agents.heuristics import style_options, styles_module

    module = styles_module(game_name)
    for style, defaults in module.STYLES.items():
        options = style_options(module, style)
        assert set(getattr(module, "OPTIONS", {})) <= set(defaults), "an option no style has"
        for key, value in defaults.items():
            assert options[key] is None or options[key].accepts(value), (style, key, value)
