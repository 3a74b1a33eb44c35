"""The suite's order under xdist (tests/conftest.py): each worker's first share of the list starts with its
turn of the slow tests, and the order holds every test once."""
from __future__ import annotations

import os

import pytest
from conftest import T, long_tests_first, worker_shares


def _first_split(order: list[T], workers: int) -> list[list[T]]:
    """What worksteal hands each worker first (xdist's split: an equal part of what is left, in turn)."""
    out: list[list[T]] = []
    rest = list(order)
    for k in range(workers):
        out.append(rest[:len(rest) // (workers - k)])
        del rest[:len(out[-1])]
    return out


def test_the_shares_are_worksteals_first_split() -> None:
    assert worker_shares(10, 3) == [3, 3, 4]
    assert worker_shares(1490, 3) == [496, 497, 497]
    assert sum(worker_shares(7, 4)) == 7


def test_every_worker_starts_on_slow_tests_and_ends_on_fast_ones() -> None:
    items = [f"fast{i}" for i in range(40)] + [f"slow{i}" for i in range(7)] + [f"fast{i}" for i in range(40, 90)]
    for workers in (2, 3, 4):
        order = long_tests_first(items, workers, lambda i: i.startswith("slow"))
        assert sorted(order) == sorted(items)
        runs = _first_split(order, workers)
        for k, run in enumerate(runs):
            slow = [i for i in run if i.startswith("slow")]
            assert run[:len(slow)] == slow and len(slow) in (7 // workers, 7 // workers + 1), (workers, k)
            assert run[-1].startswith("fast")
        assert [i for i in order if i.startswith("fast")] == [i for i in items if i.startswith("fast")]


def test_more_slow_tests_than_a_share_still_runs_each_once() -> None:
    items = [f"slow{i}" for i in range(9)] + ["fast0", "fast1"]
    order = long_tests_first(items, 3, lambda i: i.startswith("slow"))
    assert sorted(order) == sorted(items)


def test_this_session_is_in_that_order(request: pytest.FixtureRequest) -> None:
    """The hook is in use: under xdist each worker's first share of this session's tests starts with its
    slow ones (a serial run keeps the collection order)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    if workers < 2:
        pytest.skip("a serial run keeps the collection order")
    order = [(item.get_closest_marker("slow") is not None) for item in request.session.items]
    for run in _first_split(order, workers):
        slow = run.count(True)
        assert run[:slow] == [True] * slow
