"""Inline code breaks only between its parts (markdown/inline_code.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lanting.markdown.inline_code import break_points
from lanting.markdown.render import render_markdown
from lanting.model.markdown import MarkdownOptions, RenderContext


def html(text: str) -> str:
    context = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md",
                            body_line=1, base_path="/")
    return render_markdown(text, context, MarkdownOptions()).html


@pytest.mark.parametrize(("code", "parts"), [
    ("verl/trainer/ppo/ray_trainer.py", ["verl/", "trainer/", "ppo/", "ray", "_trainer", ".py"]),
    ("--micro-batch-size", ["--micro", "-batch", "-size"]),  # never between the hyphens
    ("/usr/local/bin", ["/usr/", "local/", "bin"]),
    ("python -m lanting build", ["python ", "-m ", "lanting ", "build"]),
    ("x__y", ["x", "__y"]),
])
def test_break_points(code: str, parts: list[str]) -> None:
    assert break_points(code) == parts
    assert "".join(parts) == code


def test_short_code_has_no_break_opportunity() -> None:
    assert "<code>--flag</code>" in html("用 `--flag` 打开。\n")


def test_long_code_breaks_only_at_boundaries() -> None:
    out = html("见 `verl/trainer/ppo/ray_trainer.py` 与 `a<b>&c`。\n")
    assert "<code>verl/<wbr>trainer/<wbr>ppo/<wbr>ray<wbr>_trainer<wbr>.py</code>" in out
    assert "<code>a&lt;b&gt;&amp;c</code>" in out


def test_a_long_part_without_boundaries_may_break_anywhere() -> None:
    digest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    out = html(f"提交 `{digest}` 与 `sha256/{digest}`。\n")
    assert f'<code><span class="code-any">{digest}</span></code>' in out
    assert f'<code>sha256/<wbr><span class="code-any">{digest}</span></code>' in out


def test_closing_punctuation_is_glued_to_the_code_before_it() -> None:
    out = html("开关是 `--use-dynamic-bsz`，它在 `a.py`）。后面 `b` 没有。\n")
    assert '<span class="nobr"><code>--use-dynamic-bsz</code>，</span>它在' in out
    assert '<span class="nobr"><code>a.py</code>）。</span>后面' in out
    assert "<code>b</code> 没有" in out


def test_formula_with_its_punctuation_takes_no_thin_space_after() -> None:
    out = html("取 $x$，它在这里。\n")
    assert "，</span>它在" in out
