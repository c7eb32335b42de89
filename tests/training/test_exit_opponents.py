"""Expert iteration against fixed agents (issue 22): heuristic styles in a share of the
self-play games, and the gate's second test against an anchor style.

Self-play with ``selfplay_opponents`` seats the network once, at a rotating seat,
against copies of a style; only the network's positions become targets. With
``gate_anchor`` a candidate that beats the best must also score, against the style, at
least the best's share less the margin."""

from __future__ import annotations

import csv

import numpy as np
import pytest
import torch
from skagway_agents import make_agent
from skagway_agents.exit.net_file import NetHeader, NumpyNet
from skagway_agents.exit.network import PolicyValueNet
from skagway_agents.exit.search import SearchSettings
from skagway_experiments.exit import trainer
from skagway_experiments.exit.config import ExitConfigError, config_from_mapping
from skagway_experiments.exit.selfplay import GameJob, game_generator, play_games

from skagway_env.core import make_game

from .test_exit_train import SMALL

STYLE = "heuristic:prospector"


def small_net(game) -> NumpyNet:
    """An untrained network for ``game`` (seeded), as the workers hold it."""
    torch.manual_seed(0)
    header = NetHeader.for_game(game, [16])
    return NumpyNet(header, PolicyValueNet(header).arrays())


def test_a_fixed_seat_plays_its_agent_and_only_the_network_seat_is_recorded():
    game = make_game("dawson_city_barbers", num_players=2)
    net = small_net(game)
    job = GameJob((5, 1, 0), (0, 0), SearchSettings(4, 1.5), record=True,
                  seat_agents=(STYLE, None))
    (result,) = play_games(game, [job], [net.evaluate], 1)
    assert len(result.seats) > 0 and set(result.seats.tolist()) == {1}
    assert result.length == len(result.seats)  # searched decisions are the network's
    (again,) = play_games(game, [job], [net.evaluate], 1)
    assert again.returns == result.returns and np.array_equal(again.policies,
                                                              result.policies)

    # the fixed seat's every move is its agent's, on the view the game's rng drew
    moves = []
    agent_cls = type(make_agent(STYLE, game, 0))
    original = agent_cls.act

    def act(self, state, player):
        action = original(self, state, player)
        moves.append((player, action))
        return action

    agent_cls.act = act
    try:
        (watched,) = play_games(game, [job], [net.evaluate], 1)
    finally:
        agent_cls.act = original
    assert watched.returns == result.returns
    assert moves and {p for p, _ in moves} == {0}


def test_without_fixed_seats_the_games_are_those_of_plain_self_play():
    """A job with no ``seat_agents`` draws nothing more from its rng: every older
    run's games are unchanged."""
    game = make_game("dawson_city_barbers", num_players=2)
    net = small_net(game)
    plain = GameJob((5, 1, 0), (0, 0), SearchSettings(4, 1.5), record=True)
    named = GameJob((5, 1, 0), (0, 0), SearchSettings(4, 1.5), record=True,
                    seat_agents=(None, None))
    first, second = (play_games(game, [j], [net.evaluate], 1)[0] for j in (plain, named))
    assert first.returns == second.returns and np.array_equal(first.policies,
                                                              second.policies)
    generator = game_generator(game, plain)
    assert next(generator)[0] == 0  # the first request is the network's


def test_jobs_seat_the_opponents_in_the_first_share_of_the_games(tmp_path):
    config = config_from_mapping({**SMALL, "games_per_generation": 6,
                                  "selfplay_opponents": [STYLE, "random"],
                                  "opponent_share": 0.7})
    t = trainer.ExitTrainer(config, trainer.new_run_dir(config, tmp_path), progress=False)
    jobs = t.jobs(1)
    # round(0.7 * 6) = 4 games with opponents, each opponent meeting the network at
    # every seat in turn; the other 2 are pure self-play
    assert [j.seat_agents for j in jobs] == [
        (None, STYLE), (None, "random"), (STYLE, None), ("random", None), (), ()]
    assert all(j.record and j.settings.dirichlet_fraction > 0 for j in jobs)
    assert len({j.seed for j in jobs}) == 6


@pytest.fixture(scope="module")
def anchored(tmp_path_factory):
    config = config_from_mapping({**SMALL, "generations": 3, "gate_threshold": 0.0,
                                  "gate_anchor": STYLE, "gate_anchor_games": 2,
                                  "gate_anchor_margin": 0.0,
                                  "selfplay_opponents": [STYLE]})
    return trainer.train(config, tmp_path_factory.mktemp("anchor"), progress=False)


def test_the_anchor_gate_takes_a_candidate_only_if_it_holds_against_the_style(anchored):
    with open(anchored.run_dir / "tb" / "progress.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 3
    for row in rows:
        candidate, best = float(row["anchor_share"]), float(row["best_anchor_share"])
        assert 0.0 <= candidate <= 1.0 and 0.0 <= best <= 1.0
        assert int(row["accepted"]) == int(candidate >= best)
    log = (anchored.run_dir / "train.log").read_text()
    assert f"vs {STYLE}" in log


def test_the_anchor_settings_are_checked():
    with pytest.raises(ExitConfigError, match="gate_anchor: .*nostyle"):
        config_from_mapping({**SMALL, "gate_anchor": "heuristic:nostyle"})
    with pytest.raises(ExitConfigError, match="selfplay_opponents"):
        config_from_mapping({**SMALL, "selfplay_opponents": ["heuristic:nostyle"]})
    with pytest.raises(ExitConfigError, match="opponent_share"):
        config_from_mapping({**SMALL, "opponent_share": 1.5})
