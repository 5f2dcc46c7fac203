"""Decks of every kind centre a block with a class: remark's `.center[`, Pandoc's and
Quarto's `::: {.center}`, ioslides' `<div class="centered">`. Each was a warning that
Lanting's theme has no style for it (five on one paper-review deck), and its figure
stood at the left; the theme now centres such a block, in the slides and the article."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from htmltree import parse_html
from sitebits import png

import lanting
from lanting.build.options import BuildResult

DECK = """---
title: "Splatting, reviewed"
date: 2026-06-01
---

## Method

::: {.center}
**Densify**, then prune.
:::

---

## Results

<div class="centered">
Fewer Gaussians.
</div>
"""

REMARK = """---
title: "Trees"
date: 2026-06-02
---

class: middle

# Splits

.center[
Gini or entropy.
]
"""


def test_centred_blocks_need_no_warning_and_are_centred(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/review.md": DECK, "content/talks/trees.md": REMARK})
    result = build_site(site, out=site / "public")
    assert not result.warnings
    review = parse_html((site / "public/talks/review/slides/index.html").read_bytes())
    assert review.one("div", class_="center").one("strong").text() == "Densify"
    assert "Fewer" in review.one("div", class_="centered").text()
    trees = parse_html((site / "public/talks/trees/slides/index.html").read_bytes())
    assert "Gini" in trees.one("div", class_="center").text()
    theme = Path(lanting.__file__).parent / "theme" / "static"
    slides_css = (theme / "slides.css").read_text(encoding="utf-8")
    assert ".slide :is(div.center, div.centered) { text-align: center; }" in slides_css


IOSLIDES = """---
title: "Mixed models"
date: 2026-06-03
---

# Part one

## Random effects {.columns-2 .build}

- varying intercepts
- varying slopes

![](/fig.png)

## Summary {.centered .smaller}

Partial pooling.

## Plain {.build}

Text.
"""


def test_an_ioslides_heading_lays_its_slide_out(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """ioslides' `## Title {.columns-2}` set its slide in two columns, `{.centered}`
    centred it and `{.smaller}` made its type smaller; the classes were dropped with the
    heading's attributes, and the slides were laid out as any other."""
    site = make_site({"content/talks/mixed.md": IOSLIDES, "static/fig.png": png(20, 10)})
    result = build_site(site, out=site / "public")
    assert not result.warnings
    page = parse_html((site / "public/talks/mixed/slides/index.html").read_bytes())
    boxes = [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]
    assert [[c for c in b["class"].split() if c.startswith("slide-") and c != "slide-first"]
            for b in boxes] == [
        [], ["slide-columns-2"], ["slide-centered", "slide-smaller"], []]
    theme = Path(lanting.__file__).parent / "theme" / "static"
    css = (theme / "slides.css").read_text(encoding="utf-8")
    assert ".slide.slide-columns-2 { display: block; column-count: 2;" in css
