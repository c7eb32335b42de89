"""The local pool's handling of a dead worker, whichever way the death shows: as a
batch failed with ``BrokenProcessPool``, or as ``submit`` refusing the next batch
because the death came between two waits (the race CI met on a loaded machine).

A scripted stand-in for ``ProcessPoolExecutor`` makes each order of events happen
every time; the real processes are tested in ``test_failed_games``."""

from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

import pytest
from skagway_experiments.tournament import local_pool


class ScriptedPool:
    """Plays each batch at once when submitted, except that the batch holding game
    ``dies_in`` stays running until the pool breaks; the pool breaks on submit number
    ``break_at`` (counting from 1), failing every batch still running, and refuses
    every later submit. Each instance records what it was sent."""

    instances: list[ScriptedPool] = []

    def __init__(self, *args: object, dies_in: int, break_at: int, **kwargs: object):
        self.dies_in, self.break_at = dies_in, break_at
        self.submitted: list[list[int]] = []
        self.pending: list[Future] = []
        self.broken = False
        ScriptedPool.instances.append(self)

    def submit(self, fn, config, batch):
        if self.broken:
            raise BrokenProcessPool("refused")
        if len(self.submitted) + 1 == self.break_at:
            self.broken = True
            for future in self.pending:
                future.set_exception(BrokenProcessPool("a child died"))
            raise BrokenProcessPool("refused")
        self.submitted.append(list(batch))
        future: Future = Future()
        if self.dies_in in batch:
            self.pending.append(future)
        else:
            future.set_result(fn(config, batch))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


def play(config: dict, batch: list[int]) -> list[str]:
    return [f"played {game}" for game in batch]


@pytest.fixture
def pools(monkeypatch):
    """Pools that break on their 3rd submit while game 1 is playing; the game played
    alone finishes (it was another game that killed the worker)."""
    ScriptedPool.instances = []
    made = iter([dict(dies_in=1, break_at=3), dict(dies_in=-1, break_at=0)])
    monkeypatch.setattr(local_pool, "ProcessPoolExecutor",
                        lambda *a, **k: ScriptedPool(*a, **k, **next(made)))
    monkeypatch.setattr(local_pool, "_alone", lambda fn, config, game: f"alone {game}")
    return ScriptedPool.instances


def test_a_submit_refused_after_a_death_keeps_its_batch_and_replays_the_suspects(pools):
    batches = [[0, 1], [2, 3], [4, 5], [6, 7]]
    outcomes = list(local_pool.run_pool(play, {}, batches, workers=2))
    first, second = pools
    assert first.submitted == [[0, 1], [2, 3]]  # the 3rd submit ([4, 5]) was refused
    assert second.submitted == [[4, 5], [6, 7]]  # so it was never lost, nor replayed
    # [2, 3] finished before the death; [0, 1] was running and its games are suspects,
    # played alone before the fresh pool takes the rest (whose batches finish together,
    # so in either order)
    assert outcomes[:4] == ["played 2", "played 3", "alone 0", "alone 1"]
    assert sorted(outcomes[4:]) == ["played 4", "played 5", "played 6", "played 7"]


def test_every_game_comes_back_exactly_once(pools):
    batches = [[i] for i in range(7)]
    outcomes = list(local_pool.run_pool(play, {}, batches, workers=3))
    games = sorted(int(o.split()[-1]) for o in outcomes)
    assert games == list(range(7))
    assert "alone 1" in outcomes and "played 1" not in outcomes
