"""The footer's © year: the newest dated post or page, never the clock's; a site of
undated pages (an imported notes site) shows none rather than 1970."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions


def footer(site: Path, page: str = "") -> str:
    html = (site / "public" / page / "index.html").read_text(encoding="utf-8")
    return " ".join(parse_html(html).one("footer").find_all("p")[0].text().split())


def test_a_site_of_undated_pages_shows_no_year(tmp_path: Path) -> None:
    write_files(tmp_path, {"lanting.toml": 'title = "Notes"\nauthor = "周杰"\n',
                           "content/_index.md": "---\ntitle: Notes\n---\n\nHi.\n",
                           "content/pages/math.md": "---\ntitle: Math\n---\n\nText.\n"})
    assert list(build(tmp_path, BuildOptions()).warnings) == []
    assert footer(tmp_path).startswith("© 周杰 ·")
    assert footer(tmp_path, "math").startswith("© 周杰 ·")


def test_the_year_is_the_newest_dated_post_or_page(tmp_path: Path) -> None:
    write_files(tmp_path, {
        "lanting.toml": 'title = "Notes"\nauthor = "Lin"\n',
        "content/posts/a.md": "---\ntitle: A\ndate: 2021-05-01\n---\n\nText.\n",
        "content/pages/cv.md": "---\ntitle: CV\ndate: 2020-01-01\nupdated: 2023-02-01\n"
                               "---\n\nText.\n"})
    assert list(build(tmp_path, BuildOptions()).warnings) == []
    assert footer(tmp_path, "cv").startswith("© 2023 Lin ·")
