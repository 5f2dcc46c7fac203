"""Unit tests of the worker pool: results in input order, the helper thread, errors, and
runs that overlap (an abandoned run must not break a later one)."""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

import pytest

from lanting.build import workers
from lanting.build.options import cpus

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
def _bytes(n: int) -> bytes:
    return bytes([n])


@pytest.mark.parametrize("jobs", [1, 2])
def test_materialize_reports_each_file_made(jobs: int) -> None:
    """A first build's image variants (hundreds of plots) took minutes with nothing on the
    terminal: each pending file made is reported, in order, to the progress bar."""
    from lanting.model.output import OutputFile

    files = [OutputFile(f"{n}.bin", None, make=partial(_bytes, n)) for n in range(12)]
    files.insert(3, OutputFile("ready.bin", b"x"))
    heard: list[tuple[str, int, int]] = []
    made = workers.materialize(files, jobs, progress=lambda *a: heard.append(a))
    assert [f.data for f in made] == [b"\x00", b"\x01", b"\x02", b"x",
                                      *(bytes([n]) for n in range(3, 12))]
    assert heard == [("output", done, 12) for done in range(1, 13)]


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


def test_jobs_beyond_twice_the_cpus_start_no_more_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cap holds for callers of the library too (`BuildOptions(jobs=200)`)."""
    started: list[int] = []

    class Recording(ProcessPoolExecutor):
        def __init__(self, max_workers: int, **kwargs: object) -> None:
            started.append(max_workers)
            super().__init__(max_workers, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Recording)
    results = list(workers.run_in_order([partial(abs, -n) for n in range(50)], jobs=200,
                                        threshold=10))
    assert results == list(range(50))
    assert started == [2 * cpus()]


# --- issue 34: workers die with the build ------------------------------------------------

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").is_file(),
                                reason="finds the workers through /proc (Linux)")

POST = """---
title: Post {n}
date: 2026-01-02
tags: [t{tag}]
---
{body}
"""
BODY = ("## Section\n\nSome text with $x^2 + y^2 = z^2$ and `code`.\n\n"
        "```python\ndef f(x):\n    return x * 2\n```\n\n"
        "$$\\sum_{i=1}^n i = \\frac{n(n+1)}{2}$$\n\n")


def _children(pid: int) -> set[int]:
    """Live (not zombie) processes whose parent is `pid`."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        state, ppid = text.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == pid and state != "Z":
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return text.rsplit(")", 1)[1].split()[0] != "Z"


@needs_fork
@needs_proc
@pytest.mark.parametrize("guard", ["prctl", "watchdog"])
def test_kill_9_of_the_build_leaves_no_worker_processes_alive(tmp_path: Path, guard: str) -> None:
    site = tmp_path / "site"
    (site / "content/posts").mkdir(parents=True)
    (site / "lanting.toml").write_text('title = "T"\n\n[search]\nenabled = false\n')
    for n in range(400):
        (site / f"content/posts/p{n}.md").write_text(
            POST.format(n=n, tag=n % 20, body=BODY * 30), encoding="utf-8")
    # The watchdog is the fallback where prctl is missing: make prctl fail to use it.
    setup = "import lanting.build.workers as w; w.PR_SET_PDEATHSIG = -1; " \
        if guard == "watchdog" else ""
    command = [sys.executable, "-c", setup + "from lanting.cli import main; "
               f"raise SystemExit(main(['build', {str(site)!r}, '-j', '2', '--no-cache']))"]
    with (tmp_path / "stderr").open("wb") as stderr:
        parent = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)
    try:
        deadline = time.monotonic() + 60
        workers_seen: set[int] = set()
        while not workers_seen and parent.poll() is None and time.monotonic() < deadline:
            workers_seen = _children(parent.pid)
            time.sleep(0.01)
        assert workers_seen, ("the build ended before it started its workers: "
                              + (tmp_path / "stderr").read_text())
        time.sleep(0.3)  # past the workers' start-up
        workers_seen |= _children(parent.pid)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 5
        while any(_alive(pid) for pid in workers_seen) and time.monotonic() < deadline:
            time.sleep(0.05)
        alive = [pid for pid in workers_seen if _alive(pid)]
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
    for pid in alive:  # clean up what the test found (only its own build's workers)
        os.kill(pid, signal.SIGKILL)
    assert not alive, f"workers {alive} outlived the killed build"
