"""Attribute blocks other tools write (`markdown/attributes.py`): Pandoc's and Quarto's
`{width=50%}`, kramdown's `{: …}`, MkDocs' `{ width="300" }` and HackMD's `=400x` after
an image, `{target="_blank"}` after a link, `{.python}` after code, `[text]{.mark}` were
printed as text, most without a word. (The rendered forms are in
tests/fixtures/attributes.txt.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext, RenderedMarkdown

CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                        body_line=4, base_path="/", image_sizes={"posts/fig.png": (800, 400)})


def render(text: str) -> RenderedMarkdown:
    return render_markdown(text, CONTEXT, MarkdownOptions())


@pytest.mark.parametrize("text", [
    "![x](fig.png){width=50%}", "![x](fig.png){: width=\"50%\"}",
    "![x](fig.png){ width=\"300\" }", "![x](fig.png =300x)", "![x](fig.png \"t\" =300x200)",
    "![x](fig.png){#fig-a width=300}", "![x](fig.png){.lightbox}",
    "![x](fig.png){:height 319, :width 689}", "![x](fig.png){:width 400}",
])
def test_no_attribute_is_left_as_text(text: str) -> None:
    rendered = render(f"段落。\n\n{text}\n")
    tree = parse_html(rendered.html)
    assert tree.find("img") is not None
    assert not any(c in tree.text() for c in "{}="), tree.text()
    assert rendered.problems == ()


def test_an_attribute_lanting_cannot_use_is_a_warning_at_its_line() -> None:
    rendered = render("段落。\n\n第二段\n![x](fig.png){width=wide fig-env=\"figure*\"}\n")
    tree = parse_html(rendered.html)
    assert "{" not in tree.text()
    (problem,) = rendered.problems
    assert problem.severity == "warning" and problem.line == 4 + 3
    assert "`width=wide`" in problem.message and "`fig-env=\"figure*\"`" in problem.message


def test_a_pixel_width_scales_the_height_from_the_file() -> None:
    img = parse_html(render("![x](fig.png){width=200}\n").html).find("img")
    assert img is not None
    assert (img.attrs["width"], img.attrs["height"]) == ("200", "100")


def test_a_percentage_keeps_the_files_size_for_the_aspect_ratio() -> None:
    img = parse_html(render("![x](fig.png){width=50%}\n").html).find("img")
    assert img is not None
    assert img.attrs["style"] == "width:50%"
    assert (img.attrs["width"], img.attrs["height"]) == ("800", "400")


def test_a_figure_label_in_a_longer_attribute_block_is_the_figures_id() -> None:
    rendered = render('![a](fig.png "架构"){#fig-arch .wide width=400}\n\n见 @fig-arch。\n')
    tree = parse_html(rendered.html)
    figure = tree.find("figure")
    assert figure is not None and figure.attrs["id"] == "fig-arch"
    link = tree.find("a")
    assert link is not None and link.attrs["href"] == "#fig-arch"
    assert rendered.problems == ()


def test_a_figure_label_with_a_dot_before_a_digit_is_one_label() -> None:
    """Pandoc's ids hold dots: a post labelled its plots by their parameters,
    `{#fig-map-3.5-0.2}`, `{#fig-map-3.8-0.9}`; both were read as `#fig-map-3` and a
    class, and the build failed on a label used twice."""
    rendered = render("![a](fig.png){#fig-map-3.5-0.2}\n\n![b](fig.png){#fig-map-3.8-0.9 "
                      ".wide}\n\nSee @fig-map-3.8-0.9.\n")
    tree = parse_html(rendered.html)
    assert [f.attrs["id"] for f in tree.find_all("figure")] == ["fig-map-3.5-0.2",
                                                                "fig-map-3.8-0.9"]
    link = tree.find("a")
    assert link is not None and link.attrs["href"] == "#fig-map-3.8-0.9"
    assert link.text().endswith("2")
    assert rendered.problems == ()


def test_a_labelled_image_inside_a_link_is_a_figure_that_leads_there() -> None:
    """`[![Alt](pic.png "Cap"){#fig-a}](https://…)` (a Quarto figure whose image links
    to its source): no figure, and `@fig-a` "refers to no labelled figure", an error. A
    titled image in a link with no label stays an image (a badge, a thumbnail)."""
    rendered = render('见 @fig-a。\n\n[![Alt](fig.png "Cap"){#fig-a}](https://example.org/)\n\n'
                      '[![Badge](fig.png "CI")](https://example.org/ci)\n')
    assert rendered.problems == ()
    tree = parse_html(rendered.html)
    (figure,) = tree.find_all("figure")
    assert figure["id"] == "fig-a" and figure.one("a")["href"] == "https://example.org/"
    assert figure.one("a").find("img") is not None
    assert figure.one("figcaption").text().endswith("Cap")
    # (the caption is Markdown, as an unlinked figure's is, and no tooltip repeats it)
    assert "title" not in figure.one("img").attrs


def test_a_hackmd_size_is_an_image_with_its_source_resolved() -> None:
    rendered = render("![曲线](fig.png =400x)\n")
    img = parse_html(rendered.html).find("img")
    assert img is not None and img.attrs["alt"] == "曲线"
    assert (img.attrs["width"], img.attrs["height"]) == ("400", "200")
    assert any(dep[0] == "image" for dep in rendered.deps)


@pytest.mark.parametrize(("text", "alt", "size"), [
    ("![架构图|250](fig.png)", "架构图", ("250", "125")),
    ("![image.png|250](https://example.org/a.png)", "image.png", ("250", None)),
    ("![曲线 | 300x120](fig.png)", "曲线", ("300", "120")),
    ("| 图 |\n|---|\n| ![图\\|200](fig.png) |", "图", ("200", "100")),
    ("![a|b](fig.png)", "a|b", ("800", "400")),
])
def test_an_obsidian_size_is_the_images_not_its_alt(
        text: str, alt: str, size: tuple[str, str | None]) -> None:
    """Obsidian's `![alt|250](x.png)` (a width, `|250x100` a size): the alt read
    "image.png|250" and the image kept its file's size."""
    img = parse_html(render(text + "\n").html).find("img")
    assert img is not None and img.attrs["alt"] == alt
    assert (img.attrs.get("width"), img.attrs.get("height")) == size


@pytest.mark.parametrize("text", [
    '[官网](https://example.org/){:target="_blank"}', '[官网](https://example.org/){target=_blank}',
    "`x`{.python}", "[小型大写]{.smallcaps}",
])
def test_link_code_and_span_attributes_are_not_text(text: str) -> None:
    rendered = render(f"{text}\n")
    assert not any(c in parse_html(rendered.html).text() for c in "{}=")
    assert rendered.problems == ()  # (kramdown's `{:…}` was "template syntax left")


def test_a_link_attribute_lanting_does_not_pass_is_a_warning() -> None:
    rendered = render('段落\n[x](https://example.org/){onclick="alert(1)"}\n')
    link = parse_html(rendered.html).find("a")
    assert link is not None and "onclick" not in link.attrs
    (problem,) = rendered.problems
    assert problem.severity == "warning" and problem.line == 4 + 1
    assert "link attribute" in problem.message


def test_bold_and_italic_text_take_an_attribute_block() -> None:
    """markdown-it-attrs (VitePress, Hexo) and kramdown put `**重点**{.red}` on the bold
    text: the block was printed after it, and `**书名**{target="_blank"}` (an attribute
    bold text has no use for, which the old site dropped) too, without a word."""
    rendered = render('**重点**{.red #key} 和 *斜体*{lang=en} 和 ~~删除~~{.old}\n\n'
                      '- **书名**{target="_blank"}, 作者\n')
    doc = parse_html(rendered.html)
    strong = doc.find("strong")
    assert strong is not None and strong.attrs == {"class": "red", "id": "key"}
    assert doc.find("em").attrs == {"lang": "en"} and doc.find("s").attrs == {"class": "old"}
    assert "{" not in doc.text()
    (problem,) = rendered.problems
    assert problem.severity == "warning" and problem.line == 4 + 2
    assert "emphasis attribute not used: `target=\"_blank\"`" in problem.message


@pytest.mark.parametrize("text", ["**集合**{1,2,3}", "*a*{b c}", "**x**{}"])
def test_braces_after_bold_text_that_are_no_attributes_stay_text(text: str) -> None:
    rendered = render(f"{text}\n")
    assert "{" in parse_html(rendered.html).text() and rendered.problems == ()


def test_nested_emphasis_takes_its_own_block() -> None:
    doc = parse_html(render("**外 *内*{.inner} 外**{.outer}\n").html)
    assert doc.find("strong").attrs == {"class": "outer"}
    assert doc.find("em").attrs == {"class": "inner"}


def test_an_attribute_value_holding_html_is_still_the_image_s() -> None:
    """A maths blog pastes a tweet's text as its image's kramdown `alt`, line breaks and
    all (`alt="Our Strange Universe.<br><br>Mathematics"`): markdown-it cut the block at
    each `<br>` (HTML to it), and the whole block showed as text after the image. The
    value is the attribute's, as kramdown read it; a `<br>` after the block is HTML."""
    rendered = render('![](fig.png){: #figure-1 width="100%" alt="Universe.<br><br>Maths"} '
                      "after<br>the image\n")
    tree = parse_html(rendered.html)
    img = tree.one("img")
    assert (img["id"], img["alt"]) == ("figure-1", "Universe.<br><br>Maths")
    assert tree.text().strip() == "afterthe image" and rendered.problems == ()
    assert len(tree.find_all("br")) == 1
