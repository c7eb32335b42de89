"""[Setup]: the hunt tokens on the board and the secret order cards, as chance nodes.

The town, mines, money, profit cards and the deck are placed by the state's
constructor; what is random (Setup 2: tokens, Setup 4: two order cards each) is drawn
here one chance outcome at a time, so the whole game replays from its history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .components import Components
    from .state import KlondikeRushState

ORDERS_DEALT = 2  # [Setup 4] "deal 2 to each player"
START_MONEY = 30  # [Setup 5] "Give each player $30"


def starting_deck(comp: Components, num_players: int) -> list[int]:
    """[Setup 3] the company cards in play: the "4+" cards are out with 2-3 players."""
    return [int(num_players >= 4 or not c.four_plus) for c in comp.cards]


def token_outcomes(s: KlondikeRushState) -> list[tuple[int, float]]:
    total = sum(s.token_pool)
    return [(k, c / total) for k, c in enumerate(s.token_pool) if c]


def place_token(s: KlondikeRushState, kind: int) -> None:
    """[Setup 2] "Randomly place one token face up on each space"."""
    spaces = s.game.token_spaces  # [Setup 2] every space but the town's, in order
    s.token_pool[kind] -= 1
    s.space_token[spaces[s.setup_step]] = kind
    s.setup_step += 1
    s._board = s._board_text = None
    if s.setup_step == len(spaces):
        s.setup_step = 0
        s.phase = s.DEAL


def deal_order(s: KlondikeRushState, kind: int) -> None:
    """[Setup 4] two order cards to each player, seat by seat."""
    s.give_order(s.setup_step // ORDERS_DEALT, kind)
    s.setup_step += 1
    if s.setup_step == ORDERS_DEALT * s.num_players:
        s.setup_step = 0
        s.begin_turn()
