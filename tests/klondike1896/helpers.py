"""Building Klondike 1896 positions for rules tests: boards laid and rows dealt as the
test says (chance outcomes chosen, not drawn), then moves by name."""

from __future__ import annotations

from pathlib import Path

import skagway_env
from skagway_env.games.klondike1896.actions import ActionCodec
from skagway_env.games.klondike1896.components import DEFAULT_DATA_FILE
from skagway_env.games.klondike1896.phases import SETUP
from skagway_env.games.klondike1896.state import Klondike1896State

CROSS, SQUARE, L, Z, I3, V, T, I4, P, U = range(10)
PAIR = 10  # the additional two-space claim
STRAIGHT = [0, 4, 8, 12]  # boards A, B, C, D left to right, none turned


def game(num_players: int = 4, **params):
    return skagway_env.make_game("klondike1896", num_players=num_players, **params)


def start(g, rows: list[list[int]] | None = None,
          boards: list[int] | None = None) -> Klondike1896State:
    """Lay ``boards`` for every seat and deal ``rows`` (then whatever the supply
    gives, in type order), stopping at the first decision."""
    s = g.new_initial_state()
    boards = boards or STRAIGHT
    wanted = [t for row in rows or [] for t in row]
    while s.is_chance_node():
        if s.phase == SETUP:
            s.apply_action(boards[s.setup_slot % 4])
        else:
            legal = s.legal_actions()
            s.apply_action(wanted.pop(0) if wanted else legal[0])
    return s


def bid(s: Klondike1896State, claim: int, rubies: int = 0) -> None:
    s.apply_action(ActionCodec.bid(claim, rubies))


def place_all(s: Klondike1896State, actions: dict[int, int] | None = None) -> None:
    """The simultaneous placement node: ``actions`` for the seats named, each other
    seat its first legal placement."""
    actions = actions or {}
    s.apply_actions([actions.get(p, s.legal_actions(p)[0]) for p in range(s.num_players)])


def place_at(s: Klondike1896State, rotation: int, row: int, col: int) -> int:
    """The placement id for the current player's claim (not applied)."""
    return s.game.codec.place(rotation, row * s.game.grid.cols + col)


def mask(s: Klondike1896State, cells: list[tuple[int, int]]) -> int:
    return s.game.grid.mask_of(tuple(cells))


def data_file(tmp_path: Path, boards: dict[int, list[str]]) -> str:
    """A copy of the bundled data with some boards' rows replaced."""
    text = DEFAULT_DATA_FILE.read_text()
    import tomllib

    data = tomllib.loads(text)
    for i, rows in boards.items():
        old = data["boards"][i]["rows"]
        text = text.replace(str(old).replace("'", '"'), str(rows).replace("'", '"'), 1)
    path = tmp_path / "klondike.toml"
    path.write_text(text)
    return str(path)
