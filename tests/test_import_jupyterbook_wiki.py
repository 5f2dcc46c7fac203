"""The Jupyter Book importer on a wiki-shaped book (a Chinese personal wiki: parts whose
sections are `glob: folder/**`, a folder's `about` page beside a top folder `about/`,
a favicon saved as `.jfif`, MathJax macros that open what another closes)."""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path

from htmltree import parse_html
from importbits import report_of
from PIL import Image
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.jupyterbook_toc import sphinx_pattern

CONFIG = """\
title: 我的维基
author: 小林
html:
  favicon: page-logo.jfif
sphinx:
  config:
    mathjax3_config:
      tex:
        macros:
          "bmat": ["\\\\left[\\\\begin{array}"]
          "emat": ["\\\\end{array}\\\\right]"]
"""
TOC = """\
format: jb-book
root: index
parts:
- caption: 学习
  chapters:
  - file: study/index
    sections:
    - glob: study/**
  - file: about/index
- caption: 工具
  chapters:
  - file: tools/index
    sections:
    - glob: tools/*
"""


def _jpeg() -> bytes:
    data = io.BytesIO()
    Image.new("RGB", (16, 16), "#a3352a").save(data, "JPEG")
    return data.getvalue()


def test_a_wiki_shaped_book(tmp_path: Path) -> None:
    """`glob: study/**` matched no document (`Path.glob` reads `**` as folders only;
    Sphinx matches it against every document name under `study/`), so whole parts were
    left out; `tools/about.md` took `/about/`, the old `/about/index.html` of
    `about/index.md`, and the build failed on the alias; the `.jfif` favicon (a JPEG)
    failed the settings check; `bmat`/`emat` were left out as not converting alone."""
    write_files(tmp_path / "wiki", {
        "_config.yml": CONFIG, "_toc.yml": TOC,
        "page-logo.jfif": _jpeg(),
        "index.md": "# 维基\n",
        "study/index.md": "# 学习\n",
        "study/linear.md": "# 线性代数\n\n$$\\bmat{cc} 1 & 2 \\\\ 3 & 4 \\emat$$\n",
        "study/deep/attention.md": "# 注意力\n",
        "about/index.md": "# 关于\n",
        "tools/index.md": "# 工具\n",
        "tools/about.md": "# 关于工具\n",
        "tools/deeper/skip.md": "# 不在目录\n",
    })
    imported = import_site(tmp_path / "wiki", tmp_path / "site")
    report = report_of(imported)
    assert "matches no document" not in report and "does not convert" not in report
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "site" / "public"
    for url in ("linear", "attention", "about", "tools-about"):
        assert (out / url / "index.html").is_file(), url
    # (`tools/*` does not reach into folders: that file is in no table of contents)
    assert "tools/deeper/skip.md: notice: in no table of contents" in report
    config = tomllib.loads((tmp_path / "site" / "lanting.toml").read_text(encoding="utf-8"))
    assert config["theme"]["favicon"] == "/page-logo.jpg"
    assert (tmp_path / "site" / "static" / "page-logo.jpg").is_file()
    linear = parse_html((out / "linear" / "index.html").read_text(encoding="utf-8"))
    assert len(linear.one("div", class_="prose").one("math").find_all("mtr")) == 2


def test_sphinx_document_patterns() -> None:
    cases = [("life/**", "life/topic", True), ("life/**", "life/a/b", True),
             ("life/*", "life/a/b", False), ("life/*", "life/topic", True),
             ("ch?/[!x]*", "ch1/intro", True), ("ch?/[!x]*", "ch1/xintro", False)]
    assert [bool(sphinx_pattern(p).fullmatch(n)) for p, n, _ in cases] == [
        want for _, _, want in cases]


def test_sphinx_panels_are_unwrapped(tmp_path: Path) -> None:
    """sphinx-panels' `{panels}` (panels apart by `---`, a header above `^^^`, options
    on their first lines) was an unknown directive: its `---` made the header lines
    headings and its options showed. Its content is kept, each header a bold line,
    with one warning; a code block's own `---` is no panel's."""
    write_files(tmp_path / "wiki", {
        "_config.yml": "title: 维基\n", "_toc.yml": "format: jb-book\nroot: index\n"
        "chapters:\n- file: rst\n",
        "index.md": "# 维基\n",
        "rst.md": "# RST\n\n````{panels}\n:container: w3-card-4\n:column: col-lg-6\n---\n"
                  ":header: w3-pale-blue\nRST 源码\n^^^\n```rst\n标题\n---\n```\n---\n"
                  "效果\n^^^\n一段说明。\n+++\n脚注。\n````\n",
    })
    imported = import_site(tmp_path / "wiki", tmp_path / "site")
    assert "1 grid, card or panel box(es)" in report_of(imported)
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = parse_html((tmp_path / "site" / "public" / "rst" / "index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert [s.text() for s in prose.find_all("strong")] == ["RST 源码", "效果"]
    assert " ".join(prose.one("code").text().split()) == "标题 ---"
    assert [p.text() for p in prose.find_all("p") if not p.find_all("strong")][:2] == [
        "一段说明。", "脚注。"]
    assert ":container:" not in prose.text() and len(prose.find_all("h2")) == 0


def test_a_term_of_another_pages_glossary_links_there(tmp_path: Path) -> None:
    """Sphinx's glossary is the book's: `{term}`Python`` on one page linked to the term
    defined in another page's `{glossary}` (25 such on a wiki). Such a term is a link
    to it; one of the page's own glossary is left for Lanting to link on the page."""
    write_files(tmp_path / "wiki", {
        "_config.yml": "title: 维基\n",
        "_toc.yml": "format: jb-book\nroot: index\nchapters:\n- file: python\n- file: tools\n",
        "index.md": "# 维基\n",
        "python.md": "# Python\n\n```{glossary}\n[Python](https://python.org)\n"
                     "    一种语言，见 {term}`PSF`。\n\nPSF\n    基金会。\n```\n",
        "tools.md": "# 工具\n\n运行它只需要 {term}`python`，由 {term}`基金会 <PSF>` 维护；"
                    "{term}`Docutils` 不在词汇表里。\n",
    })
    import_site(tmp_path / "wiki", tmp_path / "site")
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    out = tmp_path / "site" / "public"
    tools = parse_html((out / "tools" / "index.html").read_text(encoding="utf-8"))
    links = {a.text(): a["href"] for a in tools.one("div", class_="prose").find_all("a")
             if "#term-" in a["href"]}
    assert links == {"python": "/python/#term-python", "基金会": "/python/#term-psf"}
    assert tools.one("em", class_="term").text() == "Docutils"
    python = parse_html((out / "python" / "index.html").read_text(encoding="utf-8"))
    assert python.one("a", class_="term")["href"] == "#term-psf"


def test_a_cards_footer_rule_goes_with_the_card(tmp_path: Path) -> None:
    """A sphinx-design `{card}` whose footer is below `+++` (a chart gallery's notebook
    cell ended each card with its credits so): the card was unwrapped but its `+++`
    stayed, shown as text with a warning (MyST-NB's cell break) on every page. The rule
    goes with the card; the footer's text stays."""
    cell = ("# Bars\n\n````{card}\n:class-card: wide\n\nA chart of bars.\n\n+++\n\n"
            "Credits: a gallery\n````\n")
    write_files(tmp_path / "book", {
        "_config.yml": "title: Charts\n", "_toc.yml": "format: jb-book\nroot: index\n"
        "chapters:\n- file: bars\n",
        "index.md": "# Charts\n",
        "bars.ipynb": json.dumps({"cells": [{"cell_type": "markdown", "metadata": {},
                                             "source": cell}],
                                  "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
    })
    imported = import_site(tmp_path / "book", tmp_path / "site")
    assert "1 grid, card or panel box(es)" in report_of(imported)
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    [page] = (tmp_path / "site" / "public").rglob("bars/index.html")
    prose = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose")
    assert "+++" not in prose.text() and "Credits: a gallery" in prose.text()


def test_sphinx_design_badges_are_their_words(tmp_path: Path) -> None:
    """sphinx-design's badges (`{bdg-info-line}`Trend``, a chart gallery's two a page)
    were unknown roles: shown as code, a warning each. A badge is its words, a link
    badge a link, a reference badge a reference to its page."""
    write_files(tmp_path / "book", {
        "_config.yml": "title: Charts\n", "_toc.yml": "format: jb-book\nroot: index\n"
        "chapters:\n- file: bars\n",
        "index.md": "# Charts\n\n(start)=\n## Start\n\nHere.\n",
        "bars.md": "# Bars\n\nFunctions: {bdg-info-line}`Comparison` {bdg-primary}`Trend`\n\n"
                   "See {bdg-link-secondary}`the library <https://lib.example.org>` and "
                   "{bdg-ref-info}`the start <start>`.\n",
    })
    import_site(tmp_path / "book", tmp_path / "site")
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    [page] = (tmp_path / "site" / "public").rglob("bars/index.html")
    prose = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose")
    assert prose.find_all("code") == []
    assert "Functions: Comparison Trend" in prose.text()
    links = {a.text(): a["href"] for a in prose.find_all("a")}
    assert links["the library"] == "https://lib.example.org"
    assert links["the start"].endswith("#start")


def test_a_formula_with_a_space_inside_its_dollars_is_math(tmp_path: Path) -> None:
    """A statistics course book writes `$u_i $`, a space before the closing `$`:
    MyST's dollarmath reads it as math (spaces allowed), Lanting's Markdown as prose,
    so its `$` paired with the next formula's and `\\mathcal` was left as TeX in the
    text. The spaces inside go (in a directive's ```` ``` ```` fence too); `$$`
    displays, escaped dollars and code stay."""
    write_files(tmp_path / "book", {
        "_config.yml": "title: Stats\n", "_toc.yml": "format: jb-book\nroot: index\n"
        "chapters:\n- file: model\n",
        "index.md": "# Stats\n",
        "model.md": "# Model\n\nHere $ y_i = \\beta x_i u_i$, where $u_i $ is the error, "
                    "with $\\ln u_i \\sim \\mathcal{N}(0,1)$ and a price of \\$5.\n\n"
                    "$$\n a = b \n$$\n\nIn code: `echo $ HOME $`.\n\n"
                    "```{admonition} Task\nSimulate $x_i $ and `$ y $`.\n```\n",
    })
    import_site(tmp_path / "book", tmp_path / "site")
    text = (tmp_path / "site" / "content" / "pages" / "model.md").read_text(
        encoding="utf-8")
    assert "Here $y_i = \\beta x_i u_i$, where $u_i$ is the error" in text
    assert "$$\n a = b\n$$" in text and "`echo $ HOME $`" in text
    assert "Simulate $x_i$ and `$ y $`." in text  # (a directive's fence holds Markdown)
    result = build(tmp_path / "site", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    [page] = (tmp_path / "site" / "public").rglob("model/index.html")
    prose = parse_html(page.read_text(encoding="utf-8")).one("div", class_="prose")
    assert len(prose.find_all("math")) == 5 and "\\mathcal" not in prose.text()
