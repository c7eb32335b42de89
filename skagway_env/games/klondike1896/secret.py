"""[Tips] 2, secret rubies: redrawing what a seat cannot see (``State.view``).

With rubies secret, a seat sees where the other players' claims lie, the gold they
score (the scorecard is public) and every ruby they put down in auctions, but not
their rubies nor the spaces of their landscapes (RULES_NOTES T2). What decides those
is each other seat's board arrangement (which design lies in which slot, turned which
way: a hidden chance outcome at setup). A view draws, for every other seat, an
arrangement uniformly among those that agree with all the seat saw:

- each of its placements scored the gold it publicly scored, and
- it never bid more rubies than it held (the ledger: bids, payments, and the rounds
  from which covered rubies became usable).

Rubies follow from the arrangement, and the setup outcomes in ``history`` are
rewritten to the drawn arrangement, so the view's history replays to the view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .components import BOARDS_PER_PLAYER
from .geometry import all_arrangements, bits

if TYPE_CHECKING:
    from .state import Klondike1896State

BID, PAY, USABLE = 0, 1, 2  # ledger kinds: held >= value, paid value, paths usable up to value


def consistent_arrangements(s: Klondike1896State, q: int) -> np.ndarray:
    """Indices (into ``all_arrangements``) of the arrangements seat ``q`` may have.

    They depend only on ``q``'s placements, scores and ledger, which change a few
    times a round, so the game keeps them by those (searches draw many views)."""
    key = (tuple(s.paths[q]), tuple(g for g, _ in s.gains[q]),
           tuple(tuple(e) for e in s.ledger[q]))
    cache = s.game.consistent_cache
    found = cache.get(key)
    if found is None:
        if len(cache) > 5000:
            cache.clear()
        found = cache[key] = _consistent(s, q)
    return found


def _consistent(s: Klondike1896State, q: int) -> np.ndarray:
    from .state import START_RUBIES

    codes, gold, ruby = all_arrangements(s.game.components, s.game.grid.square)
    ok = np.ones(len(codes), dtype=bool)
    rubies_won = np.zeros((len(s.paths[q]) + 1, len(codes)), dtype=np.int32)
    for i, (mask, (g, _)) in enumerate(zip(s.paths[q], s.gains[q], strict=True)):
        cells = bits(mask)
        ok &= gold[cells].sum(axis=0) == g
        rubies_won[i + 1] = rubies_won[i] + ruby[cells].sum(axis=0)
    paid = usable = 0
    for kind, value in s.ledger[q]:
        if kind == BID:
            ok &= START_RUBIES - paid + rubies_won[usable] >= value
        elif kind == PAY:
            paid += value
        else:
            usable = value
    return np.flatnonzero(ok)


def redraw(s: Klondike1896State, player: int, rng: np.random.Generator) -> Klondike1896State:
    from .state import START_RUBIES

    view = s.clone()
    if s.game.params.identical_boards:
        return view  # everybody's boards are the player's own: nothing is hidden
    codes, _, ruby = all_arrangements(s.game.components, s.game.grid.square)
    for q in range(s.num_players):
        if q == player:
            continue
        laid = sum(1 for code in s.arrangement[q] if code >= 0)
        if not laid:
            continue
        index = int(rng.choice(consistent_arrangements(s, q)))
        pick = codes[index].tolist()
        new = pick[:laid] + [-1] * (BOARDS_PER_PLAYER - laid)
        view.arrangement[q] = new
        for slot in range(laid):
            view.history[q * BOARDS_PER_PLAYER + slot] = new[slot]
        if laid < BOARDS_PER_PLAYER:
            continue
        won = [int(ruby[bits(mask), index].sum()) for mask in s.paths[q]]
        view.gains[q] = [[g, r] for (g, _), r in zip(s.gains[q], won, strict=True)]
        paid = usable = 0
        for kind, value in s.ledger[q]:
            if kind == PAY:
                paid += value
            elif kind == USABLE:
                usable = value
        view.rubies[q] = START_RUBIES - paid + sum(won[:usable])
        view.fresh[q] = sum(won[usable:])
    return view
