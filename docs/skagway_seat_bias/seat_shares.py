"""Skagway seat win shares (95% Wilson intervals) under random and heuristic play.

Why seats win unequally: each seat plays a colour with its own Workers (RULES_NOTES
A3, A4), so the shares can follow the data, the seat index, or the starter. This
script plays the conditions that tell those apart. Usage:

    python docs/skagway_seat_bias/seat_shares.py [games_random] [games_heuristic] [which]

``which`` is ``all`` (default), ``default`` (the bundled data only: the rows quoted
in RULES_NOTES A4) or ``engine1`` (engine 1's night spots only). Conditions that
permute the Workers edit ``game.components`` in memory; engine 1's night spots are a
real data file shipped with the game (``components_night_spots_engine1.toml``), as
the proposal adopted in engine 2 was (``components_proposed_night_spots.toml``, now
the bundled data). Heuristic bots read the true state: the Skagway heuristics read
only public facts and their own holdings.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np
from skagway_agents.heuristics import skagway as heuristics
from skagway_experiments.analysis.intervals import wilson

import skagway_env
from skagway_env.core.playout import random_step

PROPOSAL = str(Path(__file__).with_name("components_proposed_night_spots.toml"))
ENGINE1 = "components_night_spots_engine1.toml"  # bundled beside components.toml
SWAP_GREEN_BLUE = [2, 3, 0, 1, 4, 5, 6, 7]  # worker i takes worker order[i]'s value


def permuted(order, *fields):
    """Give Worker i (seat i // 2) the ``fields`` of Worker ``order[i]``."""
    def edit(comp):
        ws = comp.workers
        new = [dataclasses.replace(ws[i], **{f: getattr(ws[j], f) for f in fields})
               for i, j in enumerate(order)]
        return dataclasses.replace(comp, workers=tuple(new))
    return edit


def shares(n, games, styles=None, edit=None, first=None, data_file=None, seed0=0):
    """Win share per seat and of the starter; ``styles`` None plays uniformly at random."""
    game = skagway_env.make_game("skagway", num_players=n, data_file=data_file)
    if edit is not None:
        game.components = edit(game.components)
    wins, starter = np.zeros(n), 0.0
    for seed in range(seed0, seed0 + games):
        rng = np.random.default_rng(seed)
        s = game.new_initial_state()
        s.apply_action(first if first is not None else int(rng.integers(n)))  # [3.4]
        fp = s.first_player
        while not s.is_terminal():
            if styles is None or s.is_chance_node():
                random_step(s, rng)
            else:
                p = s.current_player()
                s.apply_action(heuristics.choose(s, p, heuristics.STYLES[styles[p]], rng))
        r = s.returns()
        best = [p for p in range(n) if r[p] == max(r)]
        for p in best:
            wins[p] += 1 / len(best)
            starter += (p == fp) / len(best)
    cells = [f"s{p} " + interval(wins[p], games) for p in range(n)]
    return "  ".join(cells) + "  | starter " + interval(starter, games)


def interval(wins: float, games: int) -> str:
    rate, low, high = wilson(wins, games)
    return f"{rate:.3f} [{low:.3f}, {high:.3f}]"


def main(g: int, gh: int, which: str = "all") -> None:
    p2, p4 = ["prospector"] * 2, ["prospector"] * 4
    default = [(f"random {n}p", dict(n=n, games=g)) for n in (2, 3, 4)]
    default += [("prospector 2p", dict(n=2, games=gh, styles=p2)),
                ("prospector 4p", dict(n=4, games=gh, styles=p4))]
    engine1 = [(f"engine 1 night spots: {label}", dict(kw, data_file=ENGINE1))
               for label, kw in default]
    causes = [
        ("random 2p, seat 0 starts", dict(n=2, games=g, first=0)),
        ("random 2p, seat 1 starts", dict(n=2, games=g, first=1)),
        ("random 2p, green/blue Workers swapped", dict(
            n=2, games=g, edit=permuted(SWAP_GREEN_BLUE, "ability", "night_spots"))),
        ("random 2p, abilities swapped", dict(
            n=2, games=g, edit=permuted(SWAP_GREEN_BLUE, "ability"))),
        ("random 2p, night spots swapped", dict(
            n=2, games=g, edit=permuted(SWAP_GREEN_BLUE, "night_spots"))),
        ("random 4p, Workers rotated (seat i has colour i+1)", dict(
            n=4, games=g, edit=permuted([2, 3, 4, 5, 6, 7, 0, 1], "ability", "night_spots"))),
    ]
    rows = {"default": default, "engine1": engine1}.get(which, default + engine1 + causes)
    for label, kw in rows:
        print(f"{label:52s} {shares(**kw)}", flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 600, int(args[1]) if len(args) > 1 else 600,
         args[2] if len(args) > 2 else "all")
