"""Dawson City Barbers positions: turn flow, legal actions and chance.

Sections in brackets name the rulebook's headings
(the published rulebook).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

import numpy as np

from ...core import CHANCE, TERMINAL, State
from ...core.playout import pick_outcome
from . import information, observation, scoring, statistics
from .actions import MAX_SHOPS, Haircut, LongWeekend, Schedule
from .components import TRACKS
from .tracks import move_pan, move_train, move_work

if TYPE_CHECKING:
    from .game import DawsonCityBarbersGame

ROUNDS = 4  # [Game Play] "played over four rounds"
HAND_SIZE = 5  # [Round] "deals 5 cards to each player"
SHOP_SEATS = 3  # [Get Haircut] "a shop in which the 3 seats are already full"
LONG_WEEKEND_STEPS = 4  # [Plan Long Weekend] "up four spaces"

START, DEAL, PLAY, FLIP, OVER = range(5)


class DawsonCityBarbersState(State):
    """A position. Public fields are plain data (cloned, serialized, compared);
    ``_log`` (the display log of the last scoring, public facts only) and the other
    underscore fields are caches that ``serialize`` and ``==`` ignore."""

    game: DawsonCityBarbersGame
    observation_module = observation  # encode / describe: the core State hooks
    statistics_module = statistics  # action_features

    def __init__(self, game: DawsonCityBarbersGame) -> None:
        super().__init__(game)
        n = game.num_players
        self.round = 0
        # [Setup] "The player who most recently had a haircut is the start player":
        # unknowable to software, so a chance node draws it (RULES_NOTES S1).
        self.phase = START
        self.start_player = -1
        # [Setup] every marker starts on 0; train_box 1-3 marks a head-start place box.
        self.train_pos = [0] * n
        self.train_box = [0] * n
        self.weekend_used = [False] * n
        self.gold = [0] * n
        self.placing = list(range(n))
        self.hair = [-1] * n
        self.pending_flips: list[int] = []
        # [history index of the round's first deal, its start player], one per round
        # dealt so far: where ``view`` finds each round's deals and turns in history.
        self.openings: list[list[int]] = []
        self._log: tuple[str, ...] | None = ()
        self._plans: dict | None = None
        # views: each seat's slots of the rounds that are over (information.hidden_cards),
        # kept from move to move (a round's stretch of history no longer changes)
        self._finished_slots: dict[int, dict] | None = None
        self._reset_round()
        self.phase = START

    def _reset_round(self) -> None:
        """[Round] / [Starting the Next Round]: fresh deck, pawns home, work and pan 0."""
        n, comp = self.num_players, self.game.components
        self.phase = DEAL
        self.deck = [c.count for c in comp.cards]
        self.hands = [[0] * comp.num_kinds for _ in range(n)]
        self.discards = [0] * comp.num_kinds  # the face-up pile
        # D2 face-down reading: each seat's face-down discards (only it knows them)
        self.face_down = [[0] * comp.num_kinds for _ in range(n)]
        self.dealt = 0
        self.turn = 0
        self.work = [0] * n
        self.pan = [0] * n
        self.shop: list[list[int]] = [[] for _ in range(n)]
        self.cut_at = [-1] * n
        # observation cache (observation.seat_rows): public rows, and seats changed since
        self._rows: np.ndarray | None = None
        self._dirty = 0

    def _touch(self, seat: int) -> None:
        """Mark ``seat``'s public values as changed (for the observation cache)."""
        self._dirty = (self._dirty or 0) | 1 << seat

    # ------------------------------------------------------------------ display log
    def begin_log(self, line: str) -> None:
        """Start the display log of a round's scoring (replacing the last one)."""
        self._log = (line,)

    def note(self, line: str) -> None:
        """Add a public fact to the display log."""
        self._log = self._logged() + (line,)

    @property
    def log(self) -> list[str]:
        """The last scoring, line by line (a copy, for displays)."""
        return list(self._logged())

    def _logged(self) -> tuple[str, ...]:
        """The log cache (a tuple that clones share); a deserialized state rebuilds it
        from ``history`` (every line is public, so a view's replay gives the same)."""
        if self._log is None:
            from ...core.playout import replay  # noqa: PLC0415  (playout imports core)

            self._log = replay(self.game, self.history)._logged()
        return self._log

    # ------------------------------------------------------------------ flow
    def current_player(self) -> int:
        if self.phase == PLAY:
            return (self.start_player + self.turn) % self.game.params.num_players
        return TERMINAL if self.phase == OVER else CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """[Setup] the start player (uniform); [Round] / [Pan for Gold]: the next card of
        the shuffled deck, by kind."""
        if self.phase == START:
            return [(s, 1 / self.num_players) for s in range(self.num_players)]
        if self.phase not in (DEAL, FLIP):
            raise ValueError("not a chance node")
        total = sum(self.deck)
        return [(k, c / total) for k, c in enumerate(self.deck) if c]

    def _chance_outcome_at(self, r: float) -> int:
        """``pick_outcome(self.chance_outcomes(), r)``: the outcome a uniform draw ``r``
        selects, the same probabilities summed in the same order, stopping there
        without listing every kind (the playout hook of ``core.playout``)."""
        if self.phase == START:
            return pick_outcome(self.chance_outcomes(), r)
        deck = self.deck
        total = sum(deck)
        acc, last = 0.0, -1
        for k, c in enumerate(deck):
            if c:
                acc += c / total
                if r < acc:
                    return k
                last = k
        return last  # rounding: the sum of probabilities fell short of r

    def _legal_actions(self, player: int) -> list[int]:
        if self.phase == START:
            return list(range(self.num_players))
        if self.phase != PLAY:
            return [k for k, c in enumerate(self.deck) if c]
        # the codec's ids written out (codec.haircut, codec.long_weekend): ascending
        codec = self.game.codec
        hand = self.hands[player]
        kinds = list(compress(range(len(hand)), hand))  # the kinds held, ascending
        legal = kinds[:]
        if self.cut_at[player] < 0:
            shop = self.shop
            base = codec.haircut_base
            shops = [s for s in range(len(shop))
                     if s != player and len(shop[s]) < SHOP_SEATS]
            cuts = [base + MAX_SHOPS * k + s for k in kinds for s in shops]
            if len(kinds) == 1 and hand[kinds[0]] == 1:
                # [Get Haircut] "He must do this once and only once per round": the
                # last card must pay for the haircut.
                return cuts
            legal += cuts
        if not self.weekend_used[player]:
            base = codec.weekend_base
            legal += [base + len(TRACKS) * k + t for k in kinds for t in range(len(TRACKS))]
        return legal

    def _apply_action(self, action: int) -> None:
        self._plans = None
        if self.phase == START:
            self._choose_start(action)
        elif self.phase == DEAL:
            self._deal(action)
        elif self.phase == FLIP:
            self._flip(action)
        else:
            self._take_turn(action)

    def _choose_start(self, seat: int) -> None:
        """[Setup] the start player; until the first train race, ties on the start
        space go in turn order from the start player (RULES_NOTES T3)."""
        n = self.num_players
        self.start_player = seat
        self.placing = [(seat + i) % n for i in range(n)]
        self._rows = None  # every seat's start flag and placing changed
        self.phase = DEAL

    def _deal(self, kind: int) -> None:
        """[Round] deal 5 cards to each player, starting with the start player."""
        n = self.game.params.num_players
        dealt = self.dealt
        if dealt == 0:
            self.openings.append([len(self.history), self.start_player])
        self.deck[kind] -= 1
        receiver = (self.start_player + dealt // HAND_SIZE) % n
        self.hands[receiver][kind] += 1
        self._dirty = (self._dirty or 0) | 1 << receiver  # _touch(receiver)
        self.dealt = dealt = dealt + 1
        if dealt == HAND_SIZE * n:
            self.phase = PLAY

    def _take_turn(self, action: int) -> None:
        game = self.game
        p = (self.start_player + self.turn) % game.params.num_players  # current_player
        move = game.codec.moves[action]
        self.hands[p][move.card] -= 1
        self._dirty = (self._dirty or 0) | 1 << p  # _touch(p)
        if type(move) is Schedule:
            # [Schedule] "plays a schedule card from his hand face up to a discard pile"
            self.discards[move.card] += 1
            t, w, pn = game.card_moves[move.card]
            # a move of 0 spaces moves nothing (move_train, move_pan: no-ops; work
            # never passes its last space); _move's dispatch written out
            comp = game.components
            if t:
                move_train(self.train_pos, self.train_box, p, t, comp)
            if w:
                move_work(self.work, p, w, comp)
            if pn:
                for q in move_pan(self.pan, p, pn, comp, game.pan_by_spaces):
                    self._touch(q)
        else:
            # [Get Haircut] / [Plan Long Weekend] "discards a schedule card": face up
            # or face down by the ``discards`` parameter (RULES_NOTES D2)
            if self.game.face_down:
                self.face_down[p][move.card] += 1
            else:
                self.discards[move.card] += 1
            if isinstance(move, Haircut):
                # [Get Haircut] first available chair of the chosen shop
                self.shop[move.shop].append(p)
                self.cut_at[p] = move.shop
                self._touch(move.shop)
            else:
                assert isinstance(move, LongWeekend)
                # [Plan Long Weekend] once per game, one track, usual scheduling rules
                self.weekend_used[p] = True
                self._move(p, move.track, LONG_WEEKEND_STEPS)
        self.turn += 1
        if self.turn == HAND_SIZE * game.params.num_players:
            scoring.score_round(self)
            self._rows = None  # every seat's public values changed
            self.phase = FLIP
            self._after_flips()

    def _move(self, p: int, track: int, steps: int) -> None:
        comp = self.game.components
        if track == 0:
            move_train(self.train_pos, self.train_box, p, steps, comp)
        elif track == 1:
            move_work(self.work, p, steps, comp)
        else:
            for q in move_pan(self.pan, p, steps, comp, self.game.pan_by_spaces):
                self._touch(q)

    def _flip(self, kind: int) -> None:
        """[Pan for Gold] a panner flips the top card and scores its nuggets."""
        p = self.pending_flips.pop(0)
        card = self.game.components.cards[kind]
        self.deck[kind] -= 1
        self.gold[p] += card.nuggets
        self._touch(p)
        self.note(f"player {p} pans {card.label()}: +{card.nuggets}")
        self._after_flips()

    def _after_flips(self) -> None:
        if self.pending_flips and sum(self.deck):
            return  # another flip is due (a custom deck may run out: no flip then)
        self.pending_flips = []
        if self.round + 1 == ROUNDS:
            self.phase = OVER  # [Game End] after scoring the fourth round
            return
        self._start_next_round()

    def _start_next_round(self) -> None:
        """[Starting the Next Round] reset pawns, work and pan; keep train placings."""
        self.round += 1
        self.start_player = self.placing[0]  # the Best Barber deals and starts
        self._reset_round()

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        return [float(g) for g in self.gold]

    def rank_keys(self) -> list[tuple]:
        """[Game End] most gold; ties to the better hair of the final round.

        Players in the shared '4th 5th 6th' box stay tied (RULES_NOTES E1).
        """
        return [(self.gold[p], -self.hair[p]) for p in range(self.num_players)]

    def action_to_string(self, action: int, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        if player == CHANCE:
            if self.phase == START:
                return f"start player {action}"
            label = self.game.components.cards[action].label()
            return f"{'flip' if self.phase == FLIP else 'deal'} {label}"
        return self.game.codec.to_string(action)

    def public_action_string(self, action: int, player: int | None = None) -> str:
        """[Get Haircut] / [Plan Long Weekend]: with face-down discards (D2) the table
        sees the shop or the track, not the card. A chance outcome shows only its
        public part (``public_chance_string``, through the core)."""
        if self.is_chance_node():
            return super().public_action_string(action, player)
        move = self.game.codec.decode(action)
        if not self.game.face_down or isinstance(move, Schedule):
            return self.action_to_string(action, player)
        if isinstance(move, Haircut):
            return f"haircut at player {move.shop}'s shop (discard a card face down)"
        return f"long weekend +4 {TRACKS[move.track]} (discard a card face down)"

    def public_chance_string(self, action: int) -> str:
        """What every seat sees of a chance outcome. [Setup] the start player and
        [Pan for Gold] the flipped card are public (RULES_NOTES S1, D3); [Round] a dealt
        card is seen by its receiver only, so the table sees who receives a card, never
        which (RULES_NOTES D1, O2)."""
        if self.phase == START:
            return f"start player {action}"
        if self.phase == DEAL:
            receiver = (self.start_player + self.dealt // HAND_SIZE) % self.num_players
            return f"a card is dealt to player {receiver}"
        if self.phase == FLIP:
            label = self.game.components.cards[action].label()
            return f"player {self.pending_flips[0]} flips {label}"
        raise ValueError("not a chance node")

    def log_lines(self) -> list[str]:
        return self.log

    # ------------------------------------------------------------------ information
    def view(self, player: int, rng: np.random.Generator) -> DawsonCityBarbersState:
        """Redraw what ``player`` has not seen, and rewrite ``history`` to match.

        Hidden: opponents' hands, the deck and (face-down reading) opponents'
        face-down discards, in this and earlier rounds. ``information.hidden_cards``
        finds them in history once per state (cached for the many views a search
        draws; the rounds that are over, once for good); each view then shuffles the
        unseen cards of each round into them.
        """
        if self._plans is None:
            self._plans = {}
        plan = self._plans.get(player)
        if plan is None:
            if self._finished_slots is None:
                self._finished_slots = {}
            finished = self._finished_slots.setdefault(player, {})
            plan = self._plans[player] = information.hidden_cards(self, player, finished)
        new = self.clone()
        information.redraw(new, plan, rng)
        return new

    def clone(self) -> DawsonCityBarbersState:
        new = object.__new__(DawsonCityBarbersState)
        d = {k: (v[:] if type(v) is list else v) for k, v in self.__dict__.items()}
        d["hands"] = [h[:] for h in self.hands]
        d["face_down"] = [h[:] for h in self.face_down]
        d["shop"] = [s[:] for s in self.shop]
        d["openings"] = [o[:] for o in self.openings]
        d["_legal"] = None
        d["_rows"] = None
        d["_plans"] = None
        d["_finished_slots"] = None  # a clone's history may be rewritten (a view's is)
        new.__dict__ = d
        return new
