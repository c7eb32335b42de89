"""``State.view``'s contract where players go: along games walked by the heuristic
styles mixed with random seats and by "sensible random" play (``tests/walks.py``), at
sampled positions and for every seat, a view does not raise, leaves the truth alone,
keeps what the seat sees (tensor, strings, information state, legal actions, who is
to move) and replays from its own history to itself. The protocol's per-node
invariants (``test_random_play_invariants``) are checked at the same positions."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from skagway_env import IllegalActionError
from skagway_env.core import SIMULTANEOUS, State
from skagway_env.core.playout import replay

from .conftest import GameConfig
from .test_random_play_invariants import check_copies, check_node
from .walks import Walk, walk, walks

LONG_GAMES = 128
"""Whole games (no step cap) per configuration in the slow test: Skagway's view crash
once its Goods deck runs out shows in about 2 heuristic-against-random 2-player games
in 128, after 1,100 to 1,600 steps, where each view costs seconds."""

WHOLE_GAMES_THAT_BROKE_VIEWS: list[tuple[GameConfig, int]] = [
    (GameConfig("skagway", 2), 57),  # 1,307 steps; found by the slow test below
]
"""Games of the slow test whose views once raised, rechecked in every run (the slow
test finds them; each costs a few seconds, so only these run by default)."""

POSITIONS_PER_WALK = 4
"""Positions checked per walked game: its last one (a failure that persists once
reached is caught there) and ``POSITIONS_PER_WALK - 1`` drawn at random."""


def sampled_positions(walk: Walk, count: int = POSITIONS_PER_WALK) -> list[tuple[int, State]]:
    """``(step, state)`` at ``count`` positions of ``walk``: its last, and others drawn
    with a generator seeded by the walk."""
    length = len(walk.history)
    rng = np.random.default_rng([walk.seed, 2])
    drawn = rng.choice(length, size=min(count - 1, length), replace=False)
    steps = sorted({length, *drawn.tolist()})
    return list(zip(steps, walk.positions(walk.config.make(), steps), strict=True))


SEAT_CHECKS: dict[str, Callable[[State, int], object]] = {
    "observation tensor": lambda s, p: s.observation_tensor(p).tobytes(),
    "observation string": lambda s, p: s.observation_string(p),
    "position string": lambda s, p: s.position_string(p),
    "legal actions": lambda s, p: s.legal_actions(p),
    "current player": lambda s, p: s.current_player(),
    "history length": lambda s, p: len(s.history),
}
"""What a view must keep of its seat's sight, read the same way from view and truth."""


def _read(read: Callable[[], object]) -> object:
    """``read()``, or the exception it raised (a finding to report, not to stop at)."""
    try:
        return read()
    except Exception as exc:
        return f"<raised {type(exc).__name__}: {exc}>"


def view_problems(state: State, player: int, rng: np.random.Generator,
                  deep: bool) -> list[str]:
    """What is wrong with ``state.view(player, rng)`` (empty when nothing is). ``deep``
    adds the dear checks: the information state, and the replay of the view's history
    (each replays a whole history)."""
    before = state.serialize()
    try:
        view = state.view(player, rng)
    except Exception as exc:  # the failure itself is the finding: report it, go on
        return [f"view raised {type(exc).__name__}: {exc}"]
    problems = []
    if state.serialize() != before:
        problems.append("view changed the true state")
    checks = dict(SEAT_CHECKS)
    if deep:
        checks["information state"] = lambda s, p: s.information_state_string(p)
    for name, read in checks.items():
        seen, truth = _read(lambda r=read: r(view, player)), read(state, player)
        if seen != truth:
            shown = seen if isinstance(seen, str) and seen.startswith("<raised") else ""
            problems.append(f"view changed the seat's {name} {shown}".rstrip())
    if deep:
        rebuilt = _read(lambda: replay(state.game, view.history))
        if isinstance(rebuilt, str):
            problems.append(f"replaying the view's history {rebuilt}")
        elif rebuilt != view:
            problems.append("replaying the view's history does not rebuild the view")
    return problems


def test_views_along_played_games(config):
    """Every seat's view at each sampled position; the dear checks for one seat a walk
    (the seat rotating with the walk) at one of its positions."""
    failures = []
    for index, game_walk in enumerate(walks(config)):
        rng = np.random.default_rng([game_walk.seed, 3])
        positions = sampled_positions(game_walk)
        deep_at = int(rng.integers(len(positions)))
        for k, (step, state) in enumerate(positions):
            for p in range(state.num_players):
                deep = k == deep_at and p == index % state.num_players
                failures += [f"{game_walk}, step {step}, seat {p}: {problem}"
                             for problem in view_problems(state, p, rng, deep)]
    assert not failures, f"{len(failures)} broken views:\n" + "\n".join(failures[:12])


def test_protocol_invariants_along_played_games(config):
    """``test_random_play_invariants``' per-node checks, and illegal moves refused
    with nothing changed (``test_view_and_illegal``), at the same positions."""
    for game_walk in walks(config):
        for _, state in sampled_positions(game_walk):
            if not state.is_terminal():
                check_node(state)
            check_copies(state)
            if state.current_player() != SIMULTANEOUS:
                check_illegal_moves_refused(state)


def check_illegal_moves_refused(state: State) -> None:
    """A few illegal moves (and non-moves) raise ``IllegalActionError``, state intact."""
    size = state.game.num_distinct_actions()
    legal = set(state.legal_actions())
    illegal = [a for a in range(size) if a not in legal][:: max(1, size // 8)]
    before = state.serialize()
    for action in [*illegal, -1, size, None]:
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
        assert state.serialize() == before


def whole_game_view_failures(config: GameConfig, index: int) -> list[str]:
    """Mixed heuristic/random game ``index`` (seeded ``index``) played to its end (the
    default walks stop at ``MAX_WALK_STEPS``): every seat's view of its last position."""
    game = config.make()
    played = walk(config, "mixed", index, seed=index, max_steps=game.max_game_length())
    state = played.positions(game, [len(played.history)])[0]
    rng = np.random.default_rng([index, 6])
    failures = []
    for p in range(game.num_players):
        try:
            state.view(p, rng)
        except Exception as exc:
            failures.append(f"{played}, {len(played.history)} steps, seat {p}: "
                            f"view raised {type(exc).__name__}: {exc}")
    return failures


@pytest.mark.slow
def test_views_at_the_end_of_whole_games(config):
    failures = [f for index in range(LONG_GAMES)
                for f in whole_game_view_failures(config, index)]
    assert not failures, f"{len(failures)} views raised:\n" + "\n".join(failures[:12])


@pytest.mark.parametrize("config, index", WHOLE_GAMES_THAT_BROKE_VIEWS,
                         ids=[f"{c}-{i}" for c, i in WHOLE_GAMES_THAT_BROKE_VIEWS])
def test_views_at_the_end_of_whole_games_that_broke_them(config, index):
    failures = whole_game_view_failures(config, index)
    assert not failures, "\n".join(failures)
