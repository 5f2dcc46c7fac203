"""Stage 2: which files of the site are sources, assets, ignored or suspicious."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lanting.discover import Kind, discover
from lanting.errors import LantingError


def test_sources_assets_and_static(make_site: Callable[..., Path]) -> None:
    site = make_site({
        "content/_index.md": "Home\n",
        "content/posts/a.md": "A\n",
        "content/posts/b/index.md": "B\n",
        "content/posts/b/fig.png": b"\x89PNG",
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


@pytest.mark.parametrize("name", [".hidden.md", "a.md~", "#a.md#", "a.md.swp", "_draft-x.md"])
def test_editor_and_hidden_files_are_ignored(make_site: Callable[..., Path], name: str) -> None:
    site = make_site({f"content/posts/{name}": "x\n", "content/posts/real.md": "x\n"})
    assert [s.rel.as_posix() for s in discover(site).sources] == ["posts/real.md"]


def test_markdown_outside_posts_and_pages_is_a_warning(make_site: Callable[..., Path]) -> None:
    site = make_site({"content/notes/x.md": "x\n"})
    [warning] = discover(site).warnings
    assert warning.severity == "warning"
    assert warning.path == site / "content/notes/x.md"


def test_crlf_and_bom_are_normalised(make_site: Callable[..., Path]) -> None:
    site = make_site({"content/posts/a.md": "\ufeff---\r\ntitle: A\r\n---\r\nx\r\n".encode()})
    [source] = discover(site).sources
    assert source.text == "---\ntitle: A\n---\nx\n"


def test_file_that_is_not_utf8_is_an_error_with_its_line(make_site: Callable[..., Path]) -> None:
    site = make_site({"content/posts/a.md": "---\ntitle: A\n---\n".encode() + b"\xff\xfe\n"})
    with pytest.raises(LantingError) as info:
        discover(site)
    [problem] = info.value.problems
    assert problem.line == 4
    assert "UTF-8" in problem.message


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
