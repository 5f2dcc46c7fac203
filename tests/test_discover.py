"""Stage 2: which files of the site are sources, assets, ignored or suspicious."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path, PurePosixPath

import pytest

import lanting.content.discover
from lanting.content.discover import discover, source_text
from lanting.errors import LantingError
from lanting.model.content import Kind, Source, text_digest

TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000"
    "001649444154789c635c6caac5c0c0c0c4c0c0c0c0c000000cbb0106e14f5107000000"
    "0049454e44ae426082")
"""A real 1x1 PNG (a bare signature is a damaged image, which the build warns about)."""


def test_sources_assets_and_static(make_site: Callable[..., Path]) -> None:
    site = make_site({
        "content/_index.md": "Home\n",
        "content/posts/a.md": "A\n",
        "content/posts/b/index.md": "B\n",
        "content/posts/b/fig.png": TINY_PNG,
        "content/pages/about.md": "About\n",
        "content/files/cv.pdf": b"%PDF",
        "static/robots-extra.txt": "x\n",
    })
    found = discover(site)
    assert {(s.rel.as_posix(), s.kind) for s in found.sources} == {
        ("_index.md", Kind.HOME), ("posts/a.md", Kind.POST), ("posts/b/index.md", Kind.POST),
        ("pages/about.md", Kind.PAGE),
    }
    assets = {a.rel.as_posix(): a.bundle for a in found.assets}
    assert str(assets["posts/b/fig.png"]) == "posts/b/index.md"
    assert assets["files/cv.pdf"] is None
    assert [a.rel.as_posix() for a in found.static] == ["robots-extra.txt"]
    assert found.warnings == ()


def test_a_notebook_in_pages_is_a_page(make_site: Callable[..., Path]) -> None:
    # (a Jupyter Book's chapters are notebooks: imported, they are pages, not posts)
    site = make_site({"content/pages/softmax.ipynb": "{}", "content/notes/x.ipynb": "{}"})
    found = discover(site)
    assert [(s.rel.as_posix(), s.kind) for s in found.sources] == [
        ("pages/softmax.ipynb", Kind.PAGE)]


@pytest.mark.parametrize("name", [".hidden.md", "a.md~", "#a.md#", "a.md.swp", "_draft-x.md"])
def test_editor_and_hidden_files_are_ignored(make_site: Callable[..., Path], name: str) -> None:
    site = make_site({f"content/posts/{name}": "x\n", "content/posts/real.md": "x\n"})
    assert [s.rel.as_posix() for s in discover(site).sources] == ["posts/real.md"]


def test_markdown_outside_posts_and_pages_is_a_warning(make_site: Callable[..., Path]) -> None:
    site = make_site({"content/notes/x.md": "x\n"})
    [warning] = discover(site).warnings
    assert warning.severity == "warning"
    assert warning.path == site / "content/notes/x.md"


@pytest.mark.parametrize(("name", "hint"), [("posts/m.markdown", "`m.md`"),
                                            ("posts/q.qmd", "not run"),
                                            ("pages/about.mdx", "`about.md`")])
def test_markdown_of_another_suffix_is_a_warning(make_site: Callable[..., Path], name: str,
                                                 hint: str) -> None:
    """A post saved as `.markdown` (Jekyll) or `.qmd` (Quarto) was copied into the site as a
    raw file without a word."""
    site = make_site({f"content/{name}": "---\ntitle: M\ndate: 2026-01-01\n---\nBody.\n"})
    [warning] = discover(site).warnings
    assert warning.path == site / "content" / name and warning.hint and hint in warning.hint


def test_crlf_and_bom_are_normalised(make_site: Callable[..., Path]) -> None:
    site = make_site({"content/posts/a.md": "\ufeff---\r\ntitle: A\r\n---\r\nx\r\n".encode()})
    [source] = discover(site).sources
    assert source.text == "---\ntitle: A\n---\nx\n"


def test_two_boms_before_the_front_matter_are_skipped(make_site: Callable[..., Path]) -> None:
    """A post saved through two tools that each added a byte-order mark starts with two:
    the second hid the front matter, and the post "needed" the title it had."""
    site = make_site({"content/posts/a.md": "\ufeff\ufeff---\ntitle: A\n---\nx\n".encode()})
    [source] = discover(site).sources
    assert source.text == "---\ntitle: A\n---\nx\n"


def test_file_that_is_not_utf8_is_an_error_with_its_line(make_site: Callable[..., Path]) -> None:
    site = make_site({"content/posts/a.md": b"---\ntitle: A\n---\n" + b"\xff\xfe\n"})
    with pytest.raises(LantingError) as info:
        discover(site)
    [problem] = info.value.problems
    assert problem.line == 4
    assert "UTF-8" in problem.message


@pytest.mark.parametrize(("text", "codec", "named"), [
    ("---\ntitle: 显存优化\n---\n这是用旧版记事本保存的文章，编码是国标。\n", "gbk", "GBK"),
    ("---\ntitle: 顯存優化\n---\n這是用舊版編輯器存檔的文章，編碼是大五碼。\n", "big5", "Big5"),
])
def test_a_chinese_file_not_in_utf8_is_named_in_the_hint(
    make_site: Callable[..., Path], text: str, codec: str, named: str
) -> None:
    """A post saved as GBK (older Windows editors) or Big5 (Taiwan, Hong Kong) was only
    "save the file as UTF-8": the hint says which encoding it is and how to convert it."""
    site = make_site({"content/posts/a.md": text.encode(codec)})
    with pytest.raises(LantingError) as info:
        discover(site)
    [problem] = info.value.problems
    assert f"reads as {named}" in (problem.hint or "") and "iconv" in (problem.hint or "")


def test_symlink_out_of_the_site_is_not_followed(
    make_site: Callable[..., Path], tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("secret\n")
    site = make_site({"content/posts/a.md": "x\n"})
    (site / "content/posts/leak").symlink_to(outside, target_is_directory=True)
    (site / "content/posts/leak.md").symlink_to(outside / "secret.md")
    found = discover(site)
    assert [s.rel.as_posix() for s in found.sources] == ["posts/a.md"]
    assert len(found.warnings) == 2


# --- files known from the previous build (`known`, `Discovery.stamps`) ----------------

RECALLED = {
    "content/_index.md": "Home\n",
    "content/posts/a.md": "Alpha\n",
    "content/pages/about.md": "About\n",
    "content/talks/t.md": "# Talk\n",
    "content/publications.bib": "@misc{k, title={T}}\n",
}


@pytest.fixture
def settled_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files count as settled as soon as they are older than the discovery (the real
    two seconds would make every test wait)."""
    monkeypatch.setattr(lanting.content.discover, "SETTLED_NS", 0)


def _older(seconds: float = 0.05) -> None:
    time.sleep(seconds)  # past the file system's timestamp resolution


@pytest.mark.usefixtures("settled_at_once")
def test_an_unchanged_file_is_known_by_its_stamp_and_not_read(
        make_site: Callable[..., Path]) -> None:
    site = make_site(RECALLED)
    _older()
    first = discover(site, known={})
    # Posts, pages and the home page are recorded; talks and the bibliography are always
    # read (they are not cached).
    assert set(first.stamps) == {"_index.md", "posts/a.md", "pages/about.md"}
    assert all(s.text is not None for s in first.sources)
    again = discover(site, known=first.stamps)
    by_rel = {s.rel.as_posix(): s for s in again.sources}
    assert by_rel["posts/a.md"].text is None
    assert by_rel["posts/a.md"].digest == text_digest("Alpha\n")
    assert source_text(by_rel["posts/a.md"]) == "Alpha\n"
    assert by_rel["talks/t.md"].text == "# Talk\n"
    assert again.bibliography is not None and again.bibliography.text is not None
    assert again.stamps == first.stamps


@pytest.mark.usefixtures("settled_at_once")
def test_a_file_rewritten_with_its_size_and_modification_time_is_read_again(
        make_site: Callable[..., Path]) -> None:
    """`cp -p`, `rsync -t` and `tar` set modification times back; the change time they
    cannot (and an atomic save gives a new inode)."""
    site = make_site(RECALLED)
    _older()
    known = discover(site, known={}).stamps
    path = site / "content/posts/a.md"
    before = path.stat()
    _older()
    path.write_text("Omega\n")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size
    source = next(s for s in discover(site, known=known).sources if s.rel.name == "a.md")
    assert source.text == "Omega\n"


def test_a_file_changed_just_now_is_not_recorded(make_site: Callable[..., Path]) -> None:
    """Another edit within the timestamp resolution could keep its stamp: a file is
    recorded only once it has been left alone for `SETTLED_NS`."""
    site = make_site(RECALLED)
    found = discover(site, known={})
    assert found.stamps == {}
    assert discover(site).stamps == {}  # without `known` (`lanting serve`) nothing is


@pytest.mark.usefixtures("settled_at_once")
def test_an_unread_file_that_changed_since_discovery_is_an_error(
        make_site: Callable[..., Path]) -> None:
    site = make_site(RECALLED)
    _older()
    known = discover(site, known={}).stamps
    source = next(s for s in discover(site, known=known).sources if s.rel.name == "a.md")
    (site / "content/posts/a.md").write_text("Changed meanwhile\n")
    with pytest.raises(LantingError) as info:
        source_text(source)
    [problem] = info.value.problems
    assert problem.path == site / "content/posts/a.md"
    assert "changed while the site was building" in problem.message
    assert problem.hint == "build again"


def test_a_source_digest_always_follows_its_text(tmp_path: Path) -> None:
    source = Source(tmp_path / "a.md", PurePosixPath("posts/a.md"), Kind.POST, "one")
    assert source.digest == text_digest("one")
    assert replace(source, text="two").digest == text_digest("two")
    with pytest.raises(ValueError):
        Source(tmp_path / "a.md", PurePosixPath("posts/a.md"), Kind.POST, None)
