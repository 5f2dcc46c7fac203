"""The Quarto importer on shapes of a statistics blog written in series: root listing
pages for each series that an archive page links to by their `.html` names, and
formulas written in `\\[ … \\]` around an `aligned` block."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import write_files
from test_import_quarto_files import built_prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_a_link_to_a_listing_pages_html_leads_to_the_blog(tmp_path: Path) -> None:
    """An archive page (a listing with text: the blog page's now) linked to each
    series' listing page by its output name, `priors.html`: the import left the links
    as written, and the build failed on each one."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "archive.qmd": "---\ntitle: Posts\nlisting:\n  contents: posts/**/*.qmd\n---\n\n"
                       "## Series\n\nThe [series on priors](priors.html) and "
                       "[its first post](posts/priors/flat.qmd).\n",
        "priors.qmd": "---\ntitle: 'Series: priors'\nlisting:\n  contents: posts/priors\n"
                      "---\n",
        "posts/priors/flat.qmd": "---\ntitle: Flat priors\ndate: 2024-02-03\n---\n\n"
                                 "Back to [the series](../../priors.html).\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w for w in done.report.warnings if "priors.html" in w.message] == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    blog = parse_html((result.output / "blog/index.html").read_text(encoding="utf-8"))
    assert [a["href"] for a in blog.one("div", class_="blog-intro").find_all("a")] == [
        "/blog/", "/posts/flat/"]
    post = parse_html((result.output / "posts/flat/index.html").read_text(encoding="utf-8"))
    assert post.one("div", class_="prose").one("a")["href"] == "/blog/"


def test_an_aligned_block_inside_brackets_is_one_formula(tmp_path: Path) -> None:
    """`\\[` on the line above a bare `\\begin{aligned}` (and `\\]` below it) is one
    display formula, as MathJax showed it; the import put the `aligned` block in `$$`
    lines of its own too, inside the brackets, and the build failed on a stray `$`. One
    inside `\\begin{equation}` is that formula's too."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/ett/index.qmd": (
            "---\ntitle: Effect on the treated\ndate: 2024-03-04\n---\n\n"
            "For the treated:\n\\[\n\\begin{aligned}\nETT &= E[Y_1 - Y_0 \\mid X=1] \\\\\n"
            "&= E[Y_1 \\mid X=1] - E[Y_0 \\mid X=1]\n\\end{aligned}\n\\]\nand then\n\n"
            "\\begin{equation}\n\\begin{aligned}\na &= b\n\\end{aligned}\n"
            "\\end{equation}\n\nand a bare one:\n\n\\begin{cases}\n1 & x>0\\\\\n"
            "0 & x\\le 0\n\\end{cases}\n"),
    })
    prose = built_prose(source, tmp_path, "posts/ett/index.html")
    assert len(prose.find_all("math")) == 3
    assert "$" not in prose.text()

