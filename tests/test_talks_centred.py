"""Decks of every kind centre a block with a class: remark's `.center[`, Pandoc's and
Quarto's `::: {.center}`, ioslides' `<div class="centered">`. Each was a warning that
Lanting's theme has no style for it (five on one paper-review deck), and its figure
stood at the left; the theme now centres such a block, in the slides and the article."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from htmltree import parse_html

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
