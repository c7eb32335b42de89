"""The trained bots shipped in ``agents/rl/results/`` (the ones RESULTS.md measures)
belong to the engines as they are: each file's header matches its game's current
version and sizes, and the bot plays whole games of legal moves. When an engine's
``env_version`` moves, this fails until the bot is retrained (or removed) and
RESULTS.md re-measured."""

from __future__ import annotations

from pathlib import Path

import pytest
from skagway_agents import make_agent
from skagway_agents.policy_file import read_header
from skagway_experiments.play import play_game

RESULTS = Path(__file__).resolve().parents[2] / "agents" / "rl" / "results"
BOTS = sorted(RESULTS.glob("*.zip"))


def test_the_documented_bots_are_shipped():
    assert {p.name for p in BOTS} >= {"skagway_4p.zip", "dawson_city_barbers_6p.zip"}
    text = (RESULTS.parent / "RESULTS.md").read_text()
    for bot in BOTS:
        assert f"results/{bot.name}" in text, f"RESULTS.md does not describe {bot.name}"


@pytest.mark.parametrize("bot", BOTS, ids=lambda p: p.stem)
def test_shipped_bot_fits_the_current_engine_and_plays(bot):
    header = read_header(bot)
    game = header.make_game()
    header.check(game)  # game, env_version, observation size and action count
    agents = [make_agent(f"ppo:{bot}", game, seed=0)]
    agents += [make_agent("random", game, seed=seat) for seat in range(1, game.num_players)]
    result = play_game(game, agents, seed=11)  # an illegal move would raise
    assert len(result.returns) == game.num_players and result.length > 0
