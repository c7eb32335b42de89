"""The trained bots shipped in ``agents/rl/results/`` (the ones RESULTS.md measures)
belong to the engines as they are: each file's header matches its game's current
version and sizes, and the bot plays whole games of legal moves. When an engine's
``env_version`` moves, this fails until the bot is retrained (or removed) and
RESULTS.md re-measured.

A file is a PPO bot (``agents/policy_file.py``, header ``skagway_policy.json``) or an
exit network (``agents/exit/net_file.py``, header ``skagway_exit_net.json``), told
apart by the header it holds. The exit path is also run on a small network written by
the trainer's saving code into a temporary folder (another game and player count than
the shipped exit bot's)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import pytest
from skagway_agents import make_agent
from skagway_agents.exit import net_file
from skagway_agents.policy_file import HEADER as PPO_HEADER
from skagway_agents.policy_file import read_header
from skagway_experiments.play import play_game

import skagway_env

from ..bot_helpers import style_positions, style_specs

RESULTS = Path(__file__).resolve().parents[2] / "agents" / "rl" / "results"
BOTS = sorted(RESULTS.glob("*.zip"))
SEARCHABLE = sorted((RESULTS / "search").glob("*.zip"))
"""The shipped PPO bots turned into exit networks (``skagway_experiments.exit.from_ppo``),
each beside the PPO bot of the same name."""
TABLES = {f"{game}_{n}p" for game in ("skagway", "klondike_rush", "dawson_city_barbers",
                                      "klondike1896", "klondike1896_council") for n in (2, 4)}
TEMPORARY_EXIT = "temporary-exit-net"


def kind(path: Path) -> str:
    """``ppo`` or ``exit``, by the header file the zip holds."""
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
    if net_file.HEADER in names:
        return "exit"
    assert PPO_HEADER in names, f"{path.name}: neither a PPO bot nor an exit network"
    return "ppo"


def test_the_documented_bots_are_shipped():
    assert {p.name for p in BOTS} >= {"skagway_4p.zip", "dawson_city_barbers_6p.zip",
                                      "skagway_4p_exit.zip", "klondike_rush_4p.zip",
                                      "skagway_2p.zip", "klondike_rush_2p.zip",
                                      "dawson_city_barbers_2p.zip", "skagway_2p_exit.zip",
                                      "klondike_rush_2p_exit.zip",
                                      "dawson_city_barbers_2p_exit.zip",
                                      "dawson_city_barbers_2p_exit_mixed.zip",
                                      "klondike1896_2p.zip",
                                      "klondike1896_council_2p.zip",
                                      "klondike1896_council_4p.zip",
                                      "dawson_city_barbers_4p.zip", "klondike1896_4p.zip"}
    text = (RESULTS.parent / "RESULTS.md").read_text()
    for bot in [*BOTS, *SEARCHABLE]:
        name = bot.relative_to(RESULTS).as_posix()
        assert f"results/{name}" in text, f"RESULTS.md does not describe {name}"


def test_every_table_has_a_bot_that_searches():
    """Issue 22: every game at 2 seats and at 4 has a network ``exit:`` plays: one trained
    by expert iteration (``<table>_exit.zip``) or a shipped PPO bot turned into one
    (``search/<table>.zip``; its header names the PPO bot, which ships too)."""
    exits = {p.name.removesuffix("_exit.zip") for p in BOTS if p.name.endswith("_exit.zip")}
    searchable = {p.stem for p in SEARCHABLE}
    assert TABLES <= exits | searchable, sorted(TABLES - exits - searchable)
    for path in SEARCHABLE:
        header = net_file.read_net_header(path)
        assert (RESULTS.parents[2] / header.extra["from_ppo"]).exists(), path  # it ships too
        assert header.num_players == int(path.stem.rsplit("_", 1)[1].removesuffix("p"))


def temporary_exit_net(folder: Path) -> Path:
    """A small untrained network saved as the trainer saves one (``save_net``)."""
    game = skagway_env.make_game("klondike_rush", num_players=2)
    header = net_file.NetHeader.for_game(game, [8])
    rng = np.random.default_rng(0)
    n, size, actions = game.num_players, game.observation_size(), game.num_distinct_actions()
    shapes = {"trunk.0.weight": (8, size), "trunk.0.bias": (8,),
              "policy.weight": (actions, 8), "policy.bias": (actions,),
              "value.weight": (n, 8), "value.bias": (n,)}
    weights = {k: rng.normal(0, 0.1, shapes[k]) for k in net_file.weight_names(1)}
    return net_file.save_net(folder / "klondike_rush_2p.zip", header, weights)


@pytest.mark.parametrize("bot", [*BOTS, *SEARCHABLE, TEMPORARY_EXIT],
                         ids=lambda p: p if isinstance(p, str) else
                         p.relative_to(RESULTS).with_suffix("").as_posix())
def test_shipped_bot_fits_the_current_engine_and_plays(bot, tmp_path):
    if bot == TEMPORARY_EXIT:
        bot = temporary_exit_net(tmp_path)
    if kind(bot) == "ppo":
        header = read_header(bot)
        specs = [f"ppo:{bot}"]
    else:
        header = net_file.read_net_header(bot)
        specs = [f"exit:{bot},simulations=4", f"exit:{bot},simulations=0"]
    assert header.game in skagway_env.list_games()
    game = header.make_game()
    header.check(game)  # game, env_version, observation size and action count
    styles = style_specs(game)  # the positions players reach, not only random ones
    for spec in specs:
        agents = [make_agent(spec, game, seed=0)]
        agents += [make_agent(styles[seat % len(styles)], game, seed=seat)
                   for seat in range(1, game.num_players)]
        result = play_game(game, agents, seed=11)  # an illegal move would raise
        assert len(result.returns) == game.num_players and result.length > 0


@pytest.mark.parametrize("net", SEARCHABLE, ids=lambda p: p.stem)
def test_a_searchable_network_plays_its_ppo_bots_moves(net):
    """``exit:<net>,simulations=0`` is the PPO bot it was made from, hint and all, at
    positions the game's styles reach: the file is not stale against its bot."""
    header = net_file.read_net_header(net)
    bot = RESULTS.parents[2] / header.extra["from_ppo"]
    game = header.make_game()
    ppo = make_agent(f"ppo:{bot}", game, 5)
    plain = make_agent(f"exit:{net},simulations=0", game, 5)
    for state, seat in style_positions(game, 21, 12):
        np.testing.assert_allclose(plain.action_probabilities(state, seat),
                                   ppo.action_probabilities(state, seat), atol=2e-5)
