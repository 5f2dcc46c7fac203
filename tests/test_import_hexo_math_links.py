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
