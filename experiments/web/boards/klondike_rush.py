"""Klondike Rush: the table as SVG.

Drawn: the phase, the snow beast figure's holder (the active player, [Playing the
Game]) and the seat to decide; the map, its spaces (circles, [Setup 1]) joined by
paths with their dollar costs, the town, the mines in their company's colour and the
hunt tokens lying face up ([Setup 2]); the company value track with its four markers
and the money each space pays ([Setup 8]); the company card(s) on auction, the high
bid and each seat's bid status ([Playing the Game 1], [Last Bid Variant]); the company
deck and the order deck as counts; then one panel a seat: money (every change to it
is public, so every seat reckons it: RULES_NOTES H1), its profit card ([Setup 6]) and
Last Bid card, its company cards' investments and unbuilt mines (face up, Errata 1),
its hunt tokens, its completed orders (face up, Errata Free Actions) and its order
cards: its own face up, another seat's as backs (a count) ([Setup 4] "keep these
cards secret").

The board positions are not in the rulebook: the bundled map is a 6 x 6 grid of
spaces, every other row shifted half a space (its paths join each space to its
neighbours so), and a map of another size is drawn on rows of ``ceil(sqrt(S))``.
The last move is ringed when it built a mine. Legal moves marked: a mine to build (a
small ring in the company's colour beside the space), an order to complete (the card),
the lowest bid and pass, the profit card.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from skagway_env.core import TERMINAL
from skagway_env.games.klondike_rush.actions import (
    DECLARE_LAST_BID,
    DECLINE_LAST_BID,
    END_BUILDING,
    FINISH,
    KEEP_PROFIT,
    PASS,
    USE_PROFIT,
    Bid,
    Build,
    CompleteOrder,
)
from skagway_env.games.klondike_rush.auction import STATUS_NAMES
from skagway_env.games.klondike_rush.building import EMPTY, TOWN, costs
from skagway_env.games.klondike_rush.components import NUM_COMPANIES, TOKEN_KINDS

from . import svg
from .b_draw import FONT, card_backs, card_face, chip, label, legal_attrs, panel

WIDTH = 1040
# Players have no colour in the rules (the mine pieces are the companies'): seats get
# colours unlike the four companies'.
SEATS = ("#7048e8", "#0c8599", "#a61e4d", "#d9480f", "#495057")
COMPANY_FILLS = {"red": "#e03131", "green": "#2f9e44", "blue": "#1971c2",
                 "yellow": "#f2c500"}
TOKEN_LETTERS = {"fish": "F", "pelt": "P", "emerald": "E", "moose": "M", "wild": "W",
                 "snow_beast": "S"}
TOKEN_FILLS = {"fish": "#74c0fc", "pelt": "#a9746e", "emerald": "#38d9a9",
               "moose": "#b08968", "wild": "#ced4da", "snow_beast": "#f8f9fa"}
DX, DY, R = 92, 80, 25  # map spacing and a space's radius
MAP_X, MAP_Y = 40, 70


def _company_fill(name: str) -> str:
    return COMPANY_FILLS.get(name, name)


def _columns(spaces: int) -> int:
    return 6 if spaces == 36 else math.ceil(math.sqrt(spaces))


def _space_xy(space: int, cols: int) -> tuple[float, float]:
    """A space's centre: rows of ``cols``, odd rows shifted right half a space."""
    r, c = divmod(space, cols)
    return MAP_X + c * DX + (DX / 2 if r % 2 else 0), MAP_Y + r * DY


def _legal_moves(s, legal: Sequence[int]) -> tuple[dict, dict, dict]:
    """Legal builds by space (company -> action), completions by order kind, and the
    simple moves (pass, end building, profit card ...) by id, the lowest bid as 'bid'."""
    codec = s.game.codec
    builds: dict[int, dict[int, int]] = {}
    orders: dict[int, int] = {}
    simple: dict = {}
    for action in legal:
        if not 0 <= action < codec.size:
            continue
        move = codec.decode(action)
        if isinstance(move, Build):
            builds.setdefault(move.space, {})[move.company] = action
        elif isinstance(move, CompleteOrder):
            orders[move.kind] = action
        elif isinstance(move, Bid):
            if "bid" not in simple or move.amount < simple["bid"][0]:
                simple["bid"] = (move.amount, action)
        elif action in (PASS, END_BUILDING, USE_PROFIT, KEEP_PROFIT, DECLARE_LAST_BID,
                        DECLINE_LAST_BID, FINISH):
            simple[action] = action
    return builds, orders, simple


def _last_build(s) -> int | None:
    """The space of the mine built by the last move, if it was a build (a build id is
    above every chance outcome's, so the entry is a player's move)."""
    if not s.history:
        return None
    last = s.history[-1]
    codec = s.game.codec
    if not isinstance(last, int) or not codec.build_base <= last < codec.order_base:
        return None
    move = codec.decode(last)
    return move.space if isinstance(move, Build) else None


def _headline(s) -> str:
    head = f"{s.PHASE_NAMES[s.phase]} · snow beast figure: P{s.active}"
    cur = s.current_player()
    if cur == TERMINAL:
        money = s.money
        best = max(money)
        head += (f" · game over, most money ${best}: "
                 + ", ".join(f"P{q}" for q in range(s.num_players) if money[q] == best))
    elif cur >= 0:
        head += f" · P{cur} to decide"
    if s.last_round:
        head += f" · last round, {s.turns_left} last turn(s) left"
    return head


def _map(s, builds: dict[int, dict[int, int]]) -> tuple[list[str], float, float]:
    """Paths and their costs, then the spaces with mines, the town and hunt tokens."""
    comp = s.game.components
    cols = _columns(comp.num_spaces)
    out = []
    for a, b, cost in comp.paths:
        (ax, ay), (bx, by) = _space_xy(a, cols), _space_xy(b, cols)
        both = s.space_mine[a] != EMPTY and s.space_mine[b] != EMPTY
        out.append(svg.line(ax, ay, bx, by, stroke="#8d7b68", stroke_width=3))
        mx, my = (ax + bx) / 2, (ay + by) / 2
        tip = (f"path {a}-{b}: ${cost}" + (", $1 now (a mine on each side)" if both else ""))
        out.append(svg.group([svg.title(tip),
                              svg.circle(mx, my, 9, fill="#fff" if not both else "#ffe066",
                                         stroke="#8d7b68"),
                              label(mx, my + 4, cost if not both else 1, size=10,
                                    weight="bold", anchor="middle", fill="#5c4a36")]))
    for x in range(comp.num_spaces):
        cx, cy = _space_xy(x, cols)
        mine, token = s.space_mine[x], s.space_token[x]
        parts = []
        if mine == TOWN:
            parts.append(svg.title(f"space {x}: the town (a mine of every company)"))
            parts.append(svg.circle(cx, cy, R, fill="#fff3bf", stroke="#333", stroke_width=2))
            for c, name in enumerate(comp.companies):
                ang = math.pi / 4 + c * math.pi / 2
                parts.append(svg.circle(cx + 11 * math.cos(ang), cy + 11 * math.sin(ang), 6,
                                        fill=_company_fill(name), stroke="#222"))
            parts.append(label(cx, cy + R + 12, "town", size=10, anchor="middle",
                               weight="bold"))
        else:
            what = []
            fill = "#f1ece2"
            if mine >= 0:
                what.append(f"{comp.companies[mine]} mine")
                fill = _company_fill(comp.companies[mine])
            if token >= 0:
                what.append(f"hunt token {TOKEN_KINDS[token]}")
            parts.append(svg.title(f"space {x}: " + (", ".join(what) or "empty")))
            parts.append(svg.circle(cx, cy, R, fill=fill, stroke="#333", stroke_width=1.5))
            if token >= 0:
                kind = TOKEN_KINDS[token]
                parts.append(chip(cx, cy, TOKEN_LETTERS.get(kind, "?"),
                                  TOKEN_FILLS.get(kind, "#ddd"), text_fill="#222", r=11))
            parts.append(label(cx - R + 2, cy - R + 8, x, size=8, fill="#666"))
        out.append(svg.group(parts, class_="space", data_space=x))
        for c, action in sorted(builds.get(x, {}).items()):
            ang = -math.pi / 2 + c * math.pi / 2 + math.pi / 4
            bx, by = cx + (R + 6) * math.cos(ang), cy + (R + 6) * math.sin(ang)
            name = comp.companies[c]
            cost = costs(s, c)[x]  # public: the mines on the map decide it
            out.append(svg.group([svg.title(f"build a {name} mine on space {x} for ${cost}"),
                                  svg.circle(bx, by, 7, fill=_company_fill(name),
                                             stroke="#000", stroke_width=2.5)],
                                 **legal_attrs(action)))
    built = _last_build(s)
    if built is not None:
        cx, cy = _space_xy(built, cols)
        out.append(svg.group([svg.title(f"the last move: a mine built on space {built}"),
                              svg.circle(cx, cy, R + 5, fill="none", stroke="#111",
                                         stroke_width=3, stroke_dasharray="6 4")],
                             class_="last-move"))
    rows = math.ceil(comp.num_spaces / cols)
    return out, MAP_X + cols * DX + DX / 2, MAP_Y + (rows - 1) * DY + R + 20


def _track(s, x: float, y: float) -> tuple[list[str], float]:
    """[Setup 8] the company value track: a space per mine count, its money, markers."""
    comp = s.game.components
    step = 30
    out = [label(x, y + 12, "Company value track", size=13, weight="bold")]
    for i, money in enumerate(comp.values):
        bx = x + i * step
        out.append(svg.rect(bx, y + 20, step - 2, 26, fill="#fff9db", stroke="#999", rx=3))
        out.append(label(bx + step / 2 - 1, y + 31, i + 1, size=8, fill="#888",
                         anchor="middle"))
        out.append(label(bx + step / 2 - 1, y + 43, f"${money}", size=10, anchor="middle",
                         weight="bold"))
    for c, name in enumerate(comp.companies):
        space = s.track[c]
        value = comp.values[space - 1]
        out.append(chip(x + (space - 1) * step + step / 2 - 1, y + 56 + 12 * c, "",
                        _company_fill(name), r=5,
                        tip=f"{name}: {space} mine(s) on the board, ${value} an investment"))
        out.append(label(x + len(comp.values) * step + 4, y + 60 + 12 * c,
                         f"{name} {space} (${value})", size=10))
    return out, 56 + 12 * NUM_COMPANIES + 6


def _card_rows(comp, card: int) -> list[str]:
    c = comp.cards[card]
    rows = []
    for k, name in enumerate(comp.companies):
        if c.invest[k] or c.mines[k]:
            rows.append(f"{name}: {c.invest[k]} invest, {c.mines[k]} mine")
    if c.crates:
        rows.append(f"{c.crates} crate")
    if c.four_plus:
        rows.append("4+")
    return rows


def _auction(s, x: float, y: float, simple: dict) -> tuple[list[str], float]:
    """The company card(s) on auction, the high bid, every seat's status, the decks."""
    comp = s.game.components
    out = [label(x, y + 12, "On auction", size=13, weight="bold")]
    if s.lot:
        for i, card in enumerate(s.lot):
            rows = _card_rows(comp, card)
            out.append(card_face(x + i * 150, y + 20, 142, 18 + 14 * len(rows), rows,
                                 tip=f"company card {card} {comp.card_label(card)}",
                                 size=11))
    else:
        out.append(label(x, y + 40, "no card turned up", size=11, fill="#777"))
    yy = y + 104
    if s.phase in (s.BID, s.OFFER, s.LAST):
        high = f"${s.high_bid} by P{s.high_bidder}" if s.high_bidder >= 0 else "none yet"
        out.append(label(x, yy, f"high bid {high}", size=12, weight="bold"))
        status = ", ".join(f"P{q} {STATUS_NAMES[st]}" for q, st in enumerate(s.status))
        out.append(label(x, yy + 16, status, size=10))
    buttons = []
    if "bid" in simple:
        amount, action = simple["bid"]
        buttons.append((action, f"bid ${amount}"))
    names = {PASS: "pass", END_BUILDING: "end building", USE_PROFIT: "use profit card",
             KEEP_PROFIT: "keep profit card", DECLARE_LAST_BID: "play Last Bid",
             DECLINE_LAST_BID: "no Last Bid", FINISH: "finish"}
    buttons += [(a, names[a]) for a in sorted(k for k in simple if k != "bid")]
    for i, (action, text) in enumerate(buttons):
        bx = x + (i % 3) * 112
        by = yy + 26 + (i // 3) * 30
        out.append(svg.group([svg.title(text),
                              svg.rect(bx, by, 104, 24, fill="#e7f5ff", stroke="#1971c2",
                                       rx=5),
                              label(bx + 52, by + 16, text, size=11, anchor="middle")],
                             **legal_attrs(action)))
    dy = yy + 26 + 30 * math.ceil(len(buttons) / 3) + 6
    out.append(label(x, dy + 12, f"company cards to draw: {s.draws_left}", size=11))
    out.append(card_backs(x, dy + 18, s.draws_left, "company cards to draw", w=22, h=30))
    out.append(label(x + 170, dy + 12, f"order deck: {sum(s.order_deck)}", size=11))
    out.append(card_backs(x + 170, dy + 18, sum(s.order_deck), "order cards in the deck",
                          w=22, h=30))
    return out, dy + 56 - y


def _seat_panel(s, q: int, seat: int | None, x: float, y: float,
                orders: dict[int, int]) -> tuple[str, float]:
    comp = s.game.components
    cur = s.current_player()
    me = " (you)" if q == seat else ""
    beast = " · snow beast figure" if q == s.active else ""
    height = 150
    parts = [panel(x, y, WIDTH - 2 * x, height, SEATS[q % len(SEATS)],
                   f"P{q}{me}{beast}", active=cur == q)]
    facts = [f"${s.money[q]}",
             f"profit card {'used' if s.profit_used[q] else 'ready'}",
             f"company cards {s.cards_won[q]}"]
    if s.game.params.last_bid:
        facts.append(f"Last Bid card {'held' if s.last_bid_card[q] else 'played'}")
    parts.append(label(x + 10, y + 40, facts[0], size=15, weight="bold"))
    parts += [label(x + 10, y + 58 + 15 * i, row, size=11) for i, row in enumerate(facts[1:])]
    cx = x + 180
    parts.append(label(cx, y + 38, "investments / unbuilt mines", size=10, fill="#555"))
    for c, name in enumerate(comp.companies):
        fill = _company_fill(name)
        parts.append(chip(cx + 14 + c * 46, y + 56, s.invest[q][c], fill, r=11,
                          text_fill="#000" if name == "yellow" else "#fff",
                          tip=f"{name}: {s.invest[q][c]} investment(s)"))
        parts.append(svg.group([svg.title(f"{name}: {s.unused[q][c]} unbuilt mine(s)"),
                                svg.rect(cx + 3 + c * 46, y + 72, 22, 16, fill=fill,
                                         stroke="#222", rx=2),
                                label(cx + 14 + c * 46, y + 84, s.unused[q][c], size=11,
                                      anchor="middle", weight="bold",
                                      fill="#000" if name == "yellow" else "#fff")]))
    parts.append(label(cx, y + 108, "hunt tokens", size=10, fill="#555"))
    for k, kind in enumerate(TOKEN_KINDS):
        parts.append(chip(cx + 12 + k * 30, y + 124, s.tokens[q][k],
                          TOKEN_FILLS.get(kind, "#ddd"), text_fill="#222", r=11,
                          tip=f"{kind}: {s.tokens[q][k]}"))
        parts.append(label(cx + 12 + k * 30, y + 146, TOKEN_LETTERS.get(kind, "?"), size=8,
                           anchor="middle", fill="#555"))
    ox = x + 390
    parts.append(label(ox, y + 38, "order cards", size=10, fill="#555"))
    if seat is None or seat == q:
        at = 0
        for kind, count in enumerate(s.hand[q]):
            order = comp.orders[kind]
            action = orders.get(kind) if q == seat else None
            for _ in range(count):
                parts.append(card_face(
                    ox + at * 62, y + 44, 58, 50,
                    [f"{order.quantity} {TOKEN_KINDS[order.good]}", f"${order.value}"],
                    tip=f"order: {order.label()}" + (" (click to complete)" if action
                                                     is not None else ""),
                    size=10, **legal_attrs(action)))
                at += 1
        if not at:
            parts.append(label(ox, y + 64, "none", size=11, fill="#777"))
    else:
        parts.append(card_backs(ox, y + 46, sum(s.hand[q]), "secret order cards", w=30,
                                h=44))
    done = [(kind, n) for kind, n in enumerate(s.completed[q]) if n]
    parts.append(label(ox, y + 112, f"completed orders ({sum(n for _, n in done)})",
                       size=10, fill="#555"))
    text = "; ".join(f"{n}x {comp.orders[k].label()}" if n > 1 else comp.orders[k].label()
                     for k, n in done) or "none"
    parts.append(label(ox, y + 128, text, size=11))
    return svg.group(parts, class_="seat", data_seat=q), height


def render(state, seat: int | None, legal: Sequence[int] = ()) -> str:
    """The table of ``state`` for ``seat`` (None: the whole truth)."""
    s = state
    builds, orders, simple = _legal_moves(s, legal)
    out = [label(12, 24, _headline(s), size=15, weight="bold")]
    board, map_right, map_bottom = _map(s, builds)
    out += board
    side_x = max(map_right, 600)
    track, th = _track(s, side_x, 40)
    out += track
    auction, ah = _auction(s, side_x, 40 + th + 10, simple)
    out += auction
    width = max(WIDTH, side_x + 420)
    y = max(map_bottom, 40 + th + 10 + ah) + 10
    for q in range(s.num_players):
        part, h = _seat_panel(s, q, seat, 12, y, orders)
        out.append(part)
        y += h + 10
    out.append(label(12, y + 12, "hunt tokens: F fish, P pelt, E emerald, M moose, W wild, "
                     "S snow beast · path costs in dollars", size=11, fill="#555"))
    return svg.document(width, y + 24, [f'<g font-family="{FONT}">', *out, "</g>"],
                        label="Klondike Rush table")
