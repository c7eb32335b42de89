"""Loading and checking the component data file (``components.toml``).

The rulebook does not print the cards or tracks; the bundled file holds tagged
assumptions, and users may pass their own file with the same layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from ...core import GameParameterError
from ...core.data import data_error, read_data_file

DEFAULT_DATA_FILE = Path(__file__).with_name("components.toml")
TRACKS = ("train", "work", "pan")


@dataclass(frozen=True)
class CardKind:
    """One distinct schedule card face; the deck holds ``count`` copies."""

    train: int
    work: int
    pan: int
    nuggets: int
    count: int

    def moves(self) -> tuple[int, int, int]:
        return (self.train, self.work, self.pan)

    def label(self) -> str:
        plural = "s" if self.nuggets > 1 else ""
        return f"T{self.train} W{self.work} P{self.pan} ({self.nuggets} nugget{plural})"


@dataclass(frozen=True)
class Components:
    cards: tuple[CardKind, ...]
    train_last_space: int
    work_gold: tuple[int, ...]
    best_hair_modifiers: tuple[int, int, int, int]
    pan_spaces: tuple[tuple[int, ...], ...]
    pan_space_of: tuple[int, ...]  # number -> index of its space
    source: str

    @property
    def num_kinds(self) -> int:
        return len(self.cards)

    @property
    def deck_size(self) -> int:
        return sum(c.count for c in self.cards)

    @cached_property
    def pan_last(self) -> int:
        return len(self.pan_space_of) - 1

    @cached_property
    def work_last(self) -> int:
        return len(self.work_gold) - 1  # (cached: read every work move)


def _fail(path: str, msg: str) -> GameParameterError:
    return data_error("dawson_city_barbers", path, msg)


def _need(table: dict, key: str, path: str, where: str) -> Any:
    if not isinstance(table, dict) or key not in table:
        raise _fail(path, f"missing '{key}' in {where}")
    return table[key]


@lru_cache(maxsize=16)
def load_components(path: str | None = None) -> Components:
    """Read and validate a components file (the bundled one when ``path`` is None)."""
    where, data = read_data_file("dawson_city_barbers", path, DEFAULT_DATA_FILE)

    cards = []
    for i, raw in enumerate(_need(data, "schedule_cards", where, "the file")):
        keys = (*TRACKS, "nuggets", "count")
        vals = [_need(raw, k, where, f"schedule card {i}") for k in keys]
        if not all(isinstance(v, int) and v >= 0 for v in vals):
            raise _fail(where, f"schedule card {i}: values must be non-negative integers")
        if not 1 <= vals[3] <= 3:
            raise _fail(where, f"schedule card {i}: nuggets must be 1 to 3 (Pan for Gold)")
        if vals[4] < 1:
            raise _fail(where, f"schedule card {i}: count must be at least 1")
        cards.append(CardKind(*vals))
    if not cards:
        raise _fail(where, "no schedule cards")
    if len({c.moves() + (c.nuggets,) for c in cards}) != len(cards):
        raise _fail(where, "two schedule card entries have the same face; merge their counts")

    def section(name: str, key: str) -> Any:
        return _need(_need(data, name, where, "the file"), key, where, f"[{name}]")

    last = section("train_track", "last_space")
    work = list(section("work_track", "gold"))
    if not work or work[0] != 0:
        raise _fail(where, "work_track.gold must start with 0 (working 0 days scores 0)")
    mods = list(section("best_hair", "modifiers"))
    if len(mods) != 4:
        raise _fail(where, "best_hair.modifiers needs 4 values: 1st, 2nd, 3rd, 4th-6th box")
    spaces = [tuple(s) for s in section("pan_track", "spaces")]
    numbers = [n for s in spaces for n in s]
    if numbers != list(range(len(numbers))) or spaces[0] != (0,):
        raise _fail(where, "pan_track.spaces must hold 0, 1, 2, ... in order, with [0] alone first")
    if any(len(s) > 3 for s in spaces):
        raise _fail(where, "a pan space has at most 3 numbers (Scheduling Panning)")
    space_of = [i for i, s in enumerate(spaces) for _ in s]
    if not isinstance(last, int) or last < 3:
        raise _fail(where, "train_track.last_space must be an integer of at least 3")
    return Components(
        cards=tuple(cards),
        train_last_space=last,
        work_gold=tuple(work),
        best_hair_modifiers=tuple(mods),
        pan_spaces=tuple(spaces),
        pan_space_of=tuple(space_of),
        source=where,
    )
