"""The Skagway table as SVG: the game board, the supplies and the four Player Mats.

Top to bottom:

- the turn, the stage in the rulebook's phases [4.0]-[4.6], the First Player and who
  is to move;
- the work spaces of the board [4.2]: To the Mines (its spots for the player count
  [4.2.1]), the Railroad stack bottom to top [4.2.2] with its counters left and its
  owner (the Deed), the Assay & Mercantile's four spots [4.2.3], the Docks with the
  Hired Hand pool face down and the Recruiter [4.2.4], [4.3.4], the Deputy and the
  Sheriff [4.2.5], and the supplies: Gold Supply (a count, the $4s not yet turned in),
  the Railroad Goods deck (a count) and its die [3.1], [4.3.2];
- the town [4.4]-[4.5]: the three Player Building spaces (each building's GOOD and
  BAD side, the side up, the Ownership marker, "bought this turn" [6.0], the Workers
  in it), the Street, the Bank (its Gold face up, the robbers' stack, the robbed
  pile [7.0]), the Jail and the Cemetery (face-down Workers dashed [4.6]);
- the Prestige Buildings still for sale [6.0] and the Skagway Today the town would
  get if the game ended now [5.0];
- one Player Mat a seat [3.2]: points, the Buildings Purchased track -3+..3+, the
  Gunfight Kills track 0..5+, the Workers at home, Gold counters, Railroad counters,
  Railroad Goods cards, face-down recruits and Prestige Buildings, with the First
  Player, Recruiter, Railroad and Docks markers;
- this turn's public log and, in a robbery or gunfight, the bribe and the dice.

What a seat cannot see (observation.py): another seat's Gold and Goods by face (backs),
its Railroad counters until the Railroad is scored [4.3.2], which Hired Hands another
seat just recruited (H4: they and the Hands left in that pool are drawn as unnamed
backs), and the supplies' contents (counts only; the whole truth lists them).

Legal moves carried on the board (``data-action``): a Worker space when one placement
goes there, an Assay spot a miner may pull, the mover's Gold counter to turn in or
return, its Goods card to cash, a building side or Prestige card to buy, a building
the Sheriff may flip, the Bank to rob, the Sheriff to challenge, the Street Worker to
shoot or to send first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import svg
from .a_draw import back, clickable, fill_of, ink_on, label, panel, pawn, wrap_lines

WIDTH = 1200
PAWN_R = 12
PRESTIGE_H = 104  # the Prestige Buildings' panel: two rows of five cards
KIND_LETTERS = {"railroad": "R", "miner": "M", "gunfighter": "G", "stooge": "S"}


def render(state: Any, seat: int | None, legal: Sequence[int] = ()) -> str:
    """The table for ``seat`` (None: the whole truth); see the module docstring."""
    board = _Board(state, seat, legal)
    return board.draw()


class _Board:
    """One drawing: the state, the seat it is drawn for, and the legal moves by kind."""

    def __init__(self, state: Any, seat: int | None, legal: Sequence[int]) -> None:
        from skagway_env.games.skagway import observation  # noqa: PLC0415

        self.s = state
        self.seat = seat
        self.comp = state.game.components
        self.codec = state.game.codec
        self.obs = observation
        self.legal = set(legal)
        self.moves = {a: self.codec.decode(a) for a in legal
                      if not state.is_chance_node() and not state.is_terminal()}
        self.mover = state.current_player()

    # ------------------------------------------------------------------ helpers
    def colour(self, seat: int) -> str:
        return self.comp.colours[seat] if seat >= 0 else "#dddddd"

    def where(self, worker: int) -> str:
        """The Worker's location as the drawing's seat sees it (H4)."""
        if self.seat is None:
            return self.s.loc[worker]
        return self.obs.seen_location(self.s, worker, self.seat)

    def action_for(self, kind: str, **fields: Any) -> int | None:
        """The legal action of ``kind`` (the named tuple's class name) with ``fields``."""
        for action, move in self.moves.items():
            if type(move).__name__ == kind and all(getattr(move, k) == v
                                                   for k, v in fields.items()):
                return action
        return None

    def worker(self, w: int, cx: float, cy: float, action: int | None = None) -> str:
        """A Worker counter: its Gunfight Ability on its controller's colour; a Hired
        Hand on white, ringed in its controller's colour; face down dashed."""
        from skagway_env.games.skagway.workers import controller, is_hired_hand  # noqa: PLC0415

        s = self.s
        owner = controller(s, w)
        if is_hired_hand(w):
            spec = self.comp.hired_hands[w - 8]
            text = f"{KIND_LETTERS.get(spec.kind, '?')}{spec.ability}"
            spots = " / ".join(spec.night_spots) or "the Street"
            tip = f"{s.worker_label(w)}: Hired Hand ({spec.kind}), ability {spec.ability}, " \
                  f"night spots {spots}"
            parts = [svg.title(tip),
                     svg.circle(cx, cy, PAWN_R, fill="#f7f3e8",
                                stroke=fill_of(self.colour(owner)) if owner >= 0 else "#555",
                                stroke_width=3,
                                stroke_dasharray="3 2" if s.face_down[w] else None),
                     label(cx, cy + 4, text, size=10, bold=True, anchor="middle")]
            piece = svg.group(parts)
        else:
            spec = self.comp.workers[w]
            tip = (f"{s.worker_label(w)}: ability {spec.ability}, night spots "
                   f"{' / '.join(spec.night_spots)}" + (", face down" if s.face_down[w] else ""))
            piece = pawn(cx, cy, self.colour(owner), spec.ability, r=PAWN_R, tip=tip,
                         dashed=s.face_down[w])
        if w == s.active and s.loc[w] in ("street", "bank"):
            # [4.5] the active Worker: a ring around it
            piece = svg.group([svg.circle(cx, cy, PAWN_R + 4, fill="none", stroke="#f57f17",
                                          stroke_width=3), piece])
        return clickable(piece, action, self.legal, cx - PAWN_R, cy - PAWN_R,
                         2 * PAWN_R, 2 * PAWN_R)

    def row_of_workers(self, workers: list[int], x: float, y: float, per_row: int,
                       actions: dict[int, int | None] | None = None) -> list[str]:
        out = []
        for i, w in enumerate(workers):
            col, row = i % per_row, i // per_row
            out.append(self.worker(w, x + PAWN_R + col * (2 * PAWN_R + 4),
                                   y + PAWN_R + row * (2 * PAWN_R + 4),
                                   (actions or {}).get(w)))
        return out

    def at(self, where: str) -> list[int]:
        """The Workers the seat sees at ``where``, in id order."""
        return [w for w in range(len(self.s.loc)) if self.where(w) == where]

    def placement(self, space: int) -> int | None:
        """The placement onto ``space`` when exactly one is legal (else the list)."""
        found = [a for a, m in self.moves.items()
                 if type(m).__name__ == "Place" and m.space == space]
        return found[0] if len(found) == 1 else None

    # ------------------------------------------------------------------ the drawing
    def draw(self) -> str:
        parts = self.header()
        parts += self.work_spaces(44)
        parts += self.town(210)
        parts += self.prestige_and_today(376)
        y = 376 + PRESTIGE_H + 6
        for seat in range(self.s.num_players):
            col, row = seat % 2, seat // 2
            parts += self.mat(seat, 6 + col * 597, y + row * 206)
        y += 206 * (-(-self.s.num_players // 2))
        log, height = self.log(y)
        parts += log
        who = "whole truth" if self.seat is None else f"seat {self.seat}'s view"
        background = svg.rect(0, 0, WIDTH, height, fill="#efe4cc", stroke="none")
        return svg.document(WIDTH, height, [background, *parts],
                            label=f"Skagway table ({who})")

    def header(self) -> list[str]:
        s = self.s
        words = self.obs.STAGE_WORDS[s.stage]
        status = (" - the last turn" if s.final_turn
                  else " - stopped by the turn cap" if s.truncated else "")
        mover = self.mover
        if s.is_terminal():
            best = max(s.points)
            won = ", ".join(f"P{q}" for q in range(s.num_players) if s.points[q] == best)
            now = f"game over: {won} with {best} points"
        elif mover >= 0:
            now = f"P{mover} ({self.colour(mover)}) to move"
        else:
            now = "chance"
        first = f"P{s.first_player}" if s.first_player >= 0 else "not drawn"
        viewer = "whole truth" if self.seat is None else f"seen by P{self.seat}"
        return [label(12, 24, f"Skagway: turn {s.turn}{status} - {now}", size=17, bold=True),
                label(12, 40, words, size=12),
                label(WIDTH - 12, 24, f"First Player {first} | {viewer}", size=13,
                      anchor="end")]

    def work_spaces(self, y: float) -> list[str]:
        """[4.2] the spaces Workers head out to, and the supplies beside them."""
        from skagway_env.games.skagway.stages import (  # noqa: PLC0415
            ASSAY,
            DEPUTY,
            DOCKS,
            MINES,
            POOL,
            RAILROAD,
            SHERIFF,
        )

        s, comp = self.s, self.comp
        h = 158
        parts = panel(6, y, WIDTH - 12, h, "The board: work spaces [4.2]")
        # To the Mines [4.2.1]
        spots = comp.mine_spots_for(s.num_players)
        parts += self.space_box(14, y + 24, 150, h - 30, "To the Mines", self.placement(0))
        for k in range(spots):
            cx = 40 + k * 42
            parts.append(svg.circle(cx, y + 70, PAWN_R + 4, fill="#e8dcc0", stroke="#8a7a5a"))
            parts.append(label(cx, y + 100, k + 1, size=11, anchor="middle"))
            if k < len(s.mines) and s.mines[k] >= 0 and s.loc[s.mines[k]] == MINES:
                parts.append(self.worker(s.mines[k], cx, y + 70))
        parts.append(label(22, y + 122, "spot 1: 2 Gold, others 1", size=10))
        # Railroad [4.2.2]
        parts += self.space_box(172, y + 24, 232, h - 30, "Railroad (bottom to top)",
                                self.placement(1))
        stack = [w for w in s.railroad if w >= 0 and s.loc[w] == RAILROAD]
        parts += self.row_of_workers(stack, 180, y + 46, 8)
        owner = f"P{s.rail_owner} (the Deed)" if s.rail_owner >= 0 else "none yet"
        parts.append(label(180, y + 112, f"counters left: {sum(s.rail_supply)} face down",
                           size=10))
        parts.append(label(180, y + 125, f"owner: {owner}", size=10))
        deck = sum(s.goods_deck) + len(s.goods_bottom)
        die = f", die shows {s.goods_die}" if s.goods_die else ""
        parts.append(label(180, y + 138, f"Goods deck: {deck} cards{die}", size=10))
        # Assay & Mercantile [4.2.3]
        parts += self.space_box(412, y + 24, 190, h - 30, "Assay & Mercantile",
                                self.placement(2))
        for k in range(len(s.assay)):
            cx = 436 + k * 44
            parts.append(svg.rect(cx - PAWN_R - 4, y + 54, 2 * PAWN_R + 8, 2 * PAWN_R + 8,
                                  fill="#e8dcc0", stroke="#8a7a5a", rx=4))
            parts.append(label(cx, y + 100, k + 1, size=11, anchor="middle"))
            w = s.assay[k]
            if w >= 0 and s.loc[w] == ASSAY:
                parts.append(self.worker(w, cx, y + 70,
                                         self.action_for("MinePull", spot=k)))
        parts.append(label(420, y + 122, "turn in Gold, then buy", size=10))
        # Docks [4.2.4] and the Hired Hand pool [3.1]
        parts += self.space_box(610, y + 24, 196, h - 30, "Docks", self.placement(3))
        parts.append(svg.circle(636, y + 70, PAWN_R + 4, fill="#e8dcc0", stroke="#8a7a5a"))
        if s.docks >= 0 and s.loc[s.docks] == DOCKS:
            parts.append(self.worker(s.docks, 636, y + 70))
        pool = self.at(POOL)
        from skagway_env.games.skagway.stages import RECRUITED  # noqa: PLC0415

        hidden_recruits = (self.obs.recruits_held(s, s.recruited_by) - len(self.at(RECRUITED))
                           if s.recruited_by >= 0 else 0)
        unseen = len(self.at(self.obs.UNSEEN)) - hidden_recruits
        parts.append(label(660, y + 56, "Hired Hand pool", size=10))
        for i, w in enumerate(pool):
            parts.append(self.worker(w, 670 + i * 27, y + 76))
        for i in range(max(0, unseen)):
            parts.append(back(660 + (len(pool) + i) * 27, y + 64, 22, 24,
                              tip="a Hired Hand face down (which, unseen)"))
        recruiter = f"P{s.recruiter}" if s.recruiter >= 0 else "nobody"
        parts.append(label(618, y + 112, f"Recruiter: {recruiter}", size=10))
        if s.docks_owner >= 0:
            parts.append(label(618, y + 125, f"Docks owner: P{s.docks_owner}", size=10))
        # Deputy and Sheriff [4.2.5], [4.3.5]
        for k, (name, where, w, action) in enumerate((
                ("Deputy", DEPUTY, s.deputy, self.placement(4)),
                ("Sheriff", SHERIFF, s.sheriff, self.action_for("ChallengeSheriff")))):
            x = 814 + k * 92
            parts += self.space_box(x, y + 24, 86, h - 30, name, action)
            parts.append(svg.circle(x + 43, y + 70, PAWN_R + 4, fill="#e8dcc0",
                                    stroke="#8a7a5a"))
            if w >= 0 and s.loc[w] == where:
                parts.append(self.worker(w, x + 43, y + 70))
        # Supplies [3.1]
        x = 1004
        parts += self.space_box(x, y + 24, 184, h - 30, "Gold Supply", None)
        parts.append(back(x + 10, y + 48, 30, 30, tip="Gold counters face down"))
        parts.append(label(x + 48, y + 66, f"{sum(s.gold_supply)} counters", size=12,
                           bold=True))
        parts.append(label(x + 10, y + 96, f"$4 not yet turned in: {self.obs.top_gold_left(s)}",
                           size=10))
        if self.seat is None:
            faces = [v for v, _ in comp.gold.counts]
            held = ", ".join(f"${v} x{c}" for v, c in zip(faces, s.gold_supply, strict=True)
                             if c) or "empty"
            parts.append(label(x + 10, y + 112, f"(truth) {held}", size=10))
            goods = ", ".join(f"{g.name} x{c}" for g, c in zip(comp.goods, s.goods_deck,
                                                                 strict=True) if c)
            parts.append(svg.group([svg.title(f"Goods deck: {goods}; bottom "
                                              f"{s.goods_bottom}"),
                                    label(x + 10, y + 126, "(truth) Goods deck: hover",
                                          size=10)]))
        return parts

    def space_box(self, x: float, y: float, w: float, h: float, name: str,
                  action: int | None) -> list[str]:
        box = [svg.rect(x, y, w, h, fill="#fbf4e2", stroke="#8a7a5a", rx=5),
               label(x + 6, y + 14, name, size=12, bold=True)]
        return [clickable(box, action, self.legal, x, y, w, h)]

    def town(self, y: float) -> list[str]:
        """[4.4] the Player Buildings, the Street, the Bank, the Jail and the Cemetery."""
        from skagway_env.games.skagway.components import SPACES  # noqa: PLC0415
        from skagway_env.games.skagway.stages import (  # noqa: PLC0415
            BANK,
            CEMETERY,
            JAIL,
            NIGHT_LOCATIONS,
            RESIDENCY_FREE,
            STREET,
        )

        s = self.s
        h = 160
        parts = panel(6, y, WIDTH - 12, h, "Skagway: the town [4.4], [4.5]")
        for space, (name, good, bad, _) in enumerate(SPACES):
            x = 14 + space * 214
            side = s.building_side[space]
            flip = self.action_for("SheriffFlip", space=space)
            box = [svg.rect(x, y + 24, 206, h - 30, fill="#fbf4e2", stroke="#8a7a5a", rx=5),
                   label(x + 6, y + 38, f"{name} space", size=12, bold=True)]
            parts.append(clickable(box, flip, self.legal, x, y + 24, 206, h - 30))
            for k, building in enumerate((good, bad)):
                bx = x + 6 + k * 98
                up = side == k
                tone = ("GOOD", "BAD")[k]
                half = [svg.rect(bx, y + 44, 94, 34, rx=4,
                                 fill=("#d5efd5" if k == 0 else "#f5d5d0") if up else "#f4f0e6",
                                 stroke="#333" if up else "#bbb",
                                 stroke_width=2 if up else 1),
                        label(bx + 47, y + 58, building, size=11, bold=up, anchor="middle",
                              fill="#111" if up else "#999"),
                        label(bx + 47, y + 72, tone, size=9, anchor="middle",
                              fill="#111" if up else "#aaa")]
                buy = self.action_for("BuyBuilding", space=space, side=k)
                parts.append(clickable(half, buy, self.legal, bx, y + 44, 94, 34))
            owner = s.building_owner[space]
            if side >= 0:
                price = self.comp.come_home_price[space]
                parts.append(svg.rect(x + 8, y + 84, 12, 12, fill=fill_of(self.colour(owner)),
                                      stroke="#222"))
                new = ", bought this turn" if s.bought_this_turn[space] else ""
                parts.append(label(x + 24, y + 94, f"P{owner}'s{new}; {price} pt a Worker",
                                   size=10))
            else:
                parts.append(label(x + 8, y + 94, "no building (free for Residency)"
                                   if space == 0 else "no building", size=10))
            inside = self.at(NIGHT_LOCATIONS[space])
            if space == 0:
                inside += self.at(RESIDENCY_FREE)
            parts += self.row_of_workers(inside, x + 8, y + 102, 7)
        street_actions: dict[int, int | None] = {}
        for a, m in self.moves.items():
            if type(m).__name__ in ("Duel", "StreetFirst"):
                street_actions[m.target if hasattr(m, "target") else m.worker] = a
        x = 656
        parts += self.space_box(x, y + 24, 150, h - 30, "Street", None)
        street = self.at(STREET)
        parts += self.row_of_workers(street, x + 8, y + 46, 5, street_actions)
        if 0 <= s.active < len(s.loc):
            parts.append(label(x + 8, y + 140, f"acting: {s.worker_label(s.active)}",
                               size=10))
        x = 812
        parts += self.space_box(x, y + 24, 196, h - 30, "Bank", self.action_for("Rob"))
        step = min(30.0, 180.0 / max(1, len(s.bank)))  # overlap them when many
        for i, v in enumerate(sorted(s.bank)):
            parts.append(self.gold(v, x + 8 + i * step, y + 44))
        if not s.bank:
            parts.append(label(x + 8, y + 62, "empty", size=10))
        robbers = [w for w in s.bandits if s.loc[w] == BANK]
        parts.append(label(x + 8, y + 92, "robbers (leader first):", size=10))
        parts += self.row_of_workers(robbers, x + 8, y + 98, 6)
        robbed = " ".join(f"${v}" for v in sorted(s.robbed)) or "none"
        parts.append(label(x + 8, y + 144, f"robbed, face up: {robbed}", size=10))
        for k, (name, where) in enumerate((("Jail", JAIL), ("Cemetery", CEMETERY))):
            x = 1014 + k * 90
            parts += self.space_box(x, y + 24, 84, h - 30, name, None)
            parts += self.row_of_workers(self.at(where), x + 6, y + 44, 2)
        return parts

    def gold(self, value: int, x: float, y: float, action: int | None = None) -> str:
        """A Gold counter face up."""
        piece = svg.group([svg.title(f"a ${value} Gold counter"),
                           svg.circle(x + 13, y + 13, 13, fill="#f1c40f", stroke="#8a6d00"),
                           label(x + 13, y + 17, f"${value}", size=11, bold=True,
                                 anchor="middle")])
        return clickable(piece, action, self.legal, x, y, 26, 26)

    def prestige_card(self, p: int, x: float, y: float, w: float = 108,
                      action: int | None = None, lines: int = 2) -> str:
        """A Prestige Building card: its name and its scoring (``lines`` of words)."""
        spec = self.comp.prestige[p]
        words = _prestige_words(spec)
        h = 22 + 12 * lines
        card = [svg.title(f"{spec.name}: {words}"),
                svg.rect(x, y, w, h, fill="#f3e5f5", stroke="#6a1b9a", rx=4),
                label(x + 5, y + 15, spec.name, size=11, bold=True)]
        for i, line in enumerate(wrap_lines([words], int(w / 5.4))[:lines]):
            card.append(label(x + 5, y + 29 + 12 * i, line, size=9))
        return clickable(card, action, self.legal, x, y, w, h)

    def prestige_and_today(self, y: float) -> list[str]:
        """[6.0] the Prestige Buildings for sale; [5.0] Skagway Today if it ended now."""
        from skagway_env.games.skagway.endgame import skagway_today  # noqa: PLC0415

        s = self.s
        owned = {p for held in s.prestige for p in held}
        parts = panel(6, y, 830, PRESTIGE_H, f"Prestige Buildings for sale "
                                             f"({self.comp.prestige_building_cost} points) [6.0]")
        for i, p in enumerate(p for p in range(len(self.comp.prestige)) if p not in owned):
            row, col = divmod(i, 5)
            parts.append(self.prestige_card(p, 14 + col * 164, y + 24 + row * 38, 160,
                                            self.action_for("BuyPrestige", prestige=p),
                                            lines=1))
        row = skagway_today(s)
        total = sum(len(held) for held in s.prestige)
        heading = ("Skagway Today [5.0]" if s.is_terminal()
                   else "Skagway Today, if it ended now [5.0]")
        parts += panel(842, y, WIDTH - 848, PRESTIGE_H, heading)
        parts.append(label(850, y + 36, f"{row.name} ({row.size} {row.tone})", size=12,
                           bold=True))
        parts.append(label(850, y + 52, f"from {total} Prestige Buildings and the markers",
                           size=10))
        parts.append(label(850, y + 68, f"Railroad {row.railroad}, Hotel/Brothel "
                                        f"{row.hotel_brothel}, Docks {row.docks},", size=10))
        parts.append(label(850, y + 82, f"Church/Gambling Hall {row.church_gambling_hall}, "
                                        f"Saloon/Restaurant {row.saloon_restaurant}", size=10))
        return parts

    def mat(self, q: int, x: float, y: float) -> list[str]:
        """[3.2] one Player Mat and what lies in front of the player."""
        from skagway_env.games.skagway.stages import HOME, RECRUITED  # noqa: PLC0415

        s, comp = self.s, self.comp
        colour = self.colour(q)
        moving = q == self.mover
        w, h = 591, 200
        parts = [svg.rect(x, y, w, h, fill="#fffdf7", rx=6,
                          stroke="#f57f17" if moving else fill_of(colour),
                          stroke_width=4 if moving else 2),
                 svg.rect(x, y, 10, h, fill=fill_of(colour), stroke="none", rx=3)]
        you = " (you)" if q == self.seat else ""
        parts.append(label(x + 18, y + 18, f"P{q} {colour}{you}" + (" - to move" if moving
                                                                     else ""),
                           size=13, bold=True))
        parts.append(label(x + 18, y + 40, f"{s.points[q]} points", size=16, bold=True,
                           fill="#8a6d00"))
        marks = []
        if q == s.first_player:
            marks.append("First Player")
        if q == s.recruiter:
            marks.append("Recruiter")
        if q == s.rail_owner:
            marks.append("Railroad (Deed)")
        if q == s.docks_owner:
            marks.append("Docks")
        buildings = [name for space, name in enumerate(("Residency", "Grub", "Enrichment"))
                     if s.building_owner[space] == q]
        if buildings:
            marks.append("owns " + ", ".join(buildings))
        parts.append(label(x + w - 10, y + 18, " | ".join(marks), size=11, anchor="end"))
        # the two tracks of the mat
        parts += self.track(x + 150, y + 28, "Buildings Purchased", range(-3, 4),
                            s.purchased_track[q], colour,
                            lambda v: f"{abs(v)}{'+' if abs(v) == 3 else ''}"
                            if v else "0", ("BAD", "GOOD"))
        parts += self.track(x + 400, y + 28, "Gunfight Kills", range(0, 6), s.kills[q],
                            colour, lambda v: "5+" if v == 5 else str(v), None)
        # Workers at home and recruits face down [4.3.4]
        home = self.at(HOME)
        mine = [wk for wk in home if wk < 8 and wk // 2 == q]
        parts.append(label(x + 18, y + 62, "home:", size=10))
        parts += self.row_of_workers(mine, x + 18, y + 68, 3)
        recruits = self.obs.recruits_held(s, q)
        if recruits:
            known = [wk for wk in self.at(RECRUITED)]
            parts.append(label(x + 18, y + 112, "recruits:", size=10))
            if known:
                parts += self.row_of_workers(known, x + 18, y + 118, 3)
            else:
                for i in range(recruits):
                    parts.append(back(x + 18 + i * 28, y + 118, 24, 24,
                                      tip="a recruited Hired Hand face down"))
        # Gold, Railroad counters and Goods [4.3.1], [4.3.2]
        private = self.seat is None or self.seat == q
        gx = x + 110
        parts.append(label(gx, y + 84, "Gold:", size=11, bold=True))
        faces = [v for v, _ in comp.gold.counts]
        i = 0
        for v, count in zip(faces, s.gold_held[q], strict=True):
            for _ in range(count):
                if private:
                    action = (self.action_for("TurnIn", value=v)
                              or self.action_for("ReturnGold", value=v)) if moving else None
                    parts.append(self.gold(v, gx + 40 + i * 30, y + 70, action))
                else:
                    parts.append(back(gx + 40 + i * 30, y + 70, 26, 26,
                                      tip=f"P{q}'s Gold counter face down"))
                i += 1
        if not i:
            parts.append(label(gx + 40, y + 88, "none", size=10))
        parts.append(label(gx, y + 116, "Railroad:", size=11, bold=True))
        rail_faces = [v for v, _ in comp.railroad.counts]
        i = 0
        for v, count in zip(rail_faces, s.rail_held[q], strict=True):
            for _ in range(count):
                if private or s.rail_owner >= 0:
                    parts.append(svg.group([svg.title(f"Railroad counter ({v})"),
                                            svg.rect(gx + 62 + i * 28, y + 102, 24, 22,
                                                     fill="#d7ccc8", stroke="#4e342e", rx=3),
                                            label(gx + 74 + i * 28, y + 117, f"({v})",
                                                  size=10, anchor="middle")]))
                else:
                    parts.append(back(gx + 62 + i * 28, y + 102, 24, 22,
                                      tip=f"P{q}'s Railroad counter face down"))
                i += 1
        if not i:
            parts.append(label(gx + 62, y + 118, "none", size=10))
        parts.append(label(gx, y + 146, "Goods:", size=11, bold=True))
        i = 0
        for t, count in enumerate(s.goods_held[q]):
            for _ in range(count):
                gx2 = gx + 48 + i * 62
                if private:
                    good = comp.goods[t]
                    values = " ".join(map(str, good.values))
                    action = self.action_for("CashGoods", goods_type=t) if moving else None
                    card = [svg.title(f"Railroad Goods: {good.name}, points for die 1-6: "
                                      f"{values}"),
                            svg.rect(gx2, y + 132, 58, 22, fill="#e3f2fd", stroke="#1565c0",
                                     rx=3),
                            label(gx2 + 29, y + 147, good.name, size=10, anchor="middle")]
                    parts.append(clickable(card, action, self.legal, gx2, y + 132, 58, 22))
                else:
                    parts.append(back(gx2, y + 132, 58, 22,
                                      tip=f"P{q}'s Railroad Goods card face down"))
                i += 1
        if not i:
            parts.append(label(gx + 48, y + 148, "none", size=10))
        # Prestige Buildings [6.0]
        parts.append(label(x + 18, y + 172, "Prestige:", size=11, bold=True))
        for i, p in enumerate(sorted(s.prestige[q])):
            parts.append(self.prestige_card(p, x + 80 + i * 126, y + 158, 122, lines=1))
        if not s.prestige[q]:
            parts.append(label(x + 80, y + 172, "none", size=10))
        return parts

    def track(self, x: float, y: float, name: str, values: range, at: int, colour: str,
              words: Any, ends: tuple[str, str] | None) -> list[str]:
        """A Player Mat track: one cell a value, the marker on ``at``."""
        cell = 30
        parts = [label(x, y + 10, name, size=10, bold=True)]
        if ends:
            parts.append(label(x + 130, y + 10, f"{ends[0]} <-> {ends[1]}", size=9))
        for i, v in enumerate(values):
            cx = x + i * cell
            parts.append(svg.rect(cx, y + 14, cell - 2, 18, fill="#f4efe2", stroke="#a89a7a",
                                  rx=2))
            parts.append(label(cx + (cell - 2) / 2, y + 27, words(v), size=9, anchor="middle"))
            if v == at:
                parts.append(svg.group([svg.title(f"{name}: {words(v)}"),
                                        svg.rect(cx + 2, y + 14, cell - 6, 18,
                                                 fill=fill_of(colour), stroke="#222", rx=3,
                                                 fill_opacity=0.85),
                                        label(cx + (cell - 2) / 2, y + 27, words(v), size=9,
                                              anchor="middle", bold=True,
                                              fill=ink_on(colour))]))
        return parts

    def log(self, y: float) -> tuple[list[str], float]:
        """This turn's public events [4.0], and a robbery's or gunfight's numbers."""
        from skagway_env.games.skagway.actions import BRIBE_SOURCES  # noqa: PLC0415
        from skagway_env.games.skagway.stages import (  # noqa: PLC0415
            BRIBE_ANSWER,
            BRIBE_DEMAND,
            CHASE,
            DUEL_ROLL,
        )

        s = self.s
        lines = list(s.turn_log()[-12:])
        if s.stage in (BRIBE_ANSWER, BRIBE_DEMAND, CHASE):
            lines.append(f"bribe offered {s.bribe[1]} from {BRIBE_SOURCES[s.bribe[0]]}; the "
                         f"Sheriff's price {s.demand or 'none'}")
        if s.stage == DUEL_ROLL or s.rolls:
            lines.append(f"gunfight dice: {' '.join(map(str, s.rolls)) or 'not rolled'}")
        lines = wrap_lines(lines, 90) or ["(nothing yet this turn)"]
        per_column = max(4, -(-len(lines) // 2))
        height = 26 + 15 * per_column
        parts = panel(6, y, WIDTH - 12, height, "This turn")
        for i, line in enumerate(lines):
            column, row = divmod(i, per_column)
            parts.append(label(16 + column * 594, y + 34 + 15 * row, line, size=11))
        return parts, y + height + 8


def _prestige_words(spec: Any) -> str:
    """The card's scoring, from the back of the booklet."""
    p = spec.points
    if spec.kind == "own_track":
        return f"own marker: B {p[0]} / N {p[1]} / G {p[2]}"
    if spec.kind == "all_tracks":
        return f"all markers: B {p[0]} / N {p[1]} / G {p[2]}"
    if spec.kind == "prestige_count":
        if spec.at_least is not None:
            return f"{p[0]} if {spec.at_least}+ Prestige, else {p[1]}"
        return f"{p[0]} if {spec.at_most} or fewer Prestige, else {p[1]}"
    if spec.kind == "steamboat":
        return f"{p[0]} + {p[1]} a Railroad counter unrevealed"
    needs = " (needs another Prestige)" if spec.requires_other_prestige else ""
    return f"{p[0]} points{needs}"
