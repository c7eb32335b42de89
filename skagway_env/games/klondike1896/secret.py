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

All of that is public: every bid lies on the table, the one that ends an auction
included (observation: the won claims and their prices while they are placed), and
so is every payment. So two states a seat cannot tell apart give it the same
arrangements to draw from. Rubies follow from the arrangement, and the setup outcomes
in ``history`` are rewritten to the drawn arrangement, so the view's history replays
to the view. ``ruby_bounds`` sums the same set up for the observation tensor: the
fewest and most rubies the other seat may hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .components import BOARDS_PER_PLAYER
from .geometry import all_arrangements, bits

if TYPE_CHECKING:
    from .state import Klondike1896State

BID, PAY, USABLE = 0, 1, 2  # ledger kinds: held >= value, paid value, paths usable up to value


def _public_key(s: Klondike1896State, q: int) -> tuple:
    """What every seat knows of ``q``'s secret: its placements, their gold, its ledger."""
    return (tuple(s.paths[q]), tuple(g for g, _ in s.gains[q]),
            tuple(tuple(e) for e in s.ledger[q]))


def consistent_arrangements(s: Klondike1896State, q: int) -> np.ndarray:
    """Indices (into ``all_arrangements``) of the arrangements seat ``q`` may have.

    They depend only on ``q``'s placements, scores and ledger (``_public_key``), so
    the game keeps them by those (searches draw many views, tensors read the bounds)."""
    return _belief(s, q)[0]


def ruby_bounds(s: Klondike1896State, q: int) -> tuple[int, int, int, int]:
    """(fewest, most) rubies seat ``q`` may hold usable now, then (fewest, most) it
    keeps apart for the next round, over the arrangements it may have: what another
    seat knows of its secret rubies ([Tips] 2)."""
    return _belief(s, q)[1]


def _belief(s: Klondike1896State, q: int) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """``consistent_arrangements`` and ``ruby_bounds`` together, kept by the game."""
    from .state import START_RUBIES

    key = _public_key(s, q)
    cache = s.game.consistent_cache
    found = cache.get(key)
    if found is not None:
        return found
    indices, won = _gold_stage(s, key[0], key[1])
    # the ledger in one pass: each bid needs START - paid so far + rubies usable then
    need, usable_at = [], []
    paid = usable = 0
    for kind, value in s.ledger[q]:
        if kind == BID:
            need.append(value - START_RUBIES + paid)
            usable_at.append(usable)
        elif kind == PAY:
            paid += value
        else:
            usable = value  # USABLE values only grow: the last one counts
    if need:
        ok = (won[usable_at] >= np.array(need)[:, None]).all(axis=0)
        indices, won = indices[ok], won[:, ok]
    held = START_RUBIES - paid + won[usable]
    fresh = won[-1] - won[usable]
    # the truth is among the arrangements, so none of these is empty
    found = (indices, (int(held.min()), int(held.max()), int(fresh.min()), int(fresh.max())))
    if len(cache) > 5000:
        cache.clear()
    cache[key] = found
    return found


def _gold_stage(s: Klondike1896State, paths: tuple[int, ...], golds: tuple[int, ...]
                ) -> tuple[np.ndarray, np.ndarray]:
    """The arrangements under which each placement scored its public gold, and the
    rubies the first ``i`` placements covered under each (rows ``0..len(paths)``).

    Changes once a placement, so it grows from the one before when that is kept."""
    key = ("gold", paths, golds)
    cache = s.game.consistent_cache
    found = cache.get(key)
    if found is not None:
        return found
    _, gold, ruby = all_arrangements(s.game.components, s.game.grid.square)
    parent = cache.get(("gold", paths[:-1], golds[:-1])) if paths else None
    if parent is not None:
        indices, won, done = parent[0], parent[1], len(paths) - 1
    else:
        indices, won, done = np.arange(gold.shape[1]), np.zeros((1, gold.shape[1]), np.int32), 0
    for mask, g in zip(paths[done:], golds[done:], strict=True):
        cells = bits(mask)
        ok = gold[np.ix_(cells, indices)].sum(axis=0) == g
        indices, won = indices[ok], won[:, ok]
        covered = ruby[np.ix_(cells, indices)].sum(axis=0, dtype=np.int32)
        won = np.vstack([won, won[-1] + covered])
    found = cache[key] = (indices, won)
    return found


def _payments(ledger: list[list[int]]) -> tuple[int, int]:
    """(rubies paid, placements whose rubies are usable) from a seat's ledger."""
    paid = usable = 0
    for kind, value in ledger:
        if kind == PAY:
            paid += value
        elif kind == USABLE:
            usable = value
    return paid, usable


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
        paid, usable = _payments(s.ledger[q])
        view.rubies[q] = START_RUBIES - paid + sum(won[:usable])
        view.fresh[q] = sum(won[usable:])
    return view
