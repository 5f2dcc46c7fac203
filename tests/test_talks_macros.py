"""The macros a talk's formulas define hold on every slide (`site.talks.talk_macros`),
those math-core refuses and Lanting expands as text too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lanting.build.options import BuildResult
from lanting.errors import LantingError


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


def test_a_macro_the_converter_cannot_read_is_an_error_at_its_use(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A macro of a slide's `$$` block whose definition math-core cannot read (a beamer
    preamble's `\\setbeamercolor` in it) was given to every slide's converter and stopped
    the build with "internal error: LatexError"; its use is an error at its line now, as
    on any other page."""
    talk = ("---\ntitle: M\ndate: 2026-01-01\n---\n\n$$\n\\newcommand{\\bad}"
            "{\\setbeamercolor{a}{b}}\n\\newcommand{\\ok}{x}\n$$\n\n## One\n\n"
            "Text $\\ok + \\bad$ here.\n")
    site = make_site({"content/talks/m.md": talk})
    with pytest.raises(LantingError) as caught:
        build_site(site)
    assert [(p.line, "setbeamercolor" in p.message) for p in caught.value.problems] == [
        (13, True)]
