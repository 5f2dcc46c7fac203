"""One Markdown engine: a block renders to the same HTML whatever else its document holds.

Issue 27: a post used to take one of two renderers depending on what else it contained
(a `<span>` anywhere turned `显存|\\n---` from a heading into a table). Each generated
block is rendered alone and at the end of a document that also has a callout, a
citation, raw HTML and a shortcode; the block's HTML must be the same in both.
"""

from __future__ import annotations

from pathlib import Path

from citebits import references
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext

CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                        references=references(
                            "@misc{lin2026, title = {Ring}, author = {Lin, Zhiyuan and Wang, "
                            "Xiaohong and Chen, Yuhan}, year = 2026}",
                            {"lin2026": "/publications/lin2026/"}))

PREFIX = (
    "> [!NOTE]\n> 一个提示。\n\n"
    "前人的工作 [@lin2026] 说明了这一点。\n\n"
    '<div class="aside"><span>raw HTML</span></div>\n\n'
    '{{< cite lin2026 >}} 也说明了这一点。\n\n'
)
"""What real posts carry besides the block under test (see the module docstring)."""

ALPHABET = st.sampled_from([
    "显", "存", "计", "算", "a", "b", "x", "1", "0", " ", " ", "\t", "\u00a0", "\u3000",
    "，", "。", "、", "：", "；", "（", "）", "“", "”", "$", "|", "-", "*", "_", "\n", "\\",
    "=", "+", ">", "#", "[", "]", "(", ")", "!", ".",
    ":::{note}", ":::{tab-item} A", ":::{margin}", ":::", "(a)=",  # MyST's blocks
])
"""(No backticks or tildes: a fence naming an unknown language makes Pygments import
its plugins, IPython among them, which changes the recursion limit under Hypothesis.)"""
BLOCK = st.lists(ALPHABET, min_size=1, max_size=40).map("".join).map(str.strip).filter(bool)


def render(text: str) -> str:
    return render_markdown(text, CONTEXT, MarkdownOptions()).html


PREFIX_HTML = render(PREFIX)


@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink])
@given(BLOCK)
@example("显存|\n---")
@example("\u3000\u3000这是一个段落。")
@example("a\u00a0|\u00a0b\n-|-\n1|2")
@example("$x$ 和 $$y$$ 与 $ z $")
@example("$$x\n1$$")  # display math whose first line holds a formula: after a paragraph too
@example("文字\n$$x\n1$$")  # (but on a paragraph's next line it goes on with the paragraph)
@example("\\[ a = b \\\\\n   c = d \\]")  # (it was raw TeX after a paragraph)
@example("```{note}\nx\n```")  # MyST's directives, roles and targets (myst.py)
@example(":::{tip} 标题\n$x$ 和 {math}`y`\n:::")
@example("(sec-a)=\n# A\n\n{ref}`sec-a` 与 {ref}`文字 <sec-a>`")
@example("{abbr}`GPU (图形处理器)` 和 H{sub}`2`O，{kbd}`Ctrl`")
@example("```{math}\n:label: eq-a\nx = 1\n```\n\n{eq}`eq-a`")
@example("::::{tab-set}\n:::{tab-item} A\na\n:::\n::::")
def test_a_block_renders_alike_alone_and_in_a_document(block: str) -> None:
    alone = render(block)
    together = render(PREFIX + block)
    # Whatever the prefix adds after the text (a reference list, footnotes) stays after it.
    assert alone in together, (block, alone, together)
    assert together.replace(alone, "", 1) == PREFIX_HTML, (block, together)
