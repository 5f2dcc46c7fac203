"""`[markdown] cjk_breaks`: a line end inside a paragraph between two Chinese or Japanese
characters is no space (CSS Text 3's rule, which Chrome and Safari do not apply), so
that Chinese wrapped in the source reads as one run; anywhere else it stays a line end."""

from __future__ import annotations

import re
import unicodedata
from html import unescape
from pathlib import Path

import pytest
from htmltree import parse_html
from hypothesis import given
from hypothesis import strategies as st

from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext

CONTEXT = RenderContext(path=Path("/s/content/posts/a.md"), rel="posts/a.md")
PLAIN = MarkdownOptions(cjk_spacing=False)


def _html(text: str, options: MarkdownOptions = PLAIN) -> str:
    return render_markdown(text, CONTEXT, options).html.strip()


@pytest.mark.parametrize(("text", "shown"), [
    ("第一行，\n第二行。", "<p>第一行，第二行。</p>"),
    ("日本語の\nテキスト", "<p>日本語のテキスト</p>"),
    ("中文\n**粗体**\n中文", "<p>中文<strong>粗体</strong>中文</p>"),  # through markup
    ("见\n[链接](https://example.org/)\n说明",
     '<p>见<a href="https://example.org/">链接</a>说明</p>'),
    ("- 列表项\n  续行", "<ul>\n<li>列表项续行</li>\n</ul>"),
    ("> 引用\n> 续行", "<blockquote>\n<p>引用续行</p>\n</blockquote>"),
])
def test_a_line_end_between_chinese_characters_is_no_space(text: str, shown: str) -> None:
    assert _html(text) == shown


@pytest.mark.parametrize("text", [
    "中文\nEnglish", "English\n中文", "one\ntwo",
    "한국어\n문장",  # (Korean puts spaces between words)
    "中文\n`code`", "公式\n$x$", "$x$\n公式",  # (a code span or formula is no character)
])
def test_a_line_end_next_to_anything_else_stays(text: str) -> None:
    assert "\n" in _html(text).removeprefix("<p>").removesuffix("</p>")


def test_it_keeps_its_line_end_when_line_ends_are_line_breaks() -> None:
    assert _html("第一行\n第二行", MarkdownOptions(breaks=True, cjk_spacing=False)) \
        == "<p>第一行<br />\n第二行</p>"


def test_off_it_is_commonmarks_line_end() -> None:
    assert _html("第一行\n第二行", MarkdownOptions(cjk_breaks=False, cjk_spacing=False)) \
        == "<p>第一行\n第二行</p>"


def test_the_summary_and_text_read_as_one_run() -> None:
    """A search for `显存` finds a page whose source wrapped it as `显⏎存`."""
    rendered = render_markdown("训练时的显\n存占用。\n", CONTEXT, PLAIN)
    assert rendered.excerpt == "训练时的显存占用。"
    assert parse_html(rendered.html).one("p").text() == "训练时的显存占用。"


_PIECES = st.sampled_from(["中文", "，", "。", "English", "`c`", "$x$", "**粗**", "한국", " ",
                           "「引」", "ｶﾅ", "\n"])


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "FWH" and not "\uac00" <= char <= "\ud7af"


@given(st.lists(_PIECES, min_size=1, max_size=12).map(
    lambda pieces: "\n".join(s for line in "".join(pieces).split("\n") if (s := line.strip()))))
def test_only_line_ends_between_wide_characters_go(text: str) -> None:
    """One paragraph, shown with the rule, is what it shows without it but for the line
    ends whose neighbours there are both wide characters."""
    off = _shown(_html(text, MarkdownOptions(cjk_breaks=False, cjk_spacing=False)))
    expected = "".join(c for i, c in enumerate(off) if not (
        c == "\n" and 0 < i < len(off) - 1 and _wide(off[i - 1]) and _wide(off[i + 1])))
    assert _shown(_html(text)) == expected


def _shown(html: str) -> str:
    """The text with its line ends (`htmltree`'s text reads them as spaces)."""
    return unescape(re.sub(r"<[^>]*>", "", html)).strip()
