"""The search index's files: their layout, names and bytes (`output/search.py` makes them).

Layout (every file JSON):
- `meta.json`: the format, how many pages, their total length, each shard's page and file
  counts, and the counts of each kind and tag (the filters).
- `S/docs.json`: the number of term files of shard S (`files`) and its pages (`docs`),
  sorted by URL: [url, title, date, kind, lang, group,
  tags, length, text file]. A page is in shard `hash(url) % shards`; a page's number in
  a shard is its place in this list.
- `S/F.json`: file F of shard S holds the terms of a contiguous range of buckets, page by
  page: {"d": [page numbers], "t": ["term term:3 …", …]}.
- `text/H.json`: a page's text (H: a hash of its URL).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from lanting.model.output import SearchRecord
from lanting.render.search_record import BUCKETS

INDEX_DIR = "search-index"
"""Output folder of the index."""


FORMAT = 1
"""Version of the layout; the script checks it."""


SHARD_PAGES = 1024
"""Pages per shard, about: adding or removing a page rewrites its shard's files."""


PAGES_PER_FILE = 4
"""A shard of n pages has about n / PAGES_PER_FILE term files (a power of two, at most
one per bucket): what a query fetches per term stays small as the site grows."""


def _pow2_at_least(n: int) -> int:
    return 1 << max(0, (n - 1).bit_length())


def shard_count(pages: int) -> int:
    return _pow2_at_least(-(-pages // SHARD_PAGES)) if pages else 1


def files_in_shard(pages: int) -> int:
    return min(BUCKETS, _pow2_at_least(-(-pages // PAGES_PER_FILE))) if pages else 1


def url_hash(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=8).digest()


def shard_of(url: str, shards: int) -> int:
    return int.from_bytes(url_hash(url)[:4], "big") % shards


def text_file(url: str) -> str:
    return f"{INDEX_DIR}/text/{url_hash(url).hex()}.json"


def stage_text(record: SearchRecord, path: str,
               stage: Callable[[str, bytes], bool]) -> SearchRecord:
    """`record` of the page at output `path` with its text file put in the staging folder
    (`stage`) and its text let go: a big site's texts are not all held until stage 11."""
    url = page_url(path)
    data = text_data(url, record.text)
    if not stage(text_file(url), data):
        return record  # a page's file is in the way: the check stage reports it
    return replace(record, text="", text_fingerprint=digest(data))


def text_data(url: str, text: str) -> bytes:
    return dump_json({"url": url, "text": text})


def dump_json(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


@dataclass(slots=True)
class IndexedPage:
    """One page of a shard: its row of `docs.json` and its strings, one per term file
    (only the files it has terms in)."""

    row: list[Any]
    strings: dict[int, str]
    record: SearchRecord | None
    """Set when the page was read now (its text file is written); None: kept."""


def page_row(record: SearchRecord) -> list[Any]:
    return [record.url, record.title, record.date, record.kind, record.lang, record.group,
            list(record.tags), record.length, url_hash(record.url).hex()]


def page_strings(record: SearchRecord, files: int) -> dict[int, str]:
    if files == BUCKETS:  # a file per bucket (from 1,024 pages a shard): its line as it is
        return dict(record.by_bucket())
    return file_strings(record.by_bucket(), files)


def file_strings(buckets: Iterable[tuple[int, str]], files: int) -> dict[int, str]:
    per_file: dict[int, list[str]] = {}
    for b, terms in buckets:
        per_file.setdefault(b * files // BUCKETS, []).append(terms)
    return {f: " ".join(parts) for f, parts in per_file.items()}


def indexed_page(record: SearchRecord, files: int) -> IndexedPage:
    return IndexedPage(page_row(record), page_strings(record, files), record)


def page_url(path: str) -> str:
    return path.removesuffix("index.html")
