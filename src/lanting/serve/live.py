"""`lanting serve`: build into memory, rebuild what a change touches and tell the
browsers to reload (the watcher that calls `rebuild`: `watcher.py`; the browsers' event
streams: `browsers.py`; the search index, made in the background: `indexer.py`; the
served files: `served.py`).

A rebuild reuses everything that did not change: files are re-read only when their size
or time changed (`FileReader`), parsed and rendered sources stay in memory, and pages
whose inputs are unchanged are not rendered again. A failed rebuild keeps serving the
last good site and shows the error over the page until a fix arrives.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lanting.build.cache import DocumentCache, engine_fingerprint
from lanting.build.options import CACHE_DIR, BuildOptions
from lanting.build.pipeline import produce
from lanting.build.state import BuildState
from lanting.content.discover import FileReader
from lanting.content.text_files import read_text
from lanting.errors import LantingError
from lanting.model.content import Loaded, Source
from lanting.model.output import OutputFile, Reads, SearchIndex
from lanting.model.problem import Problem
from lanting.output.search import build_search_index
from lanting.output.search_files import INDEX_DIR
from lanting.serve.browsers import LIVE_SCRIPT, Browsers, decorate
from lanting.serve.http import MemoryStore
from lanting.serve.incremental import early_pages, quick_update, warm
from lanting.serve.indexer import BackgroundIndexer
from lanting.serve.served import generated, page_url, stamps, swapped

EARLY_MAX_FILES = 4
"""A batch of at most this many changed files (a writer's save, not a `git checkout`)
may show its edited pages before the full rebuild (`early_pages`)."""
EARLY_FETCH_WAIT = 0.3
"""Seconds the full rebuild waits for a browser to fetch an edited page shown early."""
EARLY_PAINT_WAIT = 0.3
"""Seconds it then waits for the browser to paint it (its reload script connects)."""
SETTLE_SECONDS = 0.15
"""After a failed rebuild, how long the changed files must stay as the build read them
for the failure to be reported (a save in two steps is over by then)."""
SETTLE_TRIES = 5
"""Rebuilds at most, while the changed files keep changing, before a failure is shown."""


class LiveSite:
    """The site being served: the last good build in memory, and its browsers."""

    def __init__(self, site_dir: Path, options: BuildOptions,
                 report: Callable[[str], None] = print) -> None:
        self.site_dir = site_dir
        self.options = options
        self.report = report
        self.store = MemoryStore()
        self.lock = threading.RLock()
        self.reader = FileReader()
        self.memory: dict[str, Loaded] = {}
        self.state: BuildState | None = None
        """The last good build, for the quick path (`incremental`)."""
        self.last_rebuild = ""
        """"quick" (the edited pages alone) or "full"."""
        self.early_seconds: float | None = None
        """When the last full rebuild served the edited pages (`early_pages`), after how
        many seconds."""
        self.ready_urls: frozenset[str] = frozenset()
        """Pages served during the running rebuild without waiting for it (`ready`)."""
        self._early_fetched = threading.Event()
        self._collect_later = False
        """`_attempt` holds the garbage collector until the edited pages are shown."""
        self.fingerprints: dict[str, str] = {}
        self.reads: dict[str, Reads] = {}
        """What each served file read of the site model (`render.recording`)."""
        self.error: str | None = None
        self.warnings: tuple[Problem, ...] = ()
        self.rebuilds = 0
        self.indexed = 0
        """The rebuild whose search index is served."""
        self.index_basis: dict[str, str] | None = None
        """The page fingerprints the served search index was made from: a rebuild whose
        index was never served (a newer one replaced its request) leaves it behind the
        pages, and the next index reads those pages again."""
        self._newest_request: tuple[int, dict[str, str]] | None = None
        """The rebuild whose index is being made, with its page fingerprints."""
        self.indexer = BackgroundIndexer(site_dir, self._serve_index, report)
        self.browsers = Browsers()

    # --- building ---------------------------------------------------------------------

    def rebuild(self, paths: Iterable[str] = ()) -> set[str]:
        """Build into memory; return the URLs whose content changed. `paths`: the files
        that changed, if known — edited posts alone may be rendered again alone
        (`incremental`). On a site error the last good build stays and `error` says why.

        A failure is reported only once the changed files have settled: an editor that
        saves in two steps (truncate, then write) may have been read half-way. If one of
        them changed since the build read it, or changes within `SETTLE_SECONDS`, the
        site is built again instead (up to `SETTLE_TRIES` times)."""
        paths = set(paths)
        for _ in range(SETTLE_TRIES):
            before = stamps(paths)
            changed, failure = self._attempt(paths)
            if failure is None:
                return changed
            if not paths:
                break
            time.sleep(SETTLE_SECONDS)
            if stamps(paths) == before:
                break  # the files are as the build read them: the error is real
        self.error = failure
        return set()

    def _attempt(self, paths: set[str]) -> tuple[set[str], str | None]:
        """One rebuild: the URLs whose content changed, or the error (not yet shown)."""
        self.rebuilds += 1
        self.early_seconds = None
        started = time.perf_counter()
        cache = DocumentCache(self.site_dir / CACHE_DIR / "cache.sqlite"
                              if self.options.cache else None, self.memory)
        restored: set[str] = set()
        # A collection of the young objects of a big site takes ~50 ms: it waits until
        # the edited page is shown (`_serve_early`) or the rebuild is over.
        self._collect_later = bool(paths) and self.state is not None and gc.isenabled()
        if self._collect_later:
            gc.disable()
        try:
            quick = self._quick(paths, cache)
            if quick is not None:
                self.last_rebuild = "quick"
                return quick, None
            self.last_rebuild = "full"
            with self.lock:  # requests wait for the new site instead of seeing half of it
                # The site as this rebuild finds it: pages shown early are not in it (if the
                # rebuild fails they are taken back), nor anything a later rebuild serves
                # while this one's search index is made in the background.
                stored = self.store.files
                previous = self._show_early(paths, cache, started)
                try:
                    produced = produce(self.site_dir, self.options, cache, self.fingerprints,
                                       stored.__contains__,
                                       reader=self.reader, previous_data=generated(stored),
                                       previous_reads=self.reads,
                                       indexed=self.index_basis)
                except BaseException:
                    restored = self._restore(previous)
                    raise
                finally:
                    self.ready_urls = frozenset()
                self.store.files, changed = swapped(self.store.files, produced.files,
                                                   produced.copies)
                self.fingerprints = produced.fingerprints
                self.reads = produced.reads
                self.state = warm(produced.state) if produced.state is not None else None
                self._index_later(produced.index)
        except LantingError as error:
            self._reload(restored)
            return set(), "\n".join(p.format(self.site_dir) for p in error.problems)
        except Exception as error:  # a bug in Lanting: keep serving, say so on the page
            self._reload(restored)
            return set(), f"internal error: {type(error).__name__}: {error}"
        finally:
            cache.close()
            self._collect_again()
        self.warnings = produced.warnings
        self.error = None
        # Old versions of edited sources would otherwise pile up in memory all day.
        for key in self.memory.keys() - produced.document_keys:
            del self.memory[key]
        return changed, None

    def ready(self, request_path: str) -> bool:
        """Whether a request may be answered while a rebuild runs: its page is one that
        was edited and is already what the rebuild will make of it (`early_pages`)."""
        urls = self.ready_urls
        return bool(urls) and unquote(urlsplit(request_path).path) in urls

    def sent_early(self) -> None:
        """A browser has received an edited page shown early: the rebuild may go on."""
        self._early_fetched.set()

    def _edited_sources(self, paths: set[str], state: BuildState) -> list[Source] | None:
        """The sources of the changed files, read again, if every one is a post or page of
        the last good build."""
        content = (self.site_dir / "content").resolve()
        sources = []
        for path in paths:
            resolved = Path(path).resolve()
            item = state.loaded.get(resolved.relative_to(content).as_posix()) \
                if resolved.is_relative_to(content) else None
            if item is None:
                return None
            source = item.document.source
            try:
                text = self.reader.remembered(source.path, read_text)
            except (OSError, LantingError):
                return None  # gone or unreadable: the full rebuild says what is wrong
            sources.append(replace(source, text=text))
        return sources

    def _show_early(self, paths: set[str], cache: DocumentCache,
                    started: float) -> dict[str, bytes | Path | None]:
        """Serve the edited pages themselves before the full rebuild, and reload the
        browsers showing them; return what they replaced (for `_restore`)."""
        state = self.state
        if not paths or len(paths) > EARLY_MAX_FILES or state is None or self.error is not None:
            return {}
        sources = self._edited_sources(paths, state)
        files = early_pages(state, sources, cache) if sources else None
        if not files:
            return {}
        return self._serve_early(files, started)

    def _serve_early(self, files: list[OutputFile] | tuple[OutputFile, ...],
                     started: float | None = None) -> dict[str, bytes | Path | None]:
        """Serve `files` (edited pages) before the rest of a rebuild, reload the browsers
        showing them, and let them fetch them while it goes on; return what they replaced
        (for `_restore`)."""
        served = dict(self.store.files)
        previous = {f.path: served.get(f.path) for f in files}
        changed = {page_url(f.path) for f in files if served.get(f.path) != f.data}
        served.update((f.path, f.data) for f in files if f.data is not None)
        self.store.files = served
        self.ready_urls = frozenset(page_url(f.path) for f in files)
        if started is not None:
            self.early_seconds = time.perf_counter() - started
        self._collect_again()
        if changed:
            self._early_fetched.clear()
            self.browsers.connected.clear()
            self.notify("reload", sorted(changed))
            browsers = self.browsers.any()
            if browsers and self._early_fetched.wait(EARLY_FETCH_WAIT):
                # The rebuild would slow the browser down (one interpreter for its
                # requests, two cores for both): let it receive the page, then paint it
                # (its reload script connects after the first frame), if it is quick.
                self.browsers.connected.wait(EARLY_PAINT_WAIT)
        return previous

    def _collect_again(self) -> None:
        """Let the garbage collector run again, if `_attempt` held it."""
        if self._collect_later:
            self._collect_later = False
            gc.enable()

    def _restore(self, previous: dict[str, bytes | Path | None]) -> set[str]:
        """Put back the files `_show_early` replaced (the rebuild failed); their URLs."""
        if not previous:
            return set()
        served = dict(self.store.files)
        for path, data in previous.items():
            if data is None:
                served.pop(path, None)
            else:
                served[path] = data
        self.store.files = served
        return {page_url(path) for path in previous}

    def _reload(self, urls: set[str]) -> None:
        if urls:
            self.notify("reload", sorted(urls))

    def _quick(self, paths: set[str], cache: DocumentCache) -> set[str] | None:
        """The quick path, if every changed file is a post or page of the last good build
        and the change shows nowhere else; None otherwise."""
        state = self.state
        if not paths or state is None or self.error is not None:
            return None
        sources = self._edited_sources(paths, state)
        if sources is None:
            return None
        shown: dict[str, bytes | Path | None] = {}

        def show(files: list[OutputFile]) -> None:
            """The edited pages, before what lists them: served and reloaded at once."""
            shown.update(self._serve_early(files))

        with self.lock:
            try:
                update = quick_update(state, sources, cache, generated(self.store.files), show)
            except BaseException:
                self._reload(self._restore(shown))
                raise
            finally:
                self.ready_urls = frozenset()
            if update is None:
                self._reload(self._restore(shown))
                return None
            files = dict(self.store.files)
            changed = {page_url(f.path) for f in update.files if files.get(f.path) != f.data}
            files.update((f.path, f.data) for f in update.files if f.data is not None)
            self.store.files = files
            self.fingerprints = {**self.fingerprints,
                                 **{f.path: f.fingerprint for f in update.files}}
            self.reads = {**self.reads, **{f.path: f.reads for f in update.files
                                           if f.reads is not None}}
            self.state = update.state
            for old, new in update.replaced:
                self.memory.pop(old.key, None)
                self.memory[new.key] = new
            config = update.state.sections.default.config
            # Only the pages rendered now are new to the index; it has the others.
            now = {f.path for f in update.files}
            pages = [f if f.path in now else replace(f, data=None, search=None)
                     for f in update.state.files]
            self._index_later(partial(
                build_search_index, pages, config, self.fingerprints,
                files.__contains__, generated(files), engine_fingerprint(), self.index_basis))
        self.warnings = update.state.warnings
        return changed

    def _index_later(self, index: Callable[[], SearchIndex]) -> None:
        """Have this rebuild's search index made in the background (called under `lock`,
        once its pages are served)."""
        pages = {path: fingerprint for path, fingerprint in self.fingerprints.items()
                 if not path.startswith(INDEX_DIR + "/")}
        self._newest_request = (self.rebuilds, pages)
        self.indexer.index_later(index, self.rebuilds)

    def _serve_index(self, result: SearchIndex, generation: int) -> bool:
        """Serve rebuild `generation`'s search index; False if a newer rebuild's is on its
        way. (A rebuild that failed asks for none: the last good one's is served.)"""
        with self.lock:
            newest = self._newest_request
            if newest is None or generation != newest[0]:
                return False
            self.index_basis = newest[1]
            files = {path: data for path, data in self.store.files.items()
                     if not path.startswith(INDEX_DIR + "/")}
            for file in result.files:
                files[file.path] = (file.data if file.data is not None
                                    else self.store.files[file.path])
            self.store.files = files
            self.fingerprints = {**{k: v for k, v in self.fingerprints.items()
                                    if not k.startswith(INDEX_DIR + "/")},
                                 **{f.path: f.fingerprint for f in result.files}}
            self.indexed = generation
        return True

    def wait_for_search_index(self, timeout: float = 60.0) -> bool:
        """Wait until the newest rebuild's search index is served or has failed; False when
        `timeout` seconds pass first. (For tests and tools that compare what is served with
        a build: the index follows the pages by design.)"""
        return self.indexer.wait(timeout)

    # --- browsers ---------------------------------------------------------------------

    def notify(self, event: str, data: object) -> None:
        self.browsers.notify(event, data)

    def decorate(self, page: bytes) -> bytes:
        """A served HTML page with the reload script (and the error, if any)."""
        return decorate(page, self.error)

    def script(self) -> bytes:
        return LIVE_SCRIPT

    def stream(self, handler: BaseHTTPRequestHandler) -> None:
        """Server-Sent Events to one browser tab until it goes away."""
        self.browsers.stream(handler, self.error)

    def close_streams(self) -> None:
        self.browsers.close_streams()
