"""Loading and checking the component data file (``components.toml``).

The rulebook prints neither the board nor the cards; the bundled file holds tagged
assumptions (RULES_NOTES.md), and users may pass their own file with the same layout.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...core import GameParameterError
from ...core.data import data_error, read_data_file

DEFAULT_DATA_FILE = Path(__file__).with_name("components.toml")

# [Free Actions] "a fish, pelt, emerald, moose, wild, or the snow beast"
TOKEN_KINDS = ("fish", "pelt", "emerald", "moose", "wild", "snow_beast")
WILD = TOKEN_KINDS.index("wild")
SNOW_BEAST = TOKEN_KINDS.index("snow_beast")
GOODS = TOKEN_KINDS[:WILD]  # what order cards ask for
NUM_COMPANIES = 4  # [Components] "Mine Pieces (48, in four colors)"


@dataclass(frozen=True)
class CompanyCard:
    """A mining company card: symbols per company, supply crates, the "4+" mark."""

    invest: tuple[int, ...]
    mines: tuple[int, ...]
    crates: int
    four_plus: bool


@dataclass(frozen=True)
class OrderCard:
    """An order: ``quantity`` tokens of ``good`` (an index into GOODS) for ``value``."""

    good: int
    quantity: int
    value: int
    count: int

    def label(self) -> str:
        return f"{self.quantity} {GOODS[self.good]} for ${self.value}"


@dataclass(frozen=True)
class Components:
    companies: tuple[str, ...]
    tokens: tuple[int, ...]  # count of each TOKEN_KINDS entry
    values: tuple[int, ...]  # value_track money by mines on the board - 1
    cards: tuple[CompanyCard, ...]
    orders: tuple[OrderCard, ...]
    num_spaces: int
    town: int
    central: tuple[int, ...]
    paths: tuple[tuple[int, int, int], ...]
    neighbours: tuple[tuple[tuple[int, int], ...], ...]  # space -> ((other, cost), ...)
    source: str

    @property
    def num_orders(self) -> int:
        return len(self.orders)

    @property
    def smallest_order(self) -> int:
        """The fewest tokens any order card asks for."""
        return min((o.quantity for o in self.orders), default=1 << 30)

    def card_label(self, card: int) -> str:
        c = self.cards[card]

        def symbols(counts: tuple[int, ...]) -> str:
            return "+".join(f"{n} {self.companies[k]}" for k, n in enumerate(counts) if n) or "none"

        crate = f", {c.crates} crate" if c.crates else ""
        return f"[invest {symbols(c.invest)}; mines {symbols(c.mines)}{crate}]"


def _fail(path: str, msg: str) -> GameParameterError:
    return data_error("klondike_rush", path, msg)


def _need(table: Any, key: str, path: str, where: str) -> Any:
    if not isinstance(table, dict) or key not in table:
        raise _fail(path, f"missing '{key}' in {where}")
    return table[key]


def _ints(values: Any, length: int, path: str, where: str) -> tuple[int, ...]:
    if (not isinstance(values, list) or len(values) != length
            or not all(isinstance(v, int) and v >= 0 for v in values)):
        raise _fail(path, f"{where} must be a list of {length} non-negative integers")
    return tuple(values)


@lru_cache(maxsize=16)
def load_components(path: str | None = None) -> Components:
    """Read and validate a components file (the bundled one when ``path`` is None)."""
    where, data = read_data_file("klondike_rush", path, DEFAULT_DATA_FILE)
    companies = tuple(_need(data, "companies", where, "the file"))
    if len(companies) != NUM_COMPANIES:
        raise _fail(where, f"companies must name {NUM_COMPANIES} colours (Components)")

    table = _need(data, "hunt_tokens", where, "the file")
    tokens = tuple(_need(table, k, where, "[hunt_tokens]") for k in TOKEN_KINDS)
    _ints(list(tokens), len(TOKEN_KINDS), where, "[hunt_tokens]")

    values = _need(_need(data, "value_track", where, "the file"), "money", where, "[value_track]")
    values = _ints(values, len(values) if isinstance(values, list) else -1, where,
                   "value_track.money")
    if not values:
        raise _fail(where, "value_track.money is empty")

    cards = []
    for i, raw in enumerate(_need(data, "company_cards", where, "the file")):
        here = f"company card {i}"
        cards.append(CompanyCard(
            invest=_ints(_need(raw, "invest", where, here), NUM_COMPANIES, where, here),
            mines=_ints(_need(raw, "mines", where, here), NUM_COMPANIES, where, here),
            crates=_ints([_need(raw, "crates", where, here)], 1, where, here)[0],
            four_plus=bool(_need(raw, "four_plus", where, here)),
        ))
    if len(cards) < 1:
        raise _fail(where, "no company cards")
    built = [sum(c.mines[k] for c in cards) for k in range(NUM_COMPANIES)]
    if max(built) + 1 > len(values):
        raise _fail(where, f"value_track.money needs {max(built) + 1} spaces: the town's "
                           "mine plus every mine symbol of a company")

    orders = []
    for i, raw in enumerate(_need(data, "order_cards", where, "the file")):
        here = f"order card {i}"
        good = _need(raw, "good", where, here)
        if good not in GOODS:
            raise _fail(where, f"{here}: good must be one of {', '.join(GOODS)}")
        q, v, n = _ints([_need(raw, k, where, here) for k in ("quantity", "value", "count")],
                        3, where, here)
        if q < 1 or n < 1:
            raise _fail(where, f"{here}: quantity and count must be at least 1")
        orders.append(OrderCard(GOODS.index(good), q, v, n))

    board = _need(data, "map", where, "the file")
    spaces = _need(board, "spaces", where, "[map]")
    town = _need(board, "town", where, "[map]")
    central = tuple(_need(board, "central", where, "[map]"))
    if not isinstance(spaces, int) or spaces < 2:
        raise _fail(where, "map.spaces must be an integer of at least 2")
    if sum(tokens) != spaces - 1:
        raise _fail(where, f"{sum(tokens)} hunt tokens for {spaces - 1} spaces besides the "
                           "town (Setup 2: one on every other space)")
    if not all(isinstance(s, int) and 0 <= s < spaces for s in (town, *central)):
        raise _fail(where, "map.town and map.central must be spaces of the map")
    paths = []
    near: list[list[tuple[int, int]]] = [[] for _ in range(spaces)]
    for raw in _need(board, "paths", where, "[map]"):
        a, b, cost = _ints(raw, 3, where, "a map path")
        if a == b or max(a, b) >= spaces or cost < 1:
            raise _fail(where, f"map path {raw}: two different spaces and a cost of $1+")
        paths.append((a, b, cost))
        near[a].append((b, cost))
        near[b].append((a, cost))
    return Components(
        companies=companies, tokens=tokens, values=values, cards=tuple(cards),
        orders=tuple(orders), num_spaces=spaces, town=town, central=central,
        paths=tuple(paths), neighbours=tuple(tuple(n) for n in near), source=where,
    )
