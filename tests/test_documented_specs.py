"""Every agent spec the documentation shows is a spec the command line accepts.

Specs are collected from code spans and code blocks of the bot pages and the README,
and each is built by ``skagway agents --game G --agent SPEC`` for the page's game (any
game for the general pages). Pages change; this keeps them honest."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from skagway_agents import register_agent, unregister_agent
from skagway_experiments.cli import main

import skagway_env

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("random", "flatmc", "heuristic", "mcts")
SPEC = re.compile(rf"(?<![\w/.-])((?:{'|'.join(KINDS)})(?::[\w=.,:/-]+)?)(?![\w/-])")


def code_text(page: str) -> str:
    fenced = re.findall(r"```[^\n]*\n(.*?)```", page, flags=re.S)
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", page, flags=re.S))
    return "\n".join(fenced + spans)


def documented() -> list[tuple[str, str, str | None]]:
    pages = sorted((ROOT / "agents").rglob("*.md")) + [ROOT / "README.md"]
    found = []
    for page in pages:
        game = page.stem if page.parent.name == "heuristics" else None
        for spec in sorted(set(SPEC.findall(code_text(page.read_text())))):
            spec = spec.rstrip(".,")
            # a template: ppo:<bot>, value=<file>, playouts=N
            if spec.endswith((":", "=")) or re.search(r"=[A-Z]+\b", spec):
                continue
            found.append((str(page.relative_to(ROOT)), spec, game))
    return found


DOCUMENTED = documented()


def test_the_pages_show_specs():
    specs = {spec for _, spec, _ in DOCUMENTED}
    assert {"heuristic:landlord,lean=bad,assay=4", "mcts:iterations=400"} <= specs


@pytest.fixture
def greedy_registered():
    """The bot page registers its example as ``greedy`` before using that name."""
    register_agent("greedy", f"{ROOT / 'agents' / 'examples' / 'greedy_bot.py'}:GreedyBot")
    yield
    unregister_agent("greedy")


@pytest.mark.parametrize("page, spec, game", DOCUMENTED, ids=[f"{p}:{s}" for p, s, _ in
                                                             DOCUMENTED])
def test_documented_spec_is_accepted(page, spec, game, capsys, greedy_registered):
    games = [game] if game else skagway_env.list_games()
    errors = []
    for name in games:
        if main(["agents", "--game", name, "--agent", spec]) == 0:
            return
        errors.append(capsys.readouterr().err.strip())
    pytest.fail(f"{page} shows {spec!r}, which no game accepts: {errors}")
