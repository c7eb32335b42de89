"""Council game positions: the round's flow, legal actions and chance.

Sections in brackets name the rulebook's headings (the published rulebook, Game 2).
A round: popularity cards laid out (chance), the request
turned over (chance), the race as simultaneous ticks on a clock (``race``,
``timing``), simultaneous declarations ordered by chance, cards taken in declaration
order, the last player takes the remaining card and joins up, the checks
(``scoring``). What a seat laid and covered stays hidden from the others until the
check (``covers="hidden"``, ``secret``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ...core import CHANCE, SIMULTANEOUS, TERMINAL, State
from ...core.playout import pick_outcome
from ...core.returns import compute_returns
from . import cards, observation, playout, race, scoring, secret, statistics
from .actions import Join, Lay, Place, Take
from .phases import (  # noqa: F401  (PHASE_NAMES re-exported)
    FILL,
    JOIN,
    ORDER,
    OVER,
    PACE,
    PHASE_NAMES,
    RACE,
    REQUEST,
    TAKE,
)

if TYPE_CHECKING:
    from .game import CouncilGame

START_LEVEL = 4  # [Preparation] "The player places their pawn on level 4"


class CouncilState(State):
    game: CouncilGame
    observation_module = observation  # encode / describe: the core State hooks
    statistics_module = statistics  # action_features

    def __init__(self, game: CouncilGame) -> None:
        super().__init__(game)
        n = game.num_players
        comp = game.components
        self.phase = FILL
        self.round = 0
        self.clock = 0  # the race's time in beats (``timing``)
        self.round_began = 0  # len(history) when this round's first action came
        self.request = -1
        self.requests_used = [False] * len(comp.requests)
        self.backs_left = cards.initial_backs_left(game.children_pack)
        self.levels = [[START_LEVEL] * len(comp.colours) for _ in range(n)]
        self.table = [0] * len(comp.kinds)
        self.pile = [k.count for k in comp.kinds]
        self.discard = [0] * len(comp.kinds)
        self.log: list[str] = []
        # [Playing the game] "together they check": each check is public
        self.checked = [0] * n  # rounds a seat was checked on its own cover
        self.exact = [0] * n  # ... and covered the request
        # race.race_choices' store: a seat's choices and mask, with the cover they follow
        # from, kept across moves (a seat's choices change only when it moves)
        self._race_legal: dict[int, tuple] | None = None
        self._public: tuple | None = None  # observation._public's cache
        # observation.encode_every_seat's rows, or the one seat that has observed this position
        self._observed: np.ndarray | int | None = None
        self._blocks: dict | None = None  # observation's pieces, kept across moves
        # True inside ``playout.random_playout``: the checks of rounds before the last
        # write no log lines (nobody reads them; the last round's writes the log)
        self._quiet: bool | None = None
        self._new_round_seats()

    def _new_round_seats(self) -> None:
        """[Playing the game] boards picked up and shuffled, claims back in hand."""
        n = self.num_players
        grid = self.game.grid
        self.landscape: list[list[int]] = [[] for _ in range(n)]
        self.used = [0] * n
        self.covered = [0] * n
        self.halo = [grid.start] * n
        self.last_claim = [0] * n
        self.gold = [0] * n
        self.rubies = [0] * n
        self.placed: list[list[int]] = [[] for _ in range(n)]  # place actions, in order
        self.pacing: list[int] = []  # seats whose move's extra beats are to be drawn
        self.free_at = [0] * n  # the beat a seat's current move ends
        self.declared = [-1] * n  # the beat it declared
        self.order: list[int] = []
        self.pending: list[int] = []
        self.queue: list[int] = []
        self.card = [-1] * n
        self.last = -1
        self.partner = [-1] * n

    def racing(self, p: int) -> bool:
        """Still in the race: not declared and not the last player."""
        return self.phase == RACE and self.declared[p] < 0 and p != self.last

    def free(self, p: int) -> bool:
        """Racing and done with its last move: it chooses the next one now (``racing``
        written out: every seat of every tick asks)."""
        return (self.phase == RACE and self.declared[p] < 0 and p != self.last
                and self.free_at[p] <= self.clock)

    # ------------------------------------------------------------------ flow
    def current_player(self) -> int:
        phase = self.phase
        if phase == RACE:
            return SIMULTANEOUS
        if phase == TAKE:
            return self.queue[0]
        if phase == JOIN:
            return self.last
        return TERMINAL if phase == OVER else CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == FILL:
            return cards.pile_outcomes(self)
        if self.phase == REQUEST:
            return cards.request_outcomes(self)
        if self.phase == ORDER:
            # [Playing the game] simultaneous declarations: who was first, by chance
            return [(p, 1.0 / len(self.pending)) for p in sorted(self.pending)]
        if self.phase == PACE:
            # RULES_NOTES T1: how many beats more the move just begun takes
            return list(self.game.pace_outcomes)
        raise ValueError("not a chance node")

    def _legal_actions(self, player: int) -> list[int]:
        phase, codec = self.phase, self.game.codec
        if phase == RACE:
            if not 0 <= player < self.num_players:
                return []  # a tick has no single seat to move: ask each seat
            if not self.free(player):
                return [codec.wait]
            return race.race_list(self, player)
        if phase == TAKE:
            return [codec.take(k) for k, c in enumerate(self.table) if c]
        if phase == JOIN:
            return [codec.join(q) for q in range(self.num_players) if q != self.last]
        if phase == PACE:  # the most frequent chance node: every board and claim
            return list(range(len(self.game.pace_outcomes)))
        return [a for a, _ in self.chance_outcomes()]

    def _random_legal_action(self, player: int, below: Callable[[int], int]) -> int:
        """``core.playout.random_legal``'s hook: ``legal[below(len(legal))]`` of ``legal =
        _legal_actions(player)``, the same single draw, with a free racing seat's
        choices counted and picked from their bit set (``race.random_choice``) instead
        of listed, and a busy one's single wait drawn from without a list (a playout
        asks every seat of every tick)."""
        if self.phase == RACE and 0 <= player < len(self.declared):
            if (self.declared[player] < 0 and player != self.last
                    and self.free_at[player] <= self.clock):  # ``free``, written out
                return race.random_choice(self, player, below)
            below(1)
            return self.game.codec.wait
        legal = self._legal_actions(player)
        return legal[below(len(legal))]

    def _chance_outcome_at(self, r: float) -> int:
        """``core.playout.random_chance``'s hook: ``pick_outcome(chance_outcomes(), r)``,
        at the pace draws (every board and claim has one) from the game's own list of
        the same outcomes, not a copy."""
        if self.phase == PACE:
            return pick_outcome(self.game.pace_list, r)
        return pick_outcome(self.chance_outcomes(), r)

    def _random_playout(self, below: Callable[[int], int], uniform: Callable[[], float]) -> None:
        """``MCTSAgent._playout``'s own loop for this game (``playout.random_playout``):
        the same draws, moves and history as the generic loop of the two hooks above,
        with a race tick drawn and applied seat by seat in one pass
        (``tests/test_own_playouts.py``)."""
        playout.random_playout(self, below, uniform)

    def clone(self) -> CouncilState:
        """``State.clone`` written out for this state's shapes: every list it holds has
        plain values or lists of plain values in it (two levels at most: the joint
        moves in ``history``, a seat's landscape), so each is copied two levels deep
        without the generic recursion (a view starts with a clone; ``test_clone``
        checks the shapes). Caches (``_`` names) start empty, as ``State.clone``'s. The
        copy is the C twin's (``race.copy_two_levels``) where it is built."""
        new = object.__new__(type(self))
        fields = new.__dict__
        copy = race.copy_two_levels
        for key, value in self.__dict__.items():
            if key[0] == "_":
                fields[key] = None
            elif type(value) is list:
                fields[key] = copy(value)
            else:
                fields[key] = value
        return new

    def legal_actions_mask(self, player: int | None = None) -> np.ndarray:
        """In the race, a seat's mask comes ready from ``race.race_choices`` (a copy: the
        caller may write on it); elsewhere the generic one."""
        if self.phase == RACE and type(player) is int and 0 <= player < self.num_players:
            if not self.free(player):
                return self.game.wait_mask.copy()
            return race.race_mask(self, player).copy()
        return super().legal_actions_mask(player)

    def observation_tensor(self, player: int) -> np.ndarray:
        """In the race every seat may observe each tick (the AEC env asks each seat in
        turn), or only one (the single-agent env asks the learner's): the first seat to
        observe a position gets its own tensor (``observation.encode``), and a second
        seat there has every seat's tensor written at once by the C twin
        (``observation.encode_every_seat``), kept until the next action, each seat
        getting a copy of its row. Elsewhere, or without the twin, the one seat's
        ``observation.encode``."""
        if self.phase == RACE and type(player) is int and 0 <= player < self.num_players:
            rows = self._observed
            if rows is None:
                self._observed = player
            elif type(rows) is int and rows != player:
                rows = self._observed = observation.encode_every_seat(self)
            if type(rows) is np.ndarray:
                return rows[player].copy()
        return observation.encode(self, player)

    def observation_tensors(self) -> np.ndarray | None:
        """Every seat's tensor of a race tick as the rows of one fresh array (row ``p``
        seat ``p``'s, each equal to ``observation_tensor(p)``), for the Parallel env,
        where every seat observes every tick: one C call and no copy a seat. None
        elsewhere, or without the twin (ask each seat then). The rows kept for
        ``observation_tensor`` are copied, never handed out: the caller may write on
        its array."""
        if self.phase != RACE:
            return None
        rows = self._observed
        return rows.copy() if type(rows) is np.ndarray else observation.encode_every_seat(self)

    def apply_actions(self, actions: Sequence[int]) -> None:
        """``State.apply_actions`` with each seat's check read from its choices' bit set
        (``race.race_bits``; a seat not free may only wait), not by a search of its
        list. Anything else (a wrong count, a number that is not a plain ``int``, an
        illegal action) goes to ``State.apply_actions``, which checks and raises as for
        every game."""
        if self.phase == RACE and len(actions) == self.num_players:
            wait = self.game.codec.wait
            for p, a in enumerate(actions):
                if type(a) is not int or not (
                        a == wait if not self.free(p)
                        else a >= 0 and race.race_bits(self, p) >> a & 1):
                    break
            else:
                joint = list(actions)
                self._apply_actions(joint)
                self.history.append(joint)
                self._legal = None
                return
        super().apply_actions(actions)

    def _apply_action(self, action: int) -> None:
        self._public = self._observed = None
        phase = self.phase
        if phase == PACE:  # the most frequent chance node: every board and claim
            self.free_at[self.pacing.pop(0)] += action
            self.phase = RACE
        elif phase == FILL:
            cards.lay_out_card(self, action)
        elif phase == REQUEST:
            cards.turn_request(self, action)
            self.phase = RACE
        elif phase == ORDER:
            self.pending.remove(action)
            self._enter_order(action)
        elif phase == TAKE:
            move = self.game.codec.decode(action)
            assert isinstance(move, Take)
            cards.take_card(self, self.queue.pop(0), move.kind)
        else:
            move = self.game.codec.decode(action)
            assert isinstance(move, Join)
            self.partner[self.last] = move.partner
        self._settle()

    def _apply_actions(self, actions: Sequence[int]) -> None:
        self._public = self._observed = None
        self.pending = race.play_tick(self, actions)  # read, not kept: no copy
        if self.game.params.pace_beats == 1:
            self.pacing = []
        self._settle()

    def _enter_order(self, p: int) -> None:
        """``p`` is next in declaration order: it takes a card when its turn comes."""
        self.order.append(p)
        self.queue.append(p)

    def _settle(self) -> None:
        """Advance through every step that needs no decision, to the next node."""
        if self.phase == RACE and self._race_goes_on():
            return
        while True:
            phase = self.phase
            if phase == FILL:
                if sum(self.table) < cards.table_size(self.num_players):
                    cards.reshuffle_if_out(self)
                    return
                self.phase = REQUEST
                return
            if phase in (REQUEST, OVER):
                return
            if self.pacing:
                self.phase = PACE
                return
            if len(self.pending) > 1:
                self.phase = ORDER
                return
            if self.pending:
                p = self.pending.pop()
                if self._last_of_a_tie():
                    # RULES_NOTES R3: the seats who finished at the same moment reach the
                    # table in the order drawn; the one behind is the last player
                    self.last = p
                self._enter_order(p)
            if self.queue:
                kinds = [k for k, c in enumerate(self.table) if c]
                if len(kinds) > 1:
                    self.phase = TAKE
                    return
                cards.take_card(self, self.queue.pop(0), kinds[0])
                continue
            if self.last >= 0:
                if self.partner[self.last] < 0:
                    others = [q for q in range(self.num_players) if q != self.last]
                    if len(others) > 1:
                        self.phase = JOIN
                        return
                    self.partner[self.last] = others[0]
                self._end_round()
                continue
            racers = [p for p, at in enumerate(self.declared) if at < 0]
            if len(racers) == 1 and self.game.has_last_player:
                # [Playing the game] the last player takes the remaining card, does not
                # finish, and chooses whom to join up with
                self.last = racers[0]
                self.order.append(self.last)
                self.queue.append(self.last)
                continue
            if not racers:
                self._end_round()
                continue
            self.phase = RACE
            free_at = self.free_at
            next_move = min([free_at[p] for p in racers])
            if next_move >= self.game.race_end:
                # RULES_NOTES T4: nobody has anything left to do but wait; the seats
                # still in declare together, and the tie rule finds the last player
                self.clock = self.game.race_end
                for p in racers:
                    self.declared[p] = self.clock
                self.pending = racers
                continue
            self.clock = next_move
            return

    def _race_goes_on(self) -> bool:
        """``_settle``'s most frequent ending, alone: after a tick or a pace draw in the
        race, with no pace to draw, nobody declaring, no card to take and no last
        player, two seats or more still racing (or one, without a last player) and a
        move left before the race's end: the clock goes to the next move's end. False
        (nothing changed) when any of that is not so: ``_settle``'s loop decides."""
        if self.pacing:
            self.phase = PACE
            return True
        if self.pending or self.queue or self.last >= 0:
            return False
        free_at = self.free_at
        times = [free_at[p] for p, at in enumerate(self.declared) if at < 0]
        if len(times) < 2 and (not times or self.game.has_last_player):
            return False
        next_move = min(times)
        if next_move >= self.game.race_end:
            return False
        self.clock = next_move
        return True

    def _last_of_a_tie(self) -> bool:
        """The seat entering the declaration order now is the last of seats that
        declared at the same moment, and nobody else is racing: with a last player in
        the game, it is that player."""
        return (self.game.has_last_player and self.last < 0
                and all(d >= 0 for d in self.declared))

    def _end_round(self) -> None:
        self.log = scoring.check_round(
            self, self._quiet is None or self.round + 1 == self.game.rounds)
        cards.discard_taken(self)
        self.round += 1
        self._new_round_seats()
        self.clock = 0
        self.request = -1
        # the action that ended the round is appended to history right after this
        self.round_began = len(self.history) + 1
        self.phase = OVER if self.round == self.game.rounds else FILL

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        """[Ending the game] the points the scales give now (final at the end)."""
        return [float(x) for x in scoring.final_points(self.levels)]

    def rank_keys(self) -> list[tuple]:
        """Most points; ties broken by total popularity ([Ending the game])."""
        return self._rank_keys(self.scores())

    def _rank_keys(self, scores: list[float]) -> list[tuple]:
        return [(pts, sum(lv)) for pts, lv in zip(scores, self.levels, strict=True)]

    def returns(self) -> list[float]:
        """``State.returns`` with the points counted once, not again for the rank keys
        (every playout ends here)."""
        if self.phase != OVER:
            return [0.0] * self.num_players
        scores = self.scores()
        return compute_returns(self.game.params.reward, scores, self._rank_keys(scores))

    def public_chance_string(self, action: int) -> str:
        """Every chance outcome is turned face up or drawn in sight of all: the cards
        laid out, the request, who reached the table first."""
        return self.action_to_string(action)

    def public_action_string(self, action: int, player: int | None = None) -> str:
        """A race move as the other seats see it (``covers="hidden"``): a board laid, a
        claim of the set placed; where, and on what, is seen at the check."""
        if self.is_chance_node() or not self.game.hidden_covers:
            return super().public_action_string(action, player)
        move = self.game.codec.decode(action)
        if isinstance(move, Lay):
            return "lay a board"
        if isinstance(move, Place):
            comp = self.game.components
            return f"place {comp.shared.claims[comp.slot_claim(move.slot)].name}"
        return self.action_to_string(action, player)

    def view(self, player: int, rng: np.random.Generator) -> CouncilState:
        """A copy in which the other seats' landscapes and claims of this round are
        redrawn (``secret.redraw``): ``player`` saw only how many boards each laid and
        which claims it took, when (RULES_NOTES H2)."""
        if not self.game.hidden_covers:
            return self.clone()  # type: ignore[return-value]
        return secret.redraw(self, player, rng)

    def action_to_string(self, action: int, player: int | None = None) -> str:
        phase = self.phase
        comp = self.game.components
        if phase == FILL:
            return f"lay out {comp.kind_label(action)}"
        if phase == REQUEST:
            return f"turn request {comp.requests[action].label()}"
        if phase == ORDER:
            return f"P{action} declared first"
        if phase == PACE:
            return f"P{self.pacing[0]}'s move takes {action} beats more"
        return observation.move_name(self, action)
