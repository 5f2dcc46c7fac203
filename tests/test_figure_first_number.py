"""`first_figure`: the number a page's first figure takes, in its chapter (a part of a
chapter, `chapter: "2.3"`, whose figures Sphinx counted on over its chapter's pages)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_frontmatter import ok, one_error

from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext


@pytest.mark.parametrize(("chapter", "first", "shown"), [
    ("2.3", 4, ["Figure 2.4", "Figure 2.5", "Figure 2.5"]),
    ("2.3", None, ["Figure 1", "Figure 2", "Figure 2"]),  # (its own count, as before)
    ("2", None, ["Figure 2.1", "Figure 2.2", "Figure 2.2"]),
    (None, 5, ["Figure 5", "Figure 6", "Figure 6"]),
])
def test_figures_numbered_from_the_first(chapter: str | None, first: int | None,
                                         shown: list[str]) -> None:
    html = render_markdown(
        "![A](a.png){#fig-a}\n\n![B](b.png){#fig-b}\n\nSee @fig-b.\n",
        RenderContext(Path("p.md"), "p.md", lang="en", chapter=chapter,
                      first_figure=first)).html
    assert re.findall(r'(?:figure-label|figref)[^>]*>([^<]*)<', html) == shown


def test_first_figure_in_front_matter() -> None:
    assert ok('---\ntitle: A\nchapter: "2.3"\nfirst_figure: 4\n---\n',
              "pages/p.md").meta.first_figure == 4
    problem = one_error("---\ntitle: A\nfirst_figure: 0\n---\n", "pages/p.md")
    assert problem.line == 3 and "first_figure" in problem.message


def test_a_myst_figure_without_a_caption_is_not_numbered() -> None:
    """Sphinx numbers a `{figure}` with a caption only; Lanting numbered one without,
    "Figure 1" over an empty caption, and the next one's number was off by one."""
    html = render_markdown(
        "```{figure} a.png\n:name: fig-z\n```\n\n```{figure} b.png\n:name: fig-y\n\n"
        "Cap.\n```\n\nSee {numref}`fig-y`, {ref}`fig-z`.\n",
        RenderContext(Path("p.md"), "p.md", lang="en")).html
    assert '<figure class="figure" id="fig-z"><img' in html
    assert html.count("<figcaption>") == 1 and "Figure 1</span> Cap." in html
    assert re.findall(r'figref[^>]*>([^<]*)<', html) == ["Figure 1", "fig-z"]

