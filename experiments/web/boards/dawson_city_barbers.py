"""The Dawson City Barbers table as SVG (the rulebook's two boards and the players' hands).

Top to bottom, as the rulebook lays the table out:

- the round (of four), the turn (of five a player) and who is to move [Round];
- the Train track with its 1st/2nd/3rd place boxes [Scheduling Training], the Work
  track with each space's gold [Scheduling Work], and the Pan track, a river whose
  wide spaces hold two or three numbers, north shore (the bigger number) first
  [Scheduling Panning]; the markers are cubes of the players' colours;
- each player's shop with its three chairs and the pawns sitting there [Get Haircut],
  and last round's Best Hair scale (1st, 2nd, 3rd, the '4th 5th 6th' box)
  [Evaluate Haircuts];
- one panel a player: gold (public, [Starting the Next Round]), the long weekend card
  face up or flipped [Plan Long Weekend], the hand (face up to its holder, backs to
  the others) and, when discards go face down (RULES_NOTES D2), the face-down
  discards (faces to their owner, a count to the others);
- the face-up discard pile, the deck (a count; its cards only in the whole truth),
  the last scoring's log and the panning flips still due [Pan for Gold].

The rulebook names no colours for its six sets; the boards use red, blue, green,
yellow, purple and orange for seats 0-5 (assumed, for the display only).

A schedule card in the hand of the seat to move carries ``data-action`` (playing it is
the Schedule action); haircuts and long weekends, which also choose a shop or a track,
are left to the page's list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import svg
from .a_draw import back, clickable, cube, fill_of, ink_on, label, panel, pawn, wrap_lines

SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
"""Seat i's colour (assumed: the rulebook's six colours are not named)."""

WIDTH = 1180
LEFT = 150  # where the tracks' spaces begin, after their names
CARD_W, CARD_H = 46, 64
MINI_W, MINI_H = 30, 44  # a pile's small card
PILES_H = 120  # the discard pile's and the deck's panels
HAIR_NAMES = ("1st", "2nd", "3rd", "4th 5th 6th")
PLACE_NAMES = ("1st", "2nd", "3rd")


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def render(state: Any, seat: int | None, legal: Sequence[int] = ()) -> str:
    """The table for ``seat`` (None: the whole truth); see the module docstring."""
    from skagway_env.games.dawson_city_barbers.state import PLAY  # noqa: PLC0415

    legal_set = set(legal)
    n = state.num_players
    to_move = state.current_player() if state.phase == PLAY else None
    parts: list[str] = [svg.rect(0, 0, WIDTH, 10, fill="#f3ead7", stroke="none")]
    parts += _header(state, seat)
    y = 44
    parts += _train_track(state, y)
    y += 118
    parts += _work_track(state, y)
    y += 100
    parts += _pan_track(state, y)
    y += 104
    parts += _shops(state, y)
    y += 128
    rows = -(-n // 2)
    for q in range(n):
        col, row = q % 2, q // 2
        marks = legal_set if (q == to_move and seat in (None, q)) else set()
        parts += _player_panel(state, q, seat, 10 + col * 585, y + row * 112, marks,
                               q == to_move)
    y += rows * 112 + 4
    bottom = _piles_and_log(state, seat, y)
    parts += bottom[0]
    height = bottom[1]
    parts.insert(0, svg.rect(0, 0, WIDTH, height, fill="#f3ead7", stroke="none"))
    who = "whole truth" if seat is None else f"seat {seat}'s view"
    return svg.document(WIDTH, height, parts, label=f"Dawson City Barbers table ({who})")


def _header(state: Any, seat: int | None) -> list[str]:
    from skagway_env.games.dawson_city_barbers.state import (  # noqa: PLC0415
        DEAL,
        FLIP,
        HAND_SIZE,
        OVER,
        PLAY,
        ROUNDS,
    )

    n = state.num_players
    if state.phase == PLAY:
        now = (f"turn {state.turn + 1}/{HAND_SIZE * n}: P{state.current_player()} "
               f"({_colour(state.current_player())}) to move")
    elif state.phase == FLIP:
        now = "panning for gold: cards are flipped"
    elif state.phase == DEAL:
        now = f"dealing ({state.dealt}/{HAND_SIZE * n} cards dealt)"
    elif state.phase == OVER:
        best = max(state.gold)
        winners = [f"P{q}" for q in range(n) if state.gold[q] == best]
        now = f"game over: {', '.join(winners)} with {best} gold"
    else:
        now = "drawing the start player"
    start = f"P{state.start_player}" if state.start_player >= 0 else "not drawn"
    rnd = min(state.round + 1, ROUNDS)
    viewer = "whole truth" if seat is None else f"seen by P{seat}"
    return [label(12, 28, f"Dawson City Barbers: round {rnd}/{ROUNDS}, {now}", size=17,
                  bold=True),
            label(WIDTH - 12, 28, f"start player {start} | {viewer}", size=13,
                  anchor="end")]


def _train_track(state: Any, y: float) -> list[str]:
    """[Scheduling Training] spaces 0..last, and the place boxes a head start uses."""
    comp = state.game.components
    last = comp.train_last_space
    cell = min(34.0, (WIDTH - LEFT - 14) / (last + 1))
    parts = panel(6, y, WIDTH - 12, 110, "Train track")
    parts.append(label(12, y + 34, "place boxes", size=11))
    for box in range(1, 4):
        bx = 12 + (box - 1) * 44
        parts.append(svg.rect(bx, y + 40, 40, 60, fill="#e8dcc0", stroke="#8a7a5a", rx=3))
        parts.append(label(bx + 20, y + 54, PLACE_NAMES[box - 1], size=11, anchor="middle"))
    for space in range(last + 1):
        x = LEFT + space * cell
        parts.append(svg.rect(x, y + 24, cell - 2, 76, fill="#fffaf0", stroke="#b0a080"))
        parts.append(label(x + (cell - 2) / 2, y + 38, space, size=11, anchor="middle"))
    at_space: dict[int, list[int]] = {}
    for q in range(state.num_players):
        box = state.train_box[q]
        tip = f"P{q} train: {_train_words(state, q)}"
        if box:
            bx = 12 + (box - 1) * 44
            parts.append(cube(bx + 13, y + 66, _colour(q), size=14, tip=tip))
        else:
            at_space.setdefault(state.train_pos[q], []).append(q)
    for space, seats in at_space.items():
        x = LEFT + space * cell
        for i, q in enumerate(seats):
            cx = x + 3 + (i % 2) * 14
            cy = y + 44 + (i // 2) * 17
            parts.append(cube(cx, cy, _colour(q), size=13,
                              tip=f"P{q} train: {_train_words(state, q)}"))
    placing = ", ".join(f"{k + 1}. P{q}" for k, q in enumerate(state.placing))
    parts.append(label(WIDTH - 14, y + 16, f"placing (ties, Best Barber): {placing}",
                       size=11, anchor="end"))
    return parts


def _train_words(state: Any, q: int) -> str:
    box = state.train_box[q]
    return f"in the {PLACE_NAMES[box - 1]} place box" if box else f"space {state.train_pos[q]}"


def _work_track(state: Any, y: float) -> list[str]:
    """[Scheduling Work] days open; each space shows its gold before the Best Hair
    modifier ([Open for Business])."""
    comp = state.game.components
    spaces = len(comp.work_gold)
    cell = min(46.0, (WIDTH - LEFT - 14) / spaces)
    mods = [f"{name} {m:+d}" for name, m in
            zip(("1st", "2nd", "3rd", "4-6th"), comp.best_hair_modifiers, strict=True)]
    parts = panel(6, y, WIDTH - 12, 92, "Work track")
    parts.append(label(12, y + 36, "days open", size=11))
    parts.append(label(12, y + 52, "(gold below)", size=11))
    parts.append(label(12, y + 70, "Best Hair: " + ", ".join(mods[:2]), size=10))
    parts.append(label(12, y + 83, ", ".join(mods[2:]), size=10))
    at_space: dict[int, list[int]] = {}
    for q in range(state.num_players):
        at_space.setdefault(state.work[q], []).append(q)
    for space in range(spaces):
        x = LEFT + space * cell
        parts.append(svg.rect(x, y + 8, cell - 2, 80, fill="#fffaf0", stroke="#b0a080"))
        parts.append(label(x + (cell - 2) / 2, y + 22, space, size=11, anchor="middle"))
        parts.append(label(x + (cell - 2) / 2, y + 82, f"${comp.work_gold[space]}", size=11,
                           anchor="middle", fill="#8a6d00"))
        for i, q in enumerate(at_space.get(space, [])):
            parts.append(cube(x + 2 + (i % 3) * 14, y + 30 + (i // 3) * 16, _colour(q),
                              size=12, tip=f"P{q} work: {space} days"))
    return parts


def _pan_track(state: Any, y: float) -> list[str]:
    """[Scheduling Panning] the river upstream, left to right; a wide space holds one
    marker a number, the bigger number (the north shore) on top."""
    comp = state.game.components
    numbers = comp.pan_last + 1
    cell = min(46.0, (WIDTH - LEFT - 14) / numbers)
    parts = panel(6, y, WIDTH - 12, 96, "Pan track")
    parts.append(label(12, y + 36, "upriver →", size=11))
    parts.append(label(12, y + 52, "wide spaces:", size=11))
    parts.append(label(12, y + 66, "north shore on top", size=10))
    by_spaces = state.game.pan_by_spaces
    parts.append(label(12, y + 84, f"moves count {'spaces' if by_spaces else 'numbers'}",
                       size=10))
    holder: dict[int, list[int]] = {}
    for q in range(state.num_players):
        holder.setdefault(state.pan[q], []).append(q)
    x = LEFT
    for space, nums in enumerate(comp.pan_spaces):
        w = cell * len(nums)
        parts.append(svg.rect(x, y + 8, w - 2, 84, fill="#d6eaf8" if space else "#fffaf0",
                              stroke="#2e6f9e" if len(nums) > 1 else "#7fa7c4", rx=4,
                              stroke_width=2 if len(nums) > 1 else 1))
        for k, number in enumerate(sorted(nums, reverse=True)):
            cy = y + 22 + k * (64 / len(nums)) if len(nums) > 1 else y + 22
            parts.append(label(x + 6, cy, number, size=10))
            for i, q in enumerate(holder.get(number, [])):
                if number == 0:
                    mx, my = x + 4 + (i % 3) * 14, y + 30 + (i // 3) * 16
                else:
                    mx, my = x + cell * len(nums) / 2 + 2, cy - 11
                parts.append(cube(mx, my, _colour(q), size=12,
                                  tip=f"P{q} pan: number {number}"))
        x += w
    return parts


def _shops(state: Any, y: float) -> list[str]:
    """[Get Haircut] each shop's three chairs in order; the owner's pawn stands at its
    shop until it goes for a haircut. [Evaluate Haircuts] last round's Best Hair."""
    from skagway_env.games.dawson_city_barbers.state import SHOP_SEATS  # noqa: PLC0415

    n = state.num_players
    shop_w = min(150.0, 860.0 / n)
    parts = panel(6, y, WIDTH - 12, 120, "Barber shops (chairs 1-2-3)")
    for q in range(n):
        x = 14 + q * shop_w
        parts.append(svg.rect(x, y + 24, shop_w - 8, 88, fill="#fff", rx=5,
                              stroke=fill_of(_colour(q)), stroke_width=3))
        parts.append(label(x + 6, y + 40, f"P{q}'s shop", size=12, bold=True))
        for chair in range(SHOP_SEATS):
            cx = x + 20 + chair * 36
            parts.append(svg.rect(cx - 14, y + 52, 28, 28, fill="#efe6d2", stroke="#8a7a5a",
                                  rx=3))
            parts.append(label(cx, y + 94, chair + 1, size=10, anchor="middle"))
            if chair < len(state.shop[q]):
                c = state.shop[q][chair]
                parts.append(pawn(cx, y + 66, _colour(c), c, r=11,
                                  tip=f"P{c} sits in chair {chair + 1} of P{q}'s shop"))
        if state.cut_at[q] < 0:
            parts.append(pawn(x + shop_w - 24, y + 66, _colour(q), q, r=9,
                              tip=f"P{q} has not had a haircut this round"))
        parts.append(label(x + shop_w - 14, y + 104, f"{len(state.shop[q])} pawn(s)",
                           size=10, anchor="end"))
    hx = 14 + n * shop_w + 6
    hw = WIDTH - 20 - hx
    parts.append(label(hx, y + 40, "Best Hair (last round)", size=12, bold=True))
    box_w = hw / 4
    for k, name in enumerate(HAIR_NAMES):
        bx = hx + k * box_w
        parts.append(svg.rect(bx, y + 48, box_w - 4, 60, fill="#fff", stroke="#8a7a5a", rx=3))
        parts.append(label(bx + 4, y + 60, name, size=10))
        sitting = [q for q in range(n) if state.hair[q] == k]
        for i, q in enumerate(sitting):
            parts.append(pawn(bx + 12 + (i % 3) * 20, y + 74 + (i // 3) * 20, _colour(q), q,
                              r=8, tip=f"P{q}: Best Hair {name}"))
    return parts


def _schedule_card(state: Any, kind: int, x: float, y: float,
                   tip: str | None = None) -> str:
    """A schedule card face up: its moves on the three tracks and its gold nuggets."""
    card = state.game.components.cards[kind]
    parts = [svg.title(tip or card.label()),
             svg.rect(x, y, CARD_W, CARD_H, fill="#fffbe8", stroke="#555", rx=4)]
    for row, (name, steps) in enumerate(zip("TWP", card.moves(), strict=True)):
        ink = "#111" if steps else "#bbb"
        parts.append(label(x + 6, y + 15 + row * 14, f"{name} {steps}", size=11, fill=ink,
                           bold=bool(steps)))
    for k in range(card.nuggets):
        parts.append(svg.circle(x + 10 + k * 12, y + CARD_H - 9, 4.5, fill="#f1c40f",
                                stroke="#8a6d00"))
    return svg.group(parts, class_="card")


def _player_panel(state: Any, q: int, seat: int | None, x: float, y: float,
                  legal: set[int], moving: bool) -> list[str]:
    """One player's holdings: gold, long weekend card, hand, face-down discards."""
    w, h = 575, 106
    colour = _colour(q)
    parts = [svg.rect(x, y, w, h, fill="#fffdf7", rx=6,
                      stroke="#f57f17" if moving else fill_of(colour),
                      stroke_width=4 if moving else 2)]
    parts.append(svg.rect(x, y, 10, h, fill=fill_of(colour), stroke="none", rx=3))
    you = " (you)" if q == seat else ""
    turn = " - to move" if moving else ""
    parts.append(label(x + 18, y + 18, f"P{q} {colour}{you}{turn}", size=13, bold=True))
    parts.append(label(x + 18, y + 38, f"gold {state.gold[q]}", size=15, bold=True,
                       fill="#8a6d00"))
    box = state.train_box[q]
    train = f"{PLACE_NAMES[box - 1]} box" if box else f"space {state.train_pos[q]}"
    parts.append(label(x + 18, y + 56, f"train {train}", size=10))
    parts.append(label(x + 18, y + 70, f"work {state.work[q]}, pan {state.pan[q]}", size=10))
    cut = state.cut_at[q]
    parts.append(label(x + 18, y + 84, f"haircut: {f'at P{cut}' if cut >= 0 else 'not yet'}",
                       size=10))
    used = state.weekend_used[q]
    wx = x + 150
    weekend = [svg.title("long weekend card: " + ("used (face down)" if used else
                                                  "ready (face up)"))]
    if used:
        weekend.append(svg.card(wx, y + 24, w=CARD_W, h=CARD_H, face_down=True))
    else:
        weekend.append(svg.rect(wx, y + 24, CARD_W, CARD_H, fill=fill_of(colour), stroke="#333",
                                rx=4))
        weekend.append(label(wx + CARD_W / 2, y + 50, "long", size=10, anchor="middle",
                             bold=True, fill=ink_on(colour)))
        weekend.append(label(wx + CARD_W / 2, y + 62, "weekend", size=10, anchor="middle",
                             bold=True, fill=ink_on(colour)))
    parts.append(svg.group(weekend))
    parts.append(label(wx + CARD_W / 2, y + 100, "used" if used else "ready", size=9,
                       anchor="middle"))
    hx = x + 210
    parts.append(label(hx, y + 18, f"hand ({sum(state.hands[q])})", size=11))
    private = seat is None or seat == q
    if private:
        i = 0
        for kind, count in enumerate(state.hands[q]):
            for _ in range(count):
                cx = hx + i * (CARD_W + 4)
                card = _schedule_card(state, kind, cx, y + 24)
                parts.append(clickable(card, kind, legal, cx, y + 24, CARD_W, CARD_H))
                i += 1
    else:
        for i in range(sum(state.hands[q])):
            parts.append(back(hx + i * (CARD_W + 4), y + 24, CARD_W, CARD_H,
                              tip=f"P{q}'s hand: a card face down"))
    if state.game.face_down:
        fx = hx + 5 * (CARD_W + 4) + 6
        down = state.face_down[q]
        parts.append(label(fx, y + 18, f"face down ({sum(down)})", size=10))
        if private:
            kinds = [k for k, c in enumerate(down) for _ in range(c)]
            for i, kind in enumerate(kinds):
                parts.append(_mini_card(state, kind, fx + i * (MINI_W + 2), y + 26))
        elif sum(down):
            parts.append(back(fx, y + 26, 24, 34, tip=f"P{q}'s face-down discards",
                              count=sum(down)))
    return parts


def _mini_card(state: Any, kind: int, x: float, y: float, count: int = 1) -> str:
    """A small face-up card (piles): ``T/W/P`` moves and nuggets in two lines."""
    card = state.game.components.cards[kind]
    tip = card.label() + (f" x{count}" if count > 1 else "")
    parts = [svg.title(tip), svg.rect(x, y, MINI_W, MINI_H, fill="#fffbe8", stroke="#777", rx=2),
             label(x + MINI_W / 2, y + 13, f"{card.train}-{card.work}-{card.pan}", size=9,
                   anchor="middle"),
             label(x + MINI_W / 2, y + 28, "•" * card.nuggets, size=12, anchor="middle",
                   fill="#b7950b")]
    if count > 1:
        parts.append(label(x + MINI_W / 2, y + 40, f"x{count}", size=10, anchor="middle",
                           bold=True))
    return svg.group(parts)


def _piles_and_log(state: Any, seat: int | None, y: float) -> tuple[list[str], float]:
    """The face-up discards by kind, the deck, the last scoring's log, flips due."""
    parts = panel(6, y, 700, PILES_H, f"Discard pile, face up ({sum(state.discards)} cards; "
                                 "moves train/work/pan, nuggets)")
    x = 14
    for kind, count in enumerate(state.discards):
        if count:
            parts.append(_mini_card(state, kind, x, y + 26, count))
            x += MINI_W + 2
    dx = 716
    truth = "; its cards, whole truth:" if seat is None and sum(state.deck) else ""
    parts += panel(dx, y, WIDTH - dx - 6, PILES_H,
                   f"Deck ({sum(state.deck)} cards face down{truth})")
    if sum(state.deck):
        parts.append(back(dx + 10, y + 26, 40, 56, tip=f"{sum(state.deck)} cards"))
    if seat is None and sum(state.deck):
        kinds = [(k, c) for k, c in enumerate(state.deck) if c]
        per_row = int((WIDTH - dx - 70) // (MINI_W + 2))
        for i, (kind, count) in enumerate(kinds[:2 * per_row]):
            row, col = divmod(i, per_row)
            parts.append(_mini_card(state, kind, dx + 60 + col * (MINI_W + 2),
                                    y + 24 + row * (MINI_H + 2), count))
    y += PILES_H + 8
    lines = list(state.log)
    if state.pending_flips:
        lines.append("flips due: " + ", ".join(f"P{q}" for q in state.pending_flips))
    lines = wrap_lines(lines, 55) or ["(no scoring yet)"]
    per_column = max(6, -(-len(lines) // 3))
    height = 26 + 15 * per_column
    parts += panel(6, y, WIDTH - 12, height, "Last scoring")
    for i, line in enumerate(lines):
        column, row = divmod(i, per_column)
        parts.append(label(16 + column * 390, y + 34 + 15 * row, line, size=11))
    return parts, y + height + 8
