"""The council game's own random playout (``CouncilState._random_playout``), the loop
``MCTSAgent._playout`` runs to a game's end.

It plays what the generic loop plays (``core.playout``: a race tick's joint move drawn
seat by seat with ``_random_legal_action``, a chance outcome with
``_chance_outcome_at``), the same draws in the same order, with the race's two most
frequent nodes written out:

- a tick: each seat's move drawn and applied in seat order in one pass (a seat's
  draw reads only its own landscape and cover, which only its own move changes, so
  drawing every seat first and applying them after (``race.play_tick``) is the same);
  a seat with nothing to choose waits without a draw (``below(1)`` draws nothing:
  ``_speedups/draws.c``, numpy's ``random_bounded_uint64_fill``);
- a pace draw (every board and claim has one, RULES_NOTES T1): the picked beats added
  to the seat's move at once.

Everything else (the round's cards, declarations, takes, join up) goes through the
state's own ``_legal_actions``, ``_chance_outcome_at`` and ``_apply_action``.
``tests/test_own_playouts.py`` plays both loops from the same positions and compares
histories, states and returns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core import CHANCE
from ...core.playout import pick_outcome
from . import race
from .phases import OVER, PACE, RACE
from .timing import WAIT_BEATS

if TYPE_CHECKING:
    from .state import CouncilState


def random_playout(s: CouncilState, below: Callable[[int], int],
                   uniform: Callable[[], float]) -> None:
    """Play ``s`` to its end with uniformly random moves (chance by its odds), in place;
    the legal cache is left clear, as ``apply_action`` leaves it."""
    game = s.game
    codec = game.codec
    wait, declare, place_base, per_slot = codec.wait, codec.declare, codec.place_base, \
        codec.per_slot
    board_beats, slot_beats = game.params.board_beats, game.slot_beats
    no_pace = game.params.pace_beats == 1
    pace_list, table, seat_slots = game.pace_list, game.race_table, game.seat_slots
    draw = race._COMPILED.random_choice if table is not None else None
    seats = range(s.num_players)
    record = s.history.append
    s._legal = None
    while True:
        phase = s.phase
        if phase == RACE:
            s._public = s._observed = None
            clock, last = s.clock, s.last
            declared_at, free_at, landscape = s.declared, s.free_at, s.landscape
            pacing = s.pacing
            joint, declared = [], []
            for p in seats:
                if declared_at[p] >= 0 or p == last or free_at[p] > clock:
                    joint.append(wait)  # busy or out: ``below(1)`` draws nothing
                    continue
                if draw is not None:
                    action = draw(table, s.covered[p], s.halo[p], s.used[p], landscape[p],
                                  seat_slots[p], below)
                else:
                    action = race.random_choice(s, p, below)
                joint.append(action)
                if action < place_base:  # Lay (``race.play_tick``'s branches)
                    landscape[p].append(action)
                    free_at[p] = clock + board_beats
                    pacing.append(p)
                elif action < declare:  # Place
                    slot, offset = divmod(action - place_base, per_slot)
                    race.lay_claim(s, p, slot, offset)
                    s.placed[p].append(action)
                    free_at[p] = clock + slot_beats[slot]
                    pacing.append(p)
                elif action == wait:
                    free_at[p] = clock + WAIT_BEATS
                else:
                    declared_at[p] = clock
                    declared.append(p)
            s.pending = declared
            if no_pace:
                s.pacing = []
            s._settle()
            record(joint)
        elif phase == PACE:  # ``_apply_action``'s pace branch
            s._public = s._observed = None
            action = pick_outcome(pace_list, uniform())
            s.free_at[s.pacing.pop(0)] += action
            s.phase = RACE
            s._settle()
            record(action)
        elif phase == OVER:
            return
        else:
            cur = s.current_player()
            if cur == CHANCE:
                action = s._chance_outcome_at(uniform())
            else:
                legal = s._legal_actions(cur)
                action = legal[below(len(legal))]
            s._apply_action(action)
            record(action)
