"""Klondike 1896 (Game 1) positions: the round's flow, legal actions and chance.

Sections in brackets name the rulebook's headings
(the published rulebook, Game 1). The phases live in their own
modules: ``setup`` (boards, claim rows), ``auction``, ``placement``, ``extra`` (the
additional claim), ``endgame`` and ``square`` ([Tips] 3); ``secret`` redraws what a
seat cannot see when rubies are secret ([Tips] 2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ...core import CHANCE, SIMULTANEOUS, TERMINAL, State
from ...core.playout import pick_outcome
from . import auction, endgame, extra, observation, placement, secret, setup, statistics
from .actions import (
    BIDS,
    EXTRA_BID,
    EXTRA_PASS,
    MIN_EXTRA_BID,
    Bid,
    ExtraBid,
    ExtraPass,
    Place,
)
from .components import BOARDS_PER_PLAYER
from .phases import AUCTION, DEAL, EXTRA, EXTRA_PLACE, OVER, PLACE, SETUP

if TYPE_CHECKING:
    from .game import Klondike1896Game

START_RUBIES = 3  # [Preparation] "Each player receives three rubies"


class Klondike1896State(State):
    game: Klondike1896Game
    observation_module = observation  # encode / describe: the core State hooks
    statistics_module = statistics  # action_features

    def __init__(self, game: Klondike1896Game) -> None:
        super().__init__(game)
        n = game.num_players
        comp = game.components
        self.phase = SETUP
        self.round = 0
        # [Playing a round] "The players choose who will start": seat 0 (RULES_NOTES R1)
        self.first = 0
        self.arrangement = [[-1] * BOARDS_PER_PLAYER for _ in range(n)]
        self.setup_slot = 0
        self.supply = [c.count for c in comp.claims[:comp.row_types]]
        self.extra_left = comp.claims[comp.additional].count
        self.rows: list[list[int]] = []
        self.rows_to_deal = 0
        self.pawn = [-1] * n
        self.bid = [0] * n
        self.to_place: list[int] = []
        self.displaced = -1
        self.won = [-1] * n
        self.extra_turn = -1
        self.extra_high = -1
        self.extra_bid = 0
        self.extra_passes = 0
        self.rubies = [START_RUBIES] * n
        self.paid = [0] * n  # rubies each seat paid into the pot so far: public
        self.fresh = [0] * n
        self.gold = [0] * n
        self.deduction = [0] * n
        self.covered = [0] * n
        self.halo = [game.grid.start] * n
        self.paths: list[list[int]] = [[] for _ in range(n)]
        self.gains: list[list[list[int]]] = [[] for _ in range(n)]
        self.finished = [False] * n
        # secret rubies only: per seat [kind, value] events that bound its rubies
        self.ledger: list[list[list[int]]] = (
            [[] for _ in range(n)] if game.params.secret_rubies else [])
        self._table_block: np.ndarray | None = None  # observation.table_block
        self._known_bounds: list | None = None  # observation.known_rubies

    # ------------------------------------------------------------------ flow
    def current_player(self) -> int:
        phase = self.phase
        if phase == AUCTION:  # auction.auction_player, inline
            displaced = self.displaced
            return displaced if displaced >= 0 else self.to_place[0]
        if phase == PLACE:
            # [2)] every seat places its claim on its own landscape at once (RULES_NOTES P6)
            return SIMULTANEOUS
        if phase == EXTRA_PLACE:
            return self.extra_high  # the buyer of the additional claim
        if phase == EXTRA:
            return self.extra_turn
        return TERMINAL if phase == OVER else CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == SETUP:
            return setup.arrangement_outcomes(self)
        if self.phase == DEAL:
            return setup.deal_outcomes(self)
        raise ValueError("not a chance node")

    def _chance_outcome_at(self, r: float) -> int:
        """``pick_outcome(self.chance_outcomes(), r)`` without listing the outcomes of a
        deal (the playout hook of ``core.playout``; ``tests/test_playout_hooks.py``)."""
        if self.phase == DEAL:
            return setup.deal_outcome_at(self, r)
        return pick_outcome(self.chance_outcomes(), r)

    def _legal_actions(self, player: int) -> list[int]:
        phase = self.phase
        if phase == AUCTION:
            return auction.legal_bids(self, player)
        if phase == PLACE:
            if not 0 <= player < self.num_players:
                return []  # a simultaneous node has no single seat to move: ask each
            return placement.legal_placements(self, player)
        if phase == EXTRA_PLACE:
            return placement.legal_placements(self, player)
        if phase == EXTRA:
            return extra.legal_extra(self, player)
        return [a for a, _ in self.chance_outcomes()]

    def _random_legal_action(self, player: int, below: Callable[[int], int]) -> int:
        """``legal[below(len(legal))]`` of ``legal = self._legal_actions(player)``: the
        same draw and the same action, without listing every bid or placement (the
        playout hook of ``core.playout``; ``tests/test_playout_hooks.py``)."""
        phase = self.phase
        if phase == AUCTION:
            return auction.random_bid(self, player, below)
        if phase == PLACE or phase == EXTRA_PLACE:
            return placement.random_placement(self, player, below)
        if phase == EXTRA:
            return extra.random_extra(self, player, below)
        legal = self._legal_actions(player)
        return legal[below(len(legal))]

    def _apply_action(self, action: int) -> None:
        phase = self.phase
        if phase == SETUP:
            if setup.lay_board(self, action):
                self._start_round()
        elif phase == DEAL:
            self._table_block = None
            setup.deal_claim(self, action)
            self._continue_deal()
        elif phase == AUCTION:
            p = auction.auction_player(self)
            claim, rubies = divmod(action, BIDS)  # codec.decode's Bid
            if auction.place_pawn(self, p, claim, rubies):
                self._table_block = None
                self.won = auction.settle(self)
                self.phase = PLACE
        elif phase == EXTRA:
            p = self.extra_turn
            # codec.decode's ExtraBid, written out
            rubies = None if action == EXTRA_PASS else action - EXTRA_BID + MIN_EXTRA_BID
            if extra.extra_action(self, p, rubies):
                if self.extra_high < 0:
                    self._end_round((self.first + 1) % self.num_players)
                else:
                    q = extra.sell_extra(self)
                    self._table_block = None
                    self.won = [-1] * self.num_players
                    self.won[q] = self.game.components.additional
                    self.phase = EXTRA_PLACE
        else:  # EXTRA_PLACE
            p = self.extra_high
            self._place(p, action)
            # [4)] the buyer "starts the next round" (RULES_NOTES X3)
            self._end_round(p)

    def _apply_actions(self, actions: Sequence[int]) -> None:
        """[2) Placing the claim] every seat's won claim at once, each on its own
        landscape, so the order of these calls decides nothing; then [4)]."""
        for p, action in enumerate(actions):
            self._place(p, action)
        if self.extra_left:
            extra.start_extra(self)
        else:
            self._end_round((self.first + 1) % self.num_players)

    def _place(self, p: int, action: int) -> None:
        if action != self.game.codec.lose:
            placement.place_claim(self, p, placement.placement_of(self, p, action))
        self.won[p] = -1

    def _start_round(self) -> None:
        """[New round] / [Adding claims]: top the rows up when one is left."""
        if len(self.rows) <= 1:
            setup.start_deal(self)
            self._continue_deal()
        else:
            auction.start_auction(self)

    def _continue_deal(self) -> None:
        if setup.dealing_continues(self):
            return
        if self.rows:
            auction.start_auction(self)
        else:
            endgame.finish_game(self)  # the supply cannot deal a row (RULES_NOTES E3)

    def _end_round(self, next_first: int) -> None:
        endgame.merge_fresh_rubies(self)
        if any(self.finished):
            endgame.finish_game(self)  # [Ending the game] the round is played out
            return
        self.round += 1
        self.first = next_first  # [New round]
        self._start_round()

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        return [float(self.gold[q] - self.deduction[q]) for q in range(self.num_players)]

    def rank_keys(self) -> list[tuple]:
        return endgame.rank_keys(self)

    def action_to_string(self, action: int, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        comp = self.game.components
        if player == CHANCE:
            if self.phase == SETUP:
                seat, slot = divmod(self.setup_slot, BOARDS_PER_PLAYER)
                return (f"lay board {comp.boards[action // 4].name} turned "
                        f"{90 * (action % 4)} in slot {slot} of player {seat}")
            return f"deal {comp.claims[action].name}"
        move = self.game.codec.decode(action)
        if isinstance(move, Bid):
            row = self.rows[0] if self.phase == AUCTION and self.rows else []
            name = comp.claims[row[move.claim]].name if move.claim < len(row) else "?"
            return f"pawn to claim {move.claim} ({name}) with {move.rubies} rubies"
        if isinstance(move, ExtraPass):
            return "pass on the additional claim"
        if isinstance(move, ExtraBid):
            return f"bid {move.rubies} rubies on the additional claim"
        if isinstance(move, Place):
            return self._place_string(move, action, player, gains=True)
        return "lose the claim (no place for it)"

    def _place_string(self, move: Place, action: int, player: int, gains: bool) -> str:
        """``place L turned 90 at row 1 col 0: covers row 1 col 0-2; row 2 col 0 for 3
        gold``: the anchor is the top-left of the turned claim's bounding box."""
        r, c = divmod(move.anchor, self.game.grid.cols)
        claim = self.won[player] if 0 <= player < self.num_players else -1
        name = self.game.components.claims[claim].name if claim >= 0 else "claim"
        return (f"place {name} turned {90 * move.rotation} at row {r} col {c}"
                + observation.placement_preview(self, player, action, gains))

    def public_action_string(self, action: int, player: int | None = None) -> str:
        """With secret rubies ([Tips] 2) the other seats do not see the spaces of a
        landscape (RULES_NOTES T2): a placement shows the cells it covers, not what lay
        under them."""
        if player is None:
            player = self.current_player()
        if self.ledger and 0 <= player < self.num_players:
            move = self.game.codec.decode(action)
            if isinstance(move, Place):
                return self._place_string(move, action, player, gains=False)
        return super().public_action_string(action, player)

    def public_chance_string(self, action: int) -> str:
        """With secret rubies ([Tips] 2) a seat's boards are hidden from the others
        (RULES_NOTES T2): a board laid shows only its slot and seat, unless everybody
        lays the same boards ([Tips] 1: nothing is hidden). Claims are dealt face up
        ([Preparation]), so a deal shows in full."""
        if self.phase == SETUP and not self.game.params.identical_boards:
            seat, slot = divmod(self.setup_slot, BOARDS_PER_PLAYER)
            return f"lay a board in slot {slot} of player {seat}"
        return self.action_to_string(action, CHANCE)

    # ------------------------------------------------------------------ information
    def view(self, player: int, rng: np.random.Generator) -> Klondike1896State:
        """A clone; with secret rubies ([Tips] 2) the other seats' board arrangements,
        and so their rubies, are redrawn (``secret.redraw``)."""
        if not self.ledger:
            return self.clone()
        return secret.redraw(self, player, rng)

    def clone(self) -> Klondike1896State:
        new = object.__new__(Klondike1896State)
        d = {k: (v[:] if type(v) is list else v) for k, v in self.__dict__.items()}
        for key in ("arrangement", "rows", "paths", "ledger"):
            d[key] = [x[:] for x in d[key]]
        d["gains"] = [[g[:] for g in x] for x in self.gains]
        if self.ledger:
            d["ledger"] = [[e[:] for e in x] for x in self.ledger]
        d["_legal"] = None
        d["_known_bounds"] = None  # a copy may be edited (tests, views): recount
        new.__dict__ = d
        return new
