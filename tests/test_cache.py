"""Unit tests of the build cache: what goes in comes out equal (minus what is left out on
purpose), an entry is a miss once its source, settings or inputs differ, and a broken
entry is a miss rather than an error."""

from __future__ import annotations

import multiprocessing
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from lanting.build import documents as document_stage
from lanting.build.cache import (
    HIGHLIGHTS_TABLE,
    TABLE,
    DocumentCache,
    KeptHighlights,
)
from lanting.build.cache_entries import freeze, thaw
from lanting.build.documents import document_settings
from lanting.build.options import BuildResult
from lanting.config.load import load_config
from lanting.content.discover import discover
from lanting.content.documents import load
from lanting.markdown import code as code_module
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
        thawed = thaw("k", freeze(item), item.document.source)
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


# --- highlighted code kept between builds ------------------------------------------------

CODE_POST = """\
Prose before.

```python
def f(x):
    return "<b>" + x  # 注释

```

```bash
echo hi
```

```nosuchlanguage
kept as text
```
"""


def test_kept_highlights_come_back_line_for_line(tmp_path: Path) -> None:
    cache = DocumentCache(tmp_path / "cache.sqlite")
    assert cache.db is not None and not cache.has_highlights()
    lines = ('<span class="k">def</span> f', "", "  <span>注释</span>", "")
    with cache.keeping_highlights(look_up=False):
        code_module.highlight_lines.cache_clear()
        kept = code_module._STORES[-1]
        kept.put("python", "a\n\nb\n", lines)
        assert kept.get("python", "a\n\nb\n") is None  # not looked up, not saved yet
    assert cache.has_highlights()
    found = KeptHighlights(cache.db, look_up=True)
    assert found.get("python", "a\n\nb\n") == lines
    assert found.get("python", "a\n\nb") is None and found.get("py", "a\n\nb\n") is None
    # Rows another Lanting or Pygments made are not used, and pruning drops them.
    cache.db.execute(f"UPDATE {HIGHLIGHTS_TABLE} SET engine = 'older'")
    assert found.get("python", "a\n\nb\n") is None and not cache.has_highlights()
    cache.prune([])
    assert cache.db.execute(f"SELECT COUNT(*) FROM {HIGHLIGHTS_TABLE}").fetchone() == (0,)
    cache.close()


def test_an_edit_of_prose_takes_its_code_from_the_cache_as_highlighted_before(
        make_site: Callable[..., Path], post: Callable[..., str],
        build_site: Callable[..., BuildResult], snapshot: Callable[[Path], dict[str, bytes]],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    site = make_site({"content/posts/code.md": post("Code", "2026-01-02", body=CODE_POST),
                      "content/posts/other.md": post("Other", "2026-01-03", body="Text.\n")})
    code_module.highlight_lines.cache_clear()
    build_site(site)
    page = (site / "content/posts/code.md")
    page.write_text(page.read_text(encoding="utf-8").replace("Prose before.", "Prose, edited."),
                    encoding="utf-8")
    highlighted: list[str] = []
    real = code_module._highlight

    def counting(lang: str, code: str) -> tuple[str, ...] | None:
        highlighted.append(lang)
        return real(lang, code)

    monkeypatch.setattr(code_module, "_highlight", counting)
    code_module.highlight_lines.cache_clear()  # as in a new process
    result = build_site(site)
    assert result.warnings  # the unknown language is still reported
    # Only the block Pygments does not know is tried again (nothing was kept for it).
    assert highlighted == ["nosuchlanguage"]
    code_module.highlight_lines.cache_clear()
    clean = build_site(site, out=tmp_path / "clean", cache=False)
    assert clean.warnings
    assert snapshot(site / "public") == snapshot(tmp_path / "clean")


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                    reason="worker processes need the fork start method")
def test_workers_keep_what_they_highlight_and_find_it_after_a_change_of_settings(
        make_site: Callable[..., Path], post: Callable[..., str],
        build_site: Callable[..., BuildResult], snapshot: Callable[[Path], dict[str, bytes]],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(document_stage, "PARALLEL_THRESHOLD", 2 * document_stage.RENDER_BATCH)
    site = make_site({f"content/posts/p{n}.md": post(
        f"P{n}", "2026-01-02", body=f"Post {n}.\n\n```python\nx = {n}\n```\n")
        for n in range(3 * document_stage.RENDER_BATCH)})
    code_module.highlight_lines.cache_clear()
    build_site(site, jobs=2)
    database = site / ".lanting" / "cache.sqlite"
    with sqlite3.connect(database) as db:
        kept = db.execute(f"SELECT COUNT(*) FROM {HIGHLIGHTS_TABLE}").fetchone()[0]
    assert kept == 3 * document_stage.RENDER_BATCH  # one row per distinct block, from the workers
    # Another base URL renders every post again: the blocks come from the table.
    code_module.highlight_lines.cache_clear()
    build_site(site, jobs=2, base_url="/blog/")
    with sqlite3.connect(database) as db:
        assert db.execute(f"SELECT COUNT(*) FROM {HIGHLIGHTS_TABLE}").fetchone()[0] == kept
    code_module.highlight_lines.cache_clear()
    build_site(site, out=tmp_path / "clean", cache=False, jobs=2, base_url="/blog/")
    assert snapshot(site / "public") == snapshot(tmp_path / "clean")


@pytest.mark.parametrize("library", ["markdown-it-py", "Pygments", "math-core", "Jinja2",
                                     "minify-html", "selectolax", "Babel"])
def test_a_library_that_shapes_pages_is_in_the_engine_fingerprint(
        library: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Upgraded alone (no new Lanting), it may change the bytes of documents, pages or
    # search records: nothing made with the older one is kept.
    import importlib.metadata

    from lanting.build import cache as cache_module

    real = importlib.metadata.version
    cache_module.engine_fingerprint.cache_clear()
    before = cache_module.engine_fingerprint()
    monkeypatch.setattr(importlib.metadata, "version",
                        lambda name: "999" if name == library else real(name))
    cache_module.engine_fingerprint.cache_clear()
    try:
        assert cache_module.engine_fingerprint() != before
    finally:
        cache_module.engine_fingerprint.cache_clear()


def test_a_site_moved_with_its_cache_names_its_own_files(tmp_path: Path) -> None:
    """A site copied with its `.lanting/` printed the cached pages' warnings with the old
    folder's paths (a sweep of real blogs)."""
    import shutil

    from lanting.build import build
    from lanting.build.options import BuildOptions

    old = tmp_path / "old" / "site"
    (old / "content/posts").mkdir(parents=True)
    (old / "lanting.toml").write_text('title = "T"\n[search]\nenabled = false\n')
    (old / "content/posts/w.md").write_text(
        "---\ntitle: W\ndate: 2024-01-01\n---\n\nbad \\frac{a}{b} here.\n", encoding="utf-8")
    first = build(old, BuildOptions(jobs=1))
    assert [p.path for p in first.warnings] == [old / "content/posts/w.md"]
    new = tmp_path / "new" / "place"
    shutil.copytree(old, new)
    moved = build(new, BuildOptions(output=tmp_path / "out", jobs=1))
    assert moved.site is not None
    assert [p.path for p in moved.warnings] == [new / "content/posts/w.md"]
