"""[Playing the Game 1] the auction, its [2-Player Game] form and the [Last Bid Variant].

3-5 players: each bids once, in turn order from the active player, at least $1 over
the last bid. 2 players: two cards bought together, bidding goes back and forth in $2
steps until one passes. Last Bid: after the round, an ordered offer from the active
player round the table (RULES_NOTES L1) lets the first who declares bid once more.
Who is asked rests on public facts only (RULES_NOTES A1, F1): a seat is skipped only
when its money cannot reach the lowest bid and the table can rule out any free action
by it (``may_take_free_action``); otherwise it is asked and may pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .actions import MAX_BID, PASS
from .endgame import score_game
from .income import free_actions, may_take_free_action

if TYPE_CHECKING:
    from .state import KlondikeRushState

WAITING, BID, PASSED, DECLINED = range(4)
STATUS_NAMES = ("waiting", "bid", "passed", "declined last bid")
RAISE = 1  # [Playing the Game 1] "at least $1 greater than the previous bid"
RAISE_TWO_PLAYERS = 2  # [2-Player Game] "at least $2 higher than the previous bid"


def min_bid(s: KlondikeRushState) -> int:
    """The lowest legal bid now: $1 to open ("A bid of $0 is not allowed")."""
    if s.high_bidder < 0:
        return 1
    return s.high_bid + s.game.bid_raise  # RAISE, or RAISE_TWO_PLAYERS with 2


def bid_actions(s: KlondikeRushState, p: int) -> list[int]:
    """Bids ``p`` is "willing (and able) to pay": up to its money (and MAX_BID)."""
    lo, hi = min_bid(s), min(s.money[p], MAX_BID)
    bid = s.game.codec.bid
    return list(range(bid(lo), bid(hi) + 1))  # the ids of bids lo..hi, in order


def can_bid(s: KlondikeRushState, p: int) -> bool:
    """Whether some bid is open to ``p``: its money (public, RULES_NOTES H1) reaches
    the lowest bid, which the action space holds (``MAX_BID``, RULES_NOTES A4)."""
    lo = min_bid(s)
    return lo <= MAX_BID and s.money[p] >= lo


def must_be_asked(s: KlondikeRushState, p: int) -> bool:
    """Whether ``p`` is asked to bid: it can bid, or the table cannot rule out a free
    action by it (never decided on its secret order cards: RULES_NOTES F1)."""
    return can_bid(s, p) or may_take_free_action(s, p)


def open_auction(s: KlondikeRushState) -> None:
    s.high_bid, s.high_bidder = 0, -1
    s.status = [WAITING] * s.game.seats
    s.acted = 0
    if s.game.two_players:
        _prompt_two(s, s.active)
    else:
        _next_bidder(s)


def bid(s: KlondikeRushState, p: int, amount: int) -> None:
    s.high_bid, s.high_bidder = amount, p
    s.status[p] = BID
    if s.phase == s.LAST:
        resolve(s)  # "Only one player may play a Last Bid card per turn"
    else:
        _hand_on(s, p, won=s.game.two_players and s.status[1 - p] == PASSED)


def pass_bid(s: KlondikeRushState, p: int) -> None:
    s.status[p] = PASSED
    _hand_on(s, p, won=s.game.two_players and (s.status[1 - p] == PASSED
                                                or s.high_bidder == 1 - p))


def _hand_on(s: KlondikeRushState, p: int, won: bool) -> None:
    """After ``p`` bid or passed: with 2 players the other answers unless the auction
    is ``won`` ([2-Player Game]); otherwise the next bidder in turn order."""
    if won:
        resolve(s)
    elif s.game.two_players:
        _prompt_two(s, 1 - p)
    else:
        s.acted += 1
        _next_bidder(s)


def play_random_bid(s: KlondikeRushState, below: Callable[[int], int]) -> int:
    """A playout's move at a bid of 3-5 players: the seat's draw (``PASS``, a bid,
    a free action: ``KlondikeRushState._random_legal_action``'s) played as
    ``_apply_action`` plays it, with ``bid`` / ``pass_bid`` and ``_hand_on`` inline;
    returns the action. The same draw and the same state after it
    (``tests/test_own_playouts.py``)."""
    p = s.to_move
    money = s.money
    lo = 1 if s.high_bidder < 0 else s.high_bid + s.game.bid_raise  # min_bid
    hi = min(money[p], MAX_BID)
    bids = hi - lo + 1 if hi >= lo else 0
    free = free_actions(s, p) if any(s.tokens[p]) else ()  # each spends tokens
    at = below(1 + bids + len(free))
    if at > bids:  # a free action: the rules' own path
        action = free[at - 1 - bids]
        s._apply_action(action)
        return action
    s._dirty = (s._dirty or 0) | 1 << p  # touch(p)
    if at:
        s.high_bid, s.high_bidder = lo + at - 1, p
        s.status[p] = BID
        action = s.game.codec.bid(lo + at - 1)
    else:
        s.status[p] = PASSED
        action = PASS
    s.acted += 1
    _next_bidder(s)
    if not any(money) and s.phase != s.OVER and s._all_broke():
        score_game(s)  # [Errata, Game End] "immediately ends", as _apply_action checks
    return action


def _prompt_two(s: KlondikeRushState, p: int) -> None:
    """[2-Player Game] "each player may bid any number of times"; a pass leaves."""
    if must_be_asked(s, p):
        s.phase, s.to_move = s.BID, p
    else:
        pass_bid(s, p)


def _next_bidder(s: KlondikeRushState) -> None:
    """[Playing the Game 1] "Each player may only bid once", in turn order."""
    n = s.game.seats
    lo = min_bid(s)  # must_be_asked, with the lowest bid found once
    can_open = lo <= MAX_BID
    money, status, active, acted, tokens = s.money, s.status, s.active, s.acted, s.tokens
    while acted < n:
        p = (active + acted) % n
        # a seat without hunt tokens has no free action (each spends some): not asked
        if (can_open and money[p] >= lo) or (any(tokens[p]) and may_take_free_action(s, p)):
            s.phase, s.to_move, s.acted = s.BID, p, acted
            return
        status[p] = PASSED
        acted += 1
    s.acted = acted
    if s.game.params.last_bid:
        s.acted = 0
        _next_offer(s)
    else:
        resolve(s)


def _may_declare(s: KlondikeRushState, p: int) -> bool:
    """Whether ``p`` is offered the Last Bid: it holds the card, is not the high
    bidder, a higher bid fits the action space (so a declaration never leaves the
    declarer with no bid to make), and it can pay it or may raise money by a free
    action (public facts only, RULES_NOTES L1, F1)."""
    return (s.last_bid_card[p] and p != s.high_bidder and min_bid(s) <= MAX_BID
            and (s.money[p] >= min_bid(s) or may_take_free_action(s, p)))


def may_declare_now(s: KlondikeRushState, p: int) -> bool:
    """Declaring is legal when the declarer can make the bid it then owes at once."""
    return can_bid(s, p)


def _next_offer(s: KlondikeRushState) -> None:
    """[Last Bid Variant] the offer goes round from the active player (RULES_NOTES L1)."""
    n = s.game.seats
    while s.acted < n:
        p = (s.active + s.acted) % n
        if _may_declare(s, p):
            s.phase, s.to_move = s.OFFER, p
            return
        s.acted += 1
    resolve(s)


def declare_last_bid(s: KlondikeRushState, p: int) -> None:
    """"they cannot use it again and must discard it"; the declarer bids again."""
    s.last_bid_card[p] = False
    s.phase = s.LAST


def decline_last_bid(s: KlondikeRushState, p: int) -> None:
    s.status[p] = DECLINED
    s.acted += 1
    _next_offer(s)


def resolve(s: KlondikeRushState) -> None:
    """The highest bidder pays the supply and takes the card(s): mine pieces on the
    card, an order card per supply crate. Unsold cards leave the game (RULES_NOTES A2)."""
    winner = s.high_bidder
    crates = 0
    if winner >= 0:
        s.touch(winner)
        s.money[winner] -= s.high_bid
        invest, unused = s.invest[winner], s.unused[winner]
        cards, gains = s.game.components.cards, s.game.card_gains
        for c in s.lot:
            for k, symbols, mines in gains[c]:  # the card's non-zero companies
                invest[k] += symbols
                unused[k] += mines
            crates += cards[c].crates
        s.cards_won[winner] += len(s.lot)
    s.lot = []
    s.crates = min(crates, sum(s.order_deck)) if crates else 0
    s.crate_for = winner
    if s.crates:
        s.phase = s.CRATE
    else:
        s.start_building()
