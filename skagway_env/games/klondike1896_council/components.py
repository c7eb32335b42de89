"""The council game's component data: Game 1's boards and claims plus its own cards.

Boards and claim shapes come from Klondike 1896's shared data file through Game 1's
loader (``klondike1896.components.load_components``); the ``[council]`` section of
the same file holds the request cards, the popularity cards and the children's extra
claim, every value tagged ``assumed`` (the rulebook prints none of them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...core import GameParameterError
from ...core.data import data_error, read_data_file
from ..klondike1896.components import DEFAULT_DATA_FILE, Components, load_components

BACKS = ("white", "gray", "black")  # [Preparation] shortest, middle, longest
CHILD_BACKS = ("white", "gray")  # [Special rules for children] "only white and gray"


@dataclass(frozen=True)
class Request:
    """A request card: gold pieces (yellow) and rubies (red) to cover, and its back."""

    gold: int
    rubies: int
    back: int  # index into BACKS

    def label(self) -> str:
        return f"{BACKS[self.back]} {self.gold} gold {self.rubies} ruby"


@dataclass(frozen=True)
class PopularityKind:
    """One distinct popularity card: colour (celebrity) and value; ``count`` copies."""

    colour: int
    value: int
    count: int


@dataclass(frozen=True)
class CouncilComponents:
    shared: Components  # boards, claim shapes (Game 1's data)
    requests: tuple[Request, ...]
    colours: tuple[str, ...]
    celebrities: tuple[str, ...]
    kinds: tuple[PopularityKind, ...]
    set_claims: tuple[int, ...]  # claim type of each slot of a player's set
    children_claim: int  # claim type of the children's extra slot
    source: str

    @property
    def slots(self) -> int:
        """Claim slots in the action space: a player's set plus the children's claim."""
        return len(self.set_claims) + 1

    def slot_claim(self, slot: int) -> int:
        return self.set_claims[slot] if slot < len(self.set_claims) else self.children_claim

    def kind_label(self, kind: int) -> str:
        k = self.kinds[kind]
        return f"{self.colours[k.colour]} {k.value}"


def _fail(path: str, msg: str) -> GameParameterError:
    return data_error("klondike1896_council", path, msg)


def _need(table: Any, key: str, path: str, where: str) -> Any:
    if not isinstance(table, dict) or key not in table:
        raise _fail(path, f"missing '{key}' in {where}")
    return table[key]


@lru_cache(maxsize=16)
def load_council(path: str | None = None) -> CouncilComponents:
    """Read and validate the shared file (the bundled one when ``path`` is None)."""
    shared = load_components(path)
    where, data = read_data_file("klondike1896_council", path, DEFAULT_DATA_FILE)
    council = _need(data, "council", where, "the file")
    requests = []
    for i, deck in enumerate(_need(council, "requests", where, "[council]")):
        back = _need(deck, "back", where, f"council.requests[{i}]")
        if back not in BACKS:
            raise _fail(where, f"council.requests[{i}]: back must be one of {', '.join(BACKS)}")
        for card in _need(deck, "cards", where, f"council.requests[{i}]"):
            if (len(card) != 2 or not all(isinstance(v, int) and v >= 0 for v in card)
                    or card == [0, 0]):
                raise _fail(where, f"council.requests[{i}]: a card is [gold, rubies], "
                                   "non-negative, not both zero")
            requests.append(Request(card[0], card[1], BACKS.index(back)))
    for b, back in enumerate(BACKS):
        if sum(r.back == b for r in requests) < 3:
            raise _fail(where, f"needs at least 3 {back} request cards (the pack takes 3)")
    colours, celebrities, kinds = [], [], []
    for i, raw in enumerate(_need(council, "popularity", where, "[council]")):
        colours.append(str(_need(raw, "colour", where, f"council.popularity[{i}]")))
        celebrities.append(str(_need(raw, "celebrity", where, f"council.popularity[{i}]")))
        values = _need(raw, "values", where, f"council.popularity[{i}]")
        if not values or not all(isinstance(v, int) and v > 0 for v in values):
            raise _fail(where, f"council.popularity[{i}]: values must be positive integers")
        for v in sorted(set(values)):
            kinds.append(PopularityKind(i, v, values.count(v)))
    if len(colours) != 4:
        raise _fail(where, "needs 4 popularity colours (four celebrities, four scales)")
    if sum(k.count for k in kinds) < 8:
        raise _fail(where, "needs at least 8 popularity cards (two rounds of four)")
    names = [c.name for c in shared.claims]
    extra = _need(council, "children_claim", where, "[council]")
    if extra not in names:
        raise _fail(where, f"council.children_claim must name a claim type: {', '.join(names)}")
    return CouncilComponents(
        shared=shared,
        requests=tuple(requests),
        colours=tuple(colours),
        celebrities=tuple(celebrities),
        kinds=tuple(kinds),
        set_claims=tuple(range(len(shared.claims))),
        children_claim=names.index(extra),
        source=where,
    )
