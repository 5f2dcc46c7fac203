"""Hexo sites whose math and links a sweep of real blogs found broken on import (own
minimal text, modelled on a Stellar blog of course notes): the MathJax macros of
hexo-filter-mathjax, links to posts' source files written from the project's root."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from test_import_hexo_sites import hexo_site

from lanting.build import build
from lanting.build.options import BuildOptions

FILTER_MATHJAX = """title: T
language: zh-CN
theme: stellar
mathjax:
  single_dollars: true
  extension_options: {
    macros: {
      "R": "\\\\mathbb{R}",
      "d": "\\\\mathrm{d}",
      "conj": ["\\\\overline{#1}", 1],
      "opt": ["{#1}_{#2}", 2, "x"]
    }
  }
"""


def test_hexo_filter_mathjax_macros_become_math_macros(tmp_path: Path) -> None:
    """hexo-filter-mathjax passes `extension_options` to MathJax's TeX input: its
    `macros` (`\\d`, `\\conj{z}`) were not read, and every formula using one failed the
    build. They are `[markdown] math_macros`; one with a default argument is reported."""
    imported = hexo_site(tmp_path, {
        "_config.yml": FILTER_MATHJAX,
        "source/_posts/complex.md": "---\ntitle: 复变函数\ndate: 2023-03-01\n---\n"
                                    "共轭 $\\conj{z}=x-iy$，$\\int_0^1 f(x)\\d x$，"
                                    "$x\\in\\R$。\n"})
    toml = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "[markdown.math_macros]" in toml or "math_macros" in toml
    assert any("`\\opt`" in w.message for w in imported.report.warnings)
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = parse_html((imported.dest / "public" / "posts" / "complex" / "index.html")
                      .read_text(encoding="utf-8"))
    maths = page.one("main").find_all("math")
    assert len(maths) == 3
    assert any(m.find("mover") is not None for m in maths)  # \overline{z}
    assert "ℝ" in maths[2].text()


def test_links_to_source_files_from_the_project_root_find_their_items(
        tmp_path: Path) -> None:
    """`[…](/source/_posts/oi/2019-5-21-x.md)` and `(/source/wiki/calc/limit.md#收敛)`:
    a path from the Hexo project's root, as VS Code completes one from the workspace.
    The build failed on each as a broken link (a page's file was not even known to
    links written beside it); each goes to the new post or page."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/oi/2019-5-21-uva.md": "---\ntitle: 考试题\ndate: 2019-05-21\n---\n"
                                             "题解。\n",
        "source/wiki/calc/limit.md": "---\ntitle: 极限\n---\n## 收敛\n\n定义。\n\n"
                                     "[旁边的页](./series.md)\n",
        "source/wiki/calc/series.md": "---\ntitle: 级数\n---\n正文。\n",
        "source/_posts/oi/2019-5-22-float.md":
            "---\ntitle: 浮点\ndate: 2019-05-22\n---\n"
            "昨天改[考试题](/source/_posts/oi/2019-5-21-uva.md)，"
            "参考[收敛](/source/wiki/calc/limit.md#收敛)和[级数](/wiki/calc/series.md)。\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    public = imported.dest / "public"
    page = parse_html((public / "posts" / "2019-5-22-float" / "index.html")
                      .read_text(encoding="utf-8"))
    found = {a.text(): a["href"] for a in page.one("main").iter() if a.tag == "a"
             and a.text() in ("考试题", "收敛", "级数")}
    hrefs = [found[text] for text in ("考试题", "收敛", "级数") if text in found]
    assert len(hrefs) == 3 and not any(".md" in h for h in hrefs)
    assert hrefs[1].endswith("#收敛") or hrefs[1].endswith("#%E6%94%B6%E6%95%9B")
    for href in hrefs:
        assert (public / href.split("#")[0].strip("/") / "index.html").is_file()


def test_a_bar_in_a_table_cell_s_double_dollar_formula(tmp_path: Path) -> None:
    """A Keep blog's review table writes a cell's formula with two dollars,
    `| $$ p(z_n \\| X) $$ |`: the `\\|` (which the old renderer took for the cell's
    escaped bar) was left, and the new build warned that it ended the cell. Like the
    `|` of a `$…$`, it is `\\vert`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\ntheme: keep\n",
        "source/_posts/em.md": "---\ntitle: EM\ndate: 2024-06-01\n---\n"
                               "| symbol | meaning |\n| --- | --- |\n"
                               "| $\\gamma(z_n)$ | $$ p(z_n \\| X, \\theta) $$ |\n"
                               "| $a$ | $ p(x \\| \\mu) $ |\n"})
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = parse_html((imported.dest / "public" / "posts" / "em" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    rows = [r for r in main.find_all("tr") if r.find("td") is not None]
    assert [len(r.find_all("td")) for r in rows] == [2, 2]
    assert all(r.find_all("td")[1].find("math") is not None for r in rows)
