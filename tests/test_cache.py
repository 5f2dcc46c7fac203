"""Unit tests of the build cache: what goes in comes out equal (minus what is left out on
purpose), an entry is a miss once its source, settings or inputs differ, and a broken
entry is a miss rather than an error."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from lanting.build.cache import TABLE, DocumentCache, _freeze, _thaw
from lanting.build.pipeline import document_settings
from lanting.config.load import load_config
from lanting.content.discover import discover
from lanting.content.documents import load
from lanting.model.content import DocumentSettings, Loaded

BODY = """\
Intro with a [link](other.md), a formula $x^2$ and a note.[^1]

## 第一节 Section

```python
print("hi")
```

[^1]: The note.
"""


def _site(make_site: Callable[..., Path], post: Callable[..., str]) -> tuple[
        list[Loaded], DocumentSettings]:
    site = make_site({
        "content/posts/one.md": post("第一篇 One", "2026-01-02", body=BODY, tags=["a", "b"]),
        "content/posts/other.md": post("Other", "2026-01-03", body="Plain text.\n"),
    })
    discovery = discover(site)
    settings = document_settings(site, load_config(site), discovery, False)
    return [load(source, settings) for source in discovery.sources], settings


def test_an_entry_thaws_to_what_was_frozen_without_its_html(
        make_site: Callable[..., Path], post: Callable[..., str]) -> None:
    loaded, _ = _site(make_site, post)
    for item in loaded:
        assert item.rendered is not None
        thawed = _thaw("k", _freeze(item), item.document.source)
        assert thawed is not None
        assert thawed.key == "k" and thawed.html_in_cache
        assert thawed.document == replace(item.document, body="")
        assert thawed.document.source is item.document.source
        assert thawed.rendered == replace(item.rendered, html="")
        assert thawed.rendered.headings == item.rendered.headings  # nested dataclasses too


def test_get_many_finds_what_put_many_stored_and_misses_the_rest(
        tmp_path: Path, make_site: Callable[..., Path], post: Callable[..., str]) -> None:
    loaded, settings = _site(make_site, post)
    cache = DocumentCache(tmp_path / "cache.sqlite")
    keys = [cache.key(item.document.source, "settings") for item in loaded]
    stored = cache.put_many([(keys[0], replace(loaded[0], key=keys[0]))])
    assert stored[0][1].html_in_cache and stored[0][1].rendered.html == ""  # type: ignore[union-attr]
    assert loaded[0].rendered is not None
    assert cache.html(keys[0]) == loaded[0].rendered.html
    found = cache.get_many(dict(zip(keys, (i.document.source for i in loaded), strict=True)),
                           settings)
    assert list(found) == [keys[0]]
    assert found[keys[0]].document.meta == loaded[0].document.meta
    # Another text or other settings: another key.
    other = replace(loaded[0].document.source, text=loaded[0].document.source.text + "x")
    assert cache.key(other, "settings") != keys[0]
    assert cache.key(loaded[0].document.source, "other settings") != keys[0]
    cache.close()


def test_a_broken_entry_is_a_miss(
        tmp_path: Path, make_site: Callable[..., Path], post: Callable[..., str]) -> None:
    loaded, settings = _site(make_site, post)
    path = tmp_path / "cache.sqlite"
    cache = DocumentCache(path)
    key = cache.key(loaded[0].document.source, "settings")
    cache.put_many([(key, loaded[0])])
    cache.close()
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE {TABLE} SET value = ? WHERE key = ?", (b"not a pickle", key))
    cache = DocumentCache(path)
    assert cache.get_many({key: loaded[0].document.source}, settings) == {}
    cache.close()


def test_a_spoilt_database_file_is_replaced(
        tmp_path: Path, make_site: Callable[..., Path], post: Callable[..., str]) -> None:
    """The cache does not wait for the disk (no fsync): a system crash may leave a file
    that is no database. The next build starts a new one instead of building without a
    cache from then on."""
    loaded, settings = _site(make_site, post)
    path = tmp_path / "cache.sqlite"
    path.write_bytes(b"\x00garbage" * 512)
    (tmp_path / "cache.sqlite-wal").write_bytes(b"more garbage")
    cache = DocumentCache(path)
    assert cache.db is not None
    key = cache.key(loaded[0].document.source, "settings")
    cache.put_many([(key, replace(loaded[0], key=key))])
    cache.close()
    cache = DocumentCache(path)
    assert list(cache.get_many({key: loaded[0].document.source}, settings)) == [key]
    cache.close()


def test_a_locked_database_is_left_alone(
        tmp_path: Path, make_site: Callable[..., Path], post: Callable[..., str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a file that is no database is replaced; one that cannot be opened now
    (locked by another build, on a read-only disk) is kept, and the build goes on
    without a cache."""
    path = tmp_path / "cache.sqlite"
    DocumentCache(path).close()
    before = path.read_bytes()

    def locked(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(sqlite3, "connect", locked)
    cache = DocumentCache(path)
    assert cache.db is None and path.read_bytes() == before
