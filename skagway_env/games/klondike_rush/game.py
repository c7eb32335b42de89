"""The Klondike Rush game object: parameters, sizes and components."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core import Game, GameInfo, GameParameterError, GameParams, Variant
from . import observation
from .actions import MAX_BID, ActionCodec
from .auction import RAISE, RAISE_TWO_PLAYERS
from .building import EMPTY, TOWN, shortest_costs
from .components import load_components
from .setup import ORDERS_DEALT, starting_deck
from .state import TWO_PLAYER_LOT, KlondikeRushState

LAST_BID_PLAYERS = (3, 5)  # [Last Bid Variant] "This variant works for 3-5 players"


@dataclass(frozen=True)
class KlondikeRushParams(GameParams):
    num_players: int = 4
    last_bid: bool = False
    """[Last Bid Variant]: each player holds one Last Bid card (3-5 players)."""
    town: int | None = None
    """[Setup 1] the town's space; ``None``: the data file's default (central area)."""
    data_file: str | None = None
    """A components TOML file; ``None`` uses the bundled ``components.toml``."""


class KlondikeRushGame(Game):
    info = GameInfo(
        name="klondike_rush",
        long_name="Klondike Rush",
        min_players=2,
        max_players=5,
        env_version=1,
        hidden_information=True,
        variants=("last_bid", "town", "data_file"),
        presets=(Variant("last_bid", (("last_bid", True),), *LAST_BID_PLAYERS),),
    )
    params_class = KlondikeRushParams
    params: KlondikeRushParams
    state_class = KlondikeRushState
    components_loader = staticmethod(load_components)  # params.data_file -> self.components

    def __init__(self, params: KlondikeRushParams | None = None, **kwargs) -> None:
        super().__init__(params, **kwargs)
        comp = self.components
        self.codec = ActionCodec(comp)
        n = self.num_players
        if self.params.last_bid and not LAST_BID_PLAYERS[0] <= n <= LAST_BID_PLAYERS[1]:
            raise GameParameterError("klondike_rush: the Last Bid variant is for 3-5 players")
        town = comp.town if self.params.town is None else self.params.town
        if not isinstance(town, int) or not 0 <= town < comp.num_spaces:
            raise GameParameterError(
                f"klondike_rush: town must be a space 0..{comp.num_spaces - 1}, got {town!r}")
        self.town = town
        self.seats = n  # the rules' hot paths read it here (State.num_players is a property)
        self.two_players = n == 2  # [2-Player Game] rules
        self.lot_size = TWO_PLAYER_LOT if n == 2 else 1  # company cards an auction
        self.bid_raise = RAISE_TWO_PLAYERS if n == 2 else RAISE  # over the high bid
        self.token_spaces = tuple(x for x in range(comp.num_spaces) if x != town)
        # [Setup 8] before any mine is built every company connects from the town
        # alone: the costs every new state starts from (building.costs' cache)
        board = [EMPTY] * comp.num_spaces
        board[town] = TOWN
        self.town_costs = shortest_costs(board, comp.neighbours, 0)
        self.start_deck = tuple(starting_deck(comp, n))
        # what winning each company card gives (auction.resolve): the companies it
        # invests in or brings mines of, with both numbers, and its supply crates
        self.card_gains = tuple(
            tuple((k, i, m) for k, (i, m) in enumerate(zip(c.invest, c.mines, strict=True))
                  if i or m) for c in comp.cards)
        self.obs_size = observation.size(comp)
        self.smallest_order = comp.smallest_order
        if sum(o.count for o in comp.orders) < ORDERS_DEALT * n:
            raise GameParameterError(
                f"klondike_rush: too few order cards to deal {ORDERS_DEALT} to {n} players")

    def observation_size(self) -> int:
        return self.obs_size

    def observation_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        return observation.bounds(self.components, self.num_players)

    def max_game_length(self) -> int:
        """Setup, then per auction: draws, bids, offers, crates, builds, profit; plus
        every build, every free action (each spends tokens), the last turns."""
        comp, n = self.components, self.num_players
        cards = len(comp.cards)
        setup = comp.num_spaces - 1 + ORDERS_DEALT * n
        bids = MAX_BID // 2 + 3 if n == 2 else 2 * n + 1
        crates = max(c.crates for c in comp.cards)
        per_turn = 2 + bids + 2 * crates + 2
        mines = sum(sum(c.mines) for c in comp.cards)
        free = sum(comp.tokens) // min(comp.smallest_order, 3)
        return setup + cards * per_turn + mines + free + 3 * n + 1
