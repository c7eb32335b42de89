"""What one seat cannot see of the others until the check, and ``State.view``'s redraw.

With ``covers="hidden"`` (RULES_NOTES H2) a seat sees of another, during a round: how
many boards it laid, which claims it took from its set and when (the set lies in
front of each player, [Preparation]), when it declared, what card it took; not which
boards it laid in which turn, nor where its claims lie, nor so what they cover ("the
claims lie on the gold"). At the check everything is uncovered ([Playing the game]
"one by one, the players start to uncover their claims"), and the log shows it.

``redraw`` keeps all of that and draws the rest again: for every other seat a
landscape of as many boards (distinct designs, any turns, uniformly) and, on it,
a legal path of the same claims in the same order (a depth-first search over Game
1's placements in a random order). The other seat's real choices are its own, not
chance, so no odds are fixed by the rules; each consistent landscape is equally
likely and the search's random order spreads the paths. The view's history is
rewritten to the redrawn moves, so replaying it rebuilds the view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..klondike1896.components import BOARDS_PER_PLAYER
from ..klondike1896.geometry import ROTATIONS
from .race import legal_offsets

if TYPE_CHECKING:
    from .state import CouncilState

LANDSCAPE_TRIES = 8  # landscapes drawn before the search budget doubles
SEARCH_NODES = 400  # placements first tried on one landscape


def hidden_seats(s: CouncilState, player: int) -> list[int]:
    """The seats whose round ``player`` has not seen: every other seat that laid a
    board in the round being played (nothing is laid between rounds)."""
    return [q for q in range(s.num_players) if q != player and s.landscape[q]]


def redraw(s: CouncilState, player: int, rng: np.random.Generator) -> CouncilState:
    view: CouncilState = s.clone()  # type: ignore[assignment]
    seats = hidden_seats(s, player)
    for q in seats:
        _redraw_seat(view, q, rng)
    _rewrite_history(view, seats)
    view._race_legal = None
    view._public = view._observed = None
    return view


def _reset_cover(view: CouncilState, q: int) -> None:
    view.covered[q] = 0
    view.halo[q] = view.game.grid.start
    view.last_claim[q] = 0
    view.gold[q] = view.rubies[q] = 0
    view.used[q] = 0
    view.placed[q] = []


def _redraw_seat(view: CouncilState, q: int, rng: np.random.Generator) -> None:
    """Draw landscapes until one takes the seat's claims in order. The seat's true
    round is never kept, even as a last resort: that would hand the viewer the truth
    exactly where it is hardest to guess. A path exists (the truth's own landscape is
    one of the draws), and the search budget doubles every ``LANDSCAPE_TRIES``
    landscapes, so the search ends."""
    codec = view.game.codec
    boards = len(view.landscape[q])
    slots = [(a - codec.place_base) // codec.per_slot for a in view.placed[q]]  # Place.slot
    budget, tries = SEARCH_NODES, 0
    while True:
        designs = rng.permutation(BOARDS_PER_PLAYER)[:boards]
        view.landscape[q] = [codec.lay(int(d), int(rng.integers(ROTATIONS))) for d in designs]
        _reset_cover(view, q)
        if _path(view, q, slots, rng, [budget]):
            _count_cover(view, q)
            return
        tries += 1
        if tries % LANDSCAPE_TRIES == 0:
            budget *= 2


def _path(view: CouncilState, q: int, slots: list[int], rng: np.random.Generator,
          nodes: list[int]) -> bool:
    """Place ``slots`` in order on ``q``'s landscape, in a random legal way (what lies
    under the claims is counted once the path is found, ``_count_cover``)."""
    if not slots:
        return True
    slot, rest = slots[0], slots[1:]
    offsets = legal_offsets(view, q, slot)
    game = view.game
    codec = game.codec
    table = game.grid.by_action[game.components.slot_claim(slot)]
    for i in rng.permutation(len(offsets)):
        nodes[0] -= 1
        if nodes[0] < 0:
            return False
        saved = (view.covered[q], view.halo[q], view.last_claim[q], view.used[q])
        offset = offsets[int(i)]
        place = table[offset]
        view.covered[q] |= place.mask
        view.halo[q] = place.halo
        view.used[q] |= 1 << slot
        view.last_claim[q] = place.mask
        view.placed[q].append(codec.place(slot, offset))
        if _path(view, q, rest, rng, nodes):
            return True
        view.placed[q].pop()
        view.covered[q], view.halo[q], view.last_claim[q], view.used[q] = saved
    return False


def _count_cover(view: CouncilState, q: int) -> None:
    """The gold pieces and rubies under ``q``'s redrawn claims (``race.lay_claim``'s
    count, summed once over the claims' cells: they never overlap, so these are the
    cover's cells, read from the placements instead of bit by bit)."""
    game = view.game
    codec, places = game.codec, game.slot_places
    gold, ruby = game.terrain(view.landscape[q])
    cells = [c for action in view.placed[q]
             for c in places[(action - codec.place_base) // codec.per_slot][
                 (action - codec.place_base) % codec.per_slot].cells]
    view.gold[q] = sum(map(gold.__getitem__, cells))
    view.rubies[q] = sum(map(ruby.__getitem__, cells))


def _rewrite_history(view: CouncilState, seats: list[int]) -> None:
    """Each seat's k-th board and k-th claim of this round become the redrawn ones
    (a move's kind read from its id's range in the codec, no decoding)."""
    codec = view.game.codec
    place_base, declare = codec.place_base, codec.declare
    lays = {q: iter(view.landscape[q]) for q in seats}
    places = {q: iter(view.placed[q]) for q in seats}
    history = view.history
    for i in range(view.round_began, len(history)):
        entry = history[i]
        if type(entry) is not list:
            continue
        joint = list(entry)
        for q in seats:
            action = joint[q]
            if action < place_base:  # Lay
                joint[q] = next(lays[q])
            elif action < declare:  # Place
                joint[q] = next(places[q])
        history[i] = joint
