"""Incremental builds (cache + page fingerprints) give exactly what a clean build gives."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment
from sitebits import png

import lanting.build.bytecode
import lanting.build.freshness
import lanting.build.pipeline
import lanting.content.discover
import lanting.render.templates
from lanting.build import build
from lanting.build.bytecode import KEPT_THEME_VERSIONS
from lanting.build.cache import TABLE
from lanting.build.freshness import KEPT_STATES
from lanting.build.options import BuildOptions
from lanting.content.discover import discover
from lanting.model.content import Discovery
from lanting.render.mathfont import KEPT_SUBSETS


def _site(root: Path) -> Path:
    files = {
        "lanting.toml": 'title = "Inc"\nbase_url = "https://x.org/"\n'
                        '[[menu]]\nname = "Blog"\nurl = "/blog/"\n',
        "content/_index.md": "---\ntitle: Me\n---\nBio with [a post](posts/a.md).\n",
        "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-01\ntags: [rl, ppo]\n"
                              "series: S\nseries_order: 1\n---\nAlpha $x^2$ see [b](b.md).\n",
        "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-02\ntags: [rl]\n"
                              "series: S\nseries_order: 2\n---\nBeta\n\n```python\nx = 1\n```\n",
        "content/posts/c.md": "---\ntitle: C\ndate: 2026-01-03\ntags: [misc]\n---\nGamma\n\n"
                              "![a figure of static/](/images/fig.png)\n",
        "content/pages/about.md": "---\ntitle: About\n---\nAbout me, see [c](../posts/c.md).\n",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "static/images").mkdir(parents=True)
    (root / "static/images/fig.png").write_bytes(png(10, 8))
    return root


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _touch_later(path: Path) -> None:
    # Editors save within the same second; make sure mtimes differ like in real life.
    stamp = time.time() + 5
    os.utime(path, (stamp, stamp))


def _edit(site: Path) -> None:
    path = site / "content/posts/b.md"
    path.write_text(path.read_text().replace("Beta", "Beta, edited"))
    _touch_later(path)


def _add(site: Path) -> None:
    path = site / "content/posts/d.md"
    path.write_text("---\ntitle: D\ndate: 2026-01-04\ntags: [rl]\n---\nDelta\n")
    _touch_later(path)


def _delete(site: Path) -> None:
    (site / "content/posts/c.md").unlink()
    about = site / "content/pages/about.md"
    about.write_text("---\ntitle: About\n---\nAbout me.\n")
    _touch_later(about)


def _rename_tag(site: Path) -> None:
    path = site / "content/posts/a.md"
    path.write_text(path.read_text().replace("tags: [rl, ppo]", "tags: [强化学习, ppo]"))
    _touch_later(path)


def _resize_static_image(site: Path) -> None:
    """The page showing it gives its width and height: they change with the file."""
    path = site / "static/images/fig.png"
    path.write_bytes(png(20, 15))
    _touch_later(path)


def _edit_template(site: Path) -> None:
    folder = site / "templates"
    folder.mkdir(exist_ok=True)
    path = folder / "post.html"
    path.write_text('{% extends "base.html" %}{% block content %}<h1 class="custom">'
                    "{{ page.title }}</h1>{{ page.html | safe }}{% endblock %}\n")
    _touch_later(path)


def _edit_config(site: Path) -> None:
    path = site / "lanting.toml"
    path.write_text(path.read_text().replace('title = "Inc"', 'title = "Renamed"'))
    _touch_later(path)


CHANGES: dict[str, Callable[[Path], None]] = {
    "post-edited": _edit, "post-added": _add, "post-deleted": _delete,
    "tag-renamed": _rename_tag, "template-edited": _edit_template, "config-edited": _edit_config,
    "static-image-resized": _resize_static_image,
}


@pytest.fixture(params=["files-read", "files-recalled"])
def recall(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run a test twice: with files written just now (every build reads them all), and
    with files that count as settled at once, so that a build knows the unchanged ones
    by their stamps and does not read them (`discover`'s `known`)."""
    if request.param == "files-recalled":
        monkeypatch.setattr(lanting.content.discover, "SETTLED_NS", 0)
    return request.param == "files-recalled"


def _settle(recall: bool) -> None:
    if recall:
        time.sleep(0.05)  # the files just written are then past the timestamp resolution


def _unread_sources(monkeypatch: pytest.MonkeyPatch) -> list[set[str]]:
    """For each build from now on: the sources its discovery left unread."""
    builds: list[set[str]] = []

    def recording(*args: Any, **kwargs: Any) -> Discovery:
        found = discover(*args, **kwargs)
        builds.append({s.rel.as_posix() for s in found.sources if s.text is None})
        return found

    monkeypatch.setattr(lanting.build.pipeline, "discover", recording)
    return builds


@pytest.mark.parametrize("change", list(CHANGES))
def test_incremental_build_equals_clean_build(tmp_path: Path, change: str, recall: bool,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    _settle(recall)
    unread = _unread_sources(monkeypatch)
    build(site, BuildOptions(output=out, jobs=1))
    CHANGES[change](site)
    result = build(site, BuildOptions(output=out, jobs=1))
    assert result.site is not None, "a change must cause a build"
    touched = {"post-edited": {"posts/b.md"}, "post-added": set(),
               "post-deleted": {"posts/c.md", "pages/about.md"},
               "tag-renamed": {"posts/a.md"}}.get(change, set())
    sources = {"_index.md", "posts/a.md", "posts/b.md", "posts/c.md", "pages/about.md"}
    # The second build read only the files the change touched (or added).
    assert unread == [set(), sources - touched if recall else set()]
    clean_site = tmp_path / "clean"
    shutil.copytree(site, clean_site, ignore=shutil.ignore_patterns(".lanting"))
    clean_out = tmp_path / "clean-out"
    build(clean_site, BuildOptions(output=clean_out, jobs=1, cache=False))
    assert _tree(out) == _tree(clean_out)


def test_files_known_without_their_cache_entries_are_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stamps of unchanged files outlive their cache entries (another configuration
    was built in between, entries were pruned): such files are read when they are
    rendered, not left empty."""
    monkeypatch.setattr(lanting.content.discover, "SETTLED_NS", 0)
    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    _settle(True)
    build(site, BuildOptions(output=out, jobs=1))
    with sqlite3.connect(site / ".lanting/cache.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM files_v1").fetchone()[0] == 5
        db.execute(f"DELETE FROM {TABLE}")
    db.close()
    _edit(site)
    build(site, BuildOptions(output=out, jobs=1))
    clean_out = tmp_path / "clean-out"
    build(site, BuildOptions(output=clean_out, jobs=1, cache=False))
    assert _tree(out) == _tree(clean_out)


def test_deleted_post_disappears_everywhere(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    assert (out / "posts/c/index.html").exists()
    _delete(site)
    build(site, BuildOptions(output=out, jobs=1))
    assert not (out / "posts/c").exists()
    assert not (out / "tags/misc").exists()
    for path, data in _tree(out).items():
        assert b"/posts/c/" not in data, f"{path} still mentions the deleted post"


def _set_unlisted(site: Path, rel: str, on: bool) -> None:
    path = site / rel
    text = path.read_text().replace("unlisted: true\n", "")
    path.write_text(text.replace("\n---\n", "\nunlisted: true\n---\n", 1) if on else text)
    _touch_later(path)


@pytest.mark.parametrize("on", [True, False], ids=["unlisted", "listed-again"])
def test_toggling_unlisted_equals_a_clean_build(tmp_path: Path, on: bool,
                                                recall: bool) -> None:
    """`unlisted` moves a post out of (or back into) the listings, tags, feed, sitemap,
    search index, related lists and neighbours: the incremental build must see it all."""
    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    if not on:
        _set_unlisted(site, "content/posts/b.md", True)
    _settle(recall)
    build(site, BuildOptions(output=out, jobs=1))
    _set_unlisted(site, "content/posts/b.md", on)
    assert build(site, BuildOptions(output=out, jobs=1)).site is not None
    searchable = {row[0] for docs in (out / "search-index").glob("*/docs.json")
                  for row in json.loads(docs.read_text())["docs"]}
    assert ("posts/b/" in searchable) is not on and "posts/a/" in searchable
    clean_site = tmp_path / "clean"
    shutil.copytree(site, clean_site, ignore=shutil.ignore_patterns(".lanting"))
    clean_out = tmp_path / "clean-out"
    build(clean_site, BuildOptions(output=clean_out, jobs=1, cache=False))
    assert _tree(out) == _tree(clean_out)
    assert (b"/posts/b/" in (out / "sitemap.xml").read_bytes()) is not on


def test_unchanged_pages_are_not_rendered_again(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    before = {p: (out / p).stat().st_ino for p in _tree(out)}
    path = site / "content/posts/c.md"
    path.write_text(path.read_text().replace("Gamma", "Gamma, edited"))
    _touch_later(path)
    build(site, BuildOptions(output=out, jobs=1))
    after = {p: (out / p).stat().st_ino for p in _tree(out)}
    kept = {p for p in before if before[p] == after.get(p)}
    assert "posts/a/index.html" in kept, "a post that did not change keeps its file"
    assert "posts/c/index.html" not in kept


def test_an_override_moved_into_place_renders_the_pages_again(tmp_path: Path) -> None:
    # The same file, the same name: only its folder says whether it overrides the theme's
    # partial. Moved into place, the pages show it, as a clean build does.
    site = _site(tmp_path / "site")
    override = '<meta name="footer-test" content="moved">\n'
    parked = site / "templates/unused/_sharing.html"
    parked.parent.mkdir(parents=True)
    parked.write_text(override, encoding="utf-8")
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    assert b"footer-test" not in (out / "posts/a/index.html").read_bytes()
    placed = site / "templates/_sharing.html"
    parked.rename(placed)
    parked.parent.rmdir()
    _touch_later(placed)
    build(site, BuildOptions(output=out, jobs=1))
    clean = tmp_path / "clean"
    build(site, BuildOptions(output=clean, jobs=1, cache=False))
    assert b"footer-test" in (clean / "posts/a/index.html").read_bytes()
    assert _tree(out) == _tree(clean)


def test_another_lanting_renders_every_page_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Lanting's code changed while its version number did not (an editable install, a
    # patched release): how a page is made may have changed, so no page is kept.
    from lanting.render.pages import PageRenderer

    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    rendered: list[str] = []
    real = PageRenderer._render

    def noting(self: PageRenderer, template: str, path: str, *args: Any) -> Any:
        rendered.append(path)
        return real(self, template, path, *args)

    monkeypatch.setattr(PageRenderer, "_render", noting)
    monkeypatch.setattr(lanting.build.freshness, "engine_stamp", lambda: "another")
    monkeypatch.setattr(lanting.build.pipeline, "engine_fingerprint", lambda: "another")
    build(site, BuildOptions(output=out, jobs=1))
    assert {"posts/a/index.html", "posts/c/index.html", "index.html"} <= set(rendered)


def test_nothing_changed_means_nothing_to_do(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    again = build(site, BuildOptions(output=out, jobs=1))
    assert again.site is None and again.files == 0


@pytest.mark.parametrize("cache", [False, True], ids=["no-cache", "workers-store-in-cache"])
def test_parallel_build_is_byte_identical_to_single_process(tmp_path: Path, cache: bool) -> None:
    site = _site(tmp_path / "site")
    for i in range(60):  # past the threshold where worker processes are used
        (site / f"content/posts/extra-{i:02}.md").write_text(
            f"---\ntitle: Extra {i}\ndate: 2025-03-{1 + i % 28:02}\ntags: [t{i % 5}]\n---\n"
            f"正文 {i} with $a_{i}$ and [a](a.md).\n\n```bash\necho {i}\n```\n")
    other = Path(shutil.copytree(site, tmp_path / "other"))
    single, parallel = tmp_path / "single", tmp_path / "parallel"
    build(site, BuildOptions(output=single, jobs=1, cache=cache))
    build(other, BuildOptions(output=parallel, jobs=2, cache=cache))
    assert _tree(single) == _tree(parallel)
    if cache:  # what the workers stored gives the same site again
        (other / "content/posts/c.md").write_text("---\ntitle: C\ndate: 2026-01-03\n---\nG.\n")
        (site / "content/posts/c.md").write_text("---\ntitle: C\ndate: 2026-01-03\n---\nG.\n")
        build(site, BuildOptions(output=single, jobs=1))
        build(other, BuildOptions(output=parallel, jobs=2))
        assert _tree(single) == _tree(parallel)


def _lengthen(site: Path) -> None:
    path = site / "content/posts/c.md"
    path.write_text(path.read_text() + "\n\n" + "长文" * 600 + "\n")  # 1,200 more characters
    _touch_later(path)


def test_a_longer_post_renders_no_listing_again(tmp_path: Path) -> None:
    """The theme shows a post's reading time on its own page only: a longer post renders
    its page again (and the feed), not the listings."""
    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    build(site, BuildOptions(output=out))
    listing = (out / "blog/index.html").stat().st_mtime_ns
    post = (out / "posts/c/index.html").read_bytes()
    _lengthen(site)
    build(site, BuildOptions(output=out))
    assert (out / "blog/index.html").stat().st_mtime_ns == listing
    assert (out / "posts/c/index.html").read_bytes() != post
    clean = tmp_path / "clean"
    build(site, BuildOptions(output=clean, cache=False))
    assert _tree(out) == _tree(clean)


def test_a_listing_that_shows_reading_time_is_rendered_again(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    (site / "templates").mkdir()
    (site / "templates/blog.html").write_text(
        '{% extends "base.html" %}{% block content %}{% for p in site.posts %}'
        '<p>{{ p.title }}: {{ p.reading_minutes }} min</p>{% endfor %}{% endblock %}\n')
    out = tmp_path / "out"
    build(site, BuildOptions(output=out))
    assert "<p>C: 1 min</p>" in (out / "blog/index.html").read_text()
    _lengthen(site)
    build(site, BuildOptions(output=out))
    assert "<p>C: 1 min</p>" not in (out / "blog/index.html").read_text()
    clean = tmp_path / "clean"
    build(site, BuildOptions(output=clean, cache=False))
    assert _tree(out) == _tree(clean)


def _cache_keys(site: Path) -> set[str]:
    with sqlite3.connect(site / ".lanting/cache.sqlite") as db:
        return {key for (key,) in db.execute(f"SELECT key FROM {TABLE}")}


def test_a_post_edit_goes_through_only_the_records_that_read_the_post(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the previous build's model answered tells the next one what changed: a file
    whose record reads neither the edited post nor every page is kept without its record
    being gone through, and the output still equals a clean build."""
    from lanting.model.output import ALL_PAGES, Reads
    from lanting.render.model_index import ModelIndex

    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    asked: list[tuple[Reads, bool]] = []
    unchanged = ModelIndex.unchanged

    def noting(self: ModelIndex, reads: Reads) -> bool:
        answer = unchanged(self, reads)
        asked.append((reads, answer))
        return answer

    monkeypatch.setattr(ModelIndex, "unchanged", noting)
    path = site / "content/posts/c.md"
    path.write_text(path.read_text().replace("Gamma", "Gamma, edited"))
    _touch_later(path)
    build(site, BuildOptions(output=out, jobs=1))
    kept = [reads for reads, answer in asked if answer]
    gone_through = [reads for reads, answer in asked if not answer]
    assert "/posts/a/" in {r.own for r in kept}  # b shows c as its newer neighbour
    assert gone_through and all("/posts/c/" in r.pages or ALL_PAGES in r.pages
                                for r in gone_through)
    clean = tmp_path / "clean"
    build(site, BuildOptions(output=clean, jobs=1, cache=False))
    assert _tree(out) == _tree(clean)


def test_the_cache_forgets_what_no_build_uses_once_it_outgrows_the_site(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    build(site, BuildOptions(output=out, jobs=1))
    used = _cache_keys(site)
    with sqlite3.connect(site / ".lanting/cache.sqlite") as db:
        (value,) = db.execute(f"SELECT value FROM {TABLE} LIMIT 1").fetchone()
        db.executemany(f"INSERT INTO {TABLE} VALUES (?, ?, '')",
                       [(f"stale-{i}", value) for i in range(10)])
        db.execute("CREATE TABLE documents_v1 (key TEXT)")  # an older Lanting's table
    _edit(site)
    build(site, BuildOptions(output=out, jobs=1))
    after = _cache_keys(site)
    assert {f"stale-{i}" for i in range(10)} <= after, "a few extra entries are kept"
    with sqlite3.connect(site / ".lanting/cache.sqlite") as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
        assert "documents_v1" not in tables
        db.executemany(f"INSERT INTO {TABLE} VALUES (?, ?, '')",
                       [(f"stale-{i}", value) for i in range(10, 200)])
    path = site / "content/posts/c.md"
    path.write_text(path.read_text().replace("Gamma", "Gamma, edited"))
    _touch_later(path)
    build(site, BuildOptions(output=out, jobs=1))
    left = _cache_keys(site)
    assert not any(key.startswith("stale-") for key in left)
    assert len(left) == len(used), "one entry per source: the edited ones replaced"
    # Another configuration (here: with drafts) adds its entries beside these.
    build(site, BuildOptions(output=out, jobs=1, drafts=True))
    assert _cache_keys(site) > left


def test_old_math_font_subsets_are_forgotten(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    folder = site / ".lanting"
    folder.mkdir()
    for i in range(6):
        old = folder / f"math-old{i}.woff2"
        old.write_bytes(b"x")
        os.utime(old, (1_000_000 + i, 1_000_000 + i))
    build(site, BuildOptions(output=tmp_path / "out", jobs=1))
    subsets = sorted(p.name for p in folder.glob("math-*.woff2"))
    assert len(subsets) == KEPT_SUBSETS
    assert {"math-old5.woff2", "math-old4.woff2", "math-old3.woff2"} <= set(subsets)


_FINGERPRINTS = """
import json, sys
from pathlib import Path
from lanting.build import BuildOptions, build
result = build(Path(sys.argv[1]), BuildOptions(output=Path(sys.argv[2])))
print(json.dumps(result.fingerprints))
"""


def test_page_fingerprints_are_the_same_in_every_process(tmp_path: Path) -> None:
    """Each `lanting build` is a new process with its own string hashes (and so its own
    set order): the pages' fingerprints must not depend on them, or every build after
    the first renders every page again. The example site has publications and talks,
    whose model holds sets."""
    site = tmp_path / "example"
    shutil.copytree(Path(__file__).parents[1] / "example", site,
                    ignore=shutil.ignore_patterns(".lanting", "public"))
    found = []
    for seed in ("1", "2"):
        run = subprocess.run([sys.executable, "-c", _FINGERPRINTS, str(site),
                              str(tmp_path / f"out{seed}")], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed,
                                  "PYTHONPATH": str(Path(__file__).parents[1] / "src")},
                             check=True)
        found.append(json.loads(run.stdout.splitlines()[-1]))
    assert len(found[0]) > 100 and found[0] == found[1]
    markers = [(tmp_path / f"out{seed}/.lanting-output").read_text() for seed in ("1", "2")]
    assert markers[0] == markers[1]


def test_only_the_newest_output_states_are_kept(tmp_path: Path) -> None:
    """Each output folder has a state file in the cache; builds into many folders (test
    runs, `-o /tmp/...`) leave only the newest few, and those still work."""
    site = _site(tmp_path / "site")
    outputs = [tmp_path / f"out{i}" for i in range(KEPT_STATES + 3)]
    for out in outputs:  # one after another: each state newer than the one before
        build(site, BuildOptions(output=out, jobs=1))
    assert len(list((site / ".lanting").glob("output-*.json"))) == KEPT_STATES
    assert build(site, BuildOptions(output=outputs[-1], jobs=1)).site is None  # up to date
    assert build(site, BuildOptions(output=outputs[0], jobs=1)).site is not None  # state gone


def test_compiled_templates_are_kept_between_builds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build loads the templates an earlier one compiled: the theme's from the user's
    cache folder, whichever site compiled them, a site's own from its `.lanting/`. An
    edited template is compiled again; folders of other versions go (in the user's
    cache, all but the newest few)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    shared = lanting.build.bytecode.shared_cache_dir()
    assert shared == tmp_path / "user-cache/lanting"
    old_versions = [shared / f"templates-{i:016d}" for i in range(KEPT_THEME_VERSIONS + 1)]
    for age, folder in enumerate(old_versions):
        folder.mkdir(parents=True)
        os.utime(folder, (1_000_000 + age, 1_000_000 + age))
    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    stale = site / ".lanting/templates-0123456789abcdef"
    stale.mkdir(parents=True)
    (stale / "__jinja2_x.cache").write_bytes(b"old")
    build(site, BuildOptions(output=out, jobs=1))
    [folder] = (site / ".lanting").glob("templates-*")
    assert folder != stale and not any(folder.iterdir())  # the site has no templates
    theme = shared / folder.name
    assert any(theme.iterdir())
    # The newest older versions are kept beside this one.
    assert sorted(shared.iterdir()) == sorted([theme, *old_versions[-KEPT_THEME_VERSIONS + 1:]])
    compiled: list[str | None] = []
    compile_ = Environment.compile

    def counting(self: Environment, source: str, name: str | None = None,
                 *args: Any, **kwargs: Any) -> Any:
        compiled.append(name)
        return compile_(self, source, name, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counting)

    def build_in_new_process(site: Path = site) -> None:
        lanting.render.templates._ENVIRONMENTS.clear()  # what a new `lanting build` starts with
        build(site, BuildOptions(output=out, jobs=1))

    other = _site(tmp_path / "other")  # a new site compiles none of the theme
    build_in_new_process(other)
    assert compiled == []
    _edit(site)
    build_in_new_process()
    assert compiled == []
    _edit_template(site)
    build_in_new_process()
    assert compiled == ["post.html"]
    assert b"<h1 class=custom>A</h1>" in (out / "posts/a/index.html").read_bytes()  # minified
    assert [path.name for path in folder.iterdir()] != []  # the site's post.html, compiled
    compiled.clear()
    build_in_new_process()
    assert compiled == []
    build_in_new_process(other)  # the other site still has the theme's own post.html
    assert compiled == []
    assert "custom" not in (out / "posts/a/index.html").read_text()


def test_the_recorded_stamps_are_those_of_the_output_after_every_build(
        tmp_path: Path) -> None:
    """A build records its output's stamps without reading the files it reused (their
    stamps are the previous build's): after each kind of change, what it recorded is what
    reading the whole output gives."""
    from lanting.build.freshness import load_details, output_stamps
    from lanting.build.options import CACHE_DIR

    site = _site(tmp_path / "site")
    out = tmp_path / "out"
    (site / "static").mkdir(exist_ok=True)
    (site / "static/note.txt").write_text("v1")
    build(site, BuildOptions(output=out, jobs=1))
    for change in (_edit, _add, _delete, _rename_tag, _edit_template, _edit_config):
        change(site)
        if change is _add:
            (site / "static/note.txt").write_text("v2, longer")
        build(site, BuildOptions(output=out, jobs=1))
        recorded = load_details(site / CACHE_DIR, out).stamps
        assert recorded == output_stamps(out), change.__name__
