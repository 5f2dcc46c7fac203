"""The previous build's search index, read back only as far as a build needs it: a
shard none of whose pages changed is kept, a shard with a few changed pages is patched,
and an unchanged page whose entries cannot be taken from the old index is read back from
its previous HTML."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from lanting.errors import LantingError
from lanting.model.config import Config
from lanting.model.output import OutputFile, SearchRecord, terms_by_bucket
from lanting.output.search_files import (
    INDEX_DIR,
    IndexedPage,
    digest,
    dump_json,
    file_strings,
    page_row,
    page_strings,
)
from lanting.render.search_record import BODY, index_terms, search_record


class PreviousIndex:
    """The previous build's index, read back only as far as a build needs it."""

    def __init__(self, previous: Mapping[str, str], reusable: Callable[[str], bool],
                 previous_data: Callable[[str], bytes | None]) -> None:
        self.previous, self.reusable = previous, reusable
        self.previous_data = previous_data

    def fingerprint(self, path: str) -> str | None:
        """The previous file's fingerprint if that file is still there as written."""
        found = self.previous.get(path)
        return found if found is not None and self.reusable(path) else None

    def load(self, path: str) -> Any:
        if self.fingerprint(path) is None:
            return None
        data = self.previous_data(path)
        try:
            return json.loads(data) if data is not None else None
        except ValueError:
            return None

    def shard(self, shard: int, key: str) -> dict[str, Any] | None:
        """The previous `docs.json` of `shard`, if it was made as `key` says."""
        path = f"{INDEX_DIR}/{shard}/docs.json"
        fingerprint = self.fingerprint(path)
        if fingerprint is None or not fingerprint.startswith(key + ":"):
            return None
        docs = self.load(path)
        return docs if isinstance(docs, dict) else None

    def docs(self, shard: int, old: dict[str, Any]) -> dict[str, IndexedPage] | None:
        """Every page of a previous shard with its strings, by URL; None if a file of the
        shard is gone."""
        rows = old["docs"]
        found = {row[0]: IndexedPage(row, {}, None) for row in rows}
        for f in range(old["files"]):
            data = self.load(f"{INDEX_DIR}/{shard}/{f}.json")
            if data is None:
                return None
            for number, strings in zip(data["d"], data["t"], strict=True):
                found[rows[number][0]].strings[f] = strings
        return found


class RecordReader:
    """Reads the record of an unchanged page back from its previous file."""

    def __init__(self, config: Config, previous_data: Callable[[str], bytes | None]) -> None:
        self.exclude = config.search.exclude
        self.previous_data = previous_data

    def __call__(self, url: str) -> SearchRecord | None:
        path = url + "index.html" if url.endswith("/") or not url else url
        data = self.previous_data(path)
        if data is None:
            raise LantingError.at(
                f"search: the unchanged page {path} could not be read back",
                hint="build again with --no-cache")
        return search_record(data.decode("utf-8"), url, self.exclude) \
            if BODY.encode() in data else None


PATCH_PAGES = 32
"""At most this many changed pages in a shard are patched in; more rebuild the shard."""


def patch_shard(s: int, old: dict[str, Any], fresh: Mapping[str, SearchRecord], files: int,
           key: str, prior: PreviousIndex) -> tuple[list[IndexedPage], list[OutputFile]] | None:
    """Shard `s` with the same pages as before, a few of them changed: only the term files
    whose strings of those pages change are read and written again. What a changed page
    had in each file is recomputed from the text file the previous build wrote for it
    (the terms depend on nothing else), so the other files need not be read at all.
    None when that cannot be done (too many changes, a previous file gone)."""
    rows = old["docs"]
    changed: dict[int, IndexedPage] = {}
    touched: set[int] = set()
    for number, row in enumerate(rows):
        record = fresh.get(row[0])
        if record is None:
            continue
        if len(changed) == PATCH_PAGES:
            return None
        before = prior.load(f"{INDEX_DIR}/text/{row[8]}.json")
        if not isinstance(before, dict) or not isinstance(before.get("text"), str):
            return None
        length, buckets, terms = index_terms(before["text"], row[1], row[6])
        if length != row[7]:
            return None  # not what the previous build indexed
        was = file_strings(terms_by_bucket(buckets, terms), files)
        now = page_strings(record, files)
        touched.update(f for f in was.keys() | now.keys() if was.get(f) != now.get(f))
        changed[number] = IndexedPage(page_row(record), now, record)
    docs = [changed.get(n, IndexedPage(row, {}, None)) for n, row in enumerate(rows)]
    made = [(f"{INDEX_DIR}/{s}/docs.json",
             dump_json({"files": files, "docs": [d.row for d in docs]}))]
    for f in sorted(touched):
        path = f"{INDEX_DIR}/{s}/{f}.json"
        data = prior.load(path)
        if not isinstance(data, dict):
            return None
        entries = dict(zip(data["d"], data["t"], strict=True))
        for number, doc in changed.items():
            strings = doc.strings.get(f)
            if strings is None:
                entries.pop(number, None)
            else:
                entries[number] = strings
        numbers = sorted(entries)
        made.append((path, dump_json({"d": numbers, "t": [entries[n] for n in numbers]})))
    out = {f"{INDEX_DIR}/{s}/{f}.json": OutputFile(f"{INDEX_DIR}/{s}/{f}.json", None,
                                                    str(prior.fingerprint(
                                                        f"{INDEX_DIR}/{s}/{f}.json")))
           for f in range(files)}
    for path, data in made:
        fingerprint = (key + ":" if path.endswith("docs.json") else "") + digest(data)
        kept = prior.fingerprint(path) == fingerprint
        out[path] = OutputFile(path, None if kept else data, fingerprint)
    return docs, list(out.values())
