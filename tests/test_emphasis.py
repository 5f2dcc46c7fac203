"""CJK-friendly emphasis: `**bold**` beside Chinese, Japanese and Korean text."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from lanting.markdown.emphasis import emphasis_plugin, is_cjk
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext


def html(text: str) -> str:
    context = RenderContext(path=Path("/s/content/posts/a.md"), rel="posts/a.md", body_line=1,
                            base_path="/")
    return render_markdown(text, context, MarkdownOptions(cjk_spacing=False)).html.strip()


@pytest.mark.parametrize(("text", "expected"), [
    # the closing `**` has full-width punctuation inside and a character outside
    ("**注意：**这是加粗。", "<p><strong>注意：</strong>这是加粗。</p>"),
    ("**定理 2.1：**对于任意整数成立。", "<p><strong>定理 2.1：</strong>对于任意整数成立。</p>"),
    # …which CommonMark pairs wrongly with the next bold phrase
    ("**注意：**这是加粗。**“引号”**后文。",
     "<p><strong>注意：</strong>这是加粗。<strong>“引号”</strong>后文。</p>"),
    ("前文**（括号）**后文", "<p>前文<strong>（括号）</strong>后文</p>"),
    ("*斜体（带括号）。*继续", "<p><em>斜体（带括号）。</em>继续</p>"),
    ("~~旧方法（已废弃）。~~新方法", "<p><s>旧方法（已废弃）。</s>新方法</p>"),
    ("**この文は太字（強調）。**この文", "<p><strong>この文は太字（強調）。</strong>この文</p>"),
    ("**한국어 구문(괄호 포함)**을 강조", "<p><strong>한국어 구문(괄호 포함)</strong>을 강조</p>"),
    ("用 **`npm publish`**发布", "<p>用 <strong><code>npm publish</code></strong>发布</p>"),
])
def test_bold_beside_cjk_text(text: str, expected: str) -> None:
    assert html(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # what CommonMark already reads, unchanged
    ("**bold**text and **加粗**文字",
     "<p><strong>bold</strong>text and <strong>加粗</strong>文字</p>"),
    ("a **\"quoted\"**b", "<p>a **&quot;quoted&quot;**b</p>"),  # not beside CJK: CommonMark
    ("2*3*4 和 snake_case_name", "<p>2<em>3</em>4 和 snake_case_name</p>"),
    # `_` keeps CommonMark's rule (intraword underscores are not emphasis)
    ("变量_名称_很长", "<p>变量_名称_很长</p>"),
    # beside a space, CommonMark's rule: `** 加粗**` does not open
    ("** 加粗**", "<p>** 加粗**</p>"),
    ("**“hi”**x", "<p>**“hi”**x</p>"),
])
def test_commonmark_reading_kept_elsewhere(text: str, expected: str) -> None:
    assert html(text) == expected


def test_which_characters_are_cjk() -> None:
    assert all(is_cjk(c) for c in "中文。，：（）「」かなカナ한국어ｱ〈〉")
    assert not any(is_cjk(c) for c in "aZ9 ,.:()“”é😀⭐♈")


def _plain() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("strikethrough")


PLAIN, FRIENDLY = _plain(), _plain().use(emphasis_plugin)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("*_~ ab,.:!“”()\n`\\[]中文。：（）")),
               max_size=40))
def test_without_cjk_the_same_as_commonmark(text: str) -> None:
    """Only a delimiter next to a CJK character reads differently: text whose
    delimiters all touch other characters parses exactly as CommonMark."""
    chars = [c for c in text]
    beside_cjk = any(c in "*~" and any(is_cjk(n) for n in chars[max(i - 1, 0):i + 2])
                     for i, c in enumerate(chars))
    if not beside_cjk:
        assert FRIENDLY.render(text) == PLAIN.render(text)
