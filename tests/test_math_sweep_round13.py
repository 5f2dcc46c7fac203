"""Faults a thirteenth formula sweep of math-heavy blogs and notes found: small pages
and sites written here."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from htmltree import parse_html
from importbits import NOW, jekyll_site
from sitebits import write_files
from test_import_hexo_sites import hexo_site
from test_import_hugo_sites import imported_site as import_site_hugo
from test_math_syntax import CONTEXT

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.errors import LantingError
from lanting.importer import import_site
from lanting.markdown.mathtext import mathml_text
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions


def _render(text: str, equation_numbers: str = "ams") -> tuple[str, tuple[str, ...]]:
    context = replace(CONTEXT, equation_numbers=equation_numbers)
    rendered = render_markdown(text, context, MarkdownOptions())
    return rendered.html, tuple(p.message for p in rendered.problems)


@pytest.mark.parametrize(("written", "script"), [
    ("45$^{\\circ}$N", "°"), ("30$^\\circ$C", "°"), ("10$^{-3}$ m", "⁻³"), ("H$_2$O", "₂")])
def test_a_script_glued_to_a_number_is_a_formula(written: str, script: str) -> None:
    """`45$^{\\circ}$N` (a Quarto post's latitude): Pandoc reads a formula there, Lanting
    took the `$` after a digit for money, paired the next `$` with a later one and
    showed the TeX. A formula that is a script is no price."""
    html, problems = _render(f"The buoy at {written} and the 2nd at {written}, 5$ and 6$.\n")
    assert problems == ()
    formulas = _MATH.findall(html)
    assert [mathml_text(f) for f in formulas] == [script, script]
    assert "$" not in _MATH.sub("", html).replace("5$ and 6$", "")


_MATH = re.compile(r"<math>.*?</math>", re.DOTALL)


def test_money_after_a_number_stays_money() -> None:
    """`5$ and $6`: still no formula."""
    html, problems = _render("It cost 5$ and $6 more, 7$^{\\text{th}}$.\n")
    assert problems == ()
    assert len(parse_html(html).find_all("math")) == 1


def test_a_degree_reads_as_a_degree_in_plain_text() -> None:
    """A summary or a title reads `30^{\\circ}` as `30°`, not `30^∘`."""
    html, _ = _render("$30^{\\circ}$\n")
    assert [mathml_text(f) for f in _MATH.findall(html)] == ["30°"]


def test_a_tag_keeps_its_small_capitals() -> None:
    """`\\tag{\\textsc{a}}` (a theorem's name as a tag): the tag was drawn as plain
    text, `(a)`; it keeps text mode's small capitals, as in a formula. A reference
    to it reads the tag's text."""
    html, problems = _render("$$\ny = 2 \\tag{\\textsc{a}}\\label{q}\n$$\n\n"
                             "$$\nz \\tag{\\emph{b}}\n$$\n\nBy \\eqref{q}.\n")
    assert problems == ()
    tree = parse_html(html)
    tags = tree.find_all("mtext")
    assert [t.text() for t in tags] == ["(a)", "(b)"]
    assert "small-caps" in (tags[0].one("span").get("style") or "")
    assert tags[1].one("em").text() == "b"
    assert tree.one("a", class_="eqref").find_all("span") == []


@pytest.mark.parametrize("inner", ["pmatrix", "matrix", "array}{cc", "cases"])
def test_a_tag_in_a_matrix_in_an_align_numbers_its_row(inner: str) -> None:
    """`a &= \\begin{pmatrix} 1 & 2 \\tag{5} \\end{pmatrix} \\\\` in an `align`: MathJax
    numbers the row with it (a matrix keeps no numbers), math-core refused it there and
    the formula failed the build. A `\\label` there labels the row."""
    env = inner.split("}")[0]
    html, problems = _render(
        f"$$\n\\begin{{align}}\na &= \\begin{{{inner}}} 1 & 2 \\tag{{5}} \\end{{{env}}} \\\\\n"
        f"b &= \\left\\{{\\begin{{{inner}}} c \\label{{q}} \\end{{{env}}}\\right. \\\\\n"
        "d &= e\n\\end{align}\n$$\n\nBy \\eqref{q}.\n")
    assert problems == ()
    tree = parse_html(html)
    assert [t.text() for t in tree.find_all("mtext")] == ["(5)", "(1)", "(2)"]
    assert tree.one("a", class_="eqref").text() == "(1)"


def test_a_tag_nested_in_matrices_of_an_align_row() -> None:
    """Matrices in matrices: the tag leaves the outermost, with its braces whole."""
    html, problems = _render(
        "\\begin{align}\na &= \\begin{pmatrix} \\begin{matrix} 1 \\tag{\\textsc{b}} "
        "\\end{matrix} & 2 \\end{pmatrix} \\\\\nd &= e \\tag{7}\n\\end{align}\n")
    assert problems == ()
    assert [t.text() for t in parse_html(html).find_all("mtext")] == ["(b)", "(7)"]


def test_a_pages_own_equation_numbers(tmp_path: Path) -> None:
    """`equation_numbers: all` in a page's front matter numbers its every display, over
    `[markdown] equation_numbers`; another value is an error at its line."""
    site = tmp_path / "site"
    (site / "content/posts").mkdir(parents=True)
    (site / "lanting.toml").write_text('title = "T"\nbase_url = "https://example.org/"\n',
                                       encoding="utf-8")
    (site / "content/posts/a.md").write_text(
        "---\ntitle: A\ndate: 2024-01-01\nequation_numbers: all\n---\n\n$$\nx\n$$\n",
        encoding="utf-8")
    (site / "content/posts/b.md").write_text(
        "---\ntitle: B\ndate: 2024-01-01\n---\n\n$$\nx\n$$\n", encoding="utf-8")
    result = build(site, BuildOptions(output=tmp_path / "out"))
    numbers = {name: [t.text() for t in parse_html(
        (result.output / f"posts/{name}/index.html").read_text(encoding="utf-8")
    ).find_all("mtext")] for name in "ab"}
    assert numbers == {"a": ["(1)"], "b": []}
    (site / "content/posts/b.md").write_text(
        "---\ntitle: B\ndate: 2024-01-01\nequation_numbers: al\n---\n\nx\n", encoding="utf-8")
    with pytest.raises(LantingError) as error:
        build(site, BuildOptions(output=tmp_path / "out2"))
    problem = next(p for p in error.value.problems if "equation_numbers" in p.message)
    assert problem.line == 4
    assert problem.hint is not None and "`all`" in problem.hint


OWN_SETUP = """<script>
window.MathJax = { tex: { tags: 'all', inlineMath: [['$','$']] } };
</script>
<script src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>
"""


def test_a_posts_own_mathjax_numbering(tmp_path: Path) -> None:
    """A post setting MathJax up in a `<script>` of its own with `tags: 'all'` (its
    derivation numbered line by line): the script is removed, as before, and its
    numbering was lost; the post gets `equation_numbers: all`, its `$$x$$` a number,
    and an `\\eqref` to it the number the old page showed. The other posts stay as
    the site numbered them."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nmarkdown: kramdown\n",
        "_posts/2024-03-01-loss.md": "---\ntitle: Loss\n---\n" + OWN_SETUP
        + "\n$$\nL = \\sum_i \\ell_i \\label{eq:l}\n$$\n\nBy \\eqref{eq:l}.\n",
        "_posts/2024-03-02-other.md": "---\ntitle: Other\n---\n\n$$\nx = 1\n$$\n"})
    assert "equation_numbers: all" in (imported.dest / "content/posts/loss.md").read_text(
        encoding="utf-8")
    assert "equation_numbers" not in (imported.dest / "content/posts/other.md").read_text(
        encoding="utf-8")
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    loss = parse_html((result.output / "posts/loss/index.html").read_text(encoding="utf-8"))
    assert [t.text() for t in loss.find_all("mtext")] == ["(1)"]
    assert loss.one("a", class_="eqref").text() == "(1)"
    other = parse_html((result.output / "posts/other/index.html").read_text(encoding="utf-8"))
    assert other.find_all("mtext") == []


def test_a_figure_includes_caption_keeps_its_formulas(tmp_path: Path) -> None:
    """minimal-mistakes' `{% include figure … caption="… \\\\((\\rho,\\\\,\\chi)\\\\) …" %}`
    (the theme's `markdownify` gave kramdown the caption, MathJax read `\\(…\\)`): the
    formula's delimiters were taken for escaped parentheses, and the caption showed
    `((\\rho,\\,\\chi))`. It is a formula, its thin space kept, kramdown's `\\|` a bar."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Notes\nmarkdown: kramdown\ntheme: minimal-mistakes-jekyll\n",
        "assets/a.png": b"\x89PNG\r\n\x1a\n",
        "_posts/2024-03-01-plot.md": "---\ntitle: Plot\n---\n\n{% include figure "
        'image_path="/assets/a.png" alt="A plot" caption="The \\\\((\\rho,\\\\,\\chi)\\\\) '
        'plane, by \\|\\\\(\\Delta \\\\) KL\\|." %}\n'})
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    page = parse_html((result.output / "posts/plot/index.html").read_text(encoding="utf-8"))
    caption = page.one("figcaption")
    assert len(caption.find_all("math")) == 2
    assert caption.find_all("mspace")[0].get("width") == "0.16666667em"
    assert "\\" not in caption.text() and "((" not in caption.text()
    assert "|" in caption.text()


def test_a_notes_heading_title_keeps_its_formulas_stars(tmp_path: Path) -> None:
    """A note whose title is its first heading, `# F61 — the mode count $g_*$: …` (a
    folder of physics notes): the title's emphasis marks were dropped, the formula's
    `*` with them, and `$g_$` failed the build. A formula of the title stays whole."""
    write_files(tmp_path / "old", {
        "f61.md": "# F61 — The count $g_*$ and *the* rate $a*b$\n\nText $x$.\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", "notes", False, NOW)
    text = (imported.dest / "content/pages/f61.md").read_text(encoding="utf-8")
    assert "$g_*$" in text and "$a*b$" in text and " the rate" in text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    title = parse_html((result.output / "f61/index.html").read_text(encoding="utf-8")).one(
        "h1")
    assert len(title.find_all("math")) == 2


def test_a_brace_escaped_as_for_markdown_is_explained() -> None:
    """`$$ … \\mathbf{1}\\\\{p=i\\\\}. $$` (a kramdown post: its writer escaped the braces
    as for Markdown, but kramdown passes a `$$` display to MathJax as written): TeX's row
    break inside a group fails; the hint says what was meant, `\\{`."""
    rendered = render_markdown("$$\nY\\,\\mathbf{1}\\\\{p=i\\\\}.\n$$\n", CONTEXT,
                               MarkdownOptions())
    (problem,) = rendered.problems
    assert problem.hint is not None and "write `\\{`" in problem.hint


@pytest.mark.parametrize("written", ["\\not\\!\\Pi", "\\not{\\!\\!\\Pi}", "\\not\\, \\Pi"])
def test_feynman_slash_with_a_kern(written: str) -> None:
    """`$(\\not\\!\\Pi - m)S$` (a physics note's Dirac operator): the negative space only
    moves MathJax's slash over the letter; math-core wanted the letter right after
    `\\not` and the build failed. It is the slashed letter, `Π̸`."""
    html, problems = _render(f"The equation ${written} - m$ holds, $a \\not= b$.\n")
    assert problems == ()
    assert [mathml_text(f) for f in _MATH.findall(html)] == ["Π̸−m", "a ≠ b"]


def test_a_digit_after_a_formula_of_a_command() -> None:
    """`| $\\geq$3 |` (a table's "3 or more", an actuarial wiki's): the digit after the
    closing `$` made it money, and the cell showed `$\\geq$3`. A formula starting with a
    command is no price; `$x$1` and `$5 and $10` stay text."""
    html, problems = _render("| n | p |\n|---|---|\n| $\\geq$3 | 0.1 |\n\n"
                             "Then $x$1, $5 and $10.\n")
    assert problems == ()
    assert [mathml_text(f) for f in _MATH.findall(html)] == ["≥"]
    assert "$x$1, $5 and $10" in html


def test_a_mathjax_setup_in_a_script_the_head_loads(tmp_path: Path) -> None:
    """A Jekyll site whose MathJax 2 setup is a file of its own in `js/`, loaded as
    `MathJax.js?config=TeX-AMS_HTML,{{ site.url }}/js/mathjax-config.js`: the importer
    read setups only in `_includes/`, `_layouts/`, `assets/js/` and `_data/`, took its
    `$` for dollar signs (a quantum blog's 468 escaped, every formula shown as TeX) and
    missed its macros. A script the templates load is read wherever it is."""
    imported = jekyll_site(tmp_path, {
        "_config.yml": "title: Q\nmarkdown: kramdown\n",
        "_includes/head.html": '<script src="//cdn/mathjax/2.7.1/MathJax.js?config='
        'TeX-AMS_HTML,{{ site.url }}/js/mathjax-config.js"></script>\n',
        "js/mathjax-config.js": "---\n---\nMathJax.Hub.Config({tex2jax: {inlineMath: "
        "[['$','$']]}, TeX: {Macros: {ket: ['\\\\left|{#1}\\\\right\\\\rangle', 1]}}});\n",
        "_posts/2024-01-01-q.md": "---\ntitle: Q\n---\n\nA qubit $\\ket{0}$ costs $5.\n"})
    text = (imported.dest / "content/posts/q.md").read_text(encoding="utf-8")
    assert "$\\ket{0}$" in text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    html = (result.output / "posts/q/index.html").read_text(encoding="utf-8")
    prose = parse_html(html).one("div", class_="prose")
    assert len(prose.find_all("math")) == 1
    assert "costs $5." in prose.text()


@pytest.mark.parametrize("written", ["\\Big.", "\\bigl.", "\\Biggm ."])
def test_a_sized_null_delimiter(written: str) -> None:
    """`$$I \\equiv \\Big.\\tfrac{1}{16\\pi G}\\Big|_\\text{lat}$$` (an evaluation bar whose
    left half is TeX's null delimiter): MathJax draws nothing there, math-core wanted a
    parenthesis and the formula failed the build."""
    html, problems = _render(f"$$\nI \\equiv {written}\\tfrac{{1}}{{2}}\\Big|_a\n$$\n")
    assert problems == ()
    (formula,) = re.findall(r"<math\b.*?</math>", html, re.DOTALL)
    assert "." not in mathml_text(formula)


@pytest.mark.parametrize("generator", ["hugo", "hexo"])
def test_a_hugo_or_hexo_posts_own_mathjax_scripts(tmp_path: Path, generator: str) -> None:
    """A Hugo (or Hexo) post setting MathJax up and loading it in `<script>`s of its
    own: they stayed in its text, and the page loaded MathJax from a CDN over Lanting's
    formulas (its `tags: 'all'` lost). They are removed, as a Jekyll post's are, and
    the post gets `equation_numbers: all`."""
    post = "---\ntitle: A\ndate: 2024-01-01\n---\n\n" + OWN_SETUP + "\n$$\nx = 1\n$$\n"
    imported = import_site_hugo(tmp_path, {
        "hugo.toml": 'title = "H"\nbaseURL = "https://x.org/"\n',
        "content/posts/a.md": post}) if generator == "hugo" else hexo_site(tmp_path, {
            "_config.yml": "title: X\nurl: https://x.org\n", "source/_posts/a.md": post})
    text = (imported.dest / "content/posts/a.md").read_text(encoding="utf-8")
    assert "<script" not in text and "equation_numbers: all" in text
    result = build(imported.dest, BuildOptions(output=tmp_path / "out"))
    html = (result.output / "posts/a/index.html").read_text(encoding="utf-8")
    assert "mathjax@3" not in html
    assert [t.text() for t in parse_html(html).find_all("mtext")] == ["(1)"]
