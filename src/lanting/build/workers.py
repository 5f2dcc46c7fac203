"""Independent tasks run by forked worker processes, their results in input order.

Both heavy stages use it: rendering the Markdown of every source (stage 4) and
rendering every page with the templates (stage 9). The tasks are plain closures: the
workers are forked after the tasks exist, so they inherit them (and everything they
refer to) instead of receiving them pickled; only an index goes to a worker and only
the result comes back. Results come back in input order whatever the number of workers,
so the output is byte-identical to a single-process build.

Workers die with the process that forked them, even when it is killed outright
(`kill -9`, the OOM killer), which runs no clean-up: each inherited the write ends of
the pool's pipes, so without `_die_with_parent` they would wait on them forever.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

from lanting.build.options import Progress, cpus, max_jobs
from lanting.errors import LantingError
from lanting.model.output import Made, OutputFile
from lanting.model.problem import Problem

T = TypeVar("T")

PARALLEL_THRESHOLD = 48
"""Below this many tasks, worker start-up costs more than it saves."""

_tasks: Sequence[Callable[[], Any]] = ()


def default_jobs() -> int:
    return cpus()


PR_SET_PDEATHSIG = 1
"""Linux's prctl(2) option: the signal this process gets when its parent dies."""
WATCHDOG_SECONDS = 0.5
"""Elsewhere, how often a worker looks whether its parent is still there."""


def _die_with_parent(parent: int) -> None:
    """A worker's initializer: end this process when `parent` (the process that forked
    it) ends. On Linux the kernel sends SIGKILL (`PR_SET_PDEATHSIG`; to the kernel the
    parent is the thread that forked, the one running `run_in_order`, which outlives its
    pool); elsewhere, or if prctl fails, a thread polls the parent. The parent may have
    died before this runs: then this worker ends at once."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            armed = libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
        if armed:
            if os.getppid() != parent:
                os._exit(1)  # orphaned before the signal was armed
            return
    threading.Thread(target=_watch_parent, args=(parent,), name="lanting-watchdog",
                     daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCHDOG_SECONDS)
    os._exit(1)  # the parent is gone (this process was handed to another)


def _run(index: int) -> Any:
    return _tasks[index]()


def run_in_order(tasks: Sequence[Callable[[], T]], jobs: int = 0,
                 threshold: int = PARALLEL_THRESHOLD,
                 meanwhile: Callable[[], None] | None = None) -> Generator[T, None, None]:
    """Each task's result, in order; with up to `jobs` worker processes (0: one per CPU;
    never more than `max_jobs()`) when there are at least `threshold` tasks and the
    platform can fork. `meanwhile` runs in a thread of this process while the workers
    work (this process only waits for their results), once they are forked. A caller
    that may stop early (an error, an interrupt) closes the iterator
    (`contextlib.closing`): that shuts the workers down then and there; left to the
    garbage collector, they would live on, holding copies of every file descriptor this
    process had when they were forked."""
    global _tasks
    jobs = min(jobs or default_jobs(), max_jobs())
    if jobs < 2 or len(tasks) < threshold or "fork" not in multiprocessing.get_all_start_methods():
        yield from (task() for task in tasks)
        return
    helper: threading.Thread | None = None
    # Small chunks keep both workers busy to the end (tasks differ in cost).
    chunk = max(1, min(32, len(tasks) // (jobs * 16)))
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"),
                               initializer=_die_with_parent, initargs=(os.getpid(),))
    try:
        # The workers are forked by the first submission, which `map` makes at once; the
        # global is cleared right after, so an abandoned generator of an earlier run
        # (closed later by the garbage collector) cannot clear it under a later one.
        _tasks = tasks
        try:
            results = pool.map(_run, range(len(tasks)), chunksize=chunk)
        finally:
            _tasks = ()
        if meanwhile is not None:
            helper = threading.Thread(target=meanwhile, name="lanting-meanwhile", daemon=True)
            helper.start()
        yield from results
    finally:  # on an error, the tasks not started yet are dropped
        pool.shutdown(wait=True, cancel_futures=True)
        if helper is not None:
            helper.join()


PAGES_THRESHOLD = 8
"""Fewer pending files than this are made in this process."""


Stage = Callable[[str, Made], Made]
"""Puts a file just made in the staging folder; returns what is left to send back."""


def _make(file: OutputFile, stage: Stage | None) -> Made | bytes | list[Problem]:
    assert file.make is not None
    try:
        made = file.make()
        return stage(file.path, made) if stage is not None and isinstance(made, Made) \
            else made
    except LantingError as error:
        return error.problems  # a worker returns problems rather than raising them


def materialize(files: list[OutputFile], jobs: int = 0, stage: Stage | None = None,
                progress: Progress | None = None) -> list[OutputFile]:
    """`files` with every pending one made (by worker processes on a big build); the
    first error is raised. With `stage`, a page is staged by the process that made it
    and comes back `staged`, without its bytes (unless `stage` kept them). `progress`
    hears of each file made (a first build's image variants took minutes, silently)."""
    pending = [i for i, f in enumerate(files) if f.pending]
    made = list(files)
    # A few pages are worth a worker: a listing of thousands of posts is slow to render.
    results = run_in_order([partial(_make, files[i], stage) for i in pending], jobs,
                           threshold=PAGES_THRESHOLD)
    known: dict[Any, Any] = {}
    with closing(results):  # the first error stops the workers, not the garbage collector
        for done, (i, result) in enumerate(zip(pending, results, strict=True), 1):
            if isinstance(result, list):
                raise LantingError(result)
            if progress is not None:
                progress("output", done, len(pending))
            if isinstance(result, Made):
                if result.reads is not None:
                    result.reads.share(known)
                made[i] = replace(files[i], data=result.data, fingerprint=result.fingerprint,
                                  reads=result.reads, search=result.search,
                                  staged=result.data is None, make=None)
            else:  # a file made whole (the math font), tracked by nothing it read
                made[i] = replace(files[i], data=result, make=None)
    return made
