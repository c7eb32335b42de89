"""The benchmark scripts run on every registered game (issue 21: ``bench_mcts`` raised
at the council game's simultaneous nodes). Tiny budgets: this checks that they run,
never how fast (speed is never measured in a unit test)."""

from __future__ import annotations

import pytest
from skagway_experiments import bench_mcts

import skagway_env
from skagway_env.core import SIMULTANEOUS


@pytest.mark.parametrize("name", ["klondike1896_council", "klondike1896"])
def test_bench_mcts_searches_simultaneous_games(name):
    game = skagway_env.make_game(name, num_players=2)
    found = bench_mcts.positions(game, 6, seed=1)
    assert len(found) == 6
    for state, seat in found:
        assert 0 <= seat < 2 and len(state.legal_actions(seat)) > 1
        assert state.current_player() in (seat, SIMULTANEOUS)
    rate, steps = bench_mcts.bench_ours(name, iterations=3, count=2, players=2)
    assert rate > 0 and steps > 0


def test_bench_report_writes_every_section(tmp_path, monkeypatch):
    """The page generator runs end to end (its measuring parts stubbed: they are the
    bench scripts above) and names the machine, the command and every section."""
    from skagway_experiments import bench_report

    for part in ("bench_envs", "bench_views", "bench_search", "bench_tournament",
                 "bench_collection"):
        monkeypatch.setattr(bench_report, part, lambda *_a, _p=part: [f"| {_p} |"])
    out = tmp_path / "benchmarks.md"
    bench_report.main(["--quick", "--out", str(out)])
    page = out.read_text()
    for needle in ("CPU:", "bench_report.py --quick", "## Engines and environments",
                   "## Views", "## IS-MCTS", "## Tournament", "## MaskablePPO collection",
                   "| bench_views |", "| bench_tournament |"):
        assert needle in page


def test_bench_views_compares_a_view_with_a_clone(monkeypatch):
    from skagway_experiments import bench_report

    monkeypatch.setattr(skagway_env, "list_games", lambda: ["klondike_rush"])
    rows = bench_report.bench_views(2, 1, games=1)
    assert rows[-1].startswith("| klondike_rush | 4 |")
    assert len(rows[-1].split("|")) == len(rows[0].split("|"))  # every column filled


def test_bench_env_times_on_the_clock_it_is_given():
    """``--clock cpu``: a loop that sleeps spends wall time but next to no CPU time, so
    its CPU-clock rate is far above its wall-clock rate."""
    import time

    from skagway_experiments.bench_env import CLOCKS, steps_per_second

    def sleepy() -> int:
        time.sleep(0.002)
        return 1

    wall = steps_per_second(sleepy, 0.03, CLOCKS["wall"])
    cpu = steps_per_second(sleepy, 0.004, CLOCKS["cpu"])
    assert wall < 600  # each call sleeps 2 ms of wall time
    assert cpu > 5 * wall  # and spends next to no CPU time


def test_bench_tournament_reports_the_default_config(monkeypatch):
    """The tournament rows: the default config's 24 games at each worker count (the
    play itself stubbed: it is ``bench_tournament.rates``, a real run of 24 games)."""
    from skagway_experiments import bench_report, bench_tournament

    monkeypatch.setattr(bench_tournament, "rates",
                        lambda data, settings: [(b, w, 48.0 / w) for b, w in settings])
    rows = bench_report.bench_tournament([1, 2])
    assert rows[2].endswith("| 24 | 1 | 48.0 | 0.50 | 1.00 |")
    assert rows[3].endswith("| 24 | 2 | 24.0 | 1.00 | 2.00 |")
    assert "mcts:iterations=10,prior=heuristic:landlord" in rows[2]


def test_bench_mcts_keeps_the_best_round_of_each(monkeypatch):
    """The peer and every game take turns; each keeps its best round (by steps/s)."""
    rounds = iter([(1.0, 50.0), (2.0, 20.0), (3.0, 70.0), (4.0, 10.0)])
    monkeypatch.setattr(bench_mcts, "bench_openspiel", lambda *_: None)
    monkeypatch.setattr(bench_mcts, "bench_ours", lambda *_: next(rounds))
    best = bench_mcts.best_rates(5, 1, 2, {"a": 4, "b": 4})
    assert best == {"openspiel": None, "a": (3.0, 70.0), "b": (2.0, 20.0)}
