"""An R Markdown deck Pandoc cut (ioslides, slidy, beamer), imported as a talk: its knitr
cells as knitr left them. Before, a setup cell (`include=FALSE`) ahead of the first
heading was a slide of its own, empty, and the cells after `opts_chunk$set(echo =
FALSE)` showed code their slides never did."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from htmltree import parse_html
from sitebits import png

from lanting.build.options import BuildResult

DECK = """---
title: "Survival curves"
date: 2026-05-12
---

```{r setup, include=FALSE}
knitr::opts_chunk$set(echo = FALSE, fig.align = "center")
library(survival)
```

# Estimation

## Kaplan–Meier

$\\hat S(t) = \\prod_{t_i \\le t} (1 - d_i / n_i)$

```{r km-plot}
plot(survfit(Surv(time, status) ~ 1, data = lung))
```

## The figure

```{r, out.width="60%"}
knitr::include_graphics("km.png")
```

## The code

```{r, echo=TRUE}
fit <- coxph(Surv(time, status) ~ age, data = lung)
```
"""


def test_cells_knitr_hid_are_left_out(make_site: Callable[..., Path],
                                      build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/survival.md": DECK,
                      "content/talks/km.png": png(40, 30)})
    result = build_site(site, out=site / "public")
    assert [(w.line, "echo=FALSE" in w.message) for w in result.warnings
            if "knitr" in w.message] == [(17, True)]
    page = parse_html((site / "public/talks/survival/slides/index.html").read_bytes())
    boxes = [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]
    assert [(b.find("h1") or b.one("h2")).text() for b in boxes] == [
        "Estimation", "Kaplan–Meier", "The figure", "The code"]
    assert "survfit" not in boxes[1].text() and boxes[1].find("code") is None
    assert boxes[2].one("img")["src"].endswith("km.png")
    assert "coxph" in boxes[3].one("code").text()


def test_knitr_inline_code_in_a_formula_shows_as_its_code(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """knitr filled `` `r signif(4^20, 3)` `` inside a formula with its value; read as
    TeX, its backticks and letters were a row of italic unknowns, in silence. The code
    shows in typewriter type in the formula, with a warning at the first; code in a
    fence is the code's."""
    site = make_site({"content/talks/counts.md": (
        "---\ntitle: Counts\ndate: 2026-05-12\n---\n\n## Words\n\n"
        "- $N = 4^{20} = `r signif(4^20, 3)`$ words\n"
        "- $$P = `r p_k` + `r x_1`$$\n\n"
        "```r\ny <- \"$a `r b`$\"\n```\n")})
    result = build_site(site, out=site / "public")
    assert [(w.line, "in a formula" in w.message) for w in result.warnings] == [(8, True)]
    page = parse_html((site / "public/talks/counts/slides/index.html").read_bytes())
    shown = [m.text() for m in page.find_all("mtext")]
    assert shown == ["r signif(4ˆ20, 3)", "r p_k", "r x_1"]
    assert "`r b`" in page.one("pre").text()
