"""A bot written by a user, outside the package, plays everywhere: the command line by
file and by module, tournament YAML, and under a registered short name; the code on
``agents/WRITE_YOUR_OWN_BOT.md`` is the code that runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from skagway_agents import AgentSpecError, make_agent, register_agent, unregister_agent
from skagway_experiments.cli import main
from skagway_experiments.tournament import Store

import skagway_env

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "agents" / "WRITE_YOUR_OWN_BOT.md").read_text()


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", PAGE, flags=re.S)


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    """The page's bot, written where a user would keep it: outside the package."""
    path = tmp_path / "my_bots.py"
    path.write_text(blocks("python")[0])
    return path


def stored_entrants(db: Path) -> dict[str, str]:
    store = Store(db, create=False)
    try:
        return {e["name"]: e["spec"] for e in store.entrants(store.find().id)}
    finally:
        store.close()


def test_the_page_shows_the_example_file():
    example = (ROOT / "agents" / "examples" / "greedy_bot.py").read_text()
    body = blocks("python")[0]
    assert "class GreedyBot(Agent):" in body
    for line in body.splitlines():  # every line of the page is in the shipped file
        assert line.strip() in example


def test_a_file_bot_plays_a_tournament_from_the_command_line(bot_file, tmp_path, capsys):
    db = tmp_path / "t.db"
    spec = f"{bot_file}:GreedyBot,samples=2"
    assert main(["tournament", "--game", "dawson_city_barbers", "--agent", spec,
                 "--agent", "random", "--db", str(db), "--no-progress"]) == 0
    assert "greedy_bot" not in capsys.readouterr().err
    assert stored_entrants(db) == {spec: spec, "random": "random"}


def test_a_module_bot_plays_from_a_yaml_config(bot_file, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(bot_file.parent))
    config = yaml.safe_load(blocks("yaml")[0])
    config["entrants"][0]["spec"] = "my_bots:GreedyBot,samples=2"
    config["repeats"] = 1
    path = tmp_path / "greedy.yaml"
    path.write_text(yaml.safe_dump(config))
    db = tmp_path / "y.db"
    assert main(["tournament", "--config", str(path), "--db", str(db), "--workers", "2",
                 "--no-progress"]) == 0
    assert stored_entrants(db)["greedy"] == "my_bots:GreedyBot,samples=2"


def test_the_shipped_example_plays_from_its_documented_config(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    config = yaml.safe_load(blocks("yaml")[0])
    config["repeats"] = 1
    path = tmp_path / "greedy.yaml"
    path.write_text(yaml.safe_dump(config))
    assert main(["tournament", "--config", str(path), "--db", str(tmp_path / "e.db"),
                 "--no-progress"]) == 0


def test_a_registered_bot_is_a_kind_everywhere(bot_file, monkeypatch):
    monkeypatch.syspath_prepend(str(bot_file.parent))
    register_agent("greedy", "my_bots:GreedyBot")
    try:
        game = skagway_env.make_game("skagway", num_players=2)
        assert make_agent("greedy:samples=3", game, seed=1).spec == "greedy:samples=3"
        mcts = make_agent("mcts:iterations=2,rollout=greedy", game, seed=1)
        assert mcts.params()["rollout"] == "greedy"
    finally:
        unregister_agent("greedy")
    with pytest.raises(AgentSpecError, match="unknown agent 'greedy'"):
        make_agent("greedy", game)


@pytest.mark.parametrize("spec, message", [
    ("no_such_file.py:GreedyBot", "no agent file no_such_file.py"),
    ("no_such_module:GreedyBot", "not an importable module"),
    ("json:JSONDecoder", "is not an Agent class"),
    ("no_such_kind", "known: exit, flatmc, heuristic, human, mcts"),
])
def test_bad_bot_specs_are_one_line_errors(spec, message, capsys):
    assert main(["agents", "--game", "skagway", "--agent", spec]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_bot_option_typo_names_the_valid_ones(bot_file, capsys):
    assert main(["agents", "--game", "skagway", "--agent", f"{bot_file}:GreedyBot,sample=2"]) == 2
    assert "has no option sample (valid: samples)" in capsys.readouterr().err
