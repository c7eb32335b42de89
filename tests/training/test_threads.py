"""``configure_threads``: the trainer's and the bots' thread count reaches torch and
numpy's OpenBLAS (PPO's rollout pass runs in numpy), and can be set again."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from skagway_agents.threads import blas_threads, configure_threads  # noqa: E402


@pytest.fixture
def restored():
    before = (torch.get_num_threads(), blas_threads())
    yield
    configure_threads(before[0])
    if before[1] is not None:
        from skagway_agents.threads import limit_blas_threads
        limit_blas_threads(before[1])


def test_one_thread_reaches_torch_and_numpy_blas(restored):
    if blas_threads() is None:
        pytest.skip("numpy's BLAS here is not an OpenBLAS this process can reach")
    for threads in (1, 2, 1):  # set again after another count, not remembered
        configure_threads(threads)
        assert torch.get_num_threads() == threads
        assert blas_threads() == threads
