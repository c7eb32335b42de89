"""[Equipment]: the component data file, its tags, and a user's own file."""

from __future__ import annotations

import tomllib

import pytest

from skagway_env.core import GameParameterError
from skagway_env.games.klondike1896.components import DEFAULT_DATA_FILE, load_components
from skagway_env.games.klondike1896.geometry import rotate

from .helpers import data_file, game


def test_116_claims_ten_types_of_ten_and_sixteen_additional():
    comp = load_components()
    assert comp.row_types == 10
    assert [c.count for c in comp.claims[:10]] == [10] * 10
    assert comp.claims[comp.additional].count == 16
    assert comp.claims[comp.additional].size == 2  # "additional two-space claim"
    assert sum(c.count for c in comp.claims) == 116


def test_named_shapes_and_distinct_claims():
    comp = load_components()
    names = [c.name for c in comp.claims]
    assert names[:4] == ["cross", "square", "L", "Z"]  # named in the sample auction
    faces = {frozenset(rotate(c.cells, t)) for c in comp.claims for t in range(4)}
    # no claim is a turned copy of another (mirror images count as different claims)
    by_claim = [{frozenset(rotate(c.cells, t)) for t in range(4)} for c in comp.claims]
    assert sum(len(x) for x in by_claim) == len(faces)


def test_every_value_is_tagged():
    data = tomllib.loads(DEFAULT_DATA_FILE.read_text())
    tables = [data["landscape"], data["line"], data["square"], data["additional_claim"],
              *data["boards"], *data["claims"]]
    for table in tables:
        source = table["source"]
        assert source.startswith("assumed: ") or source.split(":")[0][0].isupper()
    assumed = [t for t in data["boards"] if t["source"].startswith("assumed")]
    assert len(assumed) == 4  # no layout is printed in the rulebook


def test_boards_have_every_kind_of_space():
    for board in load_components().boards:
        cells = [v for row in board.terrain for v in row]
        assert len(cells) == 36
        assert {-1, 0, 1, 2, 3} <= set(cells)


def test_users_pass_their_own_file(tmp_path):
    path = data_file(tmp_path, {0: ["333333"] * 6})
    g = game(2, data_file=path)
    assert g.components.boards[0].terrain[0] == (3,) * 6
    assert g.components.source == path


@pytest.mark.parametrize("boards, match", [
    ({0: ["333"] * 6}, "6 rows of 6"),
    ({0: ["33333X"] * 6}, "unknown space"),
])
def test_bad_files_are_named(tmp_path, boards, match):
    with pytest.raises(GameParameterError, match=match):
        game(2, data_file=data_file(tmp_path, boards))


def test_bad_parameters_are_named():
    with pytest.raises(GameParameterError, match="layout"):
        game(2, layout="circle")
    with pytest.raises(GameParameterError, match="num_players"):
        game(5)
