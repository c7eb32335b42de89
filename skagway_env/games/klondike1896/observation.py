"""What one seat sees, as a tensor and as text (RLCard style: encoding apart from rules).

Everything is public (claims are dealt face up, [Preparation]; ruby counts are public
knowledge) except, with secret rubies ([Tips] 2), the other seats' rubies and the
spaces of their landscapes (RULES_NOTES T2). Seats are listed from the observer,
then clockwise, padded to four.

Tensor layout (T = 11 claim types with the bundled data, C = 144 grid cells):

| slice               | meaning                                                     |
|---------------------|-------------------------------------------------------------|
| 0..6                | phase one-hot: setup, deal, auction, place, additional      |
|                     | auction, additional place, over                             |
| 7..10               | seat to move, relative one-hot                              |
| 11..14              | the round's first player, relative one-hot                  |
| 15                  | round / 50                                                  |
| then 4 x 4 x 2      | auction: claim slot x seat: pawn there, its rubies / 10     |
|                     | (kept while the won claims are placed: what each pays)      |
| then 6              | additional auction: high bidder one-hot, bid / 10, passes/4 |
| then 4 x T          | claim each seat has won and not yet placed, one-hot         |
| then T              | claims left in the supply / 10, additional claims left / 16 |
| then 7 x 4 x T      | the rows on the table (current first), slot, type one-hot   |
| then 4 x (11 + 4C)  | per seat: gold / 50, rubies / 10, fresh rubies / 10,        |
|                     | rubies hidden, reached the goal, deduction / 50, rubies     |
|                     | paid so far / 10, fewest and most rubies it may hold / 10,  |
|                     | fewest and most fresh rubies / 10; then four planes over    |
|                     | the cells: covered, last claim, gold pieces / 3, ruby spaces|

With secret rubies ([Tips] 2) another seat's rubies read zero, but what the observer
knows of them is there: the rubies it paid (every payment is public, [1)] and [4)]),
and the fewest and most it may hold, over the board arrangements that agree with its
public gold and bids (``secret.ruby_bounds``). For a seat the observer sees, fewest
and most are the counts.

Bounds (``bounds``): one-hots, flags and planes lie in ``[0, 1]``; the others are
counts, each up to what the rules and the component data allow, none negative:

- round: one round a dealt row of n claims, so at most ``game.max_rounds``;
- bids: at most ``MAX_BID`` (the action space) and the rubies one can hold;
- supply: each type up to its copies; additional claims up to theirs;
- gold and rubies: what one set of boards holds (``Components.set_gold``,
  ``set_ruby_spaces``), plus the three starting rubies ([Preparation]); rubies paid
  come out of those, so they are bounded the same way;
- deduction: ``endgame.max_deduction``; gold pieces a space: ``richest_space``.

Nothing stays infinite: every count comes from a fixed supply or board.

``encode_python`` writes only the head (the first rows of the table) afresh each step;
the table block and each seat's block are kept (on the state and on the game) and
copied in. ``encode`` is its C twin (``skagway_env/_speedups/_k1896_obs.c``, issue 21)
when that was built, which writes every block afresh (cheaper in C than keying the
caches) and gives the same tensor bit for bit (``tests/test_compiled_encoders.py``);
without it, or with ``SKAGWAY_PURE_PYTHON=1``, ``encode`` is ``encode_python``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..._speedups import load
from ...core.bounds import FeatureBounds
from .actions import MAX_BID
from .actions import PLACE as FIRST_PLACE_ID
from .endgame import max_deduction
from .phases import AUCTION, EXTRA, PHASE_NAMES, PLACE
from .secret import ruby_bounds

if TYPE_CHECKING:
    from .game import Klondike1896Game
    from .state import Klondike1896State

SEATS = 4
PHASES = 7
MAX_ROWS = 7  # one row left plus six dealt ([Adding claims])
SEAT_SCALARS = 11
PLANES = 4


def head_size(t: int) -> int:
    """Length of the part written afresh every step."""
    return PHASES + 4 + 4 + 1 + SEATS * SEATS * 2 + 6 + SEATS * t


def size(claim_types: int, cells: int) -> int:
    return (head_size(claim_types) + claim_types + MAX_ROWS * SEATS * claim_types
            + SEATS * (SEAT_SCALARS + PLANES * cells))


def bounds(game: Klondike1896Game) -> tuple[np.ndarray, np.ndarray]:
    """Per-feature ``(low, high)`` in the layout above (every low 0)."""
    from .state import START_RUBIES

    comp, cells = game.components, game.grid.cells
    t = len(comp.claims)
    # [Preparation] three rubies; [3) Counting points] more only from covered ruby spaces
    most_rubies = START_RUBIES + comp.set_ruby_spaces
    top_bid = min(MAX_BID, most_rubies) / 10.0  # a bid is paid from rubies held
    # [1)] a round's auction takes a dealt row of n claims: game.max_rounds rows at most
    out = FeatureBounds().add(PHASES + 4 + 4).add(1, game.max_rounds / 50.0)
    out.extend(FeatureBounds().add(1).add(1, top_bid), SEATS * SEATS)
    out.add(SEATS).add(1, top_bid).add(1)  # passes stay below n <= 4 in the auction
    out.add(SEATS * t)
    copies = np.array([c.count for c in comp.claims[:comp.row_types]], np.float32)
    out.add(comp.row_types, copies / 10.0).add(1, comp.claims[comp.additional].count / 16.0)
    out.add(MAX_ROWS * SEATS * t)
    seat = FeatureBounds().add(1, comp.set_gold / 50.0).add(1, most_rubies / 10.0)
    seat.add(1, comp.set_ruby_spaces / 10.0).add(2).add(1, max_deduction(game.grid) / 50.0)
    seat.add(3, most_rubies / 10.0).add(2, comp.set_ruby_spaces / 10.0)  # paid; bounds
    seat.add(2 * cells).add(cells, comp.richest_space / 3.0).add(cells)
    out.extend(seat, SEATS)
    return out.arrays(game.observation_size())


def _plane(mask: int, cells: int) -> np.ndarray:
    raw = np.frombuffer(mask.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:cells]


def _planes(s: Klondike1896State, q: int, laid: bool, last: int) -> np.ndarray:
    game = s.game
    cells = game.grid.cells
    key = (tuple(s.arrangement[q]) if laid else None, s.covered[q], last)
    block = game.planes_cache.get(key)
    if block is None:
        block = np.zeros(PLANES * cells, dtype=np.float32)
        block[:cells] = _plane(s.covered[q], cells)
        block[cells:2 * cells] = _plane(last, cells)
        if laid:
            gold, ruby = game.terrain(s.arrangement[q])
            block[2 * cells:3 * cells] = np.asarray(gold, dtype=np.float32) / 3.0
            block[3 * cells:] = ruby
        if len(game.planes_cache) > 20000:
            game.planes_cache.clear()
        game.planes_cache[key] = block
    return block


def seat_block(s: Klondike1896State, q: int, shown: bool) -> np.ndarray:
    """Seat ``q``'s scalars and four planes (rubies and terrain zero when not
    ``shown``); kept by the game, never written to once made."""
    game = s.game
    last = s.paths[q][-1] if s.paths[q] else 0
    laid = shown and s.arrangement[q][-1] >= 0
    rubies = (s.rubies[q], s.fresh[q]) if shown else None
    known = known_rubies(s, q, shown)
    key = (tuple(s.arrangement[q]) if laid else None, s.covered[q], last, s.gold[q], rubies,
           s.finished[q], s.deduction[q], s.paid[q], known)
    block = game.seats_cache.get(key)
    if block is None:
        head = [s.gold[q] / 50.0, 0.0, 0.0, 1.0, float(s.finished[q]), s.deduction[q] / 50.0,
                s.paid[q] / 10.0, *(k / 10.0 for k in known)]
        if rubies is not None:
            head[1:4] = [rubies[0] / 10.0, rubies[1] / 10.0, 0.0]
        block = np.concatenate([np.array(head, dtype=np.float32), _planes(s, q, laid, last)])
        if len(game.seats_cache) > 20000:
            game.seats_cache.clear()
        game.seats_cache[key] = block
    return block


def known_rubies(s: Klondike1896State, q: int, shown: bool) -> tuple[int, int, int, int]:
    """(fewest, most) usable and (fewest, most) fresh rubies seat ``q`` may hold, as
    the observer knows them: the counts when it sees them, else ``ruby_bounds``.

    ``ruby_bounds`` hangs on ``q``'s public record (its paths, their gold, its ledger),
    and building that key cost three quarters of a secret-rubies encoding (issue 21).
    Within one state the record only grows (``placement.place`` and the ledger append
    to it), so the bounds are kept on the state (``_known_bounds``, dropped by
    ``clone`` and ``deserialize`` like every ``_`` cache) under the record's lengths."""
    if shown:
        return s.rubies[q], s.rubies[q], s.fresh[q], s.fresh[q]
    kept = s._known_bounds
    if kept is None:
        kept = s._known_bounds = [None] * s.num_players
    stamp = (len(s.paths[q]), len(s.ledger[q]))
    entry = kept[q]
    if entry is None or entry[0] != stamp:
        entry = kept[q] = (stamp, ruby_bounds(s, q))
    return entry[1]


def table_block(s: Klondike1896State) -> np.ndarray:
    """The supply and the rows on the table, kept on the state until they change."""
    block = s._table_block
    if block is None:
        t = len(s.game.components.claims)
        block = np.zeros(t + MAX_ROWS * SEATS * t, dtype=np.float32)
        block[:len(s.supply)] = np.asarray(s.supply, dtype=np.float32) / 10.0
        block[t - 1] = s.extra_left / 16.0
        for r, row in enumerate(s.rows):
            for k, claim in enumerate(row):
                block[t + (r * SEATS + k) * t + claim] = 1.0
        s._table_block = block
    return block


def sees_all_of(s: Klondike1896State, observer: int | None, q: int) -> bool:
    """Whether ``observer`` sees seat ``q``'s rubies and landscape."""
    return observer is None or observer == q or not s.ledger


def encode_python(s: Klondike1896State, player: int) -> np.ndarray:
    """The tensor: the head's few non-zero entries one by one, then the kept blocks."""
    game = s.game
    n = s.num_players
    out = np.zeros(game.observation_size(), dtype=np.float32)
    out[s.phase] = 1.0
    cur = s.current_player()
    if cur >= 0:
        out[PHASES + (cur - player) % n] = 1.0
    out[PHASES + 4 + (s.first - player) % n] = 1.0
    out[PHASES + 8] = s.round / 50.0
    at = PHASES + 9
    if s.phase == AUCTION or s.phase == PLACE:  # [1)] the pawns' rubies lie on the table
        for q in range(n):
            k = s.pawn[q]
            if k >= 0:
                i = at + (k * SEATS + (q - player) % n) * 2
                out[i] = 1.0
                out[i + 1] = s.bid[q] / 10.0
    at += SEATS * SEATS * 2
    if s.phase == EXTRA:
        if s.extra_high >= 0:
            out[at + (s.extra_high - player) % n] = 1.0
        out[at + 4] = s.extra_bid / 10.0
        out[at + 5] = s.extra_passes / 4.0
    at += 6
    t = len(game.components.claims)
    for q in range(n):
        if s.won[q] >= 0:
            out[at + (q - player) % n * t + s.won[q]] = 1.0
    at += SEATS * t
    table = table_block(s)
    out[at:at + table.size] = table
    at += table.size
    hidden = bool(s.ledger)
    for r in range(n):
        q = (player + r) % n
        block = seat_block(s, q, not hidden or q == player)
        out[at:at + block.size] = block
        at += block.size
    return out


TERRAIN_TAG = "f32 terrain"
"""The C twin keeps an arrangement's terrain planes (gold pieces / 3, then ruby spaces,
float32 bytes) in ``game.planes_cache`` under ``(TERRAIN_TAG, tuple(arrangement))``."""

_twin = load("_k1896_obs")
if _twin is None:
    encode = encode_python
else:
    _twin.init(empty=np.empty, float32=np.dtype(np.float32), known_rubies=known_rubies,
               terrain_tag=TERRAIN_TAG, auction=AUCTION, place=PLACE, extra=EXTRA, seats=SEATS,
               phases=PHASES, max_rows=MAX_ROWS, seat_scalars=SEAT_SCALARS, planes=PLANES)
    encode = _twin.encode


_SYMBOL = {0: ".", 1: "1", 2: "2", 3: "3"}
LEGEND = ("landscapes: row numbers on the left, column numbers above (tens over units){}; "
          ". empty, 1-3 gold pieces, R ruby, # covered, @ the last claim{}")
PATH = {False: ", the path runs from the start (column 0) to the finish (the last column)",
        True: ", the path reaches every frame of the square ([Tips] 3)"}
ROW_LABEL = 8  # width of "  row 10" and the blank start of the column headings


def _split(s: Klondike1896State, chars: list[str]) -> str:
    """One grid row's characters, a space between the boards of a line layout."""
    grid = s.game.grid
    out = []
    for c, char in enumerate(chars):
        out.append(char)
        if not grid.square and c % grid.board_size == grid.board_size - 1:
            out.append(" ")
    return "".join(out).rstrip()


def _column_headings(s: Klondike1896State) -> list[str]:
    """Two lines over a landscape: each column's tens digit, then its units digit (the
    same for every landscape of a game: kept by the game like the planes)."""
    lines = s.game.planes_cache.get(("headings",))
    if lines is None:
        cols = range(s.game.grid.cols)
        lines = s.game.planes_cache[("headings",)] = [
            " " * ROW_LABEL + " " + _split(s, [str(c // 10) for c in cols]),
            " " * ROW_LABEL + " " + _split(s, [str(c % 10) for c in cols])]
    return lines


def _landscape(s: Klondike1896State, q: int, shown: bool) -> list[str]:
    """Seat ``q``'s grid as text, each row labelled: "@" its last claim, "#" older
    claims, else the space ("?" when hidden); kept by the game like the planes."""
    game = s.game
    grid = game.grid
    covered = s.covered[q]
    last = s.paths[q][-1] if s.paths[q] else 0
    laid = shown and s.arrangement[q][-1] >= 0
    key = ("text", tuple(s.arrangement[q]) if laid else None, covered, last)
    lines = game.planes_cache.get(key)
    if lines is not None:
        return lines
    gold = ruby = None
    if laid:
        gold, ruby = game.terrain(s.arrangement[q])
    lines = []
    for r in range(grid.rows):
        chars = []
        for c in range(grid.cols):
            cell = r * grid.cols + c
            if last >> cell & 1:
                chars.append("@")
            elif covered >> cell & 1:
                chars.append("#")
            elif gold is None:
                chars.append("?")
            else:
                chars.append("R" if ruby[cell] else _SYMBOL[gold[cell]])
        lines.append(f"  row {r:>2} " + _split(s, chars))
    game.planes_cache[key] = lines
    return lines


def describe(s: Klondike1896State, player: int | None, with_log: bool = True) -> str:
    """Text view for ``player`` (``None``: the whole state, secrets included).
    The game keeps no move log, so ``with_log`` changes nothing: the position string is
    the whole text."""
    comp = s.game.components
    names = [c.name for c in comp.claims]
    cur = s.current_player()
    head = f"Round {s.round + 1}, first player {s.first}, {PHASE_NAMES[s.phase]}"
    if cur >= 0:
        head += f", player {cur} to move"
    lines = [head]
    supply = " ".join(f"{names[i]}:{c}" for i, c in enumerate(s.supply))
    lines.append(f"supply {supply} | additional claims {s.extra_left}")
    for r, row in enumerate(s.rows):
        now = " (up for auction)" if r == 0 and s.phase == AUCTION else ""
        lines.append(f"claim row {r + 1}{now}: "
                     + " ".join(f"[{k}]{names[c]}" for k, c in enumerate(row)))
    if s.phase == AUCTION:
        stands = [f"P{q} on claim [{s.pawn[q]}] with {s.bid[q]} rubies"
                  for q in range(s.num_players) if s.pawn[q] >= 0]
        lines.append("pawns: " + (", ".join(stands) if stands else "none yet"))
    if s.phase == PLACE:  # [1)] "each player surrenders ... the rubies they put down"
        lines.append("auction won: " + ", ".join(
            f"P{q} claim [{s.pawn[q]}] for {s.bid[q]} rubies" for q in range(s.num_players)))
        lines.append("every player places its claim at once")
    if s.phase == EXTRA:
        high = f"P{s.extra_high} bids {s.extra_bid}" if s.extra_high >= 0 else "no bid"
        lines.append(f"additional claim: {high}, {s.extra_passes} pass(es) since")
    lines.append(LEGEND.format(PATH[s.game.grid.square],
                               ", ? unseen (secret rubies)" if s.ledger else ""))
    for q in range(s.num_players):
        shown = sees_all_of(s, player, q)
        if shown:
            rubies = f"{s.rubies[q]} (+{s.fresh[q]} next round)"
        else:
            lo, hi, flo, fhi = ruby_bounds(s, q)
            rubies = f"? ({_between(lo, hi)}, +{_between(flo, fhi)} next round)"
        rubies += f" | paid {s.paid[q]}"
        won = f" | to place {names[s.won[q]]}" if s.won[q] >= 0 else ""
        goal = " | reached the goal" if s.finished[q] else ""
        loss = f" | deducted {s.deduction[q]}" if s.deduction[q] else ""
        me = " (you)" if q == player else ""
        lines.append(f"P{q}{me}: gold {s.gold[q]} | rubies {rubies}{won}{goal}{loss}")
        if (shown and s.arrangement[q][-1] >= 0) or s.covered[q]:
            lines += _column_headings(s) + _landscape(s, q, shown)
    if player is None and s.ledger:
        lines.append(f"boards: {s.arrangement}")
    return "\n".join(lines)


def _between(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}..{high}"


def placement_preview(s: Klondike1896State, p: int, action: int, gains: bool) -> str:
    """What placing ``p``'s won claim by ``action`` does, in words: the cells it covers
    (row by row), and with ``gains`` the gold and rubies under them ([3) Counting
    points]; the rubies come the next round) and whether it reaches the goal. Empty
    when ``p`` has no claim to place."""
    from .placement import reached_goal  # noqa: PLC0415  (placement imports state)

    claim = s.won[p] if 0 <= p < s.num_players else -1
    place = s.game.grid.by_action[claim].get(action - FIRST_PLACE_ID) if claim >= 0 else None
    if place is None:
        return ""
    cols = s.game.grid.cols
    rows: dict[int, list[int]] = {}
    for cell in place.cells:
        rows.setdefault(cell // cols, []).append(cell % cols)
    spans = []
    for r, cs in sorted(rows.items()):
        runs: list[list[int]] = []
        for c in sorted(cs):
            if runs and c == runs[-1][-1] + 1:
                runs[-1].append(c)
            else:
                runs.append([c])
        spans.append(f"row {r} col{'s' if len(cs) > 1 else ''} " + ",".join(
            str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs))
    text = ": covers " + ", ".join(spans)
    if gains and s.arrangement[p][-1] >= 0:
        gold, ruby = s.game.terrain(s.arrangement[p])
        g = sum(gold[c] for c in place.cells)
        r = sum(ruby[c] for c in place.cells)
        text += f"; gains {g} gold" + (f", {r} ruby next round" if r == 1 else
                                       f", {r} rubies next round" if r else "")
        after = s.clone()
        after.covered[p] |= place.mask
        if not s.finished[p] and reached_goal(after, p):
            text += ", reaching the goal"
    return text
