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
