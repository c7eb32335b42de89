"""Klondike Rush's observation bounds come from the data file, not from the bundled
numbers: more order cards and richer orders move the order counts and the money
bound, and random play with that file stays inside."""

from __future__ import annotations

from skagway_env.games.klondike_rush.components import DEFAULT_DATA_FILE
from skagway_env.games.klondike_rush.observation import max_money

from ..conftest import assert_random_play_inside_bounds
from .helpers import game


def test_bounds_follow_the_data_file(tmp_path):
    bundled = game(3)
    text = DEFAULT_DATA_FILE.read_text()
    text = text.replace('good = "fish"\nquantity = 2\nvalue = 7\ncount = 3',
                        'good = "fish"\nquantity = 2\nvalue = 20\ncount = 9', 1)
    path = tmp_path / "components.toml"
    path.write_text(text)
    richer = game(3, data_file=str(path))
    comp = richer.components
    assert max_money(comp, 3) - max_money(bundled.components, 3) == 9 * 20 - 3 * 7
    low, high = richer.observation_bounds()
    assert high.max() == 38  # the order cards a seat can hold, 6 more than bundled
    assert_random_play_inside_bounds(richer, range(4))
