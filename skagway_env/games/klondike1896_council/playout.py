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
  to the seat's move at once;
- a card laid out, a card taken, the last player's partner: the list or the outcomes
  made and the move applied without the state's dispatch on its phase.

The rest (the request turned over, the order of declarations) goes through the
state's own ``_legal_actions``, ``_chance_outcome_at`` and ``_apply_action``.
``tests/test_own_playouts.py`` plays both loops from the same positions and compares
histories, states and returns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core import CHANCE
from ...core.playout import pick_outcome
from . import cards, race
from .phases import FILL, JOIN, OVER, PACE, RACE, REQUEST, TAKE
from .timing import WAIT_BEATS

if TYPE_CHECKING:
    from .state import CouncilState


def random_playout(s: CouncilState, below: Callable[[int], int],
                   uniform: Callable[[], float]) -> None:
    """Play ``s`` to its end with uniformly random moves (chance by its odds), in place;
    the legal cache is left clear, as ``apply_action`` leaves it. The checks of rounds
    before the last are made without their log lines (``CouncilState._quiet``: the
    playout's world is never shown, and the last round's check writes the log the
    generic loop leaves)."""
    game = s.game
    codec = game.codec
    wait, declare, place_base, per_slot = (codec.wait, codec.declare, codec.place_base,
                                           codec.per_slot)
    board_beats, slot_beats = game.params.board_beats, game.slot_beats
    places = game.slot_places
    no_pace, race_end = game.params.pace_beats == 1, game.race_end
    going_on = 2 if game.has_last_player else 1  # racers for the race to go on alone
    pace_list, table, seat_slots = game.pace_list, game.race_table, game.seat_slots
    draw = race._COMPILED.random_choice if table is not None else None
    take_base, join_base = codec.take_base, codec.join_base
    table_size = cards.table_size(s.num_players)
    seats = range(s.num_players)
    waits = [wait] * s.num_players
    history = s.history
    record = history.append
    s._legal = s._public = s._observed = None
    s._quiet = True
    seen = None  # the round's seat records below were read from (``_new_round_seats``)
    while True:
        phase = s.phase
        if phase == RACE:
            if s.landscape is not seen:  # a new round: new seats' records
                seen = landscape = s.landscape
                terrain: list = [None] * len(landscape)  # a seat's (gold, rubies) by cell
                declared_at, free_at, pacing = s.declared, s.free_at, s.pacing
                covered, halo, used, last_claim = s.covered, s.halo, s.used, s.last_claim
                gold_of, rubies_of, placed = s.gold, s.rubies, s.placed
            last = s.last
            racers = [p for p in seats if declared_at[p] < 0 and p != last]  # ``racing``
            while True:  # the ticks where nobody declares, in the race's fast path
                clock = s.clock
                joint, declared = waits[:], []  # a seat busy or out waits: ``below(1)``
                for p in racers:  # draws nothing
                    if free_at[p] > clock:
                        continue
                    if draw is not None:
                        action = draw(table, covered[p], halo[p], used[p], landscape[p],
                                      seat_slots[p], below)
                    else:
                        action = race.random_choice(s, p, below)
                    joint[p] = action
                    if action < place_base:  # Lay (``race.play_tick``'s branches)
                        landscape[p].append(action)
                        terrain[p] = None
                        free_at[p] = clock + board_beats
                        pacing.append(p)
                    elif action < declare:  # Place (``race.lay_claim``, written out)
                        slot, offset = divmod(action - place_base, per_slot)
                        place = places[slot][offset]
                        gold, ruby = terrain[p] or game.terrain(landscape[p])
                        terrain[p] = gold, ruby
                        cells = place.cells
                        covered[p] |= place.mask
                        halo[p] = place.halo
                        used[p] |= 1 << slot
                        last_claim[p] = place.mask
                        gold_of[p] += sum(map(gold.__getitem__, cells))
                        rubies_of[p] += sum(map(ruby.__getitem__, cells))
                        placed[p].append(action)
                        free_at[p] = clock + slot_beats[slot]
                        pacing.append(p)
                    elif action == wait:
                        free_at[p] = clock + WAIT_BEATS
                    else:
                        declared_at[p] = clock
                        declared.append(p)
                record(joint)
                s.pending = declared
                if no_pace:
                    pacing.clear()
                while pacing:  # each move's pace, drawn in turn (``_settle``: PACE each)
                    action = pick_outcome(pace_list, uniform())
                    free_at[pacing.pop(0)] += action
                    record(action)
                if declared or s.queue or last >= 0 or len(racers) < going_on:
                    break  # not ``_race_goes_on``: ``_settle``'s loop decides
                next_move = min([free_at[p] for p in racers])
                if next_move >= race_end:
                    break
                s.clock = next_move
            # ``_settle`` runs before its node's action is in the history (a round's
            # end notes ``len(history) + 1``): the last action recorded waits for it
            ended = history.pop()
            s._settle()
            record(ended)
        elif phase == FILL:  # a card laid out: ``_chance_outcome_at``, ``_apply_action``
            action = pick_outcome(cards.pile_outcomes(s), uniform())  # and ``_settle``'s
            cards.lay_out_card(s, action)  # FILL step, written out
            if sum(s.table) < table_size:
                cards.reshuffle_if_out(s)
            else:
                s.phase = REQUEST
            record(action)
        elif phase == TAKE:  # ``_legal_actions``' list of the cards on the table
            listed = [take_base + k for k, c in enumerate(s.table) if c]
            action = listed[below(len(listed))]
            cards.take_card(s, s.queue.pop(0), action - take_base)
            s._settle()
            record(action)
        elif phase == JOIN:  # ... and of the last player's partners
            last = s.last
            listed = [join_base + q for q in seats if q != last]
            action = listed[below(len(listed))]
            s.partner[last] = action - join_base
            s._settle()
            record(action)
        elif phase == PACE:  # ``_apply_action``'s pace branch
            action = pick_outcome(pace_list, uniform())
            s.free_at[s.pacing.pop(0)] += action
            s.phase = RACE
            s._settle()
            record(action)
        elif phase == OVER:
            s._quiet = None
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
