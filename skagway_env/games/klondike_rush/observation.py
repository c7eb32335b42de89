"""What one seat sees, as a tensor and as text (encoding apart from the rules).

A seat sees the board, the value track, the company cards on auction and every
bid, every seat's cards, unbuilt mines, hunt tokens and completed orders (all face
up: Errata 1, Free Actions), the number of order cards each holds, and its own order
cards. Money is secret at the table, but every change to it is public (bids paid,
builds, completed orders, turned-in tokens, profits), so the seat holds what a
careful player reckons: every seat's exact money (RULES_NOTES H1).

Seats are listed relative to the observer (the observer first, then clockwise),
padded to five. Tensor layout (S spaces, K order kinds, C company cards; 36, 12 and 36
bundled):

| slice (in order)        | meaning                                                  |
|-------------------------|----------------------------------------------------------|
| 11                      | phase one-hot (PHASE_NAMES)                              |
| 5                       | seat to decide, relative one-hot (none at chance)        |
| 5                       | active seat (snow beast figure), relative one-hot        |
| 6                       | last round, last turns left/5, auction progress/5,       |
|                         | cards still to draw/36, deck/36, order deck/32           |
| 2 x 10                  | cards on auction: present, invest x4, mines x4, crates   |
| 6                       | high bid/50, high bidder relative one-hot                |
| 5 x 4                   | auction status per seat: waiting, bid, passed, declined  |
| 5                       | value track space per company/11, order cards to draw    |
| S x 11                  | per space: mine (4 companies, town) and token (6 kinds)  |
| K                       | own order cards, copies of each kind                     |
| 5 x (20 + K)            | per seat: present, money/100, investments x4, unbuilt    |
|                         | mines x4, tokens x6, completed orders by kind x K,       |
|                         | order cards held, profit card used, Last Bid card held,  |
|                         | company cards won/10                                     |
| C                       | company cards turned up so far, one flag a card (so the  |
|                         | cards still in the deck are known: Setup 3, Playing the  |
|                         | Game 1 "places it face up on the table for all to see")  |

Bounds (``bounds``): one-hots and flags lie in ``[0, 1]``; every count up to its
supply in the data file (the cards in play for the player count [Setup 3], the order
cards, the hunt tokens, the symbols those cards carry); the value track up to the
town's mine plus every mine symbol of the company [Playing the Game 2]; the high bid
up to ``MAX_BID``; money up to ``max_money``, since every dollar a seat gains is named
by a rule and each rule pays a bounded number of times. Nothing is left unbounded.

``encode`` is the C twin of ``encode_python`` (``skagway_env/_speedups/_kr_obs.c``,
issue 21) when that was built: it writes every block afresh (cheaper in C than the
board and seat caches) and gives the same tensor bit for bit
(``tests/test_compiled_encoders.py``); without it, or with ``SKAGWAY_PURE_PYTHON=1``,
``encode`` is ``encode_python``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..._speedups import load
from ...core.bounds import FeatureBounds
from .actions import MAX_BID
from .auction import STATUS_NAMES
from .components import NUM_COMPANIES, TOKEN_KINDS, Components
from .endgame import MOST_ORDERS_MONEY, SECOND_ORDERS_MONEY, SNOW_BEAST_MONEY
from .income import TURN_IN_MONEY, TURN_IN_SIZE
from .setup import START_MONEY, starting_deck

if TYPE_CHECKING:
    from .state import KlondikeRushState

MAX_SEATS = 5
LOT = 2
PHASES = 11
CARD_FEATURES = 1 + 2 * NUM_COMPANIES + 1
SPACE_FEATURES = NUM_COMPANIES + 1 + len(TOKEN_KINDS)
_HEAD = PHASES + 2 * MAX_SEATS + 6 + LOT * CARD_FEATURES + 1 + MAX_SEATS \
    + MAX_SEATS * len(STATUS_NAMES) + NUM_COMPANIES + 1



def _one_hot_rows(width: int) -> tuple[list[float], ...]:
    """Row 0 all zeros (nothing there), row i + 1 one-hot at i."""
    return tuple([float(i == k) for i in range(width)] for k in range(-1, width))


# _ROTATIONS[n][p]: the seats in the order observer p lists them
_ROTATIONS = {n: [np.array([(p + r) % n for r in range(n)]) for p in range(n)]
              for n in range(2, MAX_SEATS + 1)}
_MINE_ROWS = _one_hot_rows(NUM_COMPANIES + 1)
_TOKEN_ROWS = _one_hot_rows(len(TOKEN_KINDS))


def seat_features(num_orders: int) -> int:
    return 1 + 1 + 2 * NUM_COMPANIES + len(TOKEN_KINDS) + num_orders + 4


def size(comp: Components) -> int:
    return (_HEAD + comp.num_spaces * SPACE_FEATURES + comp.num_orders
            + MAX_SEATS * seat_features(comp.num_orders) + len(comp.cards))


def max_money(comp: Components, num_players: int) -> int:
    """The most money a seat can hold: payments go to the supply ([Playing the Game 1]
    the winning bid, [Playing the Game 2] a build), so only these add to it:

    - [Setup 5] the starting $30;
    - [Playing the Game 3] the profit card, once, and [Game End] the final profits
      (twice for an unused card): at most twice every investment symbol in play at
      the best value its company's track can reach (the town's mine plus every mine
      symbol of that company);
    - [Free Actions] every order card completed, and a turn-in of three of the hunt
      tokens on the board (one a space but the town's [Setup 2]) for $5;
    - [Game End] the whole snow beast award, and both order piles [Errata].
    """
    cards = [c for c, d in zip(comp.cards, starting_deck(comp, num_players), strict=True) if d]
    profit = 0
    for k in range(NUM_COMPANIES):
        built = sum(c.mines[k] for c in cards)
        profit += sum(c.invest[k] for c in cards) * max(comp.values[:built + 1])
    orders = sum(o.value * o.count for o in comp.orders)
    turn_ins = (comp.num_spaces - 1) // TURN_IN_SIZE * TURN_IN_MONEY
    return (START_MONEY + 2 * profit + orders + turn_ins + SNOW_BEAST_MONEY
            + MOST_ORDERS_MONEY + SECOND_ORDERS_MONEY)


def bounds(comp: Components, num_players: int) -> tuple[np.ndarray, np.ndarray]:
    """Per-feature ``(low, high)`` in the layout above."""
    n = num_players
    cards = [c for c, d in zip(comp.cards, starting_deck(comp, n), strict=True) if d]
    invest = np.array([sum(c.invest[k] for c in cards) for k in range(NUM_COMPANIES)])
    mines = np.array([sum(c.mines[k] for c in cards) for k in range(NUM_COMPANIES)])
    copies = np.array([o.count for o in comp.orders])
    lot_card = (FeatureBounds().add(1)
                .add(NUM_COMPANIES, np.array([max(c.invest[k] for c in cards)
                                              for k in range(NUM_COMPANIES)]))
                .add(NUM_COMPANIES, np.array([max(c.mines[k] for c in cards)
                                              for k in range(NUM_COMPANIES)]))
                .add(1, max(c.crates for c in cards)))
    out = (FeatureBounds().add(PHASES).add(2 * MAX_SEATS)
           .add(1).add(2, n / 5).add(2, len(cards) / 36).add(1, copies.sum() / 32)
           .extend(lot_card, LOT)
           .add(1, MAX_BID / 50).add(MAX_SEATS).add(MAX_SEATS * len(STATUS_NAMES))
           .add(NUM_COMPANIES, (mines + 1) / 11)
           .add(1, LOT * max(c.crates for c in cards))
           .add(comp.num_spaces * SPACE_FEATURES)
           .add(comp.num_orders, copies))
    seat = (FeatureBounds().add(1).add(1, max_money(comp, n) / 100)
            .add(NUM_COMPANIES, invest).add(NUM_COMPANIES, mines)
            .add(len(TOKEN_KINDS), np.array(comp.tokens)).add(comp.num_orders, copies)
            .add(1, copies.sum()).add(2).add(1, len(cards) / 10))
    return (out.extend(seat, MAX_SEATS)
            .add(len(comp.cards), np.array(starting_deck(comp, n), dtype=float))
            .arrays(size(comp)))


def board(s: KlondikeRushState) -> np.ndarray:
    """The per-space block, cached on the state until a mine or token changes."""
    cached = s._board
    if cached is None:
        cells: list[float] = []
        for m, t in zip(s.space_mine, s.space_token, strict=True):
            cells += _MINE_ROWS[m + 1]
            cells += _TOKEN_ROWS[t + 1]
        cached = s._board = np.array(cells, dtype=np.float32)
    return cached


def seat_row(s: KlondikeRushState, q: int) -> list[float]:
    """Seat ``q``'s public block, the same for every observer (see the layout)."""
    return ([1.0, s.money[q] / 100] + s.invest[q] + s.unused[q] + s.tokens[q] + s.completed[q]
            + [sum(s.hand[q]), float(s.profit_used[q]), float(s.last_bid_card[q]),
               s.cards_won[q] / 10])


def seat_rows(s: KlondikeRushState) -> np.ndarray:
    """Every seat's block, refreshing only the seats the rules marked (``s.touch``);
    the tests compare this cache with a full rebuild along random games."""
    rows = s._rows
    if rows is None:
        rows = s._rows = np.array([seat_row(s, q) for q in range(s.num_players)], np.float32)
    elif s._dirty:
        for q in range(s.num_players):
            if s._dirty >> q & 1:
                rows[q] = seat_row(s, q)
    s._dirty = 0
    return rows


def encode_python(s: KlondikeRushState, player: int) -> np.ndarray:
    """The head from plain lists; the board and seat blocks from their caches."""
    comp = s.game.components
    n = s.num_players
    rel = [(q - player) % n for q in range(n)]
    head = [0.0] * _HEAD
    head[s.phase] = 1.0
    i = PHASES
    if s.phase not in s.CHANCE_PHASES and s.to_move >= 0:
        head[i + rel[s.to_move]] = 1.0
    i += MAX_SEATS
    head[i + rel[s.active]] = 1.0
    i += MAX_SEATS
    head[i:i + 6] = (float(s.last_round), s.turns_left / 5, s.acted / 5, s.draws_left / 36,
                     sum(s.deck) / 36, sum(s.order_deck) / 32)
    i += 6
    for slot, c in enumerate(s.lot):
        card = comp.cards[c]
        j = i + slot * CARD_FEATURES
        head[j:j + CARD_FEATURES] = (1.0, *card.invest, *card.mines, card.crates)
    i += LOT * CARD_FEATURES
    head[i] = s.high_bid / 50
    if s.high_bidder >= 0:
        head[i + 1 + rel[s.high_bidder]] = 1.0
    i += 1 + MAX_SEATS
    for q in range(n):
        head[i + len(STATUS_NAMES) * rel[q] + s.status[q]] = 1.0
    i += MAX_SEATS * len(STATUS_NAMES)
    head[i:i + NUM_COMPANIES + 1] = [t / 11 for t in s.track] + [s.crates]
    cells = board(s)
    rows = seat_rows(s)
    k = comp.num_orders
    out = np.zeros(s.game.obs_size, dtype=np.float32)
    out[:_HEAD] = head
    j = _HEAD + cells.size
    out[_HEAD:j] = cells
    out[j:j + k] = s.hand[player]
    j += k
    out[j:j + rows.size] = rows.take(_ROTATIONS[n][player], axis=0).ravel()
    j += MAX_SEATS * rows.shape[1]
    out[j:] = cards_seen(s)
    return out


_twin = load("_kr_obs")
if _twin is None:
    encode = encode_python
else:
    _twin.init(empty=np.empty, float32=np.dtype(np.float32), max_seats=MAX_SEATS, phases=PHASES,
               companies=NUM_COMPANIES, tokens=len(TOKEN_KINDS), statuses=len(STATUS_NAMES),
               lot=LOT, head=_HEAD, seat_fixed=seat_features(0))
    encode = _twin.encode


def cards_seen(s: KlondikeRushState) -> list[bool]:
    """Each company card: turned up so far (in play [Setup 3] and out of the deck)."""
    return [bool(start and not left)
            for start, left in zip(s.game.start_deck, s.deck, strict=True)]


def _counts(names: tuple[str, ...], counts: list[int]) -> str:
    return ", ".join(f"{c} {names[k]}" for k, c in enumerate(counts) if c) or "none"


def _orders(comp: Components, counts: list[int]) -> str:
    return "; ".join(
        f"{c}x {comp.orders[k].label()}" if c > 1 else comp.orders[k].label()
        for k, c in enumerate(counts) if c) or "none"


def board_text(s: KlondikeRushState) -> str:
    """The mines and tokens lines, cached on the state until one changes."""
    text = s._board_text
    if text is None:
        names = s.game.components.companies
        mines = [f"{x}:{'town' if m == NUM_COMPANIES else names[m]}"
                 for x, m in enumerate(s.space_mine) if m >= 0]
        tokens = [f"{x}:{TOKEN_KINDS[t]}" for x, t in enumerate(s.space_token) if t >= 0]
        text = s._board_text = (f"mines: {' '.join(mines)}\n"
                                f"tokens: {' '.join(tokens) or 'none'}")
    return text


def describe(s: KlondikeRushState, player: int | None, with_log: bool = True) -> str:
    """Text view for ``player`` (``None``: the whole state, every hand included).
    The game keeps no move log, so ``with_log`` changes nothing: the position string is
    the whole text."""
    comp = s.game.components
    names = comp.companies
    head = f"{s.PHASE_NAMES[s.phase]}; snow beast figure: P{s.active}"
    if s.phase not in s.CHANCE_PHASES and s.phase != s.OVER:
        head += f"; P{s.to_move} to decide"
    head += f"; company cards to draw: {s.draws_left} (deck {sum(s.deck)})"
    head += f"; order deck: {sum(s.order_deck)}"
    if s.last_round:
        head += f"; last round, {s.turns_left} last turn(s) left"
    lines = [head]
    if s.lot:
        lines.append("on auction: " + " + ".join(comp.card_label(c) for c in s.lot))
    if s.phase in (s.BID, s.OFFER, s.LAST):
        high = f"${s.high_bid} by P{s.high_bidder}" if s.high_bidder >= 0 else "none"
        lines.append(f"high bid {high}; " + ", ".join(
            f"P{q} {STATUS_NAMES[st]}" for q, st in enumerate(s.status)))
    lines.append("value track: " + ", ".join(
        f"{names[c]} {s.track[c]} (${comp.values[s.track[c] - 1]})"
        for c in range(NUM_COMPANIES)))
    lines.append(board_text(s))
    seen = [str(c) for c, flag in enumerate(cards_seen(s)) if flag]
    lines.append(f"company cards turned up: {' '.join(seen) or 'none'}")
    for q in range(s.num_players):
        last_bid = "; last bid card" if s.last_bid_card[q] else ""
        lines.append(
            f"P{q}{'*' if q == player else ''}: ${s.money[q]}; profit card "
            f"{'used' if s.profit_used[q] else 'ready'}{last_bid}; cards {s.cards_won[q]}; "
            f"invest {_counts(names, s.invest[q])}; unbuilt {_counts(names, s.unused[q])}; "
            f"tokens {_counts(TOKEN_KINDS, s.tokens[q])}; order cards {sum(s.hand[q])}; "
            f"completed {_orders(comp, s.completed[q])}")
    shown = range(s.num_players) if player is None else [player]
    for q in shown:
        lines.append(f"orders P{q}: {_orders(comp, s.hand[q])}")
    return "\n".join(lines)
