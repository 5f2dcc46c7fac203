"""Stage 11 in the background for `lanting serve`: the pages are served (and browsers
reload) at once, with the previous search index, which the new one replaces when it is
ready. One thread indexes, only for the newest rebuild: edits arriving while it runs are
indexed together afterwards."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from lanting.errors import LantingError
from lanting.model.output import SearchIndex


class BackgroundIndexer:
    """Makes the newest rebuild's search index and hands it to `serve`."""

    def __init__(self, site_dir: Path, serve: Callable[[SearchIndex, int], bool],
                 report: Callable[[str], None]) -> None:
        self.site_dir = site_dir
        self.serve = serve
        """Serves a rebuild's index; False when a newer rebuild's index is on its way."""
        self.report = report
        self._index_request: tuple[Callable[[], SearchIndex], int] | None = None
        self._index_wanted = threading.Condition()
        self._index_requested = 0
        self._index_settled = 0
        """The newest rebuild whose indexing ended, with a new index or with an error."""
        self._indexer: threading.Thread | None = None

    def index_later(self, index: Callable[[], SearchIndex], generation: int) -> None:
        """Make rebuild `generation`'s index with `index` once the indexer is free (a
        request not yet started is dropped for this one)."""
        with self._index_wanted:
            self._index_request = (index, generation)
            self._index_requested = generation
            self._index_wanted.notify()
            if self._indexer is None:
                self._indexer = threading.Thread(target=self._run_indexer,
                                                 name="lanting-search-index", daemon=True)
                self._indexer.start()

    def _run_indexer(self) -> None:
        while True:
            with self._index_wanted:
                while self._index_request is None:
                    self._index_wanted.wait()
                index, generation = self._index_request
                self._index_request = None
            try:
                result = index()
            except LantingError as error:
                self.report("search index failed: "
                            + "; ".join(p.format(self.site_dir) for p in error.problems))
                self._settle(generation)
                continue
            except Exception as error:  # noqa: BLE001 - the server goes on without a new index
                if threading.main_thread().is_alive():  # not the interpreter shutting down
                    self.report(f"search index failed: {type(error).__name__}: {error}")
                self._settle(generation)
                continue
            if not self.serve(result, generation):
                continue  # a newer rebuild's index is on its way
            self._settle(generation)

    def _settle(self, generation: int) -> None:
        with self._index_wanted:
            self._index_settled = max(self._index_settled, generation)
            self._index_wanted.notify_all()

    def wait(self, timeout: float) -> bool:
        """Wait until the newest rebuild's search index is served or has failed; False when
        `timeout` seconds pass first."""
        with self._index_wanted:
            return self._index_wanted.wait_for(
                lambda: self._index_settled >= self._index_requested, timeout)
