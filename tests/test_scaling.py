"""Pathological input finishes in bounded time: doubling the input about doubles the time
(no quadratic corner), and the huge or hostile inputs of issue 7 end in a page or a clear
error — never a hang or a crash of the process.

Time is noisy, so each measure is this process's CPU time (other processes on the
machine do not count), the best of several runs with the garbage collector paused, and
the bound on time(2N)/time(N) is generous (3.5 where linear is 2 and quadratic 4).
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lanting.markdown.render import render_markdown
from lanting.model.markdown import RenderContext

CONTEXT = RenderContext(path=Path("/site/content/posts/a.md"), rel="posts/a.md")
SRC = Path(__file__).resolve().parents[1] / "src"
BOUND = 3.5


def best_time(text: str, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            started = time.process_time()
            render_markdown(text, CONTEXT)
            best = min(best, time.process_time() - started)
        finally:
            gc.enable()
    return best


SHAPES: dict[str, tuple[Callable[[int], str], int]] = {
    # name: (input of size n, n) — n chosen so one render takes roughly 0.05–0.3 s
    "nested lists": (lambda n: "- " * n + "x\n", 3000),
    "nested list lines": (lambda n: "".join("  " * (i % 40) + "- x\n" for i in range(n)), 3000),
    "nested quotes": (lambda n: "> " * n + "x\n", 3000),
    "emphasis runs": (lambda n: "*a **b " * n + "\n", 3000),
    "unclosed emphasis": (lambda n: "*a _b " * n + "\n", 3000),
    "long tables": (lambda n: "| a | b |\n|---|---|\n" + "| x | *y* |\n" * n, 1500),
    "many footnotes": (lambda n: "".join(f"x[^{i}]\n" for i in range(n)) + "\n"
                       + "".join(f"[^{i}]: note {i}\n\n" for i in range(n)), 1500),
    "many links": (lambda n: "".join(f"[l{i}](b.md#s{i}) " for i in range(n)) + "\n", 3000),
    "reference links": (lambda n: "".join(f"[x{i}] " for i in range(n)) + "\n\n"
                        + "".join(f"[x{i}]: u{i}\n" for i in range(n)), 3000),
    "brackets": (lambda n: "[" * n + "x" + "](y)" * n, 3000),
    "inline math": (lambda n: "$x_1$ " * n + "\n", 3000),
    "chinese and latin": (lambda n: "中文a1，" * n + "\n", 20000),
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_time_grows_linearly(name: str) -> None:
    make, n = SHAPES[name]
    texts = make(n), make(2 * n)
    for _attempt in range(3):  # a busy machine can spoil one measure, rarely three
        small, large = best_time(texts[0]), best_time(texts[1])
        if large < 0.02 or large / small < BOUND:
            return  # (too fast to measure is certainly not quadratic at this size)
    pytest.fail(f"{name}: {small:.3f}s for n={n}, {large:.3f}s for 2n")


# --- the pathological inputs, through a whole build in a child process -------


def build_in_child(site: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """A child process: a hang hits the timeout, a crash shows as a negative exit code."""
    return subprocess.run([sys.executable, "-m", "lanting", "build", str(site)],
                          capture_output=True, text=True, timeout=timeout, check=False,
                          env={**os.environ, "PYTHONPATH": str(SRC)})


HEAD = "---\ntitle: P\ndate: 2026-01-02\n---\n"


def test_deeply_nested_math_is_an_error(make_site: Callable[..., Path]) -> None:
    site = make_site({"content/posts/a.md": HEAD + "$" + "{" * 10_000 + "$\n\n"
                      + "$$\n" + r"\left( " * 2500 + "\n$$\n" + "$" + r"\sqrt{" * 3000 + "$\n"})
    result = build_in_child(site)
    assert result.returncode == 1, result.stderr
    assert result.stderr.count("levels deep (limit 200)") == 3


def test_brackets_left_open_are_an_error_not_a_hang(make_site: Callable[..., Path]) -> None:
    """math-core's time doubles with every unclosed bracket or two: a formula of 34 `(`
    hung the build (found by a property test, through a config macro)."""
    site = make_site({
        "lanting.toml": 'title = "T"\n[markdown.math_macros]\nR = "\\\\mathbb{R: '
                        + "[" * 40 + '}"\n',
        "content/posts/a.md": HEAD + "$" + "(" * 40 + "$ and $" + "\\langle x " * 30 + "y$\n\n"
        "$\\newcommand{\\X}{\\lbrace[(}\\X\\X\\X\\X\\X\\X$\n\n"  # through a macro
        "Fine: $" + "[0, 1) \\cup " * 30 + "x$ and $" + "\\left( x \\right. " * 30 + "$\n"})
    result = build_in_child(site, timeout=120)
    assert result.returncode == 1, result.stderr
    assert "lanting.toml" in result.stderr and "brackets unclosed" in result.stderr
    (site / "lanting.toml").write_text('title = "T"\n', encoding="utf-8")
    result = build_in_child(site, timeout=120)
    assert result.returncode == 1, result.stderr
    assert result.stderr.count("brackets unclosed (limit 16)") == 3, result.stderr


def test_binary_bytes_are_an_error_or_a_page(make_site: Callable[..., Path]) -> None:
    junk = bytes(range(256)) * 64
    site = make_site({
        "content/posts/bad.md": HEAD.encode() + junk,  # not UTF-8: an error with its line
        "content/posts/nul.md": HEAD + "a\x00b\x01c\x7f\ufffe\uffff d\x0b\x0c\n",  # UTF-8: a page
    })
    result = build_in_child(site)
    assert result.returncode == 1
    assert "content/posts/bad.md:6: error: file is not valid UTF-8" in result.stderr
    (site / "content/posts/bad.md").unlink()
    result = build_in_child(site)
    assert result.returncode == 0, result.stderr
    page = (site / "public/posts/nul/index.html").read_text()
    assert "\x00" not in page


def test_huge_post_and_table_become_pages(make_site: Callable[..., Path]) -> None:
    """A 5 MB post and a 100,000-line table: slow (markdown-it-py runs at ~0.3 MB/s) but
    bounded; the timeout is the bound."""
    paragraph = "这是一段中文 text with *emphasis*, `code`, [a link](b.md) and $x^2$.\n\n"
    body = paragraph * (5_000_000 // len(paragraph.encode()) + 1)
    table = "| a | b |\n|---|---|\n" + "| x | y |\n" * 100_000
    site = make_site({"content/posts/big.md": HEAD + body, "content/posts/b.md": HEAD,
                      "content/posts/table.md": HEAD + table})
    assert (site / "content/posts/big.md").stat().st_size > 5_000_000
    started = time.monotonic()
    result = build_in_child(site, timeout=400)
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - started < 400
    assert (site / "public/posts/table/index.html").read_text().count("<tr>") == 100_001
