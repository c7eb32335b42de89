"""Klondike 1896, Game 2 (for experienced gold miners, the council game): the table as SVG.

Drawn from the top: the round (of nine), phase and the race's clock; the request card
turned over (yellow gold, red rubies, its white/gray/black face) and the pack still to
turn, as face-down counts by face colour ([Preparation]); the popularity cards on the
table (click one to take it when it is your turn) and the pile and discard; the
scorecard's four popularity scales with every seat's pawn ([Preparation] "level 4");
then one panel a seat: its place in the race (racing, declared, the last player, its
place in the declaration order, the card it took, whom it joined up with), its checks,
its set of claims (used ones struck through: the set lies in front of each player)
and its landscape of one to four boards with the claims on it, the last one outlined
thick; the last round's checks at the foot.

What a seat does not see (``seat=p``, ``covers="hidden"``, RULES_NOTES H2): another
seat's boards are drawn face down (how many it laid is seen), and where its claims lie
and what they cover are not drawn at all, until the check uncovers them (the log).
Legal moves marked: the cards to take, the seats to join up with, "declare", and in
the race the boards the seat may lay next (each design in each turn, small).
"""

from __future__ import annotations

from collections.abc import Sequence

from skagway_env.core import SIMULTANEOUS
from skagway_env.games.klondike1896.components import RUBY
from skagway_env.games.klondike1896.geometry import ROTATIONS, turned_board
from skagway_env.games.klondike1896_council.actions import Declare, Join, Lay, Place, Take
from skagway_env.games.klondike1896_council.components import BACKS
from skagway_env.games.klondike1896_council.scoring import final_points
from skagway_env.games.klondike1896_council.state import (
    JOIN,
    OVER,
    PHASE_NAMES,
    RACE,
    TAKE,
)

from . import svg
from .b_draw import (
    FONT,
    GOLD_FILL,
    KLONDIKE_SEAT_NAMES,
    KLONDIKE_SEATS,
    MEADOW_FILL,
    RUBY_GEM,
    card_backs,
    chip,
    label,
    landscape,
    legal_attrs,
    panel,
    polyomino,
    shape_size,
    wrapped,
)

WIDTH = 1000
UNIT = 16  # a landscape space, px
ROUNDS = 9  # [Ending the game] "after the ninth round"
# [Preparation] popularity colours: red brothel madam, black sheriff, blue mayor,
# green horse trader; the request faces white, gray, black
CARD_FILLS = {"red": "#c92a2a", "black": "#222", "blue": "#1c5fbf", "green": "#2b8a3e"}
BACK_FILLS = {"white": "#fafafa", "gray": "#9aa0a6", "black": "#2b2b2b"}


def _fill(colour: str) -> str:
    return CARD_FILLS.get(colour, colour)


def _headline(s) -> str:
    cur = s.current_player()
    head = (f"Round {min(s.round + 1, ROUNDS)}/{ROUNDS} · {PHASE_NAMES[s.phase]} · "
            f"beat {s.clock}")
    if s.phase == OVER:
        points = final_points(s.levels)
        best = max(points)
        winners = [f"P{q}" for q in range(s.num_players) if points[q] == best]
        head += f" · game over, most points {best}: {', '.join(winners)}"
    elif cur == SIMULTANEOUS:
        head += " · the race: every player builds at once"
    elif s.phase == TAKE:
        head += f" · P{cur} ({KLONDIKE_SEAT_NAMES[cur]}) takes a popularity card"
    elif s.phase == JOIN:
        head += f" · P{cur} ({KLONDIKE_SEAT_NAMES[cur]}) chooses whom to join up with"
    return head


def _legal_by_kind(s, legal: Sequence[int]
                   ) -> tuple[dict[int, int], dict[int, int], int | None, list[int]]:
    """Legal Take actions by card kind, Join by partner, Declare, and the boards to lay
    (Lay actions: a board piece, design and turn, ``4 * design + turn``)."""
    codec = s.game.codec
    take, join, declare, lay = {}, {}, None, []
    for action in legal:
        if not 0 <= action < codec.size:
            continue
        move = codec.decode(action)
        if isinstance(move, Take):
            take[move.kind] = action
        elif isinstance(move, Join):
            join[move.partner] = action
        elif isinstance(move, Declare):
            declare = action
        elif isinstance(move, Lay):
            lay.append(action)
    return take, join, declare, lay


def _boards_to_lay(s, x: float, y: float, lay: list[int]) -> list[str]:
    """[Playing the game] "builds a connected landscape of one to up to four boards":
    each board the seat may lay next, in each turn, small; a click lays it."""
    comp = s.game.components
    out = [label(x, y - 4, "boards to lay (click)", size=10, fill="#555")]
    unit = 4
    for i, action in enumerate(lay):
        move = s.game.codec.decode(action)
        terrain = turned_board(comp.shared, move.design * ROTATIONS + move.turn)
        bx = x + 14 + (i % ROTATIONS) * 30
        by = y + (i // ROTATIONS) * 30
        if move.turn == 0:
            out.append(label(x, by + 16, comp.shared.boards[move.design].name, size=11,
                             weight="bold"))
        parts = [svg.title(f"lay board {comp.shared.boards[move.design].name} turned "
                           f"{move.turn}")]
        for r, row in enumerate(terrain):
            for c, v in enumerate(row):
                fill = RUBY_GEM if v == RUBY else GOLD_FILL if v > 0 else MEADOW_FILL
                parts.append(svg.rect(bx + c * unit, by + r * unit, unit, unit, fill=fill,
                                      stroke="none"))
        parts.append(svg.rect(bx, by, 6 * unit, 6 * unit, fill="none", stroke="#0b5",
                              stroke_width=1.5))
        out.append(svg.group(parts, **legal_attrs(action)))
    return out


def _request(s, x: float, y: float) -> list[str]:
    """The request card turned over, and the pack still to turn by face colour."""
    comp = s.game.components
    out = [label(x, y + 12, "Request", size=13, weight="bold")]
    if s.request >= 0:
        req = comp.requests[s.request]
        back = BACKS[req.back]
        text_fill = "#fff" if back == "black" else "#111"
        out.append(svg.group([
            svg.title(f"request: cover exactly {req.gold} gold pieces and {req.rubies} "
                      f"rubies ({back} card)"),
            svg.rect(x, y + 20, 90, 120, fill=BACK_FILLS[back], stroke="#333", rx=6),
            label(x + 45, y + 70, req.gold, size=34, weight="bold", fill="#e8b100",
                  anchor="middle"),
            label(x + 45, y + 118, req.rubies, size=34, weight="bold", fill="#d0103a",
                  anchor="middle"),
            label(x + 45, y + 36, back, size=10, fill=text_fill, anchor="middle")]))
    else:
        out.append(svg.group([svg.title("no request turned over yet this round"),
                              svg.rect(x, y + 20, 90, 120, fill="none", stroke="#999",
                                       rx=6, stroke_dasharray="5 4"),
                              label(x + 45, y + 84, "not yet", size=12, fill="#777",
                                    anchor="middle")]))
    backs = list(s.backs_left)
    names = BACKS if len(backs) == len(BACKS) else ("pack",)
    for i, (name, count) in enumerate(zip(names, backs, strict=False)):
        out.append(label(x + 104, y + 34 + i * 44, f"{name} to turn", size=11))
        out.append(card_backs(x + 104, y + 38 + i * 44, count, f"{name} request cards to turn",
                              w=20, h=28))
    used = [comp.requests[i] for i, u in enumerate(s.requests_used) if u]
    turned = ", ".join(f"{r.gold}/{r.rubies}" for r in used) or "none"
    out.append(label(x, y + 176, f"turned (gold/rubies): {turned}", size=11, fill="#444"))
    return out


def _popularity(s, x: float, y: float, take: dict[int, int]) -> list[str]:
    """The popularity cards on the table (to take), the pile and the discard (counts)."""
    comp = s.game.components
    out = [label(x, y + 12, "Popularity cards on the table", size=13, weight="bold")]
    at = 0
    for kind, count in enumerate(s.table):
        k = comp.kinds[kind]
        colour = comp.colours[k.colour]
        for _ in range(count):
            cx = x + at * 66
            action = take.get(kind)
            tip = f"{colour} {k.value}: {comp.celebrities[k.colour]}"
            parts = [svg.title(tip + (" (click to take)" if action is not None else "")),
                     svg.rect(cx, y + 20, 58, 82, fill=_fill(colour), stroke="#111", rx=5,
                              stroke_width=3 if action is not None else 1),
                     label(cx + 29, y + 70, k.value, size=28, weight="bold", fill="#fff",
                           anchor="middle"),
                     label(cx + 29, y + 94, comp.celebrities[k.colour].split()[-1], size=9,
                           fill="#fff", anchor="middle")]
            out.append(svg.group(parts, **legal_attrs(action)))
            at += 1
    if not at:
        out.append(label(x, y + 60, "none laid out", size=12, fill="#777"))
    pile, discard = sum(s.pile), sum(s.discard)
    out.append(label(x, y + 122, f"pile {pile} · discard {discard}", size=11, fill="#444"))
    return out


def _scales(s, x: float, y: float) -> tuple[list[str], float]:
    """[Preparation] the scorecard: four popularity scales, a pawn of every seat on each."""
    comp = s.game.components
    n = s.num_players
    top = max(12, *(max(lv) for lv in s.levels)) + 1
    step = min(22.0, (WIDTH - x - 150) / top)
    out = [label(x, y + 12, "Popularity scales", size=13, weight="bold")]
    row_h = 14 + 9 * n
    for c, colour in enumerate(comp.colours):
        ry = y + 22 + c * row_h
        out.append(label(x, ry + row_h / 2 + 4, comp.celebrities[c], size=11,
                         fill=_fill(colour), weight="bold"))
        for v in range(top):
            out.append(svg.rect(x + 110 + v * step, ry, step, row_h - 2, fill="#f4efe2",
                                stroke="#c9c0a8", stroke_width=0.6))
            if v % 2 == 0:
                out.append(label(x + 110 + v * step + step / 2, ry + 9, v, size=7,
                                 fill="#888", anchor="middle"))
        for q in range(n):
            level = s.levels[q][c]
            out.append(chip(x + 110 + level * step + step / 2, ry + 15 + 8 * q, "",
                            KLONDIKE_SEATS[q], r=4,
                            tip=f"P{q} with the {comp.celebrities[c]}: {level}"))
    return out, 22 + 4 * row_h + 6


def _status(s, q: int) -> list[str]:
    comp = s.game.components
    points = final_points(s.levels)
    lines = [f"popularity {sum(s.levels[q])} · points now {points[q]}"]
    if q == s.last:
        lines.append("the last player")
    elif s.declared[q] >= 0:
        lines.append(f"declared at beat {s.declared[q]}")
    elif s.phase == RACE:
        lines.append(f"racing, busy to beat {s.free_at[q]}")
    if q in s.order:
        lines.append(f"#{s.order.index(q) + 1} at the table")
    if s.card[q] >= 0:
        lines.append(f"took {comp.kind_label(s.card[q])}")
    if s.partner[q] >= 0:
        lines.append(f"joined up with P{s.partner[q]}")
    lines.append(f"exact {s.exact[q]} of {s.checked[q]} checks")
    return lines


def _claim_set(s, q: int, x: float, y: float) -> list[str]:
    """[Preparation] the seat's set of claims, one of each type; used ones greyed."""
    comp = s.game.components
    shared = comp.shared
    slots = comp.slots if s.game.is_child(q) else comp.slots - 1
    out = []
    for slot in range(slots):
        claim = shared.claims[comp.slot_claim(slot)]
        used = bool(s.used[q] >> slot & 1)
        h, w = shape_size(claim.cells)
        cx = x + slot * 34
        parts = [svg.title(f"{claim.name}: {'placed' if used else 'in hand'}")]
        parts += polyomino(cx + (30 - 6 * w) / 2, y + (30 - 6 * h) / 2, claim.cells, 6,
                           "#ddd" if used else "#d7b377", stroke="#999" if used else "#6b5530")
        if used:
            parts.append(svg.line(cx + 2, y + 28, cx + 28, y + 2, stroke="#c00",
                                  stroke_width=1.5))
        out.append(svg.group(parts))
    return out


def _seat_panel(s, q: int, seat: int | None, x: float, y: float,
                join: dict[int, int], declare: int | None, lay: list[int]
                ) -> tuple[str, float]:
    game = s.game
    grid = game.grid
    comp = game.components
    seen = seat is None or seat == q or not game.hidden_covers
    lines = _status(s, q)
    height = max(22 + 16 * len(lines) + 14, grid.rows * UNIT + 80)
    cur = s.current_player()
    active = cur == q or (cur == SIMULTANEOUS and s.free(q))
    me = " (you)" if q == seat else ""
    child = " · child's rules" if game.is_child(q) else ""
    action = join.get(q)
    tip = f"join up with P{q}" if action is not None else None
    parts = [panel(x, y, WIDTH - 2 * x, height, KLONDIKE_SEATS[q],
                   f"P{q} {KLONDIKE_SEAT_NAMES[q]}{me}{child}", active=active, tip=tip)]
    if action is not None:
        parts.append(label(WIDTH - x - 10, y + 16, "click: join up with this player",
                           size=11, fill="#fff", anchor="end", weight="bold"))
    parts += [label(x + 10, y + 40 + 16 * i, row, size=12, weight="bold" if i == 0 else None)
              for i, row in enumerate(lines)]
    gx, gy = x + 240, y + 32
    parts += _claim_set(s, q, gx, gy)
    ly = gy + 38
    laid = len(s.landscape[q])
    if not laid:
        parts.append(label(gx, ly + 20, "no board laid", size=11, fill="#777"))
    elif seen:
        claims = []
        for action_id in s.placed[q]:
            move = game.codec.decode(action_id)
            assert isinstance(move, Place)
            claim = comp.slot_claim(move.slot)
            place = grid.by_action[claim][move.rotation * grid.cells + move.anchor]
            claims.append((place.mask, f"{comp.shared.claims[claim].name}"))
        parts += landscape(gx, ly, UNIT, grid.rows, grid.cols, grid.board_size, False,
                           game.terrain(s.landscape[q]), claims, KLONDIKE_SEATS[q],
                           shown_cols=laid * grid.board_size)
        parts.append(label(gx + laid * grid.board_size * UNIT + 10, ly + 20,
                           f"covered {s.gold[q]} gold, {s.rubies[q]} rubies", size=12,
                           weight="bold"))
    else:
        size = grid.board_size * UNIT
        for b in range(laid):
            parts.append(svg.card(gx + b * (size + 4), ly, w=size, h=grid.rows * UNIT,
                                  face_down=True))
        parts.append(label(gx + laid * (size + 4) + 6, ly + 20,
                           f"{laid} board(s) laid · cover hidden until the check", size=11,
                           fill="#555"))
    if q == seat and lay:
        parts += _boards_to_lay(s, WIDTH - x - 260, y + 44, lay)
    if q == seat and declare is not None:
        bx = WIDTH - x - 130
        parts.append(svg.group([svg.title("declare: you think you covered the request"),
                                svg.rect(bx, y + height - 40, 110, 28, fill="#2b8a3e",
                                         stroke="#111", rx=6),
                                label(bx + 55, y + height - 21, "Declare!", size=13,
                                      fill="#fff", weight="bold", anchor="middle")],
                               **legal_attrs(declare)))
    return svg.group(parts, data_seat=q, **legal_attrs(action, "seat")), height


def render(state, seat: int | None, legal: Sequence[int] = ()) -> str:
    """The table of ``state`` for ``seat`` (None: the whole truth)."""
    s = state
    take, join, declare, lay = _legal_by_kind(s, legal)
    out = [label(12, 24, _headline(s), size=15, weight="bold")]
    y = 36.0
    out += _request(s, 12, y)
    out += _popularity(s, 300, y, take)
    y += 186
    scales, h = _scales(s, 12, y)
    out += scales
    y += h
    for q in range(s.num_players):
        part, h = _seat_panel(s, q, seat, 12, y, join, declare, lay)
        out.append(part)
        y += h + 10
    if s.log:
        out.append(label(12, y + 14, "Last check", size=13, weight="bold"))
        rows = wrapped((row.strip() for row in s.log), 160)
        for i, row in enumerate(rows):
            out.append(label(12, y + 32 + 15 * i, row, size=11, fill="#333",
                             style="white-space: pre"))
        y += 32 + 15 * len(rows)
    return svg.document(WIDTH, y + 12, [f'<g font-family="{FONT}">', *out, "</g>"],
                        label=f"Klondike 1896 council table, round {min(s.round + 1, 9)}")
