"""Hexo sites whose math and links a sweep of real blogs found broken on import (own
minimal text, modelled on a Stellar blog of course notes): the MathJax macros of
hexo-filter-mathjax, links to posts' source files written from the project's root."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest
from htmltree import parse_html
from test_import_hexo_sites import hexo_site, post_text

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
    build. They are `[markdown] math_macros`, one with a default for its first argument
    too (it was left out, with a warning)."""
    imported = hexo_site(tmp_path, {
        "_config.yml": FILTER_MATHJAX,
        "source/_posts/complex.md": "---\ntitle: 复变函数\ndate: 2023-03-01\n---\n"
                                    "共轭 $\\conj{z}=x-iy$，$\\int_0^1 f(x)\\d x$，"
                                    "$x\\in\\R$，$\\opt{a} \\ne \\opt[y]{b}$。\n"})
    toml = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "[markdown.math_macros]" in toml or "math_macros" in toml
    assert imported.report.warnings == []
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = parse_html((imported.dest / "public" / "posts" / "complex" / "index.html")
                      .read_text(encoding="utf-8"))
    maths = page.one("main").find_all("math")
    assert len(maths) == 4
    assert any(m.find("mover") is not None for m in maths)  # \overline{z}
    assert "ℝ" in maths[2].text()
    assert [s.text() for s in maths[3].find_all("msub")] == ["xa", "yb"]  # (x default)


@pytest.mark.parametrize("setup", [
    "themes/landscape/layout/_partial/mathjax.ejs", "themes/landscape/source/js/math.js",
    "source/_data/body-end.njk", "scripts/mathjax.js"])
def test_macros_of_a_hexo_themes_mathjax_setup_become_math_macros(
        tmp_path: Path, setup: str) -> None:
    """A Hexo theme's MathJax setup in its layout (`mathjax.ejs`, NexT's custom
    `source/_data/body-end.njk`, an injector script) defines `\\RR` and `\\bvec`,
    as Jekyll's includes and Hugo's partials do: the Hexo importer read only
    hexo-filter-mathjax's macros, and each formula using one failed the build."""
    script = ("<script>\nwindow.MathJax = {\n  tex: {\n    inlineMath: [['$', '$']],\n"
              "    macros: { RR: \"\\\\mathbb{R}\", bvec: [\"\\\\mathbf{#1}\", 1] }\n"
              "  }\n};\n</script>\n")
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: landscape\n",
        setup: script,
        "source/_posts/v.md": "---\ntitle: 向量\ndate: 2023-03-01\n---\n"
                              "设 $\\bvec{x} \\in \\RR^n$。\n"})
    assert imported.report.warnings == []
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = parse_html((imported.dest / "public" / "posts" / "v" / "index.html")
                      .read_text(encoding="utf-8"))
    (formula,) = page.one("main").find_all("math")
    assert formula.text() == "𝐱∈ℝn"  # (\\mathbf{x}: a bold letter)


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


HEXO_MATH_PACKAGE = """{
  "name": "hexo-site",
  "dependencies": {
    "hexo": "^5.4.0",
    "hexo-math": "^4.0.0",
    "hexo-renderer-marked": "^4.0.0"
  }
}
"""

HEXO_MATH_POST = """---
title: 逼近定理
date: 2020-03-01
---
在 {% katex %}\\mathbb{R}^n{% endkatex %} 的紧子集上，存在 {% katex %}N{% endkatex %} 使得
{% katex %}
\\displaystyle F(x) = \\sum_{i=1}^{N} v_i \\varphi(w_i^T x + b_i)
{% endkatex %}
逼近 {% mathjax %}f{% endmathjax %}。

{% katex '{"displayMode": true}' %}
\\begin{aligned} a_1 &= b \\\\ c &= d_2 \\end{aligned}
{% endkatex %}

旧写法 {% math %}\\cos 2\\theta{% endmath %} 与

{% math %}
x_1 + x_2
{% endmath %}

```
{% katex %}\\LaTeX{% endkatex %}
```
"""


def _math_elements(imported_dest: Path, slug: str) -> list[tuple[str, str]]:
    page = parse_html((imported_dest / "public" / "posts" / slug / "index.html")
                      .read_text(encoding="utf-8"))
    return [(m.get("display") or "inline", m.text()) for m in page.one("main").find_all("math")]


def test_hexo_math_tags_become_formulas(tmp_path: Path) -> None:
    """hexo-math's `{% katex %}…{% endkatex %}`, `{% mathjax %}` and (its versions 2 and
    3) `{% math %}` were left in comments as having no Lanting equivalent, and the TeX
    between them showed as text (a real Chinese ML blog: 22 in one post). Each is a
    formula: inline unless its options ask for display (`{% math %}` of several lines
    is display); the TeX keeps its `\\\\` (the tag never met marked's escapes); a tag in
    a code block stays as written."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "package.json": HEXO_MATH_PACKAGE,
        "source/_posts/uat.md": HEXO_MATH_POST})
    assert not [w for w in imported.report.warnings if "katex" in w.message
                or "math" in w.message]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    found = _math_elements(imported.dest, "uat")
    assert [display for display, _text in found] == [
        "inline", "inline", "inline", "inline", "block", "inline", "block"]
    assert "ℝ" in found[0][1] and "∑" in found[2][1] and "φ" in found[2][1]
    assert found[4][1].count("=") == 2  # two rows of the aligned block
    page = (imported.dest / "public" / "posts" / "uat" / "index.html").read_text(
        encoding="utf-8")
    code = [pre.text() for pre in parse_html(page).one("main").find_all("pre")
            if "katex" in pre.text()]
    assert code == ["{% katex %}\\LaTeX{% endkatex %}"]


def test_hexo_tag_katex_tags_are_display_math_by_default(tmp_path: Path) -> None:
    """hexo-tag-katex's `{% katex %}` showed display math unless its argument said
    `false`, unlike hexo-math's."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\n",
        "package.json": '{"dependencies": {"hexo": "^3.2.0", "hexo-tag-katex": "^1.0.0"}}',
        "source/_posts/tag.md": "---\ntitle: Tag\ndate: 2017-01-01\n---\n"
                                "Energy:\n\n{% katex %}\nE = mc^2\n{% endkatex %}\n\n"
                                "and {% katex false %}m{% endkatex %} inline.\n"})
    build(imported.dest, BuildOptions())
    assert [display for display, _ in _math_elements(imported.dest, "tag")] == [
        "block", "inline"]


def test_hexo_math_1_inline_tags_become_formulas(tmp_path: Path) -> None:
    """hexo-math 1 wrote an inline formula as a tag of its own, the TeX its arguments:
    `中心{% math (x_0,y_0)%}、半径{% math R_2%}` (a vision blog's polar-coordinate post,
    15 in one paragraph). Each was left in a comment as having no Lanting equivalent,
    the formulas gone from the sentence; each is an inline formula, its TeX untouched
    by marked's escapes; `{% math_block %}` stays display, and a tag in code stays."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "package.json": '{"dependencies": {"hexo": "^3.1.0", "hexo-math": "^1.0.7",'
                        ' "hexo-renderer-marked": "^0.2.4"}}',
        "source/_posts/polar.md": "---\ntitle: 极坐标\ndate: 2016-05-01\n---\n"
                                  "圆心{% math (x_0,y_0)%}、角度{% math \\phi_1 %}与"
                                  "{% math \\Delta_{\\phi}%}，得到：\n"
                                  "{% math_block %}\nr_A = R_1 + y\n{% endmath_block %}\n\n"
                                  "```markdown\n{% math x^2 %}\n```\n"})
    assert not [w for w in imported.report.warnings if "math" in w.message]
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    found = _math_elements(imported.dest, "polar")
    assert [display for display, _ in found] == ["inline", "inline", "inline", "block"]
    assert found[0][1] == "(x0,y0)" and found[1][1] == "ϕ1" and "Δ" in found[2][1]
    page = (imported.dest / "public" / "posts" / "polar" / "index.html").read_text(
        encoding="utf-8")
    code = [pre.text() for pre in parse_html(page).one("main").find_all("pre")]
    assert "{% math x^2 %}" in code


def test_links_naming_a_heading_by_its_text_find_it(tmp_path: Path) -> None:
    """`[appendix A.1](#A.1)` to `## A.1` (Typora links a heading by its text; a pandoc
    filter of the old blog resolved it): the heading's id is Pandoc's `a.1` (`heading_ids
    = "pandoc"`, as hexo-renderer-pandoc made it), and the build failed on every such
    link (24 in one blog). Each goes
    to the heading it names, with a notice; so does Hexo 7's `{% post_link x#A.1 %}`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "package.json": '{"dependencies": {"hexo": "^6.0.0", "hexo-renderer-pandoc": "^0.5"}}',
        "source/_posts/round.md": "---\ntitle: 取整\ndate: 2022-01-01\n---\n"
                                  "See [appendix A.1](#A.1) and [附录](#附录：My_Var?)。\n\n"
                                  "# Appendix\n\n## A.1\n\n证明。\n\n## 附录：my_var?\n\n文。\n",
        "source/_posts/other.md": "---\ntitle: 其他\ndate: 2022-01-02\n---\n"
                                  "见{% post_link round#A.1 '证明' %}。\n"})
    assert any("`#A.1` names a heading by its text" in e.message
               for e in imported.report.entries)
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    public = imported.dest / "public"
    page = parse_html((public / "posts" / "round" / "index.html").read_text(encoding="utf-8"))
    main = page.one("main")
    ids = {h.get("id") for h in main.find_all("h2")}
    assert "a.1" in ids
    assert 'heading_ids = "pandoc"' in (imported.dest / "lanting.toml").read_text(
        encoding="utf-8")
    hrefs = [a["href"] for a in main.find_all("a") if a.text() in ("appendix A.1", "附录")]
    assert len(hrefs) == 2 and all(unquote(h[1:]) in ids for h in hrefs)
    other = parse_html((public / "posts" / "other" / "index.html").read_text(encoding="utf-8"))
    proof = [a["href"] for a in other.one("main").find_all("a") if a.text() == "证明"]
    assert len(proof) == 1 and unquote(proof[0].split("#")[1]) in ids


def test_double_brackets_in_prose_stay_text_or_link_a_post(tmp_path: Path) -> None:
    """`[[Prototype]]` (a JavaScript post naming the spec's internal slot; Hexo's
    renderers have no wiki links, the old page showed it as written) was read by
    Lanting as a link to `Prototype.md`, and the build failed. A name of no post stays
    text, with a warning; one naming a post links to it; math is left alone."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\ntheme: next\n",
        "source/_posts/proto.md": "---\ntitle: 原型链\ndate: 2024-01-01\n---\n\n"
                                  "每个对象都有 [[Prototype]] 槽，见 [[闭包笔记]]。\n\n"
                                  "公式 $A[[i]]$ 不变。\n\n见 [[原文]](https://d.example/1)。\n",
        "source/_posts/闭包笔记.md": "---\ntitle: 闭包\ndate: 2024-01-02\n---\n\n正文。\n"})
    [warning] = imported.report.warnings
    assert "[[Prototype]]" in warning.message
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    main = parse_html((out / "posts/proto/index.html").read_text(encoding="utf-8")).one("main")
    assert "[[Prototype]]" in main.text()
    [link] = [a for a in main.find_all("a") if a.text() == "闭包笔记"]
    assert link.get("href", "").endswith("/")
    assert main.find_all("math")
    [doi] = [a for a in main.find_all("a") if a.get("href") == "https://d.example/1"]
    assert doi.text() == "[原文]"


def test_tabs_indenting_front_matter_read_as_hexo_reads_them(tmp_path: Path) -> None:
    """`tags:` over `<tab>- Java` lines: hexo-front-matter turns each tab opening a line
    into two spaces before js-yaml reads it; YAML refuses tabs as indentation, and the
    post lost its title, date and tags."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/poly.md": "---\ntitle: 多态\ndate: 2019-09-12 18:53:58\ntags:\n"
                                 "\t- Java\n\t- 多态\n---\n\n正文。\n"})
    assert [w.message for w in imported.report.warnings] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = parse_html((out / "posts/poly/index.html").read_text(encoding="utf-8"))
    assert page.one("h1").text() == "多态"
    assert (out / "tags/java/index.html").is_file()


def test_front_matter_fenced_by_four_dashes(tmp_path: Path) -> None:
    """`----` fences (hexo-front-matter takes any run of three or more dashes, closed by
    the same run): the front matter was read as the body's text, the post untitled."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/count.md": "----\ntitle: 计数\n\ndate: 2018-09-09 19:25:05\n----\n\n"
                                  "正文。\n"})
    assert [w.message for w in imported.report.warnings] == []
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = parse_html((out / "posts/count/index.html").read_text(encoding="utf-8"))
    assert page.one("h1").text() == "计数"
    assert "title:" not in page.one("main").text()


def test_an_escaped_backslash_before_an_escaped_brace_in_math(tmp_path: Path) -> None:
    """`\\right\\\\\\}` (a probability post on hexo-renderer-marked closing a system of
    conditions): marked read `\\\\` as a backslash and `\\}` as a brace, so MathJax got
    `\\right\\}`; the import undid only the first, made `\\right\\\\}`, a row break and an
    unmatched brace, and the build failed."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/p.md": "---\ntitle: 独立\ndate: 2019-01-01\n---\n"
                              "如果$$ \\left. \\begin{aligned} & P(AB)=P(A)P(B) \\\\\\\\\n"
                              "& P(AC)=P(A)P(C) \\end{aligned} \\right\\\\\\} $$则相互独立\n"})
    post = (imported.dest / "content" / "posts" / "p.md").read_text(encoding="utf-8")
    assert "\\end{aligned} \\right\\} $$则" in post
    build(imported.dest, BuildOptions())  # (it failed on the formula)


def test_a_link_to_a_static_page_without_its_html(tmp_path: Path) -> None:
    """`[演示](/assets/html/bandit)` for `source/assets/html/bandit.html`, a demo Hexo
    copied as it was (`skip_render`): GitHub Pages answered the address without its
    `.html`; the new site's build failed on the link."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\nskip_render: assets/**\n",
        "source/assets/html/bandit.html": "<html><body>demo</body></html>\n",
        "source/_posts/rl.md": "---\ntitle: 多臂老虎机\ndate: 2023-10-28\n---\n"
                               "见 [交互演示](/assets/html/bandit)。\n"})
    post = post_text(imported, "rl")
    assert "[交互演示](/assets/html/bandit.html)" in post
    build(imported.dest, BuildOptions())  # (it raised on the link)
    assert (imported.dest / "public" / "assets" / "html" / "bandit.html").is_file()
