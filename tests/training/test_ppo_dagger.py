"""The warm start's corrections (DAgger, ``bc_dagger_rounds``): the fitted policy
plays one seat, the style labels each of its decisions on that seat's view, and the
policy is fit again on everything gathered."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("torch")

from skagway_experiments import train as training  # noqa: E402
from skagway_experiments.ppo_warm_start import (  # noqa: E402
    agreement,
    imitate,
    joined,
    play_corrections,
    play_demonstrations,
)

import skagway_env  # noqa: E402

from .test_ppo_warm_start import SMALL  # noqa: E402


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """An unfitted policy of SMALL's game."""
    config = training.config_from_mapping({**SMALL, "init_from": None})
    trainer = training.Trainer(config, tmp_path_factory.mktemp("fresh"), progress=False)
    return skagway_env.make_game("dawson_city_barbers", num_players=3), trainer.model.policy


def test_corrections_label_the_policys_own_decisions(fresh):
    game, policy = fresh
    extra, on_policy = play_corrections(game, ("prospector",), policy, 6, 4, 1)
    again, twice = play_corrections(game, ("prospector",), policy, 6, 4, 1)
    assert len(extra) > 20 and extra.games == 6
    assert np.array_equal(extra.actions, again.actions) and on_policy == twice
    assert np.array_equal(extra.observations, again.observations)
    assert extra.masks[np.arange(len(extra)), extra.actions].all()  # the style's moves are legal
    assert (extra.masks.sum(1) > 1).all()  # only decisions with a choice
    # the policy was fixed during the games: its agreement on them is the round's figure
    assert agreement(policy, extra) == pytest.approx(on_policy)
    assert set(extra.games_index.tolist()) <= set(range(6))


def test_fitting_the_corrections_teaches_the_styles_moves_there(fresh, tmp_path):
    game, _ = fresh
    config = training.config_from_mapping({**SMALL, "init_from": None})
    policy = training.Trainer(config, tmp_path, progress=False).model.policy
    data = play_demonstrations(game, ("prospector",), 12, 4)
    extra, before = play_corrections(game, ("prospector",), policy, 8, 4, 1)
    both = joined(data, extra)
    assert len(both) == len(data) + len(extra) and both.games == 20
    assert both.games_index[len(data):].min() >= 12
    imitate(policy, both, epochs=6, batch_size=128, learning_rate=1e-3, value_weight=0.5,
            seed=4)
    assert agreement(policy, extra) > before + 0.2


def test_a_run_records_each_round(tmp_path):
    config = training.config_from_mapping({**SMALL, "bc_dagger_rounds": 2,
                                            "bc_dagger_games": 5})
    run = training.train(config, tmp_path, progress=False)
    fitted = json.loads((run.run_dir / "warm_start.json").read_text())
    rounds = fitted["corrections"]
    assert [r["round"] for r in rounds] == [1, 2] and all(r["games"] == 5 for r in rounds)
    assert all(r["positions"] > 0 and 0 <= r["on_policy_agreement"] <= 1 for r in rounds)
    assert all(len(r["epochs"]) == SMALL["bc_epochs"] for r in rounds)
    log = (run.run_dir / "train.log").read_text()
    assert log.index("warm start correction 2/2") < log.index("started at step 0")


@pytest.mark.parametrize("key", ["bc_dagger_rounds", "bc_dagger_games"])
def test_a_negative_count_is_refused(key):
    with pytest.raises(training.TrainConfigError, match=key):
        training.config_from_mapping({**SMALL, key: -1})
