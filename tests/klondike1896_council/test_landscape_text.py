"""The landscape rows of the council game's text, built from the terrain rows the game
keeps (``observation._terrain_rows``), are the rows written out cell by cell (the code
before the cache, kept here), for every seat along games the styles play, also after
the kept rows were cleared mid-game."""

from __future__ import annotations

import pytest

from skagway_env.games.klondike1896.geometry import bits
from skagway_env.games.klondike1896_council import observation

from ..conftest import GameConfig
from ..walks import walks

PLAN = (("mixed", 2), ("sensible", 2))


def written_out(s, q: int) -> list[str]:
    game = s.game
    gold, ruby = game.terrain(s.landscape[q])
    width = game.grid.board_size * len(s.landscape[q])
    covered, last = set(bits(s.covered[q])), set(bits(s.last_claim[q]))
    rows = []
    for r in range(game.grid.rows):
        line = ""
        for c in range(width):
            cell = r * game.grid.cols + c
            line += ("@" if cell in last else "#" if cell in covered
                     else "R" if ruby[cell] else str(gold[cell]) if gold[cell] else ".")
            if c % game.grid.board_size == game.grid.board_size - 1 and c < width - 1:
                line += " "
        rows.append(f"    {line}")
    return rows


@pytest.mark.parametrize("config", [GameConfig("klondike1896_council", 4),
                                    GameConfig("klondike1896_council", 3,
                                               (("covers", "open"),))], ids=str)
def test_kept_terrain_gives_the_written_out_rows(config, monkeypatch):
    monkeypatch.setattr(observation, "_TERRAIN_KEPT", 3)  # cleared again and again
    game = config.make()
    checked = 0
    for played in walks(config, PLAN):
        for state in played.positions(game)[::3]:
            for q in range(game.num_players):
                if state.landscape[q]:
                    assert observation._landscape_rows(state, q) == written_out(state, q)
                    checked += 1
    assert checked > 200
    assert len(vars(game)["_terrain_text"]) <= 3
