"""The styles' kept distances (``spaces_to_go``): the memo gives the walk's own answer
(``_walk_to_go``) at every place of every claim, along games played by the styles and
sensible random play, on both layouts, also when the memo starts again mid-game."""

from __future__ import annotations

import pytest
from skagway_agents.heuristics import klondike1896 as styles

from skagway_env.games.klondike1896.placement import placements_for

from ..conftest import GameConfig
from ..walks import walks

PLAN = (("mixed", 2), ("sensible", 2))


def _checked(config: GameConfig) -> int:
    game = config.make()
    grid, checked = game.grid, 0
    for walked in walks(config, PLAN):
        for state in walked.positions(game)[::7]:
            for me in range(game.num_players):
                for claim in range(len(grid.placements)):
                    for place in placements_for(state, me, claim):
                        covered = state.covered[me] | place.mask
                        assert (styles.spaces_to_go(grid, covered, place.cells)
                                == styles._walk_to_go(grid, covered, place.cells)), (
                            walked, claim, place.cells)
                        checked += 1
    return checked


@pytest.mark.parametrize("config", [GameConfig("klondike1896", 4),
                                    GameConfig("klondike1896", 3, (("layout", "square"),))],
                         ids=str)
def test_kept_distances_are_the_walks_own(config):
    assert _checked(config) > 10_000


def test_kept_distances_survive_starting_again(monkeypatch):
    monkeypatch.setattr(styles, "_TO_GO_KEPT", 50)
    config = GameConfig("klondike1896", 2)
    vars(config.make().grid).pop("_to_go", None)
    assert _checked(config) > 1_000
    assert len(vars(config.make().grid)["_to_go"]) <= 50
