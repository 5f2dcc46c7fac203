"""Stage 7b: the Pagefind index, built from the rendered pages before anything is written.

(What a reader finds is tested in Chromium: tests/browser/test_search_ui.py.)
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.build.options import BuildResult
from lanting.config.load import load_config
from lanting.errors import LantingError
from lanting.output.search import index_language

SEARCH_ON = 'title = "T"\nlanguage = "en"\n'
BILINGUAL_SEARCH = 'title = "T"\nlanguages = ["zh-CN", "en"]\n'


@pytest.fixture
def searchable(make_site: Callable[..., Path], post: Callable[..., str]) -> Path:
    return make_site({
        "lanting.toml": BILINGUAL_SEARCH,
        "content/_index.md": "---\ntitle: 林\n---\n简介\n",
        "content/pages/about.md": "---\ntitle: 关于\n---\n关于我\n",
        "content/posts/a.md": post("强化学习入门", "2026-01-02", tags=["强化学习", "PPO"],
                                   body="正文讲 GRPO。\n\n```python\nprint(1)\n```\n"),
        "content/posts/a.en.md": post("RL basics", "2026-01-02", tags=["RL"]),
    })


def test_the_index_is_written_with_the_site(searchable: Path,
                                            build_site: Callable[..., BuildResult]) -> None:
    build_site(searchable, searchable / "public")
    out = searchable / "public"
    index = out / "pagefind"
    assert (index / "pagefind.js").is_file() and (index / "pagefind-worker.js").is_file()
    entry = json.loads((index / "pagefind-entry.json").read_text())
    assert list(entry["languages"]) == ["zh-cn"]  # one index for both languages
    assert entry["languages"]["zh-cn"]["page_count"] == 3  # both posts and the about page
    assert list(index.glob("*.pf_meta")) and list((index / "fragment").iterdir())
    assert not list(index.glob("pagefind-ui*")) and not list(index.glob("*highlight*"))


def test_search_pages_say_that_search_needs_javascript(
        searchable: Path, build_site: Callable[..., BuildResult]) -> None:
    build_site(searchable, searchable / "public")
    for path, archive, lang in (("search/index.html", "/archive/", "zh-CN"),
                                ("en/search/index.html", "/en/archive/", "en")):
        page = parse_html((searchable / "public" / path).read_bytes())
        assert page.one("html")["lang"] == lang
        noscript = page.one("noscript")
        assert noscript.one("a")["href"] == archive
        assert page.one("input", attrs={"name": "q"})
    english = parse_html((searchable / "public/en/search/index.html").read_bytes())
    assert english.one("noscript").text().startswith("Search needs JavaScript")


def test_pages_tell_the_index_their_kind_tags_and_meta(
        searchable: Path, build_site: Callable[..., BuildResult]) -> None:
    build_site(searchable, searchable / "public")
    page = parse_html((searchable / "public/posts/a/index.html").read_bytes())
    body = page.one(attrs={"data-pagefind-body": True})
    assert body.tag == "article"
    filters = [(e["data-pagefind-filter"], e.text()) for e in body.find_all(
        attrs={"data-pagefind-filter": True})]
    assert filters == [("kind", "post"), ("tag", "强化学习"), ("tag", "PPO")]
    meta = {e["data-pagefind-meta"]: e.text() for e in body.find_all(
        attrs={"data-pagefind-meta": True})}
    assert meta == {"title": "强化学习入门", "date": "2026-01-02", "lang": "zh-CN",
                    "kind": "post", "group": "/posts/a/"}
    assert body.one("h1")["data-pagefind-weight"] == "10"
    header = page.one("header", class_="site-header")
    assert "data-pagefind-ignore" in header.attrs
    assert "data-pagefind-ignore" in page.one("footer", class_="site-footer").attrs
    about = parse_html((searchable / "public/about/index.html").read_bytes())
    assert about.one(attrs={"data-pagefind-filter": "kind"}).text() == "page"
    # listings are not indexed: only the pages' own content is
    blog = (searchable / "public/blog/index.html").read_bytes()
    assert b"data-pagefind-body" not in blog


def test_every_page_gets_the_search_button_and_script(
        searchable: Path, build_site: Callable[..., BuildResult]) -> None:
    build_site(searchable, searchable / "public")
    page = parse_html((searchable / "public/en/blog/index.html").read_bytes())
    link = page.one("a", class_="search-link")
    assert link["href"] == "/en/search/"
    config = json.loads(link["data-search"])
    assert config["root"] == "/" and config["lang"] == "en" and config["page"] == "/en/search/"
    assert config["strings"]["noResults"] == "No results for “{q}”"
    scripts = [s["src"] for s in page.find_all("script") if s.get("src")]
    assert any(src.startswith("/assets/search.js?v=") for src in scripts)


def test_search_can_be_turned_off(make_site: Callable[..., Path], post: Callable[..., str],
                                  build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/posts/a.md": post("A", "2026-01-02")})  # [search] enabled = false
    build_site(site, site / "public")
    out = site / "public"
    assert not (out / "pagefind").exists() and not (out / "search").exists()
    page = (out / "posts/a/index.html").read_text()
    assert "search-link" not in page and "search.js" not in page
    assert "data-pagefind-filter" not in page and "data-pagefind-meta" not in page


def test_the_index_is_deterministic(searchable: Path,
                                    build_site: Callable[..., BuildResult], snapshot) -> None:  # type: ignore[no-untyped-def]
    build_site(searchable, searchable / "one")
    build_site(searchable, searchable / "two")
    one, two = snapshot(searchable / "one"), snapshot(searchable / "two")
    index = [path for path in one if path.startswith("pagefind/")]
    assert index == [path for path in two if path.startswith("pagefind/")]
    assert one == two


def fake_pagefind(tmp_path: Path, name: str, script: str) -> Path:
    binary = tmp_path / "bin" / name
    binary.parent.mkdir(exist_ok=True)
    binary.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    binary.chmod(0o755)
    return binary


def test_a_failed_index_leaves_the_previous_site_untouched(
        searchable: Path, build_site: Callable[..., BuildResult], snapshot, tmp_path: Path,  # type: ignore[no-untyped-def]
        monkeypatch: pytest.MonkeyPatch, temp_leftovers) -> None:  # type: ignore[no-untyped-def]
    out = searchable / "public"
    build_site(searchable, out)
    before = snapshot(out)
    broken = fake_pagefind(tmp_path, "pagefind_extended",
                           'echo "Error: something broke" >&2\nexit 1\n')
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(broken))
    (searchable / "content/posts/b.md").write_text("---\ntitle: B\ndate: 2026-01-03\n---\nB\n")
    with pytest.raises(LantingError) as info:
        build_site(searchable, out)
    [problem] = info.value.problems
    assert problem.message == "search: Pagefind failed: Error: something broke"
    assert problem.hint is not None and "enabled = false" in problem.hint
    assert snapshot(out) == before
    assert temp_leftovers(out.parent) == []


def test_a_missing_binary_says_how_to_install_it(
        searchable: Path, build_site: Callable[..., BuildResult],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pagefind.service
    monkeypatch.setattr(pagefind.service, "get_executable", lambda: None)
    with pytest.raises(LantingError) as info:
        build_site(searchable, searchable / "public")
    [problem] = info.value.problems
    assert "Pagefind binary is not installed" in problem.message
    assert problem.hint is not None and 'pip install "pagefind[extended]"' in problem.hint


def test_the_plain_pagefind_binary_is_a_warning_for_chinese(
        searchable: Path, build_site: Callable[..., BuildResult], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from pagefind.service import get_executable
    real = get_executable()
    assert real is not None
    plain = tmp_path / "bin" / "pagefind"
    plain.parent.mkdir()
    os.symlink(real, plain)  # the extended binary under the plain one's name
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(plain))
    result = build_site(searchable, searchable / "public")
    [warning] = result.warnings
    assert "not Pagefind's extended edition" in warning.message
    with pytest.raises(LantingError):
        build_site(searchable, searchable / "public", strict=True)


@pytest.mark.parametrize(("config", "language"), [
    ('title = "T"\n', "zh-cn"),
    ('title = "T"\nlanguage = "en"\n', "en"),
    ('title = "T"\nlanguage = "en"\nlanguages = ["zh-TW"]\n', "zh-tw"),
    ('title = "T"\nlanguage = "de"\nlanguages = ["ja", "en"]\n', "ja"),
])
def test_one_index_language_keeps_chinese_segmented(tmp_path: Path, config: str,
                                                    language: str) -> None:
    (tmp_path / "lanting.toml").write_text(config, encoding="utf-8")
    assert index_language(load_config(tmp_path)) == language


def test_an_english_site_is_indexed_as_english(make_site: Callable[..., Path],
                                               post: Callable[..., str],
                                               build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"lanting.toml": SEARCH_ON, "content/posts/a.md": post("A", "2026-01-02")})
    build_site(site, site / "public")
    entry = json.loads((site / "public/pagefind/pagefind-entry.json").read_text())
    assert list(entry["languages"]) == ["en"]


def test_the_indexer_gets_pages_without_what_it_ignores() -> None:
    from lanting.output.search import _lighten
    page = (b'<p>a <math><mi>x</mi></math> b</p><span data-pagefind-meta="title">T</span>'
            b'<pre class="highlight"><code><span class="line"><span class="k">def</span> f'
            b'</span></code></pre>')
    assert _lighten(page) == (b'<p>a  b</p><span data-pagefind-meta="title">T</span>'
                              b'<pre class="highlight"><code>def f</code></pre>')


def test_the_index_is_kept_when_no_page_changed(
        searchable: Path, build_site: Callable[..., BuildResult],
        monkeypatch: pytest.MonkeyPatch, snapshot) -> None:  # type: ignore[no-untyped-def]
    out = searchable / "public"
    build_site(searchable, out)
    before = snapshot(out)
    static = searchable / "static" / "robots-extra.txt"
    static.parent.mkdir(exist_ok=True)
    static.write_text("a new static file: the pages stay as they were\n")

    def fail(*args: object, **kwargs: object) -> str:
        raise AssertionError("Pagefind ran although no page changed")

    monkeypatch.setattr("lanting.output.search._run", fail)
    build_site(searchable, out)
    after = snapshot(out)
    assert {p: d for p, d in after.items() if p.startswith("pagefind/")} == {
        p: d for p, d in before.items() if p.startswith("pagefind/")}
    # an edited page indexes again, reading the unchanged pages back from the output
    monkeypatch.undo()
    post = searchable / "content/posts/a.md"
    post.write_text(post.read_text().replace("正文讲 GRPO。", "正文讲 zanzibarquux。"))
    import os
    import time
    os.utime(post, (time.time() + 5, time.time() + 5))
    build_site(searchable, out)
    assert snapshot(out)["pagefind/pagefind-entry.json"] != before["pagefind/pagefind-entry.json"]


def test_serve_swaps_in_a_new_index_after_the_pages(searchable: Path) -> None:
    """`lanting serve` shows edited pages at once and replaces the index when it is ready."""
    import time

    from lanting.build.options import BuildOptions
    from lanting.serve.live import LiveSite

    live = LiveSite(searchable, BuildOptions(jobs=1, cache=False), report=lambda m: None)

    def index_of(generation: int) -> bytes:
        deadline = time.monotonic() + 30
        while live.indexed != generation:
            assert time.monotonic() < deadline, "the index never arrived"
            time.sleep(0.05)
        data = live.store.files["pagefind/pagefind-entry.json"]
        assert isinstance(data, bytes)
        return data

    live.rebuild()
    first = index_of(1)
    post = searchable / "content/posts/a.md"
    post.write_text(post.read_text().replace("正文讲 GRPO。", "正文讲 zanzibarquux。"))
    live.rebuild()
    page = live.store.files["posts/a/index.html"]
    assert isinstance(page, bytes) and b"zanzibarquux" in page  # served before the index
    assert index_of(2) != first


# --- issue 34: scratch folders of a killed index run ------------------------------------


KILLED_WHILE_INDEXING = """
import os, signal, sys
import lanting.output.search as search
def killed(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)  # no clean-up runs, as with kill -9
search._run = killed
from lanting.cli import main
main(sys.argv[1:])
"""


def test_a_build_killed_while_indexing_leaves_no_scratch_folder_in_tmp(
    searchable: Path, tmp_path: Path, build_site: Callable[..., BuildResult],
) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_WHILE_INDEXING, "build", str(searchable)],
        env={**os.environ, "TMPDIR": str(tmp)}, capture_output=True, timeout=120,
        check=False)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert [p.name for p in tmp.iterdir() if p.name.startswith("lanting-search-")] == []
    scratch = searchable / ".lanting/scratch"
    [left] = list(scratch.iterdir())  # in the site's cache folder, where the next build looks
    assert left.name.startswith("search-") and (left / "site").is_dir()
    build_site(searchable, searchable / "public")
    assert list(scratch.iterdir()) == []
    assert (searchable / "public/pagefind/pagefind.js").is_file()


def test_a_scratch_folder_of_a_running_build_is_left_alone(tmp_path: Path) -> None:
    from lanting.output.search import clear_stale_scratch

    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (tmp_path / f"search-{running.pid}-abc").mkdir()
        (tmp_path / "unrelated").mkdir()
        assert clear_stale_scratch(tmp_path) == []
    finally:
        running.kill()
        running.wait()
    assert clear_stale_scratch(tmp_path) == [tmp_path / f"search-{running.pid}-abc"]
    assert [p.name for p in tmp_path.iterdir()] == ["unrelated"]


def test_without_the_cache_the_scratch_folder_is_a_temporary_one(
    searchable: Path, tmp_path: Path, build_site: Callable[..., BuildResult],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tempfile

    from lanting.output import search

    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    used: list[Path] = []
    real_run = search._run

    def recording(binary: Path, site: Path, out: Path, config: object) -> str:
        used.append(site.parent)
        assert (site.parent / "site").is_dir()
        return real_run(binary, site, out, config)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "_run", recording)
    build_site(searchable, searchable / "public", cache=False)
    assert len(used) == 1 and used[0].parent == tmp and not used[0].exists()
    assert not (searchable / ".lanting").exists()
