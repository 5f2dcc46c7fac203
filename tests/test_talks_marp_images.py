"""A Marp deck's backgrounds sized by length (`site.marp_images`): Marp sizes a
background by its `width`/`height` keywords (`w:`, `h:`) as it sizes an inline image."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.build.options import BuildResult
from lanting.site.marp_images import take_images

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"></svg>'


@pytest.mark.parametrize(("alt", "size"), [
    ("bg width:400pt height:350pt", ("400pt", "350pt")),
    ("bg left:40% 80% w:150 h:100", ("150px", "100px")),
    ("bg 80% w:150", ("150px", "80%")),  # (the percentage for the length not given)
    ("bg right h:6em", ("auto", "6em")),
    ("bg contain w:150", ("", "")),  # (`contain` and `cover` win, as in Marp)
    ("bg", ("", "")),
])
def test_a_backgrounds_length_keywords_are_its_size(alt: str, size: tuple[str, str]) -> None:
    images, problems = take_images(f"# T\n\n![{alt}](a.png)\n", 5, Path("t.md"))
    [background] = images.backgrounds
    assert background.size == size
    assert problems == []


def test_a_sized_background_is_drawn_at_its_size(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`![bg width:400pt height:350pt](x.png)` was drawn covering the slide, with a
    warning that Marp's keywords were not applied."""
    talk = ("---\ntitle: M\ndate: 2026-01-01\nmarp: true\n---\n## Shell\n\n"
            "![bg width:400pt height:350pt](/shell.svg)\n")
    site = make_site({"content/talks/m.md": talk, "static/shell.svg": SVG})
    result = build_site(site)
    assert [str(w) for w in result.warnings] == []
    deck = parse_html((site / "public/talks/m/slides/index.html").read_bytes())
    cell = deck.one("section", class_="slide-frame").one(class_="slide-bg-image")
    assert "marp-bg-size" in cell["class"].split()
    assert cell["style"] == "--bg-width:400pt;--bg-height:350pt"
