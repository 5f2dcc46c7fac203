"""The macros a talk's formulas define hold on every slide (`site.talks.talk_macros`),
those math-core refuses and Lanting expands as text too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lanting.build.options import BuildResult


def test_a_macro_expanded_as_text_holds_on_the_slides_after_it(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`\\newcommand{\\ub}[2]{\\underbrace{#1}_{\\text{#2}}}` (an argument in text, which
    Lanting expands itself) defined on the first slide: its use on the next failed as an
    unknown command, where a plain macro (`\\E`) held."""
    talk = ("---\ntitle: M\ndate: 2026-01-01\n---\n## Recap\n\n"
            "$$\n\\DeclareMathOperator{\\E}{\\mathbb{E}}\n"
            "\\newcommand{\\ub}[2]{\\underbrace{#1}_{\\text{#2}}}\n"
            "\\newcommand{\\Abs}[2][]{#1|#2#1|}\n$$\n\n"
            "---\n\n## Use\n\n$$\\ub{\\E[Y]}{mean} + \\Abs{x} + \\Abs[\\big]{y}$$\n")
    site = make_site({"content/talks/m.md": talk})
    result = build_site(site)
    assert [str(w) for w in result.warnings] == []
    deck = (site / "public/talks/m/slides/index.html").read_text(encoding="utf-8")
    assert "munder" in deck and "mean" in deck
