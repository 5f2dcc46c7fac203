"""A front matter value's inline HTML as Markdown (importer/inline_html.py)."""
from __future__ import annotations

import pytest

from lanting.importer.inline_html import inline_html_as_markdown


@pytest.mark.parametrize(("written", "markdown"), [
    ("See <a href='https://x.org/?q=1&amp;p=2'>my <em>notes</em></a>.",
     "See [my *notes*](https://x.org/?q=1&p=2)."),
    ("<a href=\"/a\"><font color=\"#333\"> </font></a> <strong>Tsinghua</strong>",
     "**Tsinghua**"),
    ("line one<br/>line two", "line one line two"),
    ("a [draft] <a href=\"/d (1).pdf\">[PDF]</a>", "a [draft] [\\[PDF\\]](/d%20%281%29.pdf)"),
])
def test_inline_tags_become_markdown(written: str, markdown: str) -> None:
    assert inline_html_as_markdown(written) == markdown


@pytest.mark.parametrize("written", [
    "a <div>block</div> stays",  # (a tag with no Markdown of its own: the build warns)
    "write `<a href=\"x\">` by hand",  # (a code span shows the tag)
    "when a < b and c > d",
])
def test_other_text_is_left_as_written(written: str) -> None:
    assert inline_html_as_markdown(written) == written
