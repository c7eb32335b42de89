"""Klondike Rush positions: the turn's flow, legal actions, chance and views.

Sections in brackets name the rulebook's headings (the published rulebook).
The phases live beside this file: setup, auction, building, income (profit card and
free actions), endgame.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import cache
from itertools import accumulate, compress, islice
from typing import TYPE_CHECKING

import numpy as np

from ...core import CHANCE, TERMINAL, State
from ...core.playout import pick_outcome
from . import auction, building, endgame, income, information, observation, setup, statistics
from .actions import (
    DECLARE_LAST_BID,
    DECLINE_LAST_BID,
    END_BUILDING,
    FINISH,
    KEEP_PROFIT,
    MAX_BID,
    PASS,
    USE_PROFIT,
    Bid,
    Build,
    CompleteOrder,
    DeclareLastBid,
    DeclineLastBid,
    EndBuilding,
    Finish,
    KeepProfit,
    Pass,
    TurnIn,
    UseProfit,
)
from .building import EMPTY, TOWN
from .components import NUM_COMPANIES, TOKEN_KINDS
from .setup import START_MONEY, starting_deck

if TYPE_CHECKING:
    from .game import KlondikeRushGame

TWO_PLAYER_REMOVED = 4  # [2-Player Game] "remove an additional 4 random company cards"
TWO_PLAYER_LOT = 2  # [2-Player Game] "draw 2 company cards instead of 1"


@cache
def _even_running_sums(count: int) -> tuple[float, ...]:
    """The running sums ``pick_outcome`` adds over ``count`` outcomes of odds
    ``1.0 / count`` each (a company card draw), in its order."""
    odds = 1.0 / count
    return tuple(accumulate([odds] * count))


class KlondikeRushState(State):
    game: KlondikeRushGame
    observation_module = observation  # encode / describe: the core State hooks
    statistics_module = statistics  # action_features

    # phases; chance: TOKENS, DEAL, DRAW, CRATE
    TOKENS, DEAL, DRAW, BID, OFFER, LAST, CRATE, BUILD, PROFIT, SETTLE, OVER = range(11)
    PHASE_NAMES = ("placing hunt tokens", "dealing order cards", "drawing company cards",
                   "bidding", "last bid offer", "last bid", "drawing order cards",
                   "building", "profit card", "last free actions", "game over")
    CHANCE_PHASES = frozenset((TOKENS, DEAL, DRAW, CRATE))
    # who decides in each phase, by phase: chance, ``to_move`` (None), the game's end
    PHASE_PLAYER = (CHANCE, CHANCE, CHANCE, None, None, None, CHANCE, None, None, None,
                    TERMINAL)

    def __init__(self, game: KlondikeRushGame) -> None:
        super().__init__(game)
        comp, n, params = game.components, game.num_players, game.params
        self.phase = self.TOKENS
        self.setup_step = 0
        self.town = game.town
        # [Setup 1, 8] the town holds one mine of each colour; every track at space 1
        self.space_mine = [EMPTY] * comp.num_spaces
        self.space_mine[self.town] = TOWN
        self.space_token = [EMPTY] * comp.num_spaces
        self.token_pool = list(comp.tokens)
        self.track = [1] * NUM_COMPANIES
        # [Setup 3] "4+" cards out with 2-3 players; [2-Player Game] four more random
        # cards out, drawn as four cards never bought (RULES_NOTES S2)
        self.deck = starting_deck(comp, n)
        self.draws_left = sum(self.deck) - (TWO_PLAYER_REMOVED if n == 2 else 0)
        self.order_deck = [o.count for o in comp.orders]
        self.hand = [[0] * comp.num_orders for _ in range(n)]
        self.completed = [[0] * comp.num_orders for _ in range(n)]
        self.order_draws: list[list[int]] = []  # [history index, player, kind]
        self.completions: list[list[int]] = []  # [history index, player, kind]
        self.money = [START_MONEY] * n
        self.profit_used = [False] * n  # [Setup 6] a profit card each
        self.last_bid_card = [bool(params.last_bid)] * n
        self.tokens = [[0] * len(TOKEN_KINDS) for _ in range(n)]
        self.invest = [[0] * NUM_COMPANIES for _ in range(n)]
        self.unused = [[0] * NUM_COMPANIES for _ in range(n)]
        self.cards_won = [0] * n
        self.active = 0  # [Setup 9] seat 0 holds the snow beast figure
        self.to_move = -1
        self.lot: list[int] = []
        self.high_bid = 0
        self.high_bidder = -1
        self.status = [auction.WAITING] * n
        self.acted = 0
        self.crates = 0
        self.crate_for = -1
        self.last_round = False
        self.turns_left = 0
        self._costs: list | None = [game.town_costs] * NUM_COMPANIES  # building.costs
        self._offers: list | None = None  # building._empty_spaces (and cheapest)
        self._board: np.ndarray | None = None
        self._board_text: str | None = None  # observation.board_text cache
        self._rows: np.ndarray | None = None  # observation.seat_rows cache
        self._dirty = 0  # seats whose public block changed since (bit mask)

    # ------------------------------------------------------------------ flow
    def current_player(self) -> int:
        who = self.PHASE_PLAYER[self.phase]
        return self.to_move if who is None else who

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == self.TOKENS:
            return setup.token_outcomes(self)
        if phase == self.DRAW:  # every card left equally likely
            deck = self.deck
            odds = 1.0 / sum(deck)
            return [(c, odds) for c in compress(range(len(deck)), deck)]
        if phase in (self.DEAL, self.CRATE):
            total = sum(self.order_deck)
            return [(k, c / total) for k, c in enumerate(self.order_deck) if c]
        raise ValueError("not a chance node")

    def _chance_outcome_at(self, r: float) -> int:
        """``pick_outcome(self.chance_outcomes(), r)``, a company card drawn without
        listing the (card, odds) pairs: its running sums of ``1 / cards left`` are the
        same sums in the same order, kept a deck size (the playout hook of
        ``core.playout``; ``tests/test_playout_hooks.py``)."""
        if self.phase != self.DRAW:
            return pick_outcome(self.chance_outcomes(), r)
        deck = self.deck
        left = sum(deck)  # 1 a card still in the deck
        at = min(bisect_right(_even_running_sums(left), r), left - 1)  # the first sum over r
        return next(islice(compress(range(len(deck)), deck), at, None))

    def _random_legal_action(self, player: int, below: Callable[[int], int]) -> int:
        """``legal[below(len(legal))]`` of ``legal = self._legal_actions(player)``: the
        same draw and the same action, without listing the bids (a range of up to
        ``MAX_BID``) at an auction (the playout hook of ``core.playout``;
        ``tests/test_playout_hooks.py``)."""
        phase = self.phase
        if phase != self.BID and phase != self.LAST:
            legal = self._legal_actions(player)
            return legal[below(len(legal))]
        lo, hi = auction.min_bid(self), min(self.money[player], MAX_BID)
        bids = hi - lo + 1 if hi >= lo else 0  # auction.bid_actions' range, counted
        passes = 1 if phase == self.BID else 0  # PASS first, at a bid (not a last bid)
        # every free action spends hunt tokens: none without (income.free_actions)
        free = income.free_actions(self, player) if any(self.tokens[player]) else ()
        at = below(passes + bids + len(free))
        if at < passes:
            return PASS
        at -= passes
        return self.game.codec.bid(lo) + at if at < bids else free[at - bids]

    def _random_playout(self, below: Callable[[int], int], uniform: Callable[[], float]) -> None:
        """Play uniformly random moves (chance by its odds) to the end, in place: the
        loop of ``MCTSAgent._playout`` with this game's own draws
        (``_random_legal_action``, ``_chance_outcome_at``), ``current_player`` read
        off ``PHASE_PLAYER``, and a bid of 3-5 players drawn and played in one
        (``auction.play_random_bid``), a step's calls fewer. The same draws from ``below`` and
        ``uniform`` in the same order, the same moves and history
        (``tests/test_own_playouts.py``); the legal cache is left clear, as
        ``apply_action`` leaves it."""
        self._legal = None
        record, deciders = self.history.append, self.PHASE_PLAYER
        move, outcome, step = self._random_legal_action, self._chance_outcome_at, self._apply_action
        bidding = self.BID if not self.game.two_players else None  # play_random_bid's
        while True:
            phase = self.phase
            who = deciders[phase]
            if phase == bidding:  # the commonest decision, drawn and played at once
                record(auction.play_random_bid(self, below))
                continue
            if who is None:  # a seat's decision
                action = move(self.to_move, below)
            elif who == CHANCE:
                action = outcome(uniform())
            else:
                return  # TERMINAL
            step(action)
            record(action)

    def _legal_actions(self, player: int) -> list[int]:
        phase = self.phase
        if phase == self.DRAW:
            return list(compress(range(len(self.deck)), self.deck))
        if phase == self.TOKENS:
            return list(compress(range(len(self.token_pool)), self.token_pool))
        if phase in self.CHANCE_PHASES:
            return list(compress(range(len(self.order_deck)), self.order_deck))
        if phase == self.BID:
            moves = [PASS]
            moves += auction.bid_actions(self, player)
        elif phase == self.LAST:
            moves = auction.bid_actions(self, player)
        elif phase == self.OFFER:
            moves = [DECLINE_LAST_BID]
            if auction.may_declare_now(self, player):
                moves.insert(0, DECLARE_LAST_BID)
        elif phase == self.BUILD:
            moves = [END_BUILDING]
            moves += building.build_actions(self, player)
        elif phase == self.PROFIT:
            moves = [USE_PROFIT, KEEP_PROFIT]
        else:
            moves = [FINISH]
        moves += income.free_actions(self, player)
        return moves

    def _apply_action(self, action: int) -> None:
        phase = self.phase
        if self.PHASE_PLAYER[phase] is None:  # a seat's decision
            p = self.to_move
            self._dirty = (self._dirty or 0) | 1 << p  # touch(p), inline
            self._decide(p, self.game.codec.moves[action])
            # [Errata, Game End] "immediately ends" (_all_broke, its cheap half first)
            if not any(self.money) and self.phase != self.OVER and self._all_broke():
                endgame.score_game(self)
        elif phase == self.DRAW:
            self._draw_card(action)
        elif phase == self.CRATE:
            self.give_order(self.crate_for, action)
            self.crates -= 1
            if not self.crates:
                self.start_building()
        elif phase == self.TOKENS:
            setup.place_token(self, action)
        elif phase == self.DEAL:
            setup.deal_order(self, action)
        else:
            raise ValueError("klondike_rush: the game is over")

    def _decide(self, p: int, move) -> None:
        kind = type(move)
        if kind is Bid:
            auction.bid(self, p, move.amount)
        elif kind is Pass:
            auction.pass_bid(self, p)
        elif kind is CompleteOrder:
            income.complete_order(self, p, move.kind)
        elif kind is TurnIn:
            income.turn_in(self, p, move.tokens)
        elif kind is Build:
            building.build(self, p, move.company, move.space)
        elif kind is EndBuilding:
            self.start_profit()
        elif kind is UseProfit:
            income.use_profit_card(self, p)
            self.end_turn()
        elif kind is KeepProfit:
            self.end_turn()
        elif kind is DeclareLastBid:
            auction.declare_last_bid(self, p)
        elif kind is DeclineLastBid:
            auction.decline_last_bid(self, p)
        else:
            assert kind is Finish
            self.acted += 1
            self._next_settler()

    def touch(self, p: int) -> None:
        """Mark seat ``p``'s public values as changed (for the observation cache)."""
        self._dirty = (self._dirty or 0) | 1 << p

    def give_order(self, p: int, kind: int) -> None:
        """An order card from the deck to ``p``'s secret hand (Setup 4, supply crates)."""
        self.touch(p)
        self.order_deck[kind] -= 1
        self.hand[p][kind] += 1
        self.order_draws.append([len(self.history), p, kind])

    def begin_turn(self) -> None:
        """[Playing the Game 1] the active player draws the top company card(s)."""
        self.phase, self.to_move, self.lot = self.DRAW, -1, []

    def _draw_card(self, card: int) -> None:
        self.deck[card] = 0
        self.draws_left -= 1
        self.lot.append(card)
        if len(self.lot) == self.game.lot_size or not self.draws_left:
            auction.open_auction(self)

    def start_building(self) -> None:
        """[Playing the Game 2] the active player builds; skipped only when the table
        can see it has nothing to do (no mine it can pay, no possible free action:
        RULES_NOTES B3, F1)."""
        p = self.active
        self.phase, self.to_move = self.BUILD, p
        if not building.can_build(self, p) and not income.may_take_free_action(self, p):
            self.start_profit()

    def start_profit(self) -> None:
        """[Playing the Game 3] the optional profit card; not on the last turn, whose
        final profits pay an unused card anyway (RULES_NOTES E1)."""
        p = self.active
        if self.last_round or self.profit_used[p]:
            self.end_turn()
        else:
            self.phase, self.to_move = self.PROFIT, p

    def end_turn(self) -> None:
        """Next player; after the last card, one last turn each ([Game End])."""
        n = self.game.seats
        if self.last_round:
            self.turns_left -= 1
            if self.turns_left:
                self.active = (self.active + 1) % n
                self.start_building()
            else:
                self.phase, self.acted = self.SETTLE, 0
                self._next_settler()
        elif not self.draws_left:
            self.last_round, self.turns_left = True, n
            self.active = (self.active + 1) % n
            self.start_building()
        else:
            self.active = (self.active + 1) % n
            self.begin_turn()

    def _next_settler(self) -> None:
        """A last window for free actions, in turn order, before final profits
        (RULES_NOTES F1); skipped only where the table can rule out any free action."""
        n = self.game.seats
        while self.acted < n:
            p = (self.active + 1 + self.acted) % n
            if income.may_take_free_action(self, p):
                self.to_move = p
                return
            self.acted += 1
        endgame.score_game(self)

    def _all_broke(self) -> bool:
        """[Errata, Game End] "all players have no money, and have used their profit card"."""
        return not any(self.money) and all(self.profit_used)

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        return [float(m) for m in self.money]

    def rank_keys(self) -> list[tuple]:
        return endgame.rank_keys(self)

    def action_to_string(self, action: int, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        if player == CHANCE:
            phase, comp = self.phase, self.game.components
            if phase == self.TOKENS:
                return f"hunt token {TOKEN_KINDS[action]}"
            if phase == self.DRAW:
                return f"company card {action} {comp.card_label(action)}"
            return f"order card {comp.orders[action].label()}"
        return self.game.codec.to_string(action)

    def public_chance_string(self, action: int) -> str:
        """Hunt tokens lie face up (Setup 2) and company cards are turned up "for all
        to see" (Playing the Game 1); an order card is dealt or drawn secretly (Setup
        4), so only its receiver is public."""
        phase = self.phase
        if phase in (self.TOKENS, self.DRAW):
            return self.action_to_string(action, CHANCE)
        receiver = self.setup_step // setup.ORDERS_DEALT if phase == self.DEAL else self.crate_for
        return f"P{receiver} draws an order card"

    # ------------------------------------------------------------------ information
    def view(self, player: int, rng: np.random.Generator) -> KlondikeRushState:
        """Redraw the order cards ``player`` has not seen, and the history's draws.

        Opponents' order cards are secret until completed (then face up: Errata, Free
        Actions). Every opponent draw and the order deck are redrawn together from the
        exact posterior given ``player``'s own cards and every completion
        (``information.sample_draws``, RULES_NOTES H2), and the draws are rewritten in
        place in ``history``. Replaying keeps every completion legal (the posterior
        only holds deals where its card was drawn before it) and every decision the
        same (who is asked rests on public facts: RULES_NOTES F1). Money is not
        redrawn: every change to it is public (RULES_NOTES H1).
        """
        new = self.clone()
        drawn, deck = information.sample_draws(self, player, rng)
        hand, draws, history = new.hand, new.order_draws, new.history
        for q in range(self.num_players):
            if q != player:
                hand[q] = [-c for c in self.completed[q]]
        for i, kind in drawn.items():
            index, q, _ = draws[i]
            draws[i] = [index, q, kind]  # a new record: clones share the old one
            history[index] = kind
            hand[q][kind] += 1
        new.order_deck = deck
        return new

    # what clone copies: the lists of the state, and the tables (a list a seat) row by
    # row; the records in order_draws and completions are shared, the rules only
    # append them (tests/klondike_rush/test_engine_caches.py holds every list here)
    CLONED_LISTS = ("history", "space_mine", "space_token", "token_pool", "track", "deck",
                    "order_deck", "money", "profit_used", "last_bid_card", "cards_won",
                    "lot", "status", "order_draws", "completions")
    CLONED_TABLES = ("hand", "completed", "tokens", "invest", "unused")

    def clone(self) -> KlondikeRushState:
        new = object.__new__(KlondikeRushState)
        d = self.__dict__.copy()
        for key in self.CLONED_LISTS:
            d[key] = d[key][:]
        for key in self.CLONED_TABLES:
            d[key] = [row[:] for row in d[key]]
        d["_legal"] = None
        # _costs, _offers, _board, _board_text: caches of the mines and tokens only, replaced
        # on change, shared safely; _rows is an array refreshed in place
        d["_rows"] = None
        new.__dict__ = d
        return new
