"""Stage 11 — the search index, as output files under `search-index/`.

Lanting's own index, read by the theme's `search-index.js`: terms as `render.search_record`
cuts them (words, and pairs of CJK characters, so that every query of two or more CJK
characters or one word finds every page containing it), each page's text for excerpts and
exact phrases, and the facts the filters need. Why not Pagefind: see
docs/content/pages/architecture.md.

The files' layout is in `output/search_files.py`; reading the previous build's index
back, and patching a shard of it, in `output/search_previous.py`.

Made from the previous index: a shard none of whose pages was rendered again is kept as
it is; in a shard with changes only the changed pages' entries are replaced (the others
are read back from the previous files), and only files whose bytes change are written.
A page's entries depend on nothing but the page, so the result is the same bytes as a
clean build's — which the tests check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from lanting import __version__
from lanting.model.config import Config
from lanting.model.output import OutputFile, SearchIndex, SearchRecord
from lanting.output.search_files import (
    FORMAT,
    INDEX_DIR,
    IndexedPage,
    digest,
    dump_json,
    files_in_shard,
    indexed_page,
    page_url,
    shard_count,
    shard_of,
    text_data,
)
from lanting.output.search_previous import PreviousIndex, RecordReader, patch_shard
from lanting.render.search_record import BODY, THEME_EXCLUDES, search_record


def _key(config: Config, shards: int, made_by: str) -> str:
    """What a shard's files were made with, besides its pages: a shard made by another
    Lanting (`made_by`), which may cut pages into terms or write them otherwise, is made
    again rather than patched."""
    return digest(repr((FORMAT, __version__, made_by, config.search, THEME_EXCLUDES,
                         shards)).encode())


def _shard_files(shard: int, docs: list[IndexedPage], files: int, key: str,
                 prior: PreviousIndex) -> list[OutputFile]:
    """The files of one shard; those whose bytes are the previous build's are kept."""
    docs.sort(key=lambda d: d.row[0])
    made: list[tuple[str, bytes]] = [(f"{INDEX_DIR}/{shard}/docs.json", dump_json(
        {"files": files, "docs": [d.row for d in docs]}))]
    holders: list[list[int]] = [[] for _ in range(files)]  # file -> its pages, in order
    for n, doc in enumerate(docs):
        for f in doc.strings:
            holders[f].append(n)
    for f, numbers in enumerate(holders):
        made.append((f"{INDEX_DIR}/{shard}/{f}.json", dump_json(
            {"d": numbers, "t": [docs[n].strings[f] for n in numbers]})))
    out = []
    for path, data in made:
        fingerprint = (key + ":" if path.endswith("docs.json") else "") + digest(data)
        kept = prior.fingerprint(path) == fingerprint
        out.append(OutputFile(path, None if kept else data, fingerprint))
    return out


def _text_files(docs: Sequence[IndexedPage], prior: PreviousIndex,
                read: RecordReader) -> list[OutputFile]:
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
        data = text_data(url, record.text)
        fingerprint = digest(data)
        out.append(OutputFile(path, None if prior.fingerprint(path) == fingerprint else data,
                              fingerprint))
    return out


def _meta(shards: list[tuple[int, list[IndexedPage]]], sizes: list[tuple[int, int]]) -> bytes:
    rows = [d.row for _, docs in shards for d in docs]
    kinds = Counter(row[3] for row in rows)
    tags = Counter(tag for row in rows for tag in row[6])
    return dump_json({"format": FORMAT, "pages": len(rows), "length": sum(r[7] for r in rows),
                  "shards": sizes, "kinds": dict(sorted(kinds.items())),
                  "tags": dict(sorted(tags.items()))})


def build_search_index(
    files: Sequence[OutputFile], config: Config, previous: Mapping[str, str] | None = None,
    reusable: Callable[[str], bool] = lambda path: False,
    previous_data: Callable[[str], bytes | None] = lambda path: None,
    made_by: str = "",
    indexed: Mapping[str, str] | None = None,
) -> SearchIndex:
    """The index of every page that opts in, as output files.

    Pages rendered by this build bring their record (`OutputFile.search`); the others are
    unchanged since the build that wrote `previous` (path -> fingerprint) and are taken
    from its index, or read back with `previous_data` if that index cannot be used (one
    made by another Lanting cannot: `made_by` is `build.cache.engine_fingerprint`).
    `indexed`: the fingerprints of the pages the previous index was made from, where that
    index lags behind `previous` (`lanting serve` indexes in the background and drops the
    requests a newer rebuild replaces); an unchanged page that differs from it is read back.
    """
    if not config.search.enabled:
        return SearchIndex((), 0)
    prior = PreviousIndex(previous or {}, reusable, previous_data)
    reader = RecordReader(config, previous_data)
    fresh, kept = _pages(files, config, prior, reader, made_by, indexed)
    total = len(fresh) + len(kept)
    if not total:
        return SearchIndex((), 0)
    shards = shard_count(total)
    key = _key(config, shards, made_by)
    members: dict[int, list[str]] = {s: [] for s in range(shards)}
    for url in (*fresh, *kept):
        members[shard_of(url, shards)].append(url)
    out: list[OutputFile] = []
    built: list[tuple[int, list[IndexedPage]]] = []
    for s in range(shards):
        docs, shard_files = _shard(s, sorted(members[s]), fresh, key, prior, reader)
        out += shard_files
        out += _text_files(docs, prior, reader)
        for doc in docs:  # in the shard's files now: a big site's shards are not all held
            doc.strings, doc.record = {}, None
        built.append((s, docs))
    sizes = [(len(docs), files_in_shard(len(docs))) for _, docs in built]
    meta = _meta(built, sizes)
    out.append(OutputFile(f"{INDEX_DIR}/meta.json", meta, digest(meta)))
    out.sort(key=lambda f: f.path)
    return SearchIndex(tuple(out), total)


def _pages(files: Sequence[OutputFile], config: Config, prior: PreviousIndex, read: RecordReader,
           made_by: str, basis: Mapping[str, str] | None,
           ) -> tuple[dict[str, SearchRecord], list[str]]:
    """The searchable pages: records of those rendered now (or read back), by URL, and
    the URLs of the unchanged ones the previous index has."""
    fresh: dict[str, SearchRecord] = {}
    unchanged: list[str] = []
    for f in files:
        if not f.path.endswith(".html"):
            continue
        if f.search is not None:  # made where the path had no language folder yet
            url = page_url(f.path)
            fresh[url] = f.search if f.search.url == url else replace(f.search, url=url)
        elif f.staged:
            continue  # made now, and its worker found it not searchable
        elif f.data is None and (basis is None or basis.get(f.path) == f.fingerprint):
            unchanged.append(page_url(f.path))
        elif f.data is None:  # changed since the previous index was made
            record = read(page_url(f.path))
            if record is not None:
                fresh[record.url] = record
        elif BODY.encode() in f.data:  # made without a record (a page given whole)
            record = search_record(f.data.decode("utf-8"), page_url(f.path), config.search.exclude)
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
           prior: PreviousIndex, read: RecordReader) -> tuple[list[IndexedPage], list[OutputFile]]:
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
                return ([IndexedPage(row, {}, None) for row in old["docs"]],
                        [OutputFile(p, None, str(fp))
                         for p, fp in zip(paths, fingerprints, strict=True)])
            patched = patch_shard(s, old, fresh, files, key, prior)
            if patched is not None:
                return patched
    before = prior.docs(s, old) if old is not None else None
    docs = []
    for url in urls:
        if url in fresh:
            docs.append(indexed_page(fresh[url], files))
        elif before is not None and url in before:
            docs.append(before[url])
        else:
            record = read(url)
            if record is not None:
                docs.append(indexed_page(record, files))
    return docs, _shard_files(s, docs, files, key, prior)
