"""Unit tests of the worker pool: results in input order, the helper thread, errors, and
runs that overlap (an abandoned run must not break a later one)."""

from __future__ import annotations

import gc
import multiprocessing
import os
import threading
from functools import partial

import pytest

from lanting.build import workers

needs_fork = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="worker processes need the fork start method")


def _square_and_pid(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


def _fail_at(n: int, bad: int) -> int:
    if n == bad:
        raise ValueError(f"task {n} failed")
    return n


def test_a_small_run_stays_in_this_process() -> None:
    tasks = [partial(_square_and_pid, n) for n in range(5)]
    results = list(workers.run_in_order(tasks, jobs=2, threshold=10))
    assert [r for r, _ in results] == [n * n for n in range(5)]
    assert {pid for _, pid in results} == {os.getpid()}


@needs_fork
def test_a_big_run_uses_workers_and_keeps_the_input_order() -> None:
    tasks = [partial(_square_and_pid, n) for n in range(200)]
    results = list(workers.run_in_order(tasks, jobs=2, threshold=10))
    assert [r for r, _ in results] == [n * n for n in range(200)]
    assert os.getpid() not in {pid for _, pid in results}


@needs_fork
def test_meanwhile_runs_in_a_thread_of_this_process_before_the_run_ends() -> None:
    seen: list[str] = []
    tasks = [partial(_square_and_pid, n) for n in range(100)]
    results = list(workers.run_in_order(
        tasks, jobs=2, threshold=10,
        meanwhile=lambda: seen.append(threading.current_thread().name)))
    assert len(results) == 100
    assert seen == ["lanting-meanwhile"]


@needs_fork
def test_a_task_error_reaches_the_caller() -> None:
    tasks = [partial(_fail_at, n, 37) for n in range(100)]
    with pytest.raises(ValueError, match="task 37 failed"):
        list(workers.run_in_order(tasks, jobs=2, threshold=10))


@needs_fork
def test_an_abandoned_run_closed_later_does_not_break_a_run_in_progress() -> None:
    # A run left half-consumed (say, by an error in its caller) is closed whenever the
    # garbage collector gets to it, possibly in the middle of a later run.
    abandoned = workers.run_in_order([partial(_square_and_pid, n) for n in range(100)],
                                     jobs=2, threshold=10)
    next(abandoned)
    current = workers.run_in_order([partial(_square_and_pid, n) for n in range(100, 300)],
                                   jobs=2, threshold=10)
    first = next(current)
    # The workers have their tasks: nothing of this run is left for a later close to clear.
    assert workers._tasks == ()
    abandoned.close()
    del abandoned
    gc.collect()
    assert [first[0], *(r for r, _ in current)] == [n * n for n in range(100, 300)]
