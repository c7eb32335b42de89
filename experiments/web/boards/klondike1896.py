"""Klondike 1896, Game 1 (the family game): the table as SVG.

Drawn from the top: the round, phase and seat to move; the claim row up for auction
with each pawn and the rubies under it ([1) Selecting - auctioning a claim]), the rows
still to come and the supply ([Preparation], [Adding claims]); the additional claim and
its auction ([4) Bidding on an additional claim]); then one panel a seat: its gold
(the scorecard, [3) Counting points]), rubies, rubies paid, the claim it won and has
still to place, the goal and the deduction ([Ending the game]), and its landscape
boards with the start and finish ([2) Placing the claim], illustration 4), or the
frames of the square ([Tips] 3), and its claims on them, the last one outlined thick.

What a seat does not see (``seat=p``): with secret rubies ([Tips] 2, RULES_NOTES T2)
another seat's rubies (drawn as the range it may hold, which every seat can reckon)
and the spaces of its landscape (grey), so nothing a view redraws is drawn. Legal
bids mark the claims of the row (``data-action``: the lowest bid there) and the
additional claim.
"""

from __future__ import annotations

from collections.abc import Sequence

from skagway_env.core import SIMULTANEOUS, TERMINAL
from skagway_env.games.klondike1896.actions import EXTRA_BID, Bid, ExtraBid
from skagway_env.games.klondike1896.geometry import bits
from skagway_env.games.klondike1896.observation import sees_all_of
from skagway_env.games.klondike1896.phases import (
    AUCTION,
    EXTRA,
    EXTRA_PLACE,
    OVER,
    PHASE_NAMES,
    PLACE,
)
from skagway_env.games.klondike1896.secret import ruby_bounds

from . import svg
from .b_draw import (
    FONT,
    KLONDIKE_SEAT_NAMES,
    KLONDIKE_SEATS,
    chip,
    label,
    landscape,
    legal_attrs,
    outline_cells,
    panel,
    polyomino,
    shape_size,
)

WIDTH = 1000
UNIT = 18  # a landscape space, px
CLAIM_UNIT = 14  # a claim of the row up for auction
SMALL_UNIT = 6  # a claim of the rows still to come
INFO_W = 230  # the seat panel's text column


def _between(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}..{high}"


def _headline(s) -> str:
    cur = s.current_player()
    head = f"Round {s.round + 1} · first player P{s.first} · {PHASE_NAMES[s.phase]}"
    if cur == SIMULTANEOUS:
        head += " · every player places its claim at once"
    elif cur == TERMINAL or s.phase == OVER:
        scores = s.scores()
        best = max(scores)
        winners = [f"P{q}" for q in range(s.num_players) if scores[q] == best]
        head += f" · game over, best score {best:g}: {', '.join(winners)}"
    elif cur >= 0:
        head += f" · P{cur} ({KLONDIKE_SEAT_NAMES[cur]}) to move"
    else:
        head += " · dealing"
    return head


def _lowest_bids(s, legal: Sequence[int]) -> tuple[dict[int, int], int | None]:
    """The cheapest legal action on each claim of the row, and on the additional claim."""
    codec = s.game.codec
    per_claim: dict[int, tuple[int, int]] = {}
    extra: tuple[int, int] | None = None
    for action in legal:
        if not 0 <= action < codec.size:
            continue
        move = codec.decode(action)
        if isinstance(move, Bid) and s.phase == AUCTION:
            if move.claim not in per_claim or move.rubies < per_claim[move.claim][0]:
                per_claim[move.claim] = (move.rubies, action)
        elif isinstance(move, ExtraBid) and s.phase == EXTRA:
            if extra is None or move.rubies < extra[0]:
                extra = (move.rubies, action)
    return ({k: a for k, (_, a) in per_claim.items()},
            None if extra is None else extra[1])


def _row_up(s, x: float, y: float, legal: Sequence[int]) -> tuple[list[str], float]:
    """The row up for auction ([1)]): each claim, the pawns before it and their rubies;
    while the won claims are placed, what each seat won and pays."""
    comp = s.game.components
    out = [label(x, y + 14, "Claim row up for auction" if s.phase == AUCTION
                 else "Claims won this round" if s.phase == PLACE else "Next claim row",
                 size=13, weight="bold")]
    lowest, _ = _lowest_bids(s, legal)
    box_w, box_h = 118, 104
    if s.phase == PLACE:  # the row is settled: each seat's won claim and its price
        shown = [(q, s.won[q]) for q in range(s.num_players) if s.won[q] >= 0]
    else:
        shown = list(enumerate(s.rows[0])) if s.rows else []
    if not shown:
        out.append(label(x, y + 36, "no row on the table", size=12))
        return out, 50
    for k, (key, claim) in enumerate(shown):
        bx, by = x + k * (box_w + 8), y + 22
        shape = comp.claims[claim]
        h, w = shape_size(shape.cells)
        name = f"P{key} won {shape.name}" if s.phase == PLACE else f"[{key}] {shape.name}"
        parts = [svg.title(f"{name}, {shape.size} spaces"),
                 svg.rect(bx, by, box_w, box_h, fill="#fff7e0", stroke="#777", rx=6)]
        parts += polyomino(bx + 10 + (48 - w * CLAIM_UNIT) / 2, by + 24
                           + (48 - h * CLAIM_UNIT) / 2, shape.cells, CLAIM_UNIT, "#d7b377")
        parts.append(label(bx + 8, by + 15, name, size=12, weight="bold"))
        if s.phase == PLACE:
            stands = [key]
        elif s.phase == AUCTION:
            stands = [q for q in range(s.num_players) if s.pawn[q] == key]
        else:
            stands = []
        for i, q in enumerate(stands):
            px, py = bx + 78, by + 34 + i * 24
            parts.append(chip(px, py, f"P{q}", KLONDIKE_SEATS[q], r=10,
                              tip=f"P{q}'s pawn with {s.bid[q]} rubies"))
            parts.append(label(px + 14, py + 5, f"{s.bid[q]}◆", size=12,
                               fill="#a0102a", weight="bold"))
        action = lowest.get(key) if s.phase == AUCTION else None
        if action is not None:
            move = s.game.codec.decode(action)
            parts.append(label(bx + box_w / 2, by + box_h - 8,
                               f"pawn here: {move.rubies} rubies", size=10,
                               fill="#0b5", anchor="middle"))
            parts[0] = svg.title(f"claim [{key}]: {shape.name}: put your pawn here with "
                                 f"{move.rubies} rubies")
        out.append(svg.group(parts, **legal_attrs(action)))
    return out, 22 + box_h + 8


def _rows_to_come(s, x: float, y: float) -> tuple[list[str], float]:
    """The rows after the one up for auction, small, and the supply's counts."""
    comp = s.game.components
    rows = s.rows if s.phase == PLACE else s.rows[1:]
    out = [label(x, y + 12, f"Rows to come ({len(rows)})", size=12, weight="bold")]
    for r, row in enumerate(rows):
        ry = y + 20 + r * 24
        number = r + 1 if s.phase == PLACE else r + 2
        out.append(label(x, ry + 14, f"{number}", size=10, fill="#666"))
        for k, claim in enumerate(row):
            shape = comp.claims[claim]
            parts = [svg.title(f"row {number}, claim [{k}]: {shape.name}")]
            parts += polyomino(x + 16 + k * 30, ry, shape.cells, SMALL_UNIT, "#d7b377",
                               stroke="#6b5530")
            out.append(svg.group(parts))
    height = 20 + 24 * len(rows)
    names = [c.name for c in comp.claims]
    supply = ", ".join(f"{names[i]} {c}" for i, c in enumerate(s.supply))
    out.append(svg.group([svg.title(f"claims left in the supply: {supply}"),
                          label(x, y + height + 12,
                                f"supply: {sum(s.supply)} claims", size=11, fill="#444")]))
    return out, height + 18


def _additional(s, x: float, y: float, legal: Sequence[int]) -> list[str]:
    """[4) Bidding on an additional claim]: the claim, how many are left, the bids."""
    comp = s.game.components
    shape = comp.claims[comp.additional]
    _, extra_action = _lowest_bids(s, legal)
    w, h = 200, 118
    parts = [svg.title(f"additional claim ({shape.name}); at least 4 rubies; "
                       f"{s.extra_left} left"),
             svg.rect(x, y, w, h, fill="#f3ecff", stroke="#777", rx=6),
             label(x + 8, y + 16, "Additional claim", size=12, weight="bold")]
    parts += polyomino(x + 12, y + 28, shape.cells, CLAIM_UNIT, "#b89ad9")
    parts.append(label(x + 70, y + 40, f"{s.extra_left} left", size=11))
    if s.phase == EXTRA:
        if s.extra_high >= 0:
            parts.append(chip(x + 80, y + 62, f"P{s.extra_high}",
                              KLONDIKE_SEATS[s.extra_high], r=10,
                              tip=f"P{s.extra_high} bids {s.extra_bid} rubies"))
            parts.append(label(x + 94, y + 67, f"{s.extra_bid}◆", size=12, fill="#a0102a",
                               weight="bold"))
        else:
            parts.append(label(x + 70, y + 67, "no bid yet", size=11))
        parts.append(label(x + 70, y + 86, f"{s.extra_passes} pass(es) since", size=11))
        if 0 <= s.extra_turn < s.num_players:
            parts.append(label(x + 8, y + 106, f"P{s.extra_turn} to bid or pass", size=11))
    elif s.phase == EXTRA_PLACE:
        parts.append(label(x + 8, y + 106, f"P{s.extra_high} bought it, placing", size=11))
    if extra_action is not None:
        rubies = extra_action - EXTRA_BID + 4
        parts.append(label(x + w - 6, y + 16, f"click: bid {rubies}", size=10, fill="#0b5",
                           anchor="end"))
    return [svg.group(parts, **legal_attrs(extra_action))]


def _seat_lines(s, q: int, seat: int | None) -> list[str]:
    """A seat's scorecard line, rubies and round facts, as the observer sees them."""
    comp = s.game.components
    lines = [f"gold {s.gold[q]}" + (f" − {s.deduction[q]} = {s.gold[q] - s.deduction[q]}"
                                    if s.deduction[q] else "")]
    if sees_all_of(s, seat, q):
        lines.append(f"rubies {s.rubies[q]}" + (f" (+{s.fresh[q]} next round)"
                                                if s.fresh[q] else ""))
    else:
        lo, hi, flo, fhi = ruby_bounds(s, q)
        lines.append(f"rubies ? ({_between(lo, hi)}, +{_between(flo, fhi)} next)")
    lines.append(f"paid so far {s.paid[q]}")
    if s.won[q] >= 0:
        lines.append(f"to place: {comp.claims[s.won[q]].name}")
    lines.append(f"claims placed {len(s.paths[q])}")
    if s.finished[q]:
        lines.append("reached the goal")
    if s.phase == OVER and s.deduction[q]:
        lines.append(f"deducted {s.deduction[q]} (short of the goal)")
    return lines


def _goal_marks(s, x: float, y: float) -> list[str]:
    """The start and finish spaces (illustration 4) and the top/bottom edges of the
    boards a path must touch, or the square's frames ([Tips] 3)."""
    grid = s.game.grid
    out: list[str] = []
    if grid.square:
        for r0, r1, c0, c1 in grid.target_boxes:
            out.append(svg.rect(x + c0 * UNIT - 2, y + r0 * UNIT - 2,
                                (c1 - c0 + 1) * UNIT + 4, (r1 - r0 + 1) * UNIT + 4,
                                fill="none", stroke="#c2185b", stroke_width=2.5, rx=3))
        return out
    out += outline_cells(x, y, UNIT, grid.cols, grid.start, colour="#1b7f2a", width=2.5)
    out += outline_cells(x, y, UNIT, grid.cols, grid.finish, colour="#c2185b", width=2.5)
    out.append(label(x - 4, y + 3.4 * UNIT, "S", size=11, weight="bold", fill="#1b7f2a",
                     anchor="end"))
    out.append(label(x + grid.cols * UNIT + 4, y + 3.4 * UNIT, "F", size=11, weight="bold",
                     fill="#c2185b"))
    for b in s.game.components.edge_boards:
        x0 = x + b * grid.board_size * UNIT
        x1 = x0 + grid.board_size * UNIT
        for ey in (y - 3, y + grid.rows * UNIT + 3):
            out.append(svg.line(x0 + 2, ey, x1 - 2, ey, stroke="#c2185b", stroke_width=2,
                                stroke_dasharray="4 3"))
    return out


def _seat_panel(s, q: int, seat: int | None, x: float, y: float) -> tuple[str, float]:
    grid = s.game.grid
    shown = sees_all_of(s, seat, q)
    laid = s.arrangement[q][-1] >= 0
    terrain = s.game.terrain(s.arrangement[q]) if shown and laid else None
    claims = []
    for i, (mask, (gold, ruby)) in enumerate(zip(s.paths[q], s.gains[q], strict=True)):
        got = f"{gold} gold" + (f", {ruby} rubies" if shown else "")
        claims.append((mask, f"claim {i + 1} of P{q}: {len(bits(mask))} spaces, {got}"))
    lines = _seat_lines(s, q, seat)
    grid_h = grid.rows * UNIT
    height = max(22 + 16 * len(lines) + 12, grid_h + 46)
    cur = s.current_player()
    active = cur == q or (cur == SIMULTANEOUS and s.won[q] >= 0)
    me = " (you)" if q == seat else ""
    hidden = "" if shown else " · landscape hidden (secret rubies)"
    parts = [panel(x, y, WIDTH - 2 * x, height, KLONDIKE_SEATS[q],
                   f"P{q} {KLONDIKE_SEAT_NAMES[q]}{me}{hidden}", active=active)]
    parts += [label(x + 10, y + 40 + 16 * i, row, size=12,
                    weight="bold" if i == 0 else None) for i, row in enumerate(lines)]
    gx, gy = x + INFO_W, y + 32
    parts += landscape(gx, gy, UNIT, grid.rows, grid.cols, grid.board_size, grid.square,
                       terrain, claims, KLONDIKE_SEATS[q])
    parts += _goal_marks(s, gx, gy)
    return svg.group(parts, class_="seat", data_seat=q), height


def render(state, seat: int | None, legal: Sequence[int] = ()) -> str:
    """The table of ``state`` for ``seat`` (None: the whole truth)."""
    s = state
    out = [svg.rect(0, 0, WIDTH, 10, fill="#fff", stroke="none"),
           label(12, 24, _headline(s), size=15, weight="bold")]
    y = 36.0
    row_parts, row_h = _row_up(s, 12, y, legal)
    out += row_parts
    out += _additional(s, WIDTH - 212, y + 22, legal)
    y += max(row_h, 150)
    come, come_h = _rows_to_come(s, 12, y)
    out += come
    y += come_h + 10
    grid_right = INFO_W + s.game.grid.cols * UNIT + 40
    width = max(WIDTH, grid_right)
    for q in range(s.num_players):
        part, h = _seat_panel(s, q, seat, 12, y)
        out.append(part)
        y += h + 10
    out.append(label(12, y + 14, "spaces: green meadow, brown gold (pieces), grey ruby; "
                     "claims in the seat's colour, the last one outlined thick; S start, "
                     "F finish", size=11, fill="#555"))
    return svg.document(width, y + 24, [f'<g font-family="{FONT}">', *out, "</g>"],
                        label=f"Klondike 1896 table, round {s.round + 1}")
