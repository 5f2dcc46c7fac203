"""Formulas published as images of a formula service (`markdown/formula_images.py`):
CodeCogs' in countless READMEs and Chinese notes, Google Charts', GitHub's, upmath's,
math.now.sh's (Zhihu's are in test_exports.py). The image came from the service on
every view; its TeX was "TeX left in the page"."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.markdown.formula_images import formula_of
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext, RenderedMarkdown

CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                        body_line=3, base_path="/")
COGS = "https://latex.codecogs.com/svg.latex?"


def render(text: str) -> RenderedMarkdown:
    return render_markdown(text, CONTEXT, MarkdownOptions())


@pytest.mark.parametrize(("url", "formula"), [
    (COGS + r"\frac{a}{b}", (r"\frac{a}{b}", "auto")),
    (COGS + r"\dpi{110}&space;\bg_white&space;x^2&plus;1", ("x^2+1", "auto")),
    (COGS.replace("svg.latex", "png.image") + r"\inline&space;\alpha", (r"\alpha", "inline")),
    ("http://latex.codecogs.com/gif.latex?\\ S_i = \\frac {e^i} {n}",
     (r"S_i = \frac {e^i} {n}", "auto")),
    (COGS + "%5Csum_%7Bi%7D%20x_i", (r"\sum_{i} x_i", "auto")),
    ("https://chart.googleapis.com/chart?cht=tx&chl=E%3Dmc%5E2", ("E=mc^2", "auto")),
    ("https://render.githubusercontent.com/render/math?math=%5Calpha", (r"\alpha", "auto")),
    ("https://i.upmath.me/svg/%5Cbeta%5E2", (r"\beta^2", "auto")),
    ("https://math.now.sh?inline=%5Cgamma", (r"\gamma", "inline")),
    ("https://www.zhihu.com/equation?tex=x%5C%5C", ("x", "display")),
    ("https://latex.codecogs.com/eqneditor/editor.php", None),
])
def test_the_tex_of_a_formula_image_url(url: str, formula: tuple[str, str] | None) -> None:
    assert formula_of(url) == formula


def test_a_formula_image_alone_is_a_display_formula_in_a_sentence_inline() -> None:
    rendered = render(f"Softmax：\n\n![softmax]({COGS}S_i=\\frac{{e^i}}{{\\sum_j&space;e^j}})\n\n"
                      f"其中 ![](https://latex.codecogs.com/gif.latex?e^i) 是分子。\n\n"
                      f"![]({COGS}\\inline&space;n) 单独一行但标了 inline。\n")
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert doc.find("img") is None
    assert len(doc.find_all("div", class_="math-display")) == 1
    assert len(doc.find_all("span", class_="math-inline")) == 2
    assert doc.one("div", class_="math-display").find("mfrac") is not None


def test_an_img_of_a_formula_alone_on_its_lines_is_a_display_formula() -> None:
    text = ('<p align="center"><img src="https://latex.codecogs.com/svg.latex?'
            'x_{t+1}=x_t-\\eta\\nabla f(x_t)" alt="update"></p>\n\n'
            '<img src="http://latex.codecogs.com/gif.latex?\\ S_i = \\frac {e^i} {n}" />\n')
    rendered = render(text)
    assert rendered.problems == ()
    doc = parse_html(rendered.html)
    assert len(doc.find_all("div", class_="math-display")) == 2 and doc.find("img") is None


def test_a_broken_formula_image_is_an_error_at_its_line() -> None:
    rendered = render(f"Text.\n\n![]({COGS}\\frac{{1}})\n")
    assert [p.line for p in rendered.problems] == [3 + 2]
    assert rendered.problems[0].severity == "error"


def test_an_ordinary_image_of_the_service_stays_an_image() -> None:
    doc = parse_html(render("![logo](https://latex.codecogs.com/logo.png)\n").html)
    assert doc.find("img") is not None and doc.find("math") is None
