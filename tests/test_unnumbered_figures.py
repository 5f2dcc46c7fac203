"""Pandoc's unnumbered figure, `![Caption](x.png){.unnumbered}` (`{-}`): an importer's
form of the figure Pandoc (Quarto, bookdown, distill) made of an unlabelled image alone
in its paragraph, its alt text the caption, no number."""

from __future__ import annotations

from pathlib import Path

import pytest

from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext


def _html(text: str) -> str:
    return render_markdown(text, RenderContext(Path("p.md"), "p.md", lang="en")).html


@pytest.mark.parametrize("mark", ["{.unnumbered}", "{-}", "{ - }"])
def test_an_unnumbered_figure_shows_its_caption_and_is_not_counted(mark: str) -> None:
    html = _html(f"![Figure 1: The *network*](net.png){mark}\n\n"
                 "![Loss](loss.png){#fig-loss}\n\nSee @fig-loss.\n")
    assert '<figure class="figure">' in html
    assert "<figcaption>Figure 1: The <em>network</em></figcaption>" in html
    assert "Figure 1</span> Loss</figcaption>" in html  # (the labelled one is the first)
    assert '<a class="figref" href="#fig-loss">Figure 1</a>' in html
    assert "unnumbered" not in html and "{" not in html


def test_an_unnumbered_image_in_a_sentence_stays_an_image() -> None:
    html = _html("See ![a cat](cat.png){.unnumbered} here.\n")
    assert "<figure" not in html and 'alt="a cat"' in html
