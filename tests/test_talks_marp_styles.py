"""A Marp deck's own CSS (`site.marp_styles`): the `style` directive and `<style>`
elements apply to the deck's slides, as Marpit scopes them, never to the page around
them; `<style scoped>` to its own slide only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from htmltree import parse_html

from lanting.build.options import BuildResult
from lanting.model.problem import Problem
from lanting.site.marp_styles import scoped_css

DECK = """---
title: Styled
date: 2025-03-01
marp: true
style: |
  section { font-size: 32px; }
---

<style>
h1 { color: teal; }
section.lead { padding: 64px; }
</style>

<!-- _class: lead -->
# First

---

<style scoped>
h2 { color: crimson; }
</style>

## Second

```html
<style>p { color: red }</style>
```

---

## Third
"""


def _styles(html: bytes) -> list[str]:
    return [s.text() for s in parse_html(html).find_all("style")]


def test_a_marp_decks_css_applies_to_its_slides_only(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Its `<style>` was raw HTML: `h1 { color: teal }` coloured the page's own title
    and the `style` directive was a warning, not applied."""
    site = make_site({"content/talks/s.md": DECK})
    result = build_site(site)
    assert [p.message for p in result.warnings] == []
    for page in ("public/talks/s/index.html", "public/talks/s/slides/index.html"):
        html = (site / page).read_bytes()
        deck, scoped = _styles(html)[-2:]
        assert ".slide{font-size: 2.5cqw;}" in deck  # (32 of Marp's 1280 pixels)
        assert ".slide h1{color: teal;}" in deck and "\nh1" not in deck
        assert ".slide.marp-lead{padding: 5cqw;}" in deck
        assert deck.startswith("@container (min-width: 36rem){")
        assert ".slide.marp-style-1 h2{color: crimson;}" in scoped
        boxes = parse_html(html).find_all(class_="slide")
        assert [b["class"].split()[1:] for b in boxes] == [
            ["slide-first", "marp-lead"], ["marp-style-1"], []]
        assert "<style>p" in boxes[1].one("code").text()  # (code stays code)
        assert boxes[0].find("style") is not None and boxes[2].find("style") is None


def test_selectors_are_scoped_as_marpit_scopes_them() -> None:
    problems: list[Problem] = []
    css = scoped_css("@import 'gaia';\nsection::after { content: attr(x) }\n"
                     "header, :root { color: gray }\n@media print { p { margin: 0 } }\n"
                     "@font-face { font-family: F }", ".slide", Path("t.md"), 7, problems)
    assert css == ("@font-face{ font-family: F }\n@container (min-width: 36rem){\n"
                   ".slide .slide-header,.slide{color: gray}\n"
                   "@media print{.slide p{margin: 0}}\n}")
    assert [(p.line, p.message) for p in problems] == [
        (7, "Marp's `@import 'gaia'` is not loaded")]
