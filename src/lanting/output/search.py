"""Stage 11 — the search index, as output files under `search-index/`.

Lanting's own index, read by the theme's `search-index.js`: terms as `render.search_record`
cuts them (words, and pairs of CJK characters, so that every query of two or more CJK
characters or one word finds every page containing it), each page's text for excerpts and
exact phrases, and the facts the filters need. Why not Pagefind: see
docs/content/pages/architecture.md.

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

Made from the previous index: a shard none of whose pages was rendered again is kept as
it is; in a shard with changes only the changed pages' entries are replaced (the others
are read back from the previous files), and only files whose bytes change are written.
A page's entries depend on nothing but the page, so the result is the same bytes as a
clean build's — which the tests check.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from lanting import __version__
from lanting.errors import LantingError
from lanting.model.config import Config
from lanting.model.output import OutputFile, SearchIndex, SearchRecord, terms_by_bucket
from lanting.render.search_record import (
    BODY,
    BUCKETS,
    THEME_EXCLUDES,
    index_terms,
    search_record,
)

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


def _hash(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=8).digest()


def shard_of(url: str, shards: int) -> int:
    return int.from_bytes(_hash(url)[:4], "big") % shards


def text_file(url: str) -> str:
    return f"{INDEX_DIR}/text/{_hash(url).hex()}.json"


def stage_text(record: SearchRecord, path: str,
               stage: Callable[[str, bytes], bool]) -> SearchRecord:
    """`record` of the page at output `path` with its text file put in the staging folder
    (`stage`) and its text let go: a big site's texts are not all held until stage 11."""
    url = _url(path)
    data = _text_data(url, record.text)
    if not stage(text_file(url), data):
        return record  # a page's file is in the way: the check stage reports it
    return replace(record, text="", text_fingerprint=_digest(data))


def _text_data(url: str, text: str) -> bytes:
    return _dump({"url": url, "text": text})


def _dump(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


@dataclass(slots=True)
class _Doc:
    """One page of a shard: its row of `docs.json` and its strings, one per term file
    (only the files it has terms in)."""

    row: list[Any]
    strings: dict[int, str]
    record: SearchRecord | None
    """Set when the page was read now (its text file is written); None: kept."""


def _row(record: SearchRecord) -> list[Any]:
    return [record.url, record.title, record.date, record.kind, record.lang, record.group,
            list(record.tags), record.length, _hash(record.url).hex()]


def _strings(record: SearchRecord, files: int) -> dict[int, str]:
    if files == BUCKETS:  # a file per bucket (from 1,024 pages a shard): its line as it is
        return dict(record.by_bucket())
    return _file_strings(record.by_bucket(), files)


def _file_strings(buckets: Iterable[tuple[int, str]], files: int) -> dict[int, str]:
    per_file: dict[int, list[str]] = {}
    for b, terms in buckets:
        per_file.setdefault(b * files // BUCKETS, []).append(terms)
    return {f: " ".join(parts) for f, parts in per_file.items()}


def _doc(record: SearchRecord, files: int) -> _Doc:
    return _Doc(_row(record), _strings(record, files), record)


class _Previous:
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

    def docs(self, shard: int, old: dict[str, Any]) -> dict[str, _Doc] | None:
        """Every page of a previous shard with its strings, by URL; None if a file of the
        shard is gone."""
        rows = old["docs"]
        found = {row[0]: _Doc(row, {}, None) for row in rows}
        for f in range(old["files"]):
            data = self.load(f"{INDEX_DIR}/{shard}/{f}.json")
            if data is None:
                return None
            for number, strings in zip(data["d"], data["t"], strict=True):
                found[rows[number][0]].strings[f] = strings
        return found


def _key(config: Config, shards: int, made_by: str) -> str:
    """What a shard's files were made with, besides its pages: a shard made by another
    Lanting (`made_by`), which may cut pages into terms or write them otherwise, is made
    again rather than patched."""
    return _digest(repr((FORMAT, __version__, made_by, config.search, THEME_EXCLUDES,
                         shards)).encode())


def _shard_files(shard: int, docs: list[_Doc], files: int, key: str,
                 prior: _Previous) -> list[OutputFile]:
    """The files of one shard; those whose bytes are the previous build's are kept."""
    docs.sort(key=lambda d: d.row[0])
    made: list[tuple[str, bytes]] = [(f"{INDEX_DIR}/{shard}/docs.json", _dump(
        {"files": files, "docs": [d.row for d in docs]}))]
    holders: list[list[int]] = [[] for _ in range(files)]  # file -> its pages, in order
    for n, doc in enumerate(docs):
        for f in doc.strings:
            holders[f].append(n)
    for f, numbers in enumerate(holders):
        made.append((f"{INDEX_DIR}/{shard}/{f}.json", _dump(
            {"d": numbers, "t": [docs[n].strings[f] for n in numbers]})))
    out = []
    for path, data in made:
        fingerprint = (key + ":" if path.endswith("docs.json") else "") + _digest(data)
        kept = prior.fingerprint(path) == fingerprint
        out.append(OutputFile(path, None if kept else data, fingerprint))
    return out


def _text_files(docs: Sequence[_Doc], prior: _Previous, read: _Reader) -> list[OutputFile]:
    out = []
    for doc in docs:
        url, name = doc.row[0], doc.row[8]
        path = f"{INDEX_DIR}/text/{name}.json"
        record = doc.record
        if record is not None and record.text_fingerprint:  # staged by its worker
            out.append(OutputFile(path, None, record.text_fingerprint, staged=True))
            continue
        if record is None and prior.fingerprint(path) is None:
            record = read(url)  # kept in the index, but its text file is gone
        if record is None:
            out.append(OutputFile(path, None, str(prior.fingerprint(path))))
            continue
        data = _text_data(url, record.text)
        fingerprint = _digest(data)
        out.append(OutputFile(path, None if prior.fingerprint(path) == fingerprint else data,
                              fingerprint))
    return out


def _meta(shards: list[tuple[int, list[_Doc]]], sizes: list[tuple[int, int]]) -> bytes:
    rows = [d.row for _, docs in shards for d in docs]
    kinds = Counter(row[3] for row in rows)
    tags = Counter(tag for row in rows for tag in row[6])
    return _dump({"format": FORMAT, "pages": len(rows), "length": sum(r[7] for r in rows),
                  "shards": sizes, "kinds": dict(sorted(kinds.items())),
                  "tags": dict(sorted(tags.items()))})


def build_search_index(
    files: Sequence[OutputFile], config: Config, previous: Mapping[str, str] | None = None,
    reusable: Callable[[str], bool] = lambda path: False,
    previous_data: Callable[[str], bytes | None] = lambda path: None,
    made_by: str = "",
) -> SearchIndex:
    """The index of every page that opts in, as output files.

    Pages rendered by this build bring their record (`OutputFile.search`); the others are
    unchanged since the build that wrote `previous` (path -> fingerprint) and are taken
    from its index, or read back with `previous_data` if that index cannot be used (one
    made by another Lanting cannot: `made_by` is `build.cache.engine_fingerprint`).
    """
    if not config.search.enabled:
        return SearchIndex((), 0)
    prior = _Previous(previous or {}, reusable, previous_data)
    reader = _Reader(config, previous_data)
    fresh, kept = _pages(files, config, prior, reader, made_by)
    total = len(fresh) + len(kept)
    if not total:
        return SearchIndex((), 0)
    shards = shard_count(total)
    key = _key(config, shards, made_by)
    members: dict[int, list[str]] = {s: [] for s in range(shards)}
    for url in (*fresh, *kept):
        members[shard_of(url, shards)].append(url)
    out: list[OutputFile] = []
    built: list[tuple[int, list[_Doc]]] = []
    for s in range(shards):
        docs, shard_files = _shard(s, sorted(members[s]), fresh, key, prior, reader)
        out += shard_files
        out += _text_files(docs, prior, reader)
        for doc in docs:  # in the shard's files now: a big site's shards are not all held
            doc.strings, doc.record = {}, None
        built.append((s, docs))
    sizes = [(len(docs), files_in_shard(len(docs))) for _, docs in built]
    meta = _meta(built, sizes)
    out.append(OutputFile(f"{INDEX_DIR}/meta.json", meta, _digest(meta)))
    out.sort(key=lambda f: f.path)
    return SearchIndex(tuple(out), total)


class _Reader:
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


def _url(path: str) -> str:
    return path.removesuffix("index.html")


def _pages(files: Sequence[OutputFile], config: Config, prior: _Previous, read: _Reader,
           made_by: str) -> tuple[dict[str, SearchRecord], list[str]]:
    """The searchable pages: records of those rendered now (or read back), by URL, and
    the URLs of the unchanged ones the previous index has."""
    fresh: dict[str, SearchRecord] = {}
    unchanged: list[str] = []
    for f in files:
        if not f.path.endswith(".html"):
            continue
        if f.search is not None:  # made where the path had no language folder yet
            url = _url(f.path)
            fresh[url] = f.search if f.search.url == url else replace(f.search, url=url)
        elif f.staged:
            continue  # made now, and its worker found it not searchable
        elif f.data is None:
            unchanged.append(_url(f.path))
        elif BODY.encode() in f.data:  # made without a record (a page given whole)
            record = search_record(f.data.decode("utf-8"), _url(f.path), config.search.exclude)
            if record is not None:
                fresh[record.url] = record
    meta = prior.load(f"{INDEX_DIR}/meta.json")
    shards = len(meta["shards"]) if isinstance(meta, dict) and meta.get("format") == FORMAT \
        else 0
    key = _key(config, shards, made_by)
    olds = [prior.shard(s, key) for s in range(shards)]
    indexed = {row[0] for old in olds if old for row in old["docs"]}
    kept = []
    for url in unchanged:
        if url in indexed:
            kept.append(url)
        elif not olds or not all(olds):  # no previous index says whether it is searchable
            record = read(url)
            if record is not None:
                fresh[url] = record
    return fresh, kept


def _shard(s: int, urls: list[str], fresh: Mapping[str, SearchRecord], key: str,
           prior: _Previous, read: _Reader) -> tuple[list[_Doc], list[OutputFile]]:
    """The pages and files of shard `s`."""
    files = files_in_shard(len(urls))
    old = prior.shard(s, key)
    if old is not None and old["files"] != files:
        old = None  # its terms are cut into other files: read its pages again
    paths = [f"{INDEX_DIR}/{s}/docs.json", *(f"{INDEX_DIR}/{s}/{f}.json" for f in range(files))]
    if old is not None and [row[0] for row in old["docs"]] == urls:
        fingerprints = [prior.fingerprint(p) for p in paths]
        if all(fingerprints):
            if not any(url in fresh for url in urls):  # nothing changed: keep every file
                return ([_Doc(row, {}, None) for row in old["docs"]],
                        [OutputFile(p, None, str(fp))
                         for p, fp in zip(paths, fingerprints, strict=True)])
            patched = _patch(s, old, fresh, files, key, prior)
            if patched is not None:
                return patched
    before = prior.docs(s, old) if old is not None else None
    docs = []
    for url in urls:
        if url in fresh:
            docs.append(_doc(fresh[url], files))
        elif before is not None and url in before:
            docs.append(before[url])
        else:
            record = read(url)
            if record is not None:
                docs.append(_doc(record, files))
    return docs, _shard_files(s, docs, files, key, prior)


PATCH_PAGES = 32
"""At most this many changed pages in a shard are patched in; more rebuild the shard."""


def _patch(s: int, old: dict[str, Any], fresh: Mapping[str, SearchRecord], files: int,
           key: str, prior: _Previous) -> tuple[list[_Doc], list[OutputFile]] | None:
    """Shard `s` with the same pages as before, a few of them changed: only the term files
    whose strings of those pages change are read and written again. What a changed page
    had in each file is recomputed from the text file the previous build wrote for it
    (the terms depend on nothing else), so the other files need not be read at all.
    None when that cannot be done (too many changes, a previous file gone)."""
    rows = old["docs"]
    changed: dict[int, _Doc] = {}
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
        was = _file_strings(terms_by_bucket(buckets, terms), files)
        now = _strings(record, files)
        touched.update(f for f in was.keys() | now.keys() if was.get(f) != now.get(f))
        changed[number] = _Doc(_row(record), now, record)
    docs = [changed.get(n, _Doc(row, {}, None)) for n, row in enumerate(rows)]
    made = [(f"{INDEX_DIR}/{s}/docs.json", _dump({"files": files, "docs": [d.row for d in docs]}))]
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
        made.append((path, _dump({"d": numbers, "t": [entries[n] for n in numbers]})))
    out = {f"{INDEX_DIR}/{s}/{f}.json": OutputFile(f"{INDEX_DIR}/{s}/{f}.json", None,
                                                    str(prior.fingerprint(
                                                        f"{INDEX_DIR}/{s}/{f}.json")))
           for f in range(files)}
    for path, data in made:
        fingerprint = (key + ":" if path.endswith("docs.json") else "") + _digest(data)
        kept = prior.fingerprint(path) == fingerprint
        out[path] = OutputFile(path, None if kept else data, fingerprint)
    return docs, list(out.values())
