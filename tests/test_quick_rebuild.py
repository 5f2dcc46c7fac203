"""`lanting serve`'s quick path (`serve/incremental.py`): an edit to a post's text, title
or summary renders the files whose recorded reads show it (for a text edit, its page and
the feed), and what is served is then exactly what a full rebuild serves; an edit the
check stage must see (links, anchors) takes the full rebuild, its page shown first."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from sitebits import differing_files

import lanting.serve.live
from lanting.build.options import BuildOptions
from lanting.errors import LantingError
from lanting.output.search_files import INDEX_DIR
from lanting.serve.live import LiveSite, page_url

EXAMPLE = Path(__file__).resolve().parents[1] / "example"
OPTIONS = BuildOptions(drafts=True, jobs=1, cache=False, base_url="http://localhost/")

POST_A = """---
title: A
date: 2026-01-01
tags: [rl]
---
Alpha opens the post, see [B](b.md#setup).

## Details

Second paragraph of A with $x^2$.
"""
POST_B = """---
title: B
date: 2026-01-02
tags: [rl]
series: S
series_order: 1
---
Beta opens the post.

## Setup

Later text of B.
"""


def _site(root: Path) -> Path:
    files = {
        "lanting.toml": 'title = "Quick"\n',
        "content/_index.md": "---\ntitle: Me\n---\nHello.\n",
        "content/posts/a.md": POST_A,
        "content/posts/b.md": POST_B,
        "content/posts/c.md": "---\ntitle: C\ndate: 2026-01-03\n---\nGamma.\n\nMore.\n",
        "content/pages/about.md": "---\ntitle: About\n---\nAbout me.\n\nDetails.\n",
        "content/posts/d.md": "---\ntitle: D\ndate: 2026-01-04\nsummary: Delta **bold**.\n"
                              "---\nDelta body.\n",
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def _served(live: LiveSite, settled: bool = True) -> dict[str, bytes]:
    """What `live` serves; `settled`: once its search index follows the last rebuild
    (the index is patched in the background, after the pages)."""
    if settled:
        assert live.wait_for_search_index(), "the search index never arrived"
    return {path: data if isinstance(data, bytes) else data.read_bytes()
            for path, data in live.store.files.items()}


def _differing_pages(served: dict[str, bytes], before: dict[str, bytes]) -> set[str]:
    """The files that changed, apart from the search index (it follows every edit of text;
    `tests/test_search.py` checks that it equals a clean build's)."""
    return {p for p in served
            if served[p] != before.get(p) and not p.startswith(INDEX_DIR + "/")}



def _edit(site: Path, rel: str, old: str, new: str) -> Path:
    path = site / "content" / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    stamp = time.time() + 5  # editors save within a second; mtimes differ in real life
    os.utime(path, (stamp, stamp))
    return path


def _fresh(site: Path) -> dict[str, bytes]:
    live = LiveSite(site, OPTIONS, report=lambda message: None)
    live.rebuild()
    assert live.error is None, live.error
    return _served(live)


def _example_copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(EXAMPLE, tmp_path / "site", ignore=lambda folder, names: {
        n for n in names if n == "public" or n.startswith(".lanting")}))


@pytest.fixture
def live(tmp_path: Path) -> LiveSite:
    site = LiveSite(_site(tmp_path / "site"), OPTIONS, report=lambda message: None)
    site.rebuild()
    assert site.error is None, site.error
    return site


QUICK = {
    "later text of a post in the feed": ("posts/b.md", "Later text of B.", "Later text, edited."),
    "text of a post": ("posts/a.md", "Second paragraph", "2nd paragraph"),
    "text of a page": ("pages/about.md", "Details.", "More details."),
}


@pytest.mark.parametrize("change", list(QUICK))
def test_a_text_edit_renders_its_page_alone_and_equals_a_full_rebuild(
    live: LiveSite, change: str,
) -> None:
    rel, old, new = QUICK[change]
    before = _served(live)
    shown = _shown_early(live)  # the page itself, before the feed that shows it too
    path = _edit(live.site_dir, rel, old, new)
    changed = live.rebuild({str(path)})
    assert live.last_rebuild == "quick" and live.error is None
    page = "/" + rel.removesuffix(".md").removeprefix("pages/").replace(".md", "") + "/"
    assert page in changed | {page_url(path) for path in shown}
    served = _served(live)
    assert served == _fresh(live.site_dir)
    differing = _differing_pages(served, before)
    assert differing <= {f"{page.strip('/')}/index.html", "atom.xml"}


def test_an_edit_then_its_undo_serve_the_original_page(live: LiveSite) -> None:
    original = _served(live)
    path = _edit(live.site_dir, "posts/a.md", "Second paragraph", "Edited paragraph")
    live.rebuild({str(path)})
    _edit(live.site_dir, "posts/a.md", "Edited paragraph", "Second paragraph")
    live.rebuild({str(path)})
    assert live.last_rebuild == "quick"
    assert _served(live) == original


SHOWN = {
    "title": ("posts/a.md", "title: A", "title: A renamed",
              {"posts/a/index.html", "posts/b/index.html", "index.html", "blog/index.html",
               "archive/index.html", "tags/rl/index.html", "atom.xml", "search/index.html"}),
    "first paragraph (the summary)": ("posts/c.md", "Gamma.", "Gamma, edited.",
                                      {"posts/c/index.html", "index.html", "blog/index.html",
                                       "atom.xml"}),
    "heading": ("posts/c.md", "More.", "## More", {"posts/c/index.html", "atom.xml"}),
    "summary of the front matter": ("posts/d.md", "Delta **bold**.", "Delta *new*.",
                                    {"posts/d/index.html", "index.html", "blog/index.html",
                                     "atom.xml"}),
}


@pytest.mark.parametrize("change", list(SHOWN))
def test_an_edit_that_other_pages_show_renders_them_too(live: LiveSite, change: str) -> None:
    """A title, summary or heading: the files whose recorded reads include it are
    rendered again on the quick path, and what is served equals a full rebuild."""
    rel, old, new, expected = SHOWN[change]
    before = _served(live)
    path = _edit(live.site_dir, rel, old, new)
    live.rebuild({str(path)})
    assert live.last_rebuild == "quick" and live.error is None
    served = _served(live)
    assert served == _fresh(live.site_dir)
    differing = _differing_pages(served, before)
    assert differing <= expected, differing - expected


FULL = {
    "link target": ("posts/a.md", "(b.md#setup)", "(c.md)"),
    "characters of a formula": ("posts/a.md", "$x^2$", "$\\alpha^2$"),
}


@pytest.mark.parametrize("change", list(FULL))
def test_an_edit_that_shows_elsewhere_takes_the_full_rebuild(live: LiveSite, change: str) -> None:
    rel, old, new = FULL[change]
    path = _edit(live.site_dir, rel, old, new)
    live.rebuild({str(path)})
    assert live.last_rebuild == "full"
    assert _served(live) == _fresh(live.site_dir)


@pytest.mark.parametrize(("rel", "old", "new", "error"), [
    ("posts/b.md", "## Setup", "## Set-up", "#setup"),  # another post links to the old id
    ("posts/c.md", "More.", "[x](nope.md)", "nope.md"),
], ids=["anchor-gone", "broken-link"])
def test_a_broken_link_is_found_by_the_full_rebuild(
    live: LiveSite, rel: str, old: str, new: str, error: str,
) -> None:
    before = _served(live)
    path = _edit(live.site_dir, rel, old, new)
    live.rebuild({str(path)})
    assert live.last_rebuild == "full" and live.error and error in live.error
    assert _served(live) == before  # the edited page shown early is taken back


def test_a_file_that_is_not_a_known_post_takes_the_full_rebuild(live: LiveSite) -> None:
    path = live.site_dir / "content/posts/d.md"
    path.write_text("---\ntitle: D\ndate: 2026-01-04\n---\nDelta.\n", encoding="utf-8")
    changed = live.rebuild({str(path)})
    assert live.last_rebuild == "full" and "/posts/d/" in changed


def test_a_broken_front_matter_is_reported_by_the_full_rebuild(live: LiveSite) -> None:
    path = _edit(live.site_dir, "posts/a.md", "title: A", "title: [A")
    live.rebuild({str(path)})
    assert live.last_rebuild == "full" and live.error and "a.md" in live.error


def test_the_bilingual_example_quick_edit_equals_a_full_rebuild(tmp_path: Path) -> None:
    site = _example_copy(tmp_path)
    live = LiveSite(site, OPTIONS, report=lambda message: None)
    live.rebuild()
    for rel in ("posts/verl-intro.en.md", "posts/tensor-parallel.md"):
        path = site / "content" / rel
        path.write_text(path.read_text(encoding="utf-8") + "\nOne more closing line.\n",
                        encoding="utf-8")
        live.rebuild({str(path)})
        assert live.last_rebuild == "quick", rel
    assert differing_files(_served(live), _fresh(site)) == []


def test_quick_edits_then_a_title_change_update_the_listings(live: LiveSite) -> None:
    for text in ("First edit.", "Second edit.", "Third edit."):
        path = _edit(live.site_dir, "posts/b.md", "Later text of B.", text)
        live.rebuild({str(path)})
        assert live.last_rebuild == "quick"
        _edit(live.site_dir, "posts/b.md", text, "Later text of B.")
        live.rebuild({str(path)})
    path = _edit(live.site_dir, "posts/b.md", "title: B", "title: B renamed")
    live.rebuild({str(path)})
    assert live.last_rebuild == "quick"  # the listings that show the title come with it
    assert b"B renamed" in _served(live)["blog/index.html"]
    assert _served(live) == _fresh(live.site_dir)


def _shown_early(live: LiveSite) -> dict[str, bytes]:
    """Records the pages that a reload event announces, as served at that moment."""
    shown: dict[str, bytes] = {}

    def notify(event: str, urls: object) -> None:
        assert event == "reload"
        shown.update((path, data) for path, data in _served(live, settled=False).items()
                     if page_url(path) in urls)  # type: ignore[operator]

    live.notify = notify  # type: ignore[method-assign]
    return shown


@pytest.mark.parametrize("change", list(FULL))
def test_an_edit_that_shows_elsewhere_shows_its_own_page_first_as_the_rebuild_makes_it(
    live: LiveSite, change: str,
) -> None:
    rel, old, new = FULL[change]
    shown = _shown_early(live)
    path = _edit(live.site_dir, rel, old, new)
    live.rebuild({str(path)})
    assert live.last_rebuild == "full" and live.error is None
    served = _served(live)
    assert served == _fresh(live.site_dir)
    if change == "characters of a formula":
        assert not shown  # its page needs the new font subset: it waits for the rebuild
    else:
        page = rel.removesuffix(".md") + "/index.html"
        assert list(shown) == [page] and shown[page] == served[page]
        assert live.early_seconds is not None


def test_a_title_edit_in_the_bilingual_example_equals_a_full_rebuild(tmp_path: Path) -> None:
    site = _example_copy(tmp_path)
    live = LiveSite(site, OPTIONS, report=lambda message: None)
    live.rebuild()
    path = site / "content/posts/verl-intro.en.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("title: \"", "title: \"Renamed ", 1), encoding="utf-8")
    changed = live.rebuild({str(path)})
    assert live.last_rebuild == "quick" and live.error is None
    served = _served(live)
    assert differing_files(served, _fresh(site)) == []
    assert any(url.startswith("/en/posts/") for url in changed)
    assert b"Renamed " in served["en/blog/index.html"]


def test_a_rebuild_failing_after_the_page_was_shown_serves_the_last_good_build(
    live: LiveSite, monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = _served(live)
    events: list[tuple[str, object]] = []
    live.notify = lambda event, data: events.append((event, data))  # type: ignore[method-assign]

    def failing(*args: object, **kwargs: object) -> None:
        raise LantingError.at("something else is broken")

    monkeypatch.setattr(lanting.serve.live, "produce", failing)
    # A new link target: the check stage must see it, so the edit takes the full rebuild.
    path = _edit(live.site_dir, "posts/a.md", "(b.md#setup)", "(c.md)")
    live.rebuild({str(path)})
    assert live.error and "something else is broken" in live.error
    assert _served(live) == before
    # The page reloaded with the new title, then again with the last good build.
    assert events == [("reload", ["/posts/a/"]), ("reload", ["/posts/a/"])]


def test_a_title_edit_of_many_files_at_once_waits_for_the_rebuild(live: LiveSite) -> None:
    shown = _shown_early(live)
    paths = set()
    for rel in ("posts/a.md", "posts/b.md", "posts/c.md", "pages/about.md"):
        _edit(live.site_dir, rel, "title: ", "title: Renamed ")
        path = live.site_dir / "content" / rel  # and a new link: the full rebuild checks it
        path.write_text(path.read_text(encoding="utf-8") + "\n[Home](/)\n", encoding="utf-8")
        paths.add(str(path))
    live.rebuild(paths)
    served = _served(live)
    assert len(shown) == 4 and all(served[page] == data for page, data in shown.items())
    more = _edit(live.site_dir, "_index.md", "title: ", "title: Renamed ")
    shown.clear()
    live.rebuild(paths | {str(more)})  # the home page is no post or page: no early pages
    assert not shown
    assert _served(live) == _fresh(live.site_dir)


def test_the_collector_runs_again_after_every_kind_of_rebuild(live: LiveSite) -> None:
    """A rebuild holds the garbage collector until the edited page is shown (a
    collection of a big site's young objects takes tens of milliseconds); whatever the
    rebuild did — quick, full, failed — it is running again afterwards."""
    import gc

    assert gc.isenabled()
    path = _edit(live.site_dir, "posts/a.md", "Second paragraph", "2nd paragraph")
    live.rebuild({str(path)})
    assert live.last_rebuild == "quick" and gc.isenabled()
    path = _edit(live.site_dir, "posts/a.md", "date: 2026-01-01", "date: 2026-01-05")
    live.rebuild({str(path)})
    assert live.last_rebuild == "full" and live.error is None and gc.isenabled()
    path = _edit(live.site_dir, "posts/a.md", "title: A", "title: [unclosed")
    live.rebuild({str(path)})
    assert live.error is not None and gc.isenabled()


def test_a_text_edit_of_a_page_with_wiki_links_by_name_equals_a_full_rebuild(
        tmp_path: Path) -> None:
    """A bundle post's `[[about]]` names a page elsewhere in `content/` (Obsidian's way):
    the quick path renders the edited page again with the link found by name, as a full
    rebuild does."""
    site = _site(tmp_path / "site")
    bundle = site / "content/posts/e/index.md"
    bundle.parent.mkdir(parents=True)
    bundle.write_text("---\ntitle: E\ndate: 2026-01-05\n---\nSee [[about]].\n\nLater.\n",
                      encoding="utf-8")
    live = LiveSite(site, OPTIONS, report=lambda message: None)
    live.rebuild()
    assert live.error is None, live.error
    path = _edit(site, "posts/e/index.md", "Later.", "Later, edited.")
    live.rebuild({str(path)})
    assert live.last_rebuild == "quick" and live.error is None, live.error
    served = _served(live)
    assert served == _fresh(site)
    assert b'href="/about/"' in served["posts/e/index.html"]
