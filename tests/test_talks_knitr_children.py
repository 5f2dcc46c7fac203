"""knitr's child documents of a xaringan deck whose cells show no code (`site.knitr`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from htmltree import parse_html

from lanting.build.options import BuildResult
from lanting.site.knitr import knitr_cells

DECK = """---
title: Ordination
date: 2021-01-07
output:
  xaringan::moon_reader:
    seal: false
---

```{r setup, include=FALSE}
knitr::opts_chunk$set(echo = FALSE)
```

# Plan

---

```{r child='part.Rmd', eval=T}
```

---

```{r plot}
plot(1:10)
```
"""


def test_a_child_cell_is_kept_when_cells_show_no_code() -> None:
    """`opts_chunk$set(echo = FALSE)` hides the code of the cells after it, not a child
    cell's document: the child cell was left out as a cell showing only its output."""
    cells = knitr_cells(DECK.split("---\n", 2)[2])
    assert "```{r child='part.Rmd', eval=T}" in cells.text
    assert "plot(1:10)" not in cells.text and len(cells.unechoed) == 1


def test_a_lectures_parts_are_its_slides_when_its_cells_show_no_code(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A lecture kept in parts, its setup cell setting `echo = FALSE`: the slides of
    its parts were left out, in silence but for the warning of a cell showing only
    its output (at the child cell)."""
    site = make_site({"content/talks/ord/index.md": DECK,
                      "content/talks/ord/part.Rmd": "# Distances\n\n---\n\n# Models\n"})
    warnings = build_site(site).warnings
    assert [(w.path.name, w.line) for w in warnings] == [("index.md", 22)]
    page = parse_html((site / "public/talks/ord/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [f.one("h1").text() for f in frames if f.find("h1")] == [
        "Plan", "Distances", "Models"]
