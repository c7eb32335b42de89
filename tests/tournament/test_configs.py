"""The YAML configs in configs/tournament load, and default.yaml is what make run plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from skagway_experiments.tournament import (
    DEFAULT_CONFIG,
    TournamentConfigError,
    config_from_dict,
    load_config,
    schedule,
)
from skagway_experiments.tournament.config import check_config

CONFIGS = sorted((Path(__file__).resolve().parents[2] / "configs" / "tournament").glob("*.yaml"))


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.stem)
def test_bundled_configs_are_valid(path):
    config = load_config(path)
    check_config(config)
    assert schedule(config)


def test_default_yaml_is_the_embedded_default():
    path = next(p for p in CONFIGS if p.stem == "default")
    assert load_config(path) == config_from_dict(DEFAULT_CONFIG)


@pytest.mark.parametrize("data, match", [
    ({"game": "dawson_city_barbers", "players": 2}, "missing 'entrants'"),
    ({"game": "g", "players": 2, "entrants": ["random"], "seeds": 3}, "unknown setting"),
    ({"game": "g", "players": 2, "entrants": ["random", "random"]}, "unique"),
    ({"game": "g", "players": 2, "entrants": ["random"], "repeats": 0}, "repeats"),
    ({"game": "g", "players": -1, "entrants": ["random"]}, "players"),
    ([1, 2], "mapping"),
])
def test_bad_configs_are_named(data, match):
    with pytest.raises(TournamentConfigError, match=match):
        config_from_dict(data)


def test_bad_yaml_and_missing_file(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: [unclosed")
    with pytest.raises(TournamentConfigError, match="not valid YAML"):
        load_config(bad)
    with pytest.raises(TournamentConfigError, match="no such config"):
        load_config(tmp_path / "nope.yaml")


def test_check_config_rejects_unknown_game_agent_and_humans():
    base = {"game": "dawson_city_barbers", "players": 2, "entrants": ["random"]}
    with pytest.raises(TournamentConfigError, match="unknown game"):
        check_config(config_from_dict({**base, "game": "klondike"}))
    with pytest.raises(ValueError, match="unknown agent"):
        check_config(config_from_dict({**base, "entrants": ["alphazero"]}))
    with pytest.raises(TournamentConfigError, match="human"):
        check_config(config_from_dict({**base, "entrants": ["human"]}))
    with pytest.raises(TournamentConfigError, match="unknown parameter"):
        check_config(config_from_dict({**base, "params": {"speed": 2}}))
