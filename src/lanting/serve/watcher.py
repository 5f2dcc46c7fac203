"""`lanting serve`'s watcher: the site's files watched for changes (its output, cache and
`.git` aside), the changes batched, and `LiveSite.rebuild` run once per batch, after which
the browsers are told what to reload, or why the rebuild failed."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path

from lanting.build.options import CACHE_DIR
from lanting.content.discover import is_ignored
from lanting.serve.live import LiveSite

WATCH_STEP_MS = 25
"""Changes arriving within this many milliseconds of each other form one batch."""


def watch_filter(live: LiveSite) -> Callable[[object, str], bool]:
    output = (live.options.output or live.site_dir / "public").resolve()
    ignored_dirs = {output, (live.site_dir / CACHE_DIR).resolve(),
                    (live.site_dir / ".git").resolve()}

    def keep(change: object, path: str) -> bool:
        target = Path(path)
        if is_ignored(target.name) or target.name == "4913":  # vim's write test
            return False
        resolved = target.resolve() if target.exists() else target
        return not any(resolved == d or resolved.is_relative_to(d) for d in ignored_dirs)

    return keep

def run_rebuilds(live: LiveSite, batches: queue.Queue[set[str]], stop: threading.Event) -> None:
    """Rebuild after each batch of changes. Batches that arrive during a rebuild are
    merged into the next one, and browsers hear once, after the last."""
    while not stop.is_set():
        try:
            paths = batches.get(timeout=0.2)
        except queue.Empty:
            continue
        changed: set[str] = set()
        had_error = live.error is not None
        while True:
            while not batches.empty():
                paths |= batches.get_nowait()
            started = time.perf_counter()
            changed |= live.rebuild(paths)
            paths = set()
            if batches.empty():
                break
        seconds = time.perf_counter() - started
        if live.error:
            live.report(f"rebuild failed ({seconds:.2f} s):\n{live.error}")
            live.notify("error-report", live.error)
        else:
            if had_error:
                changed.add("*")  # every open page shows the overlay: clear it
            early = live.early_seconds
            live.report(f"rebuilt in {seconds * 1000:.0f} ms, {len(changed)} changed"
                        + (" (the files showing the edit)" if live.last_rebuild == "quick" else
                           f" (edited pages shown after {early * 1000:.0f} ms)"
                           if early is not None else ""))
            live.notify("reload", sorted(changed))

def watch(live: LiveSite, stop: threading.Event) -> None:
    """Watch the site until `stop` is set (runs in its own thread)."""
    from watchfiles import watch

    batches: queue.Queue[set[str]] = queue.Queue()
    builder = threading.Thread(target=run_rebuilds, args=(live, batches, stop), daemon=True)
    builder.start()
    for changes in watch(live.site_dir, watch_filter=watch_filter(live), step=WATCH_STEP_MS,
                         debounce=1600, stop_event=stop, raise_interrupt=False):
        batches.put({path for _, path in changes})
