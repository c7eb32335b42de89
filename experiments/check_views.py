"""Check ``State.view`` under real play: every seat, every decision, many games.

    python -m experiments.check_views skagway --agent random --agent random --games 2000
    python -m experiments.check_views skagway --agent random --agent heuristic:landlord \\
        --games 200 --workers 16

Each game is played as ``skagway play`` plays it (agents from ``make_agent`` specs,
seat ``k`` seeded ``derive_seed(seed, k)``, chance and the agents' views from the game
seed). Before every decision, ``state.view(seat, rng)`` is taken for EVERY seat, and
it must not raise and must keep the seat's observation tensor; at every
``--check-every``-th decision (every one by default) it must also keep the seat's
observation string and replay to itself: applying ``view.history`` to a new initial
state gives the view (``State.view``'s contract). The string and the replay cost time
in proportion to the game's length, so a long game's full checks grow with its square:
``--check-every 10`` keeps every view's no-raise and tensor check and samples the
rest. ``--infostate`` also compares the seat's information
state string (the whole action-observation history: about ten times the cost, which
grows with the square of the game's length). Failures are reported with the game
seed, the move index and the seat; one summary line is printed per configuration.
"""

from __future__ import annotations

import argparse
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import Pool

import numpy as np
from tqdm import tqdm

import skagway_env  # noqa: F401  (importing the package registers the bundled games)
from skagway_env.core import SIMULTANEOUS, State, make_game
from skagway_env.core.playout import apply_entry, replay, sample_chance

from .play import seat_agents


@dataclass
class GameCheck:
    """What one game's checks found."""

    seed: int
    views: int = 0
    full_checks: int = 0
    failures: list[str] = field(default_factory=list)  # "seed S move M seat P: what"


def view_problem(state: State, seat: int, rng: np.random.Generator,
                 infostate: bool = False, full: bool = True) -> str | None:
    """What is wrong with ``state.view(seat, rng)``, or None. Without ``full`` only the
    raise and the tensor are checked."""
    try:
        view = state.view(seat, rng)
    except Exception as exc:  # noqa: BLE001  (any raise is the finding)
        return f"view raised {type(exc).__name__}: {exc} | " + traceback.format_exc(
            limit=-2).replace("\n", " ")
    if not np.array_equal(view.observation_tensor(seat), state.observation_tensor(seat)):
        return "observation tensor differs"
    if not full:
        return None
    if view.observation_string(seat) != state.observation_string(seat):
        return "observation string differs"
    if infostate and view.information_state_string(seat) != state.information_state_string(seat):
        return "information state string differs"
    try:
        rebuilt = replay(state.game, view.history)
    except Exception as exc:  # noqa: BLE001
        return f"replaying the view's history raised {type(exc).__name__}: {exc}"
    if rebuilt != view:
        return "replay(view.history) != view"
    return None


def check_game(job: tuple[str, int, dict, list[str], int, bool, int]) -> GameCheck:
    """Play game ``seed`` and check every seat's view before every decision (in full at
    every ``check_every``-th one)."""
    name, players, params, specs, seed, infostate, check_every = job
    game = make_game(name, num_players=players, **params)
    agents = seat_agents(specs, game, seed)
    chance_rng, view_rng, check_rng = (
        np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(3))
    found = GameCheck(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            apply_entry(state, sample_chance(state, chance_rng))
            continue
        move = len(state.history)
        full = decisions % check_every == 0
        decisions += 1
        for seat in range(players):
            found.views += 1
            found.full_checks += full
            problem = view_problem(state, seat, check_rng, infostate, full)
            if problem is not None:
                found.failures.append(f"seed {seed} move {move} seat {seat}: {problem}")
        if found.failures:
            return found  # one bad position is enough: play on from a view could mislead
        current = state.current_player()
        if current == SIMULTANEOUS:
            entry = [agents[p].act(state.view(p, view_rng), p) for p in range(players)]
        else:
            entry = agents[current].act(state.view(current, view_rng), current)
        apply_entry(state, entry)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--agent", action="append", required=True, metavar="SPEC",
                        help="one agent spec a seat, repeatable (as `skagway play`)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="games are seeded seed, seed+1, ...")
    parser.add_argument("--workers", type=int, default=1, help="processes (multiprocessing)")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a game parameter, repeatable")
    parser.add_argument("--infostate", action="store_true",
                        help="also compare information state strings (slow)")
    parser.add_argument("--check-every", type=int, default=1, metavar="K",
                        help="full checks (string, replay) at every K-th decision; every "
                             "view is still drawn and its tensor compared")
    args = parser.parse_args()
    from .cli.common import parse_params  # noqa: PLC0415  (the CLI's own parsing)

    params = parse_params(args.param)
    players = len(args.agent)
    if args.check_every < 1:
        parser.error(f"--check-every must be a whole number >= 1, got {args.check_every}")
    jobs = [(args.game, players, params, args.agent, args.seed + i, args.infostate,
             args.check_every) for i in range(args.games)]
    start = time.perf_counter()
    views, full_checks, failures, kinds = 0, 0, [], Counter()
    with Pool(args.workers) if args.workers > 1 else _Serial() as pool:
        for found in tqdm(pool.imap_unordered(check_game, jobs), total=len(jobs),
                          desc=" vs ".join(args.agent)):
            views += found.views
            full_checks += found.full_checks
            failures += found.failures
            kinds.update(f.split(": ", 1)[1].split(" | ")[0] for f in found.failures)
    for failure in sorted(failures)[:20]:
        print("FAIL", failure)
    for kind, count in kinds.most_common():
        print(f"  {count} x {kind}")
    print(f"{args.game} {players}p [{' vs '.join(args.agent)}] seeds {args.seed}.."
          f"{args.seed + args.games - 1}: {args.games} games, {views} views "
          f"({full_checks} checked in full), "
          f"{len(failures)} failing games, {time.perf_counter() - start:.1f} s")


class _Serial:
    """``Pool``'s ``imap_unordered`` in this process (``--workers 1``)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, fn, jobs):
        return map(fn, jobs)


if __name__ == "__main__":
    main()
