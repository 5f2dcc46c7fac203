"""Faults a fourth formula sweep of math-heavy blogs (Jekyll, Hexo, Hugo and note folders
of ML, optimisation and physics derivations) found, and leftovers of the third: small
sites and pages written here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from htmltree import parse_html
from importbits import NOW, jekyll_site, page
from sitebits import write_files
from test_import_hexo_sites import hexo_site
from test_import_hugo_sites import imported_site as hugo_site
from test_import_hugo_sites import prose
from test_math_blog_sweep import shown
from test_math_syntax import CONTEXT, render

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.markdown.math_given_macros import check_macro
from lanting.markdown.mathtext import mathml_text
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext


@pytest.mark.parametrize(("text", "rows"), [
    ("$$\n\\sum_{i=1 \\\\ j \\neq i} w_{ij}\n$$\n", ["i=1", "j≠i"]),
    ("$$\\max_{\\theta \\\\ \\phi} J$$\n", ["θ", "ϕ"]),
    ("令 $\\min\\limits_{a \\\\ b} f$ 最小\n", ["a", "b"]),
    ("$\\underset{x \\\\ y}{\\arg\\max}\\, g$\n", ["x", "y"]),
    ("$$\n\\begin{aligned}\nL &= \\sum_{s \\\\ a} q \\\\\n&= 0\n\\end{aligned}\n$$\n",
     ["s", "a"]),
])
def test_rows_in_a_script_are_stacked(text: str, rows: list[str]) -> None:
    """`\\sum_{i=1 \\\\ j \\neq i}` (a script's rows written without `\\substack`): a
    display failed the build ("`\\\\` may only appear at the top level of a table"), in
    `aligned` too, and an inline formula ran the rows together. They are stacked, as
    `\\substack` stacks them."""
    rendered = render(text)
    assert rendered.problems == ()
    table = parse_html(rendered.html).find_all("mtable")[-1]
    assert [row.text() for row in table.find_all("mtr")] == rows


def test_a_displays_own_row_break_still_breaks_beside_a_scripts_rows() -> None:
    """A display's own `\\\\` (outside any environment) makes it two lines, also when a
    script of it has rows of its own."""
    rendered = render("$$\na_{i \\\\ j} = 1 \\\\ b = 2\n$$\n")
    assert rendered.problems == ()
    rows = [row.text() for row in parse_html(rendered.html).find_all("mtr")]
    assert rows[-1] == "b=2" and "i" in rows and "j" in rows


@pytest.mark.parametrize(("tex", "text"), [
    ("\\mathbfit{x}^\\top \\mathbfit{W}", "𝒙^⊤ 𝑾"), ("\\mathbfit{\\alpha}", "𝜶"),
    ("\\mathbfup{v}", "𝐯"), ("\\mathup{d}x", "dx"), ("\\mathsfup{T}", "𝖳"),
    ("\\mathbfscr{L}", "𝓛"), ("\\mathbffrak{g}", "𝖌"), ("\\mathbfsfup{A1}", "𝗔𝟭"),
    ("\\mathbfsfit{z}", "𝙯"), ("\\mathbfscr{\\alpha}", "α"),
])
def test_mathjax_alphabets_of_unicode_math(tex: str, text: str) -> None:
    """MathJax's `\\mathbfit{x}` (a bold italic vector, as unicode-math writes one) and its
    kin were "Unknown command": they are the letters of that alphabet."""
    assert shown(tex) == text


def test_newextarrow_defines_an_arrow_for_the_page() -> None:
    """MathJax's extpfeil `\\Newextarrow{\\xfoo}{5,10}{0x21C0}` defines an arrow that
    takes text over and under it; each use failed the build ("Unknown command"), and
    so did the definition. One of a character math-core stretches is that arrow; any
    other is the character with the text over and under it; redefining an arrow
    math-core has is no loop."""
    rendered = render(
        "定义 $\\Newextarrow{\\xup}{5,10}{0x21C0}\\Newextarrow\\xsq{0,0}{10239}$，"
        "$\\Newextarrow{\\xmapsto}{2,7}{0x21A6}$\n\n"
        "则 $a \\xup[k]{t} b$，$c \\xsq{s} d$，$e \\xmapsto{f} g$。\n")
    assert rendered.problems == ()
    texts = [mathml_text(m) for m in re.findall(r"<math.*?</math>", rendered.html, re.S)]
    assert texts[2:] == ["a ⇀_k^t b", "c⟿^s d", "e ↦^f g"]


@pytest.mark.parametrize("config", [
    "math:\n  katex:\n    options:\n      macros:\n        \"\\\\RR\": \"\\\\mathbb{R}\"\n"
    "        \"\\\\inner\": \"\\\\langle #1, #2 \\\\rangle\"\n",
    "math:\n  engine: mathjax\n  mathjax:\n    options:\n      tex:\n        macros:\n"
    "          RR: \"\\\\mathbb{R}\"\n          inner: [\"\\\\langle #1, #2 \\\\rangle\", 2]\n",
    "math:\n  mathjax:\n    config:\n      TeX:\n        Macros:\n"
    "          RR: \"\\\\mathbb{R}\"\n          inner: [\"\\\\langle #1, #2 \\\\rangle\", 2]\n",
    "markdown:\n  plugins:\n    - name: \"@renbaoshuo/markdown-it-katex\"\n"
    "      options:\n        macros:\n          \"\\\\RR\": \"\\\\mathbb{R}\"\n"
    "          \"\\\\inner\": \"\\\\langle #1, #2 \\\\rangle\"\n",
    "katex:\n  macros:\n    \\RR: \\mathbb{R}\n    \\inner: \\langle #1, #2 \\rangle\n",
    "markdown:\n  plugins:\n    - plugin:\n      name: \"@neilsustc/markdown-it-katex\"\n"
    "      options:\n        macros:\n          \"\\\\RR\": \"\\\\mathbb{R}\"\n"
    "          \"\\\\inner\": \"\\\\langle #1, #2 \\\\rangle\"\n",
    "markdown_it_plus:\n  plugins:\n    - plugin:\n        name: \"@neilsustc/markdown-it-katex\"\n"
    "        enable: true\n        options:\n          macros:\n"
    "            \"\\\\RR\": \"\\\\mathbb{R}\"\n"
    "            \"\\\\inner\": \"\\\\langle #1, #2 \\\\rangle\"\n",
])
def test_macros_of_hexo_math_plugins_in_the_sites_config(tmp_path: Path, config: str) -> None:
    """hexo-math's macros (`math: katex: options: macros`, `math: mathjax: options: tex:
    macros`, its MathJax 2 `config: TeX: Macros`), hexo-katex's and those of a
    markdown-it KaTeX plugin in `_config.yml` (as Butterfly's docs write one, `name`
    beside an empty `plugin:`) were not read (hexo-filter-mathjax's were): each formula
    using one failed the build. They are `[markdown] math_macros`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n" + config,
        "source/_posts/svm.md": "---\ntitle: 支持向量机\ndate: 2023-05-01\n---\n"
                                "设 $w \\in \\RR^d$，间隔为 $\\inner{w}{x} + b$。\n"})
    assert imported.report.warnings == []
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = parse_html((imported.dest / "public" / "posts" / "svm" / "index.html")
                      .read_text(encoding="utf-8"))
    maths = page.one("main").find_all("math")
    assert "ℝ" in maths[0].text() and "⟨" in maths[1].text()


def test_kramdowns_escaped_display_inside_a_sentence_stays_a_display(
        tmp_path: Path) -> None:
    """`where \\\\[ d \\\\] is the dimension` (kramdown reads `\\\\[` as `\\[`, which
    MathJax showed as a display, breaking the paragraph) became `$$ d $$` inside the
    sentence, which Lanting reads as inline math. It is a display on lines of its own,
    the sentence going on under it, in a list item and a quote too; a mark after it
    ends the formula; in a table's cell it stays where it is."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\nmarkdown: kramdown\n",
        "_posts/2024-02-01-pca.md": (
            "---\ntitle: PCA\n---\n\n"
            "Project onto \\\\[ k \\\\] components, then stop.\n\n"
            "- each step costs \\\\[ O(n^2) \\\\]. Cheap.\n\n"
            "> 误差为 \\\\[ \\epsilon \\\\]，其中 \\\\( \\epsilon > 0 \\\\)。\n\n"
            "| name | value |\n|---|---|\n| rank | \\\\[ r \\\\] |\n")})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    prose = parse_html((out / "posts" / "pca" / "index.html").read_text(encoding="utf-8")
                       ).one("div", class_="prose")
    displays = [d.text() for d in prose.find_all("div", class_="math-display")]
    assert len(displays) == 3
    assert [p.text().strip() for p in prose.find_all("p")][:2] == ["Project onto",
                                                                  "components, then stop."]
    item = prose.one("li")
    assert item.one("div", class_="math-display") is not None and "Cheap." in item.text()
    quote = prose.one("blockquote")
    assert quote.one("div", class_="math-display") is not None and "其中" in quote.text()
    cell = prose.one("table").find_all("td")[-1]
    assert cell.one("span", class_="math-inline") is not None


def test_a_notes_display_with_a_blank_line_in_a_list_item_is_one_formula(
        tmp_path: Path) -> None:
    """A Typora note's `$$` display indented under a list item, with a blank line in
    it (Typora read it to its closing `$$`): only displays opening at the margin were
    joined, so this one ended at the blank line and both halves showed as TeX. A `$$`
    in an indented code block (under no list item) stays code."""
    write_files(tmp_path / "old", {"降维.md": (
        "# 降维\n\n- 把样本写成基的组合：\n\n    其中 $x$ 为列向量\n    $$\n"
        "    \\begin{aligned}\n    x &= U c \\\\\n\n    &= \\sum_k c_k u_k\n"
        "    \\end{aligned}\n    $$\n\n- 下一条\n\n代码：\n\n    $$\n    a\n\n    b\n    $$\n")})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    prose = page(result.output, "/降维/").one("div", class_="prose")
    item = prose.find_all("li")[0]
    assert len(item.find_all("math")) == 2 and "\\begin" not in item.text()
    assert prose.one("pre").raw_text().strip() == "$$\na\n\nb\n$$"


def test_a_configured_macro_built_on_one_lanting_rewrites_converts() -> None:
    """`grad = "\\nabla"` (a name of the physics package's, which Lanting rewrites, so
    it is expanded as text) and `divg = "\\grad \\cdot #1"` built on it: the converter
    took `divg` and did not know `\\grad` ("Unknown command"), so the import left both
    out with a warning, and a page using `\\divg` failed."""
    macros = (("grad", "\\nabla"), ("divg", "\\grad \\cdot #1"),
              ("divgv", "\\divg{\\mathbf{#1}}"))
    for name, expansion in macros:
        check_macro(name, expansion, macros)
    context = RenderContext(path=CONTEXT.path, rel=CONTEXT.rel, macros=macros)
    rendered = render_markdown("$\\divgv{E} = \\divg{B}$\n", context, MarkdownOptions())
    assert rendered.problems == ()
    assert shown_text(rendered.html) == ["∇⋅𝐄 = ∇⋅B"]


def shown_text(html: str) -> list[str]:
    return [mathml_text(m) for m in re.findall(r"<math.*?</math>", html, re.S)]


MATHTOOLS_SETUP = """window.MathJax = {
  loader: {load: ['[tex]/mathtools']},
  tex: {
    inlineMath: [['$', '$']],
    packages: {'[+]': ['mathtools']},
    macros: {
      // old: ['\\\\left\\\\lceil #1 \\\\right\\\\rceil', 1],
      RR: '\\\\mathbb{R}'
    },
    mathtools: {
      pairedDelimiters: {
        ceil: ['\\\\lceil', '\\\\rceil', '#1', 1, '', ''],
        normsub: ['\\\\lVert', '\\\\rVert', '#1', 2, '', '_{#2}']
      }
    }
  }
};
"""


def test_a_mathjax_setups_paired_delimiters_and_commented_macros(tmp_path: Path) -> None:
    """mathtools' `pairedDelimiters` in a Jekyll site's MathJax setup (`\\ceil{x}`,
    `\\normsub{v}{2}`) were not read, and each formula using one failed the build;
    a macro the setup comments out (`// old: […]`) was read as one."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\nmarkdown: kramdown\n",
        "assets/js/mathjax-config.js": MATHTOOLS_SETUP,
        "_posts/2024-03-01-bounds.md": "---\ntitle: Bounds\n---\n\n"
                                       "Take $\\ceil{x} \\in \\RR$ and $\\normsub{v}{2}$.\n"})
    toml = (imported.dest / "lanting.toml").read_text(encoding="utf-8")
    assert "ceil = " in toml and "normsub = " in toml and "old = " not in toml
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    html = (out / "posts" / "bounds" / "index.html").read_text(encoding="utf-8")
    assert shown_text(html) == ["⌈x⌉ ∈ ℝ", "‖v‖₂"]


def test_a_jekyll_permalink_without_its_leading_slash(tmp_path: Path) -> None:
    """`permalink: ':title/'` (a math blog's `_config.yml`): Jekyll reads it from the
    site's root; it was written `posts = ":slug/"`, which stopped the build."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\nmarkdown: kramdown\npermalink: ':title/'\n",
        "_posts/2024-03-01-lagrange.md": "---\ntitle: Lagrange\n---\n\nDuality.\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    assert (out / "lagrange" / "index.html").is_file()


def test_a_mathjax_setups_own_delimiters_are_math(tmp_path: Path) -> None:
    """A Jekyll blog's MathJax setup reading `@x@` and `@@x@@` (its way around kramdown's
    own `$$`): MathJax showed formulas there, Lanting showed them as written, with a
    "TeX left in the page" warning each. They are formulas, read as MathJax got them
    (kramdown's escapes undone); the setup's standard `$` stays as it was."""
    setup = ("<script>\nwindow.MathJax = {\n  tex: {\n    inlineMath: [['@', '@']],\n"
             "    displayMath: [['@@', '@@'],],\n  }\n};\n</script>\n")
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: T\nmarkdown: kramdown\n",
        "_includes/scripts.html": setup,
        "_posts/2024-03-02-attention.md": (
            "---\ntitle: Attention\n---\n\n"
            "Scores @q_1 \\cdot k_1@ over @\\sqrt{d}@, costing $5.\n\n"
            "@@\n\\mathrm{softmax}(QK^T) V\n@@\n\nMail me at a@b.org.\n")})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    html = (out / "posts" / "attention" / "index.html").read_text(encoding="utf-8")
    prose = parse_html(html).one("div", class_="prose")
    assert len(prose.find_all("div", class_="math-display")) == 1
    assert len(prose.find_all("math")) == 3
    assert "$5" in prose.text() and "a@b.org" in prose.text()


@pytest.mark.parametrize(("tex", "text"), [
    ("\\ce{SiO_{2}}", "SiO₂"), ("\\ce{Si + 2H_{2}O\\rightarrow SiO_{2} + 2H_{2}}",
                                "Si+2H₂O → SiO₂+2H₂"),
    ("\\ce{SiC\\stackrel{高温}{=>}Si}", "SiC= >^{高温}Si"),
    ("\\ce{Si + O_{2} \\rightarrow SiO_{2}}", "Si+O₂ → SiO₂"),
])
def test_mhchem_subscripts_as_tex_and_tex_commands_inside(tex: str, text: str) -> None:
    """Process notes wrote `\\ce{SiO_{2}}` (a count as TeX's subscript) and put TeX
    commands inside a `\\ce` (`\\rightarrow`, `\\stackrel{高温}{=>}`), which mhchem
    sets as TeX: every such formula failed the build (16 on one course's notes)."""
    assert shown(tex) == text


def test_a_passed_through_bracket_display_inside_a_sentence(tmp_path: Path) -> None:
    """Goldmark's `passthrough` left `\\[ d \\]` in a sentence as written and MathJax
    showed a display there; Lanting read `\\[` inside a paragraph as an escaped bracket
    and showed `[ d ]`, with no warning. It is a display on lines of its own; in code
    it stays as written."""
    imported = hugo_site(tmp_path, {
        "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "笔记"\n'
                     "[markup.goldmark.extensions.passthrough]\nenable = true\n"
                     "[markup.goldmark.extensions.passthrough.delimiters]\n"
                     "block = [['\\[', '\\]'], ['$$', '$$']]\n"
                     "inline = [['\\(', '\\)']]\n",
        "content/posts/pca.md": "---\ntitle: 主成分\ndate: 2024-03-01\n---\n\n"
                                "取前 \\[ k \\] 个主成分，写作 `\\[k\\]`。\n\n"
                                "- 方差为 \\[ \\sigma^2 \\]\n"})
    out = build(imported.dest, BuildOptions(output=tmp_path / "out")).output
    page = prose(out, "posts/pca/index.html")
    assert len(page.find_all("div", class_="math-display")) == 2
    assert page.one("code").text() == "\\[k\\]"
    assert "[ k ]" not in page.text()
