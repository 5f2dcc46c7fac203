"""The persistent build cache: parsed and rendered sources in SQLite, under the site's
`.lanting/` folder.

An entry is keyed by the source's path and text (its digest), the settings that change
its HTML, and a fingerprint of Lanting and the libraries that render it. Entries also
record what they read besides the source (included files, image sizes) and are used
only while those are unchanged. Deleting the folder (`lanting clean`) is always safe.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path

from lanting import __version__
from lanting.build.cache_entries import freeze, thaw
from lanting.fs import file_digest
from lanting.markdown.code import highlights_kept_in
from lanting.model.content import DocumentSettings, Loaded, Source

SCHEMA = 2
TABLE = f"documents_v{SCHEMA}"
FILES_TABLE = "files_v1"
VALUES_TABLE = "values_v1"
"""Results a build works out of the whole site, one row per name (`remembered`)."""
HIGHLIGHTS_TABLE = "highlights_v1"
"""Code blocks' highlighted lines by language and code (`KeptHighlights`)."""
HIGHLIGHTS_PER_DOCUMENT = 16
"""Pruning keeps this many highlighted blocks per used entry (and 1,000 more) before it
forgets them all: they are a shortcut, not a result."""
PRUNE_SLACK = 3
"""A build prunes the entries it did not use once there are more than this many times
as many as it used (room for a few configurations built in turn: with and without
`--drafts`, another base URL)."""
_LIBRARIES = ("markdown-it-py", "mdit-py-plugins", "math-core", "Pygments",
              "ruamel.yaml", "nbformat", "Jinja2", "minify-html", "selectolax",
              "bibtexparser", "pylatexenc", "Babel", "emoji")
"""The libraries whose output a page or its search record is made of (the Markdown,
math and code in documents; the templates, minifying and page text in pages;
bibliography entries and interface strings in both)."""


@cache
def engine_fingerprint() -> str:
    """Changes whenever Lanting's code or a library that shapes the HTML changes."""
    digest = hashlib.blake2b(f"{SCHEMA}:{__version__}".encode(), digest_size=16)
    package = Path(__file__).parents[1]  # all of Lanting, not this folder
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + path.read_bytes())
    for name in _LIBRARIES:
        try:
            digest.update(f"{name}={importlib.metadata.version(name)}".encode())
        except importlib.metadata.PackageNotFoundError:
            digest.update(f"{name}=none".encode())
    return digest.hexdigest()


def settings_fingerprint(settings: DocumentSettings) -> str:
    # image_sizes and the entries pages cite are left out (compare=False): entries record
    # the sizes they used and the digest of each entry they cite. Whether there is
    # anything to cite at all decides whether `[@x]` is a citation or text.
    fields = (settings.options, settings.language, settings.base_path, settings.site_macros,
              settings.equation_numbers, settings.mermaid, settings.drafts,
              bool(settings.references), settings.citation_style, settings.languages)
    return hashlib.blake2b(repr(fields).encode(), digest_size=16).hexdigest()


class DocumentCache:
    """Loaded sources by key; a `DocumentCache(None)` stores nothing (`--no-cache`)."""

    def __init__(self, path: Path | None, memory: dict[str, Loaded] | None = None) -> None:
        self.path = path
        self.memory = memory
        """Entries with their HTML kept in memory (a long-running `lanting serve`)."""
        self.db: sqlite3.Connection | None = None
        self._pid = os.getpid()
        self._open()

    def _open(self) -> None:
        path = self.path
        if path is None:
            return
        self._pid = os.getpid()  # a connection must not be used across fork()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                self.db = _connect(path)
            except sqlite3.OperationalError:
                raise  # locked, read-only, …: not the file's fault
            except sqlite3.DatabaseError:  # not a database (any more): start a new one
                for stale in (path, path.with_name(path.name + "-wal"),
                              path.with_name(path.name + "-shm")):
                    stale.unlink(missing_ok=True)
                self.db = _connect(path)
        except (OSError, sqlite3.Error):
            self.db = None  # a read-only or broken cache only makes the build slower

    def _open_in_this_process(self) -> None:
        """A forked worker opens the database again (a connection must not be used
        across fork())."""
        if self._pid != os.getpid() and self.path is not None:
            self._open()

    def key(self, source: Source, settings_digest: str) -> str:
        digest = hashlib.blake2b(digest_size=20)
        for part in (engine_fingerprint(), settings_digest, source.rel.as_posix(), source.digest):
            digest.update(part.encode() + b"\0")
        return digest.hexdigest()

    def known_files(self) -> dict[str, tuple[str, str]] | None:
        """The sources' files as the last build saw them, for `discover` (None: this
        cache keeps nothing between builds)."""
        if self.db is None or self.memory is not None:
            return None
        try:
            return {rel: (stamp, digest) for rel, stamp, digest
                    in self.db.execute(f"SELECT rel, stamp, digest FROM {FILES_TABLE}")}
        except sqlite3.Error:
            return None

    def remember_files(self, stamps: dict[str, tuple[str, str]],
                       known: dict[str, tuple[str, str]]) -> None:
        """Record `stamps` (`Discovery.stamps`) in place of `known` (what was recorded)."""
        if self.db is None or stamps == known:
            return
        try:
            with self.db:
                self.db.executemany(f"DELETE FROM {FILES_TABLE} WHERE rel = ?",
                                    ((rel,) for rel in known.keys() - stamps.keys()))
                self.db.executemany(f"INSERT OR REPLACE INTO {FILES_TABLE} VALUES (?, ?, ?)",
                                    ((rel, *entry) for rel, entry in stamps.items()
                                     if known.get(rel) != entry))
        except sqlite3.Error:
            pass  # the next build reads every file again: slower, still right

    def get_many(self, wanted: dict[str, Source],
                 settings: DocumentSettings) -> dict[str, Loaded]:
        """Cached results for `wanted` (key -> source) whose recorded inputs still hold."""
        found: dict[str, Loaded] = {}
        if self.memory is not None:
            for key in wanted:
                loaded = self.memory.get(key)
                if loaded is not None and _still_valid(loaded, settings):
                    found[key] = loaded
        if self.db is None or len(found) == len(wanted):
            return found
        keys = [key for key in wanted if key not in found]
        try:
            for start in range(0, len(keys), 500):
                batch = keys[start : start + 500]
                rows = self.db.execute(
                    f"SELECT key, value FROM {TABLE} WHERE key IN ({','.join('?' * len(batch))})",
                    batch).fetchall()
                for key, value in rows:
                    loaded = thaw(key, value, wanted[key])
                    if loaded is not None and _still_valid(loaded, settings):
                        found[key] = loaded
        except sqlite3.Error:
            return found
        return found

    def put_many(self, items: Iterable[tuple[str, Loaded]]) -> list[tuple[str, Loaded]]:
        """Store `items`; returns them, without their HTML when the database holds it (a
        build of thousands of pages keeps only the pages it renders in memory)."""
        items = list(items)
        if self.memory is not None:
            self.memory.update(items)
            return items  # `lanting serve` keeps everything in memory
        self._open_in_this_process()  # a worker process stores what it rendered
        if self.db is None:
            return items
        rows = [(key, freeze(loaded), loaded.rendered.html if loaded.rendered else "")
                for key, loaded in items]
        try:
            with self.db:
                self.db.executemany(f"INSERT OR REPLACE INTO {TABLE} VALUES (?, ?, ?)", rows)
        except sqlite3.Error:
            return items
        return [(key, replace(loaded, rendered=replace(loaded.rendered, html=""),
                              html_in_cache=True) if loaded.rendered else loaded)
                for key, loaded in items]

    def remembered(self, name: str, key: str) -> bytes | None:
        """What `remember(name, key, …)` stored, if it was stored with this key."""
        if self.db is None:
            return None
        try:
            row = self.db.execute(f"SELECT value FROM {VALUES_TABLE} WHERE name = ? AND key = ?",
                                  (name, key)).fetchone()
        except sqlite3.Error:
            return None
        return bytes(row[0]) if row else None

    def remember(self, name: str, key: str, value: bytes) -> None:
        """Keep `value` under `name` (in place of what was kept), valid for `key`."""
        if self.db is None:
            return
        try:
            with self.db:
                self.db.execute(f"INSERT OR REPLACE INTO {VALUES_TABLE} VALUES (?, ?, ?)",
                                (name, key, value))
        except sqlite3.Error:
            pass  # worked out again next time

    def has_highlights(self) -> bool:
        """Whether an earlier build of this Lanting kept highlighted code (a first build
        has nothing to look up, block by block)."""
        if self.db is None or self.memory is not None:
            return False
        try:
            return self.db.execute(f"SELECT 1 FROM {HIGHLIGHTS_TABLE} WHERE engine = ? LIMIT 1",
                                   (engine_fingerprint(),)).fetchone() is not None
        except sqlite3.Error:
            return False

    @contextmanager
    def keeping_highlights(self, look_up: bool) -> Iterator[None]:
        """Code highlighted within this block is kept in the database, and (`look_up`,
        `has_highlights`) taken from it when an earlier build kept it."""
        self._open_in_this_process()
        if self.db is None or self.memory is not None:
            yield  # `lanting serve` keeps its lexers and highlighted blocks in memory
            return
        kept = KeptHighlights(self.db, look_up)
        with highlights_kept_in(kept):
            yield
        kept.save()

    def prune(self, used: Iterable[str]) -> int:
        """Forget the entries `used` does not name -- old versions of edited sources,
        deleted sources, entries of an older Lanting -- once they outnumber the used ones
        PRUNE_SLACK times; also drop tables of older cache schemas. Returns how many
        entries went."""
        if self.db is None or self.memory is not None:
            return 0
        keep = set(used)
        try:
            old_tables = [name for (name,) in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'documents%'")
                if name != TABLE]
            for name in old_tables:
                self.db.execute(f'DROP TABLE "{name}"')
            self._prune_highlights(len(keep))
            (count,) = self.db.execute(f"SELECT COUNT(*) FROM {TABLE}").fetchone()
            if count <= PRUNE_SLACK * len(keep) + 100:
                return 0
            with self.db:
                self.db.execute("CREATE TEMP TABLE IF NOT EXISTS used (key TEXT PRIMARY KEY)")
                self.db.execute("DELETE FROM used")
                self.db.executemany("INSERT OR IGNORE INTO used VALUES (?)", ((k,) for k in keep))
                return self.db.execute(
                    f"DELETE FROM {TABLE} WHERE key NOT IN (SELECT key FROM used)").rowcount
        except sqlite3.Error:
            return 0  # a cache that cannot be pruned still works

    def _prune_highlights(self, used: int) -> None:
        """Forget highlighted code an older Lanting made, and all of it once there is
        more than the used entries can hold (the next builds keep what they highlight
        again)."""
        assert self.db is not None
        with self.db:
            self.db.execute(f"DELETE FROM {HIGHLIGHTS_TABLE} WHERE engine != ?",
                            (engine_fingerprint(),))
            (count,) = self.db.execute(f"SELECT COUNT(*) FROM {HIGHLIGHTS_TABLE}").fetchone()
            if count > HIGHLIGHTS_PER_DOCUMENT * used + 1000:
                self.db.execute(f"DELETE FROM {HIGHLIGHTS_TABLE}")

    @property
    def on_disk(self) -> bool:
        """Entries go to the database (then worker processes can store them)."""
        return self.db is not None and self.memory is None

    def html(self, key: str) -> str:
        """The rendered HTML stored with an entry ("" if it is gone)."""
        if self.db is None or self._pid != os.getpid():
            self._open()  # a page of a finished build asked late, or a worker process
        if self.db is None:
            return ""
        try:
            row = self.db.execute(f"SELECT html FROM {TABLE} WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            return ""
        return str(row[0]) if row else ""

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=10)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        # No fsync: everything here can be made again, and a build is not made to wait
        # for the disk (WAL checkpoints with fsync cost a cold build of 1,000 posts a
        # quarter of a second). A crash of the program loses nothing; a crash of the
        # system may lose the last entries or spoil the file, which `_open` then replaces.
        db.execute("PRAGMA synchronous=OFF")
        db.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} "
                   "(key TEXT PRIMARY KEY, value BLOB NOT NULL, html TEXT NOT NULL)")
        db.execute(f"CREATE TABLE IF NOT EXISTS {FILES_TABLE} "
                   "(rel TEXT PRIMARY KEY, stamp TEXT NOT NULL, digest TEXT NOT NULL)")
        db.execute(f"CREATE TABLE IF NOT EXISTS {VALUES_TABLE} "
                   "(name TEXT PRIMARY KEY, key TEXT NOT NULL, value BLOB NOT NULL)")
        db.execute(f"CREATE TABLE IF NOT EXISTS {HIGHLIGHTS_TABLE} "
                   "(key BLOB PRIMARY KEY, engine TEXT NOT NULL, lines TEXT NOT NULL)")
    except BaseException:
        db.close()
        raise
    return db


class KeptHighlights:
    """A `markdown.code.HighlightStore` in the cache's database: looked up block by block,
    kept in one transaction at the end (`save`). Keyed by language and code, and valid
    for the Lanting and Pygments that made them (`engine_fingerprint`)."""

    def __init__(self, db: sqlite3.Connection, look_up: bool) -> None:
        self.db, self.look_up = db, look_up
        self.engine = engine_fingerprint()
        self.new: dict[bytes, str] = {}

    @staticmethod
    def _key(lang: str, code: str) -> bytes:
        return hashlib.blake2b(f"{lang}\0{code}".encode(), digest_size=16).digest()

    def get(self, lang: str, code: str) -> tuple[str, ...] | None:
        if not self.look_up:
            return None
        try:
            row = self.db.execute(
                f"SELECT lines FROM {HIGHLIGHTS_TABLE} WHERE key = ? AND engine = ?",
                (self._key(lang, code), self.engine)).fetchone()
        except sqlite3.Error:
            return None
        # A highlighted line holds no line break: the lines are kept joined by them.
        return tuple(str(row[0]).split("\n")) if row else None

    def put(self, lang: str, code: str, lines: tuple[str, ...]) -> None:
        self.new[self._key(lang, code)] = "\n".join(lines)

    def save(self) -> None:
        if not self.new:
            return
        try:
            with self.db:
                self.db.executemany(
                    f"INSERT OR REPLACE INTO {HIGHLIGHTS_TABLE} VALUES (?, ?, ?)",
                    ((key, self.engine, lines) for key, lines in self.new.items()))
        except sqlite3.Error:
            pass  # highlighted again next time
        self.new.clear()


def _still_valid(loaded: Loaded, settings: DocumentSettings) -> bool:
    rendered = loaded.rendered
    if rendered is None:
        return True
    for kind, name, value in rendered.deps:
        if kind == "image":
            size = settings.image_sizes.get(name)
            if (f"{size[0]}x{size[1]}" if size else "") != value:
                return False
        elif kind == "file" and file_digest(settings.site_dir / name) != value:
            return False
        elif kind == "ref":  # ("" : the key named no entry)
            cited = settings.references.get(name)
            if (cited.digest if cited is not None else "") != value:
                return False
    return True
