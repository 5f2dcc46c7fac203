"""Permalinks: every source gets one output folder; two sources claiming one URL fail."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePosixPath

import pytest

from lanting.build.options import BuildResult
from lanting.content.frontmatter import parse
from lanting.errors import LantingError
from lanting.model.content import Asset, Document, Kind, Source
from lanting.site.routes import plan_routes

CONTENT = Path("/site/content")


def doc(rel: str, slug: str | None = None) -> Document:
    kind = (Kind.HOME if rel == "_index.md" else Kind.POST if rel.startswith("posts/")
            else Kind.PAGE)
    lines = ["---", "title: X", "date: 2026-01-02"]
    if slug is not None:
        lines.append(f'slug: "{slug}"')
    text = "\n".join([*lines, "---", "Body", ""])
    return parse(Source(CONTENT / rel, PurePosixPath(rel), kind, text))


def test_output_folders() -> None:
    routes = plan_routes(
        [doc("_index.md"), doc("posts/a.md"), doc("posts/b/index.md"), doc("pages/about.md"),
         doc("posts/old-name.md", slug="new-name"), doc("posts/你好 世界.md")],
        (), "/")
    assert routes.pages == {
        "_index.md": "",
        "posts/a.md": "posts/a/",
        "posts/b/index.md": "posts/b/",
        "pages/about.md": "about/",
        "posts/old-name.md": "posts/new-name/",
        "posts/你好 世界.md": "posts/你好-世界/",
    }


def test_link_map_has_base_path_and_quotes_non_ascii() -> None:
    routes = plan_routes([doc("posts/你好.md"), doc("posts/a.md")], (), "/blog/")
    link_map = routes.link_map()
    assert link_map["posts/a.md"] == "/blog/posts/a/"
    assert link_map["posts/你好.md"] == "/blog/posts/%E4%BD%A0%E5%A5%BD/"


def test_bundle_assets_follow_their_page() -> None:
    page = doc("posts/b/index.md", slug="renamed")
    assets = (
        Asset(CONTENT / "posts/b/fig.png", PurePosixPath("posts/b/fig.png"),
              PurePosixPath("posts/b/index.md")),
        Asset(CONTENT / "files/cv.pdf", PurePosixPath("files/cv.pdf")),
        Asset(CONTENT / "posts/gone/x.png", PurePosixPath("posts/gone/x.png"),
              PurePosixPath("posts/gone/index.md")),  # a draft left out of the build
    )
    routes = plan_routes([page], assets, "/")
    assert routes.assets == {"posts/b/fig.png": "posts/renamed/fig.png",
                             "files/cv.pdf": "files/cv.pdf"}


def test_url_collision_lists_both_sources() -> None:
    with pytest.raises(LantingError) as info:
        plan_routes([doc("posts/a.md"), doc("posts/b.md", slug="a")], (), "/")
    [problem] = info.value.problems
    assert "posts/a/" in problem.message
    assert "posts/a.md" in problem.message and "posts/b.md" in problem.message
    assert problem.path == CONTENT / "posts/b.md"
    assert problem.line == 4  # the `slug:` line
    assert problem.hint is not None and "slug" in problem.hint


def test_file_and_bundle_with_the_same_name_collide() -> None:
    with pytest.raises(LantingError) as info:
        plan_routes([doc("posts/a.md"), doc("posts/a/index.md")], (), "/")
    [problem] = info.value.problems
    assert "posts/a.md" in problem.message and "posts/a/index.md" in problem.message


def test_every_collision_is_reported() -> None:
    with pytest.raises(LantingError) as info:
        plan_routes([doc("posts/a.md"), doc("posts/b.md", slug="a"),
                     doc("pages/x.md"), doc("pages/y.md", slug="x")], (), "/")
    assert len(info.value.problems) == 2


def test_page_cannot_take_the_url_of_a_generated_page(
    make_site: Callable[..., Path], build_site: Callable[..., BuildResult]
) -> None:
    site = make_site({
        "content/posts/p.md": "---\ntitle: P\ndate: 2026-01-02\n---\nBody\n",
        "content/pages/blog.md": "---\ntitle: My page called blog\n---\nMine\n",
    })
    with pytest.raises(LantingError) as info:
        build_site(site, site / "public")
    assert "blog" in str(info.value)
