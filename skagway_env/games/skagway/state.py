"""Skagway positions: setup [3.0] and the stage machine that drives a turn [4.0].

The phases live in their own modules (placement, work, buildings, home, street,
cleanup, endgame); this class holds the fields, dispatches each decision (decoded once
into its typed action, ``actions.py``) and chance outcome by ``stage``, and gives each
seat its view. DESIGN.md describes the fields and the stage table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from ...core import CHANCE, TERMINAL, State
from ...core.playout import pick_outcome
from . import (
    cleanup,
    endgame,
    information,
    observation,
    placement,
    statistics,
    street,
    work,
)
from .dispatch import LEGAL, OUTCOMES, TO_MOVE
from .stages import (
    CATCH_ROLL,
    DECAY_PICK,
    DECAY_ROLL,
    DUEL_ROLL,
    GOODS_DRAW,
    GOODS_ROLL,
    HAND_ACTIVE,
    HAND_DRAW,
    HAND_POOL,
    HAND_RECRUITED,
    HOME,
    KEEP_GOLD,
    MINE_DRAW,
    OUT,
    OVER,
    PLACE,
    POOL,
    RAIL_DRAW,
    SETUP,
    HandState,
    Location,
    Stage,
)
from .workers import FIRST_HAND, HIRED_HANDS, PLAYER_WORKERS, controller

if TYPE_CHECKING:
    from .game import SkagwayGame

BUILDING_NAMES = [["Hotel", "Brothel"], ["Restaurant", "Saloon"], ["Church", "Gambling Hall"]]
CHANCE_NAMES = {MINE_DRAW: "draw a ${} Gold counter",
                RAIL_DRAW: "draw a ({}) Railroad counter",
                GOODS_ROLL: "the Goods die shows {}",
                DUEL_ROLL: "a gunfight die shows {}",
                CATCH_ROLL: "the Sheriff's catching die shows {}",
                DECAY_ROLL: "a Goods decay die shows {}"}


def seat_name(seat: int) -> str:
    """``P2``, or ``none`` for the -1 of an empty marker."""
    return f"P{seat}" if seat >= 0 else "none"


class SkagwayState(State):
    game: SkagwayGame
    observation_module = observation  # encode / describe: the core State hooks
    statistics_module = statistics  # action_features

    def __init__(self, game: SkagwayGame) -> None:
        super().__init__(game)
        n, comp = game.num_players, game.components
        self.stage = SETUP  # [3.4] the starting player is a chance node
        self.turn = 0
        self.truncated = False  # stopped by ``max_turns``, not by [5.0] (RULES_NOTES I22)
        self.first_player = -1
        self.points = [0] * n
        # Workers: where each is (a ``Location``). Seats beyond the player count have
        # no Workers ("out"); Hired Hands start in the pool face down [3.1].
        self.loc = [HOME if w // 2 < n else OUT for w in PLAYER_WORKERS]
        self.loc += [POOL] * len(HIRED_HANDS)
        self.face_down = [False] * (len(PLAYER_WORKERS) + len(HIRED_HANDS))
        self.hand_state = [HAND_POOL] * len(HIRED_HANDS)
        self.recruiter = -1  # [4.6] the seat whose Hired Hands are active
        self.recruited_by = -1  # the seat holding face-down recruits [4.3.4]
        self.recruit_pool: list[int] = []  # the Hands in the pool at that draw (public)
        # The board [4.2]
        self.mines: list[int] = []
        self.railroad: list[int] = []  # bottom to top
        self.assay = [-1] * comp.assay_spots
        self.assay_next = 0
        self.docks = -1
        self.deputy = -1
        self.sheriff = -1
        self.placer = -1
        self.cursor = 0  # the space being resolved in Phase Three (mines spot, ...)
        self.draws_left = 0  # counters still owed to the Worker being resolved
        # Counters [3.1]: counts by value, smallest value first
        self.gold_supply = _counts(comp.gold.supply(n), comp.gold.counts)
        self.gold_held = [[0] * len(comp.gold.counts) for _ in range(n)]
        self.bank: list[int] = []
        self.robbed: list[int] = []
        self.gold_removed = 0  # $4s turned in, and counters returned to an empty supply
        self.top_gold_turned_in = 0  # the $4s among them: public [4.3.3]
        self.rail_supply = _counts(comp.railroad.supply(n), comp.railroad.counts)
        self.rail_held = [[0] * len(comp.railroad.counts) for _ in range(n)]
        self.rail_owner = -1
        self.rail_removed = 0  # counters removed from play when the Railroad is scored
        self.goods_deck = [g.count for g in comp.goods]
        self.goods_held = [[0] * len(comp.goods) for _ in range(n)]
        self.goods_bottom: list[int] = []  # decayed cards, drawn last (RULES_NOTES I12)
        self.goods_taken = False  # a Goods card was taken this turn [4.3.2]
        self.goods_die = 0
        self.cash_queue: list[int] = []  # seats still to decide on cashing Goods
        self.active = -1  # the Street Worker acting [4.5]
        self.rolls: list[int] = []  # a gunfight's dice: challenger's, then Sheriff's
        self.bandits: list[int] = []  # the Bank stack, bottom (the leader) first [7.0]
        self.bribe = [0, 0]  # (source: 0 points / 1 share, amount) offered [7.0]
        self.demand = 0  # the Sheriff's counter-offer, 0 when none (RULES_NOTES I6)
        self.keep_queue: list[int] = []  # seats holding over two Gold counters [4.6]
        self.decay_queue: list[int] = []  # the holder of each card still to roll for [4.6]
        # Buildings [6.0]: side -1 none, 0 GOOD, 1 BAD; owner -1 none
        self.building_side = [-1, -1, -1]
        self.building_owner = [-1, -1, -1]
        self.bought_this_turn = [False, False, False]  # [6.0] once per building a turn
        self.end_triggered = False  # [5.0] the Gold Supply emptied at an Assay
        self.final_turn = False  # [5.0] this is the turn after that: the last one
        self.docks_owner = -1  # [4.3.4] the final turn's Docks Worker's player
        self.purchased_track = [0] * n  # [3.2] Buildings Purchased, -3..3
        self.prestige: list[list[int]] = [[] for _ in range(n)]
        self.kills = [0] * n  # [3.2] Gunfight Kills, 0..5 (5 = 5+)
        # The last turn's public events and this turn's, for display only: a cache that
        # clone copies and serialize and == ignore; rebuilt from ``history`` when
        # missing (``_ensure_log``). This turn's begin at ``_turn_start``.
        self._log: list[str] | None = []
        self._turn_start: int | None = 0

    # ------------------------------------------------------------------ helpers
    def hand_owner(self, worker: int) -> int:
        """The seat a Hired Hand works for this turn (-1 when it is in the pool)."""
        state = self.hand_state[worker - FIRST_HAND]
        if state == HAND_ACTIVE:
            return self.recruiter
        return self.recruited_by if state == HAND_RECRUITED else -1

    def worker_name(self, worker: int) -> str:
        comp = self.game.components
        if worker < len(PLAYER_WORKERS):
            return comp.workers[worker].name
        return comp.hired_hands[worker - FIRST_HAND].name

    def worker_label(self, worker: int) -> str:
        """The Worker's name with the seat it works for: ``Jane (P1)``, ``Miner (pool)``."""
        owner = worker // 2 if worker < len(PLAYER_WORKERS) else self.hand_owner(worker)
        return f"{self.worker_name(worker)} ({f'P{owner}' if owner >= 0 else 'pool'})"

    def note(self, event: str) -> None:
        """Record a public event of this turn for the displays (never hidden facts)."""
        if self._log is not None:
            self._log.append(event)

    def _ensure_log(self) -> list[str]:
        """The display log, replayed from ``history`` when a clone dropped it."""
        if self._log is None or self._turn_start is None:
            from ...core.playout import replay  # noqa: PLC0415  (playout imports core)

            played = replay(self.game, self.history)
            self._log, self._turn_start = played._log or [], played._turn_start or 0
        return self._log

    def turn_log(self) -> list[str]:
        """This turn's public events."""
        return self._ensure_log()[self._turn_start:]

    # ------------------------------------------------------------------ flow
    def current_player(self) -> int:
        to_move = TO_MOVE.get(self.stage)  # dispatch.py: one function a stage
        if to_move is None:
            raise RuntimeError(f"skagway: unknown stage {self.stage!r}")
        return to_move(self)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = OUTCOMES.get(self.stage)  # dispatch.py: one function a chance stage
        if outcomes is None:
            raise ValueError("not a chance node")
        return outcomes(self)

    def _legal_actions(self, player: int) -> list[int]:
        legal = LEGAL.get(self.stage)  # dispatch.py: one function a stage
        if legal is None:
            raise RuntimeError(f"skagway: unknown stage {self.stage!r}")
        return legal(self, player)

    def _apply_action(self, action: int) -> None:
        resolve = CHANCE_RESOLVERS.get(self.stage)
        if resolve is not None:  # a chance outcome (the starting player at SETUP)
            resolve(self, action)
            return
        # A decision: the rule its typed action names, with that action's fields
        # (``dispatch.move_rules``, decoded once a game; the legality check matched
        # the action to the stage).
        rule, args = self.game.move_rules[action]
        rule(self, *args)

    def _random_playout(self, below: Callable[[int], int], uniform: Callable[[], float]) -> None:
        """Play uniformly random moves (chance by its odds) to the end, in place: the
        loop of ``MCTSAgent._playout`` with ``current_player``, ``_legal_actions``,
        ``chance_outcomes`` and ``_apply_action`` read straight from their tables
        (``dispatch.py``), a step's four calls fewer. The same draws from ``below`` and
        ``uniform`` in the same order, the same moves and history
        (``tests/test_own_playouts.py``).

        Skagway has no simultaneous node. The display log is dropped first (the
        playout's events go unnoted; ``_ensure_log`` rebuilds it from ``history`` if
        the state is ever shown), and the legal cache is left clear, as
        ``apply_action`` leaves it."""
        self._log = self._turn_start = None
        self._legal = None
        to_move, listed, outcomes = TO_MOVE, LEGAL, OUTCOMES
        resolvers, rules = CHANCE_RESOLVERS, self.game.move_rules
        record = self.history.append
        while True:
            stage = self.stage
            cur = to_move[stage](self)
            if cur >= 0:
                legal = listed[stage](self, cur)
                action = legal[below(len(legal))]
                rule, args = rules[action]
                rule(self, *args)
                record(action)
            elif cur == CHANCE:
                action = pick_outcome(outcomes[stage](self), uniform())
                resolvers[stage](self, action)
                record(action)
            else:
                assert cur == TERMINAL
                return

    def _start_game(self, first: int) -> None:
        """[3.4] Points 2, 3, 4, 5 clockwise from the starting player, who takes the
        First Player marker; then the first turn begins."""
        n = self.num_players
        for k in range(n):
            self.points[(first + k) % n] = self.game.components.starting_points[k]
        self.first_player = first
        self.begin_turn()

    def begin_turn(self) -> None:
        """[4.1] Phase One, then [4.2] Phase Two from the First Player. A game that
        reached ``max_turns`` stops here, truncated, with no final scoring (I22)."""
        if self.turn >= self.game.params.max_turns:
            self.truncated = True
            self.stage = OVER
            self.note(f"stopped after {self.turn} turns (max_turns): no final scoring")
            return
        self.turn += 1
        if self._log is not None and self._turn_start is not None:
            # keep the last turn's events: a narrator may not have told the last of them
            self._log = self._log[self._turn_start:]
            self._turn_start = len(self._log)
        self.note(f"Turn {self.turn}{' (the last)' if self.end_triggered else ''}: "
                  "Phase One, early Workers; Phase Two, head out to work")  # [4.1], [4.2]
        self.final_turn = self.end_triggered  # [5.0] the turn after the trigger is the last
        self.bought_this_turn = [False, False, False]
        placement.place_early_hired_hands(self)
        self._next_placement(after=None)

    def _next_placement(self, after: int | None) -> None:
        seat = placement.next_placer(self, after)
        if seat is None:
            self.placer = -1
            work.start_mines(self)  # [4.3] resolve the spaces, the Mines first
        else:
            self.stage, self.placer = PLACE, seat

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def rank_keys(self) -> list[tuple]:
        """[5.0] Most points; ties to the most Player Buildings, then Nuggets Hockey."""
        return [(self.points[p], endgame.player_buildings(self, p),
                 endgame.owns_nuggets_hockey(self, p)) for p in range(self.num_players)]

    def is_truncated(self) -> bool:
        return self.truncated

    def action_to_string(self, action: int, player: int | None = None) -> str:
        if self.stage == SETUP:
            return f"seat {action} starts"
        if self.stage == HAND_DRAW:
            return f"recruit {self.worker_name(action)}"
        if self.stage in CHANCE_NAMES:
            return CHANCE_NAMES[self.stage].format(action)
        comp = self.game.components
        if self.stage == GOODS_DRAW:
            return f"draw a {comp.goods[action].name} card"
        if self.stage == DECAY_PICK:
            return f"a {comp.goods[action].name} card decays"
        workers = [self.worker_label(w) for w in range(len(PLAYER_WORKERS) + len(HIRED_HANDS))]
        return self.game.codec.to_string(
            action, workers, [p.name for p in comp.prestige], [g.name for g in comp.goods],
            BUILDING_NAMES,
        )

    def public_action_string(self, action: int, player: int | None = None) -> str:
        """[4.6] A Gold counter returned in Phase Six goes back face down (RULES_NOTES
        H1): the table sees that a counter was returned, not its value."""
        if self.stage == KEEP_GOLD:
            return "return a Gold counter face down"
        return super().public_action_string(action, player)  # chance: public_chance_string

    def public_chance_string(self, action: int) -> str:
        """The public part of a chance outcome. The starting player [3.4] and every die
        are seen by all (RULES_NOTES H5); the draws are face down: a Gold counter
        [4.3.1], a Railroad counter [4.3.2] and a Goods card (I19), a Hired Hand
        [4.3.4] (H4), and which card a decay die took (H3): the table sees who drew,
        not what."""
        stage = self.stage
        if stage == MINE_DRAW:
            return f"P{controller(self, self.mines[self.cursor])} draws a Gold counter"
        if stage in (RAIL_DRAW, GOODS_DRAW):
            what = "Railroad counter" if stage == RAIL_DRAW else "Railroad Goods card"
            return f"P{controller(self, work.railroad_worker(self))} draws a {what}"
        if stage == HAND_DRAW:
            return f"P{self.recruited_by} recruits a Hired Hand face down"
        if stage == DECAY_PICK:
            return f"one of P{self.decay_queue[0]}'s Railroad Goods cards decays"
        if stage == DECAY_ROLL and action != cleanup.DECAY_FACE:
            # Only a 1 acts [4.6], and the last die of a turn is followed at once by the
            # next turn's table: the record (tensor, log) keeps no other face, so the
            # faces 2-6 read alike.
            return f"P{self.decay_queue[0]}'s Goods decay die spares the card (2-6)"
        return self.action_to_string(action)  # the starting player, a die

    def log_lines(self) -> list[str]:
        """The last turn's public events and this turn's: the phases that pass without
        a decision at a turn's end are still there when the next turn's first
        decision is narrated."""
        return list(self._ensure_log())

    # ------------------------------------------------------------------ information
    def view(self, player: int, rng: np.random.Generator) -> SkagwayState:
        """Redraw what ``player`` has not seen, and the history to match
        (``information.view``; DESIGN.md, "Hidden information and view")."""
        return information.view(self, player, rng)

    def clone(self) -> SkagwayState:
        new = object.__new__(SkagwayState)
        d = {k: (v[:] if type(v) is list else v) for k, v in self.__dict__.items()}
        for key in ("gold_held", "rail_held", "goods_held", "prestige"):
            d[key] = [x[:] for x in self.__dict__[key]]
        d["_legal"] = None
        # The display log travels with the clone: a copy of two turns' public events
        # costs far less than the replay of the whole history that rebuilding it takes
        # (``_ensure_log``), and noting events costs the rules nothing measurable
        # (issue 21). A state without one (deserialized) still rebuilds it when shown.
        log = self._log
        d["_log"] = None if log is None else log[:]
        new.__dict__ = d
        return new

    def _load_fields(self, fields: dict[str, Any]) -> None:
        """Restore the enums that JSON stored as their plain string values."""
        super()._load_fields(fields)
        self.stage = Stage(self.stage)
        self.loc = [Location(where) for where in self.loc]
        self.hand_state = [HandState(h) for h in self.hand_state]


CHANCE_RESOLVERS = {SETUP: SkagwayState._start_game,
                    MINE_DRAW: work.draw_gold, RAIL_DRAW: work.draw_railroad_counter,
                    GOODS_DRAW: work.draw_goods, GOODS_ROLL: work.roll_goods_values,
                    HAND_DRAW: work.draw_hired_hand, DUEL_ROLL: street.duel_roll,
                    CATCH_ROLL: street.catch_roll, DECAY_ROLL: cleanup.decay_roll,
                    DECAY_PICK: cleanup.decay_card}


def _counts(values: tuple[int, ...], counts: tuple[tuple[int, int], ...]) -> list[int]:
    """Counts of ``values`` per face, in the order of the data file's faces."""
    return [values.count(v) for v, _ in counts]
