"""A xaringan deck that turns on remark's highlighted lines (`nature: highlightLines:
true`, as xaringan's template does) marks them in its code: a leading `*`, the line in
`{{…}}`, a trailing `#<<`. Before, the marks showed as code on every slide; now they are
taken out and the lines highlighted. Without the option remark shows them as written."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html

import lanting
from lanting.build.options import BuildResult
from lanting.site.remark_lines import highlighted_lines

DECK = """---
title: "Regression, week 4"
date: 2026-03-02
output:
  xaringan::moon_reader:
    nature:
      ratio: "16:9"
      highlightLines: {on}
---

# Fitting

```r
fit <- lm(y ~ x, data = d)
*coef(fit)
```

---

# Residuals

```{{r resid, eval = FALSE}}
r <- resid(fit)
{{{{plot(r)}}}}
qqnorm(r) #<<
```
"""


def _code_lines(out: Path) -> list[list[tuple[str, bool]]]:
    page = parse_html((out / "talks/week4/slides/index.html").read_bytes())
    return [[(line.text(), "hl" in line["class"].split())
              for line in code.find_all("span", class_="line")]
            for code in page.find_all("code")]


def test_marked_lines_are_highlighted(make_site: Callable[..., Path],
                                      build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/week4.md": DECK.format(on="true")})
    result = build_site(site, out=site / "public")
    assert not [w for w in result.warnings if "runs" not in w.message]  # (the {r} cell)
    assert _code_lines(site / "public") == [
        [("fit <- lm(y ~ x, data = d)", False), ("coef(fit)", True)],
        [("r <- resid(fit)", False), ("plot(r)", True), ("qqnorm(r)", True)]]


def test_without_the_option_the_marks_are_code(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    site = make_site({"content/talks/week4.md": DECK.format(on="false")})
    build_site(site, out=site / "public")
    lines = _code_lines(site / "public")
    assert lines[0][1] == ("*coef(fit)", False)
    assert lines[1][2] == ("qqnorm(r) #<<", False)


@pytest.mark.parametrize(("text", "expected"), [
    # a star and a space keep the line's column; the fence keeps its lines
    ("```python\nif x:\n*   y()\n```", '```python {hl_lines="2"}\nif x:\n    y()\n```'),
    # knitr's options in braces take the lines among them
    ("```{r echo=TRUE}\n{{a}} + 1\n```", '```{r echo=TRUE hl_lines="1"}\na + 1\n```'),
    # no mark: the block as written; a star outside code is Markdown's
    ("```r\n2 * 3\n```\n*note*", "```r\n2 * 3\n```\n*note*"),
])
def test_highlighted_lines(text: str, expected: str) -> None:
    assert highlighted_lines(text) == expected


def test_the_deck_shows_highlighted_lines() -> None:
    """Only a post's code (`.prose pre`) marked its highlighted lines: in a deck, which
    is no `.prose`, reveal.js's first step and xaringan's marked lines looked like the
    others."""
    css = (Path(lanting.__file__).parent / "theme" / "static" / "slides.css").read_text(
        encoding="utf-8")
    rule = re.search(r"^\.slide pre \.line\.hl \{([^}]*)\}", css, re.MULTILINE)
    assert rule is not None and "background" in rule.group(1)
