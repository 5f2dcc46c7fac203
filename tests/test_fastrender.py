"""The fast path (`markdown/fast/`) against markdown-it-py and the plugins' rules.

For every document it takes, pulldown-cmark's events must become the very page
markdown-it-py's parse, Lanting's core rules and the renderer make: the same HTML,
headings, links, excerpt, reading counts and problems. Checked on typical posts, on the
CommonMark spec's examples, on the fixtures and the example site, and on
Hypothesis-generated documents built to sit on the edges (money next to math, formulas
beside digits, tight and loose lists, footnotes, tables, figures). Documents it must
leave to markdown-it are listed too, so the fast path never grows into a construct it
reads differently.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_commonmark_spec import EXAMPLES

from lanting.markdown import (
    MarkdownOptions,
    RenderContext,
    RenderedMarkdown,
    create_markdown,
    render_markdown,
)
from lanting.markdown import render as render_module
from lanting.markdown.fast import render_fast

ROOT = Path(__file__).resolve().parents[1]
CONTEXT = RenderContext(path=Path("/site/content/posts/p.md"), rel="posts/p.md", body_line=5,
                        image_sizes={"posts/fig.png": (640, 480)})

POST = """\
在离线批处理的设置下，all-gather 与 GRPO 的组合能够明显缓解问题。回到前面的问题，**请求队列**\
并不是越激进越好，精度损失往往会抵消掉InfiniBand带来的收益。当 $\\sum_{i=1}^{N} g_i$ 过大时，\
奖励归一化会变得不稳定。

<!-- more -->

## all-gather 的基本原理

排查时可以先打开 `NCCL_IB_HCA`，观察耗时分布。注意 $\\eta_{\\max} = 2 \\times 10^{-6}$ 与恢复时间\
之间并不是线性关系。

> 如果日志系统不能及时完成优势估计，*样本效率*自然上不去。
>
> 为了降低内存碎片带来的影响，我们量化了缓存淘汰策略。

$$
\\tilde{g} =
\\begin{cases}
g, & \\lVert g \\rVert_2 \\le c \\\\
\\dfrac{c}{\\lVert g \\rVert_2}\\, g, & \\text{otherwise}
\\end{cases}
$$

```python
def ppo_loss(ratio, adv, eps=0.2):
    return -torch.min(ratio * adv, torch.clamp(ratio, 1 - eps, 1 + eps) * adv).mean()
```

下表是对比结果[^1]：

| 配置 | 吞吐 (tokens/s) | 备注 |
| --- | ---: | :---: |
| baseline | 974 | 默认配置 |
| + `FlashAttention` | 1687 | 对长序列收益最大 |

- 第一点，见[另一篇](other.md "标题")
- 第二点 ![图](fig.png "示意图")
  1. 嵌套
  2. 列表

相关内容可以参考[在流水线并行环境中优化](../posts/x.md#sec)。<https://example.com/a?b=1>

![架构图](fig.png "整体架构")

---

[^1]: 数据来自内部 16 卡集群的测试结果。
"""


DEFAULT = MarkdownOptions()


def _slow(text: str, options: MarkdownOptions) -> RenderedMarkdown:
    """The page markdown-it-py's parse and renderer make of `text`."""
    original = render_module.render_fast
    render_module.render_fast = lambda *args, **kwargs: None  # type: ignore[assignment]
    try:
        return render_markdown(text, CONTEXT, options)
    finally:
        render_module.render_fast = original


def assert_same(text: str, options: MarkdownOptions = DEFAULT,
                must_take: bool = False) -> bool:
    """Both paths make the same page of `text` (HTML, headings, links, excerpt, reading
    counts, problems, dependencies); True if the fast path took it."""
    env: dict[str, Any] = {"lanting": CONTEXT}
    if render_fast(text, create_markdown(options), env) is None:
        assert not must_take, "the fast path declined"
        return False
    assert render_markdown(text, CONTEXT, options) == _slow(text, options)
    return True


def test_a_typical_post_takes_the_fast_path_and_renders_alike() -> None:
    assert assert_same(POST, must_take=True)
    html = render_markdown(POST, CONTEXT).html
    assert "<math" in html and 'class="code-block' in html and "footnote-ref" in html


@pytest.mark.parametrize("text", [
    "价格从 $5 涨到 $10。",             # money, not math
    "共 3$x$ 个",                       # a digit before the formula
    "$x$5 个",                          # a digit after it
    "a $ x$ b",                         # a space inside the dollars
    "$x$ 与 1",                         # the run ends in a digit (markdown-it's index -1)
    "text\n$$\nx\n$$\n",                # a display formula interrupting a paragraph
    "$$\nx\n\ny\n$$\n",                 # a blank line inside a display formula
    "$$ x $$ (eq:a)\n",                 # a labelled equation
    "see @eq:a",                        # an equation reference
    "\\(x\\) and \\[y\\]",              # bracket math
    "{{< cite a >}}",                   # a shortcode
    "[@key] says",                      # a citation
    "> [!NOTE]\n> hi",                  # a callout
    "::: tip\nhi\n:::",                 # a container
    "- [ ] todo\n- [x] done",           # a task list
    "<div>raw</div>",                   # raw HTML
    "a <span>b</span>",                 # inline HTML
    "a ^[inline note]",                 # an inline footnote
    "a[^n]\n\n[^n]: one\n    two\n",    # a footnote of several lines
    "~strike~ and ~~~",                 # single tildes as strike-through
    "```py\\x\nc\n```",                 # escapes in an info string
    "tab\there",                        # tab stops
    "x\r\ny",                           # CR
    "".join("  " * i + "- x\n" for i in range(30)),  # nesting markdown-it cuts off
])
def test_left_to_markdown_it(text: str) -> None:
    assert not assert_same(text)


@pytest.mark.parametrize("text", [
    "$a$ and $b$ and $$c$$ inline",
    "- a\n- b\n\n  c\n- d",            # a loose list
    "- a\n  - b\n    - c\n- d",         # nested tight lists
    "1. a\n1. b\n\n3) c",               # ordered lists, another start
    "> a\n> - b\n> - c\n>\n> d",        # a list in a block quote
    "# t *x* `c`\n\nsetext\n===\n\nsub\n---",
    "a  \nb\\\nc \nd",                  # hard and soft breaks
    "**粗体**紧接中文，*斜体*和~~删除~~。",
    "[a][r] and [r][] and [r]\n\n[r]: /u 'T'",
    "![alt *x*](fig.png \"题\") ![](fig.png)",
    "&amp; &copy; \\* \\_ &#x41;",
    "    indented\n    code\n\ntext",
    "```\nplain\n```\n\n~~~yaml\nk: v\n~~~",
    "a[^x] b[^y] c[^x]\n\n[^x]: X\n\n[^y]: Y *y*",
    "| a | b |\n| - | - |\n| c |\n",    # a short row, filled up alike
    "- a\n  ***\n  b\n- c\n  > q\n-\n- # h\n-     code",  # blocks in tight items
    "- a\n\n      code\n- \n- b\n  - c",  # a loose list: code, an empty item
    ">\n\n> a\n>\n> > b",               # an empty block quote, a nested one
    "## 标题 $x$，后文\n\n公式 $y$。之后 $z$）",   # punctuation glued to a formula
    "  ![图](fig.png \"题\")  \n\n[x ![图](fig.png \"题\")](a.md)",  # a figure; a linked image
    "前文\n\n- 条目\n\n<!-- more -->\n\n后文",  # the excerpt: paragraphs before the marker
    "a[^1]\n\n[^1]: - item\n\nb[^2]\n\n[^2]: > quote\n",  # footnotes that are not paragraphs
])
def test_taken_and_alike(text: str) -> None:
    assert assert_same(text, must_take=True)


def test_options_raw_html_off_and_no_cjk_spacing() -> None:
    assert not assert_same("a\n\n<!-- more -->\n", MarkdownOptions(raw_html=False))
    assert assert_same(POST, MarkdownOptions(cjk_spacing=False), must_take=True)


def _documents() -> Iterator[Path]:
    for folder in ("example/content", "tests/sites", "tests/fixtures"):
        yield from sorted((ROOT / folder).rglob("*.md"))


@pytest.mark.parametrize("path", list(_documents()), ids=lambda p: str(p.relative_to(ROOT)))
def test_site_documents(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    if text.startswith("---\n") and "\n---\n" in text[3:]:
        text = text[4:].split("\n---\n", 1)[1]
    assert_same(text)


@pytest.mark.skipif(not EXAMPLES, reason="the CommonMark spec is not installed (.ci/run)")
def test_commonmark_examples() -> None:
    taken = sum(assert_same(example["markdown"]) for example in EXAMPLES)
    assert taken >= 500, f"only {taken} of {len(EXAMPLES)} examples took the fast path"


# --- generated documents ---------------------------------------------------------------

_WORDS = st.sampled_from([
    "显存", "优化", "all-reduce", "FSDP", "3", "10", "5", "x", "GPU", "。", "，", "（", "）",
    "a", "b_c", "中文English", "v1.2", "!", "?", " ", "  ", "\\", "*", "_", "`", "[", "]",
    "(", ")", "<", ">", "&", "&amp;", "#", "|", "~", "-", ":", "'", '"', "@", "^", "{", "}"])
_INLINE = st.one_of(
    _WORDS,
    st.builds(lambda w: f"**{w}**", _WORDS), st.builds(lambda w: f"*{w}*", _WORDS),
    st.builds(lambda w: f"_{w}_", _WORDS), st.builds(lambda w: f"~~{w}~~", _WORDS),
    st.builds(lambda w: f"`{w}`", _WORDS),
    st.sampled_from(["$x$", "$x_1 + y$", "$ x$", "$x $", "$5", "$10", "US$5", "\\$", "$$y$$",
                     "$\\frac{a}{b}$", "$a*b*c$", "$$", "$`x`$", "$\\text{中}$"]),
    st.sampled_from(["[链接](other.md)", "[l](b.md \"t\")", "[l](http://e.com)", "<https://e.com>",
                     "![图](fig.png \"题\")", "![](fig.png)", "[x]", "[^1]", "[^2]", "[^no]",
                     "[l](javascript:alert(1))", "[l](<a b.md>)", "[r]"]),
)
_LINE = st.lists(_INLINE, min_size=1, max_size=8).map("".join)
_BLOCK = st.one_of(
    _LINE,
    st.lists(_LINE, min_size=1, max_size=3).map("\n".join),
    st.builds(lambda n, t: "#" * n + " " + t, st.integers(1, 3), _LINE),
    st.builds(lambda t: f"{t}\n---", _LINE),
    st.builds(lambda ls, m: "\n".join(f"{m} {t}" for t in ls),
              st.lists(_LINE, min_size=1, max_size=3), st.sampled_from(["-", "*", "1.", "2)"])),
    st.builds(lambda ls: "\n\n".join(f"- {t}" for t in ls),
              st.lists(_LINE, min_size=1, max_size=3)),
    st.builds(lambda t, u: f"- {t}\n  - {u}", _LINE, _LINE),
    st.builds(lambda ls: "\n".join(f"> {t}" for t in ls), st.lists(_LINE, min_size=1, max_size=3)),
    st.builds(lambda a, b: f"| {a} | {b} |\n| --- | :-: |\n| {b} | {a} |", _LINE, _LINE),
    st.builds(lambda c: f"```python\n{c}\n```", _LINE),
    st.builds(lambda c: f"$$\n{c}\n$$", st.sampled_from(["x", "a = b", "\\sum_i x_i", "x\n\ny"])),
    st.sampled_from(["<!-- more -->", "---", "[^1]: 注释 *一*", "[^2]: second",
                     "[r]: /u \"T\"", "    code", "***", "-", ">", "1.", "- a\n-\n- b"]),
    # blocks inside list items and block quotes, tight and loose
    st.builds(lambda t, inner, gap: f"- {t}\n{gap}" + "\n".join("  " + x for x in
                                                               inner.split("\n")),
              _LINE, st.sampled_from([
                  "***", "# h", "> q", "```\nc\n```", "| a |\n| - |\n| b |", "$$\nx\n$$",
                  "- n", "1. n\n2. m", "    code", "![图](fig.png \"题\")", "b $x$。"]),
              st.sampled_from(["", "\n"])),
    st.builds(lambda t, u: f"> {t}\n>\n> - {u}\n>   > {t}", _LINE, _LINE),
    st.builds(lambda t: f"![图](fig.png \"{t}\")", st.sampled_from(["题", "", "a&b", "x<y"])),
)
_DOCUMENT = st.lists(_BLOCK, min_size=1, max_size=8).map("\n\n".join) | \
    st.lists(_BLOCK, min_size=1, max_size=5).map("\n".join)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_DOCUMENT)
def test_generated_documents_render_alike(text: str) -> None:
    assert_same(text)
