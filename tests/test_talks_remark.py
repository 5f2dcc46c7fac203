"""Talks written for remark.js or xaringan: a slide's properties at its top
(`class: center, middle`, `layout: true`, `exclude: true`, `background-image`), `--`
that continues a slide, `.pull-left[` … `]` blocks and `.red[text]` spans. Before, the
properties showed as the slides' first lines of text, each `--` started a new slide, and
the class blocks were text in brackets. The deck is `tests/sites/slidev`'s
`bayes-workflow.md`, laid out as xaringan decks are."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import Element, parse_html
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sitebits import png

from lanting.build import build
from lanting.build.options import BuildOptions, BuildResult
from lanting.errors import LantingError
from lanting.model.problem import Problem
from lanting.site.remark import is_remark
from lanting.site.remark_classes import class_blocks

SITE = Path(__file__).parent / "sites" / "slidev"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    out = tmp_path_factory.mktemp("remark") / "public"
    return out, build(SITE, BuildOptions(output=out, cache=False, jobs=1))


def _boxes(out: Path) -> list[Element]:
    page = parse_html((out / "talks/bayes-workflow/slides/index.html").read_bytes())
    return [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]


def test_properties_steps_templates_and_excluded_slides(
        built: tuple[Path, BuildResult]) -> None:
    out, result = built
    assert not [w for w in result.warnings if "bayes-workflow" in str(w.path)]
    boxes = _boxes(out)
    assert [b.one("h1").text() for b in boxes] == ["Bayesian workflow", "Priors", "Thanks"]
    assert boxes[0]["class"].split() == ["slide", "slide-first", "remark", "slide-lead",
                                         "marp-invert"]
    assert "slide-lead" in boxes[2]["class"]
    # `layout: true`: the slides after it start with its text (not the first slide)
    assert [b.find("span", class_="footer") is not None for b in boxes] == [False, True,
                                                                           True]
    # `--` goes on with the same slide; the notes are its own
    assert boxes[1].one("span", class_="red").text() == "posterior"
    assert "class:" not in " ".join(b.text() for b in boxes)
    assert boxes[2].one(class_="slide-bg").one("img")["src"] == "/images/cover.svg"


def test_class_blocks_are_divs_and_spans(built: tuple[Path, BuildResult]) -> None:
    out, _ = built
    priors = _boxes(out)[1]
    assert [li.text() for li in priors.one("div", class_="pull-left").find_all("li")][0] \
        == "weakly informative"
    assert priors.one("div", class_="pull-right").one("img")["src"] == "/images/schedule.svg"


@pytest.mark.parametrize(("body", "expected"), [
    ("class: center, middle\n\n# A\n\n---\n\n# B\n", True),
    ("# A\n\n---\nlayout: true\n\n.footer[x]\n", True),
    ("# A\n\n---\nname: agenda\n\n# B\n", False),  # (`name:` alone may be text)
    ("# A\n\n---\n\ntitle: T\n\nclass: middle\n\n# B\n", True),  # (blank lines first)
    ("# A\n\n---\n\n# B\nNote:\nclass: x\n", False),
    ("```\n---\nclass: x\n```\n", False),
])
def test_which_talks_are_remark_decks(body: str, expected: bool) -> None:
    assert is_remark(body) is expected


def test_class_blocks_nest_and_a_shared_line_is_a_warning() -> None:
    problems: list[Problem] = []
    text = ".pull-left[\n.red[a [link](x.md)]\n\n::: note\nn\n:::\n]\n\n`.red[code]` .b[x]y]\n"
    done = class_blocks(text, 1, Path("t.md"), problems)
    assert done.split("\n")[:2] == [":::: {.pull-left}", "[a [link](x.md)]{.red}"]
    assert done.split("\n")[6] == "::::"
    assert "`.red[code]` [x]{.b}y]" in done
    shared = class_blocks(".pull-left[- a\n- b] and more\n", 3, Path("t.md"), problems)
    assert shared == ".pull-left[- a\n- b] and more\n"
    assert [p.line for p in problems] == [3]
    # (opening its first line and closing its last, paragraphs between: remark's div)
    whole = class_blocks(".column[Text.\n\n- a\n- b]\n", 5, Path("t.md"), problems)
    assert whole == "::: {.column}\nText.\n- a\n- b\n:::"  # (its lines kept: see below)
    assert [p.line for p in problems] == [3]
    # `.a[ .b[` over a blank line, `] ]` under one (a slide's last line): two lines each
    halves = ".font-sm[ .col-6[\n\nx\n\n] .col-6[\n\ny\n\n] ]"
    assert class_blocks(halves, 1, Path("t.md"), problems).split("\n") == [
        ":::: {.font-sm}", "::: {.col-6}", "x", "", ":::", "::: {.col-6}", "y", ":::", "::::"]
    # one paragraph over lines, its `]` alone (xaringan's footnotes): a span of it
    footnote = ".footnote[[1] [Source](https://example.org/a)\nsecond line\n]\n"
    assert class_blocks(footnote, 9, Path("t.md"), problems) == (
        "[[1] [Source](https://example.org/a)\nsecond line\n]{.footnote}\n")
    assert [p.line for p in problems] == [3]


@pytest.mark.parametrize(("text", "expected", "warned"), [
    # its `]` alone: the closing fence's line; the blank line after it the opening's
    (".red[---\n]\n\nx", "::: {.red}\n---\n:::\nx", []),
    # the blank line before it (its lines stay where they were)
    ("a\n\n.red[---\n]\nx", "a\n::: {.red}\n---\n:::\nx", []),
    # its own blank lines at its end
    (".column[Text.\n\n- a\n\n\n]\nx", "::: {.column}\nText.\n\n- a\n\n:::\nx", []),
    # a blank line Markdown reads the same without (the heading ends the paragraph)
    (".column[Text.\n\n# H\n- b]\n\nx", "::: {.column}\nText.\n# H\n- b\n:::\nx", []),
    # too few: as written, with a warning at its line
    (".column[Text.\n\n- a\n- b]\nx", ".column[Text.\n\n- a\n- b]\nx", [4]),
    (".red[---\n]", ".red[---\n]", [4]),
    (".c[- a\n\n- b\n]\nx", ".c[- a\n\n- b\n]\nx", [4]),  # (a loose list stays loose)
    # in a block, its first and last lines are the `.a[` and `]` lines: none to take
    (".a[\n.b[x\n- y]\n]", "::: {.a}\n.b[x\n- y]\n:::", [5]),
])
def test_a_block_over_its_text_s_lines_keeps_every_later_line(
        text: str, expected: str, warned: list[int]) -> None:
    """`.red[---⏎]` became `::: {.red}⏎---⏎:::`, a line more: every later line of the
    talk moved (and Hypothesis found it now and then, failing CI)."""
    problems: list[Problem] = []
    assert class_blocks(text, 4, Path("t.md"), problems) == expected
    assert [p.line for p in problems] == warned


def test_unclosed_class_blocks_cost_linear_time() -> None:
    """Each `.x[` left open scanned the rest of the slide: quadratic time."""
    def best(n: int) -> float:
        text = ".x[a " * n
        times = []
        for _ in range(3):
            started = time.process_time()
            class_blocks(text, 1, Path("t.md"), [])
            times.append(time.process_time() - started)
        return min(times)

    for _attempt in range(3):
        small, large = best(20000), best(40000)
        if large < 0.02 or large / small < 3.5:
            return
    pytest.fail(f"{small:.3f}s for n, {large:.3f}s for 2n")


TOKENS = ["---", "--", "???", "\n", "\n\n", "layout: two-cols", "layout: true", "::right::",
          "::left::", "<v-click>", "</v-clicks>", "<!--", "-->", ".pull-left[", "]", "[",
          ".red[", "class: center, middle", "{{ x }}", "{{", "<style>", "</style>", "```",
          "```yaml", "$$ {1|2}", "$$", "src: a.md", "<Tweet id=\"1\" />", "<div v-click",
          ">", "# T", "- a", "`", "::ul{.a}", "::", "````md magic-move", "```ts {2|3}",
          "image: /a.png", "background: red", "hide: true", "中文", " "]


@given(st.lists(st.sampled_from(TOKENS), max_size=60))
@example(['<div v-click', '\n', '>'])  # (a tag over two lines lost its line end)
@example([".red[", "---", "\n", "]"])  # (a class block's fences added a line)
@example([".red[", "# T", "\n\n", "- a", "]", "\n"])  # (two lines)
@example([".red[", "- a", "\n\n", "- a", "\n\n", "]", "\n\n", "- a"])  # (one less)
@settings(max_examples=300, deadline=None)
def test_deck_readers_take_any_text_and_keep_its_lines(tokens: list[str]) -> None:
    """Slidev's and remark's readers never fail on a talk's text, whatever it holds, and
    what they change keeps every line where it was (messages name the file's lines)."""
    from lanting.site.remark import Templates
    from lanting.site.remark import read_slide as read_remark
    from lanting.site.slidev import lay_out, read_deck
    from lanting.site.slidev_vue import Warned, static_text

    text = "".join(tokens)
    problems: list[Problem] = []
    assert static_text(text, 1, Path("t.md"), Warned(), problems).count("\n") \
        == text.count("\n")
    assert class_blocks(text, 1, Path("t.md"), problems).count("\n") == text.count("\n")
    read_remark(text, 1, Templates(), Path("t.md"), problems)
    slides, _found = read_deck(text, 1, {"mdc": True}, {}, Path("t.md"), None)
    for slide in slides:
        lay_out(slide, static_text(slide.text, slide.line, slide.path, Warned(), problems),
                slide.path, Warned(), problems)


SVG = "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'/>"
LECTURE = """---
title: 射影几何
date: 2026-03-01
---

title: Projective Planes
class: typo
layout: true

.footer[{{title}} · {{term}}]

---

count: false
term: Spring
class: nord-dark, middle, center

# {{title}}

---

name: frame
layout: false
class: inverse

.head[Frame]

{{content}}

.tail[end of frame]

---

template: frame

## Incidence

.font-sm.mb-xs[

```python
p = line[0]
```

]

.pull-left[

$p \\cdot l = 0$

] .pull-right[

![](dual.svg)

]

---

.mermaid[
<pre>
graph LR
  P[Point] --> L[Line]
</pre>
]
"""


def test_any_property_after_blank_lines_templates_and_variables(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A lecture deck laid out as many remark decks are: a blank line after each `---`
    before the properties, a `title:` that `{{title}}` shows, classes a layout passes
    on, a template with `{{content}}`, blocks of two classes around code, `] .next[`
    between halves and a `.mermaid[` diagram. Before, no slide was read as remark's:
    the properties, `{{title}}` and the blocks showed as text."""
    site = make_site({"content/talks/planes/index.md": LECTURE,
                      "content/talks/planes/dual.svg": SVG})
    out = site / "public"
    result = build_site(site, out=out)
    assert [w.message for w in result.warnings if "plain block" not in w.message
            and "Mermaid" not in w.message] == []
    page = parse_html((out / "talks/planes/slides/index.html").read_bytes())
    boxes = [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]
    assert len(boxes) == 4  # (the named slide is shown too, as in remark)
    text = " ".join(b.text() for b in boxes)
    assert "title:" not in text and "class:" not in text and "{{" not in text
    # the layout's classes come with it; a slide's own `center` centres it
    assert boxes[0].one("h1").text() == "Projective Planes"
    assert "slide-lead" in boxes[0]["class"]
    assert boxes[0].one("span", class_="footer").text() == "Projective Planes · Spring"
    # `layout: false`, then a template: its text around the slide's own, no footer
    assert [s.text() for s in boxes[1].find_all("span")] == ["Frame", "end of frame"]
    second = boxes[2]
    assert "marp-invert" in second["class"] and second.find("span", class_="footer") is None
    shown = second.text()
    assert shown.index("Frame") < shown.index("Incidence") < shown.index("end of frame")
    block = second.one("div", class_="font-sm")
    assert "mb-xs" in block["class"] and "p = line[0]" in block.one("code").text()
    assert "\\cdot" not in second.one("div", class_="pull-left").text()
    assert second.one("div", class_="pull-right").one("img")["src"].endswith("dual.svg")
    assert "graph LR" in boxes[3].one("code").text()
    assert boxes[3].one("code")["class"] == "language-mermaid"


XARINGAN = """---
title: "Bayesian workflow <br> for ecologists"
subtitle: "Lab seminar"
author:
  - name: Mei Lin
  - Ravi Rao
institute: Department of Ecology
date: 2026-04-02
output:
  xaringan::moon_reader:
    seal: {seal}
    nature:
      countIncrementalSlides: false
---

```{r setup, include = FALSE}
library(brms)
```
class: inverse, center, middle

# Part one

---

## Priors

Start from what is known.

--

$$p(\\theta \\mid y) \\propto p(y \\mid \\theta)\\, p(\\theta)$$

---
class: center, middle

# Part two

---

## Checks

Posterior predictive checks.
"""


@pytest.mark.parametrize("seal", ["true", "false"])
def test_a_xaringan_header_makes_the_title_slide(
        seal: str, make_site: Callable[..., Path],
        build_site: Callable[..., BuildResult]) -> None:
    """A xaringan deck renamed `.md`, whose slides open with no remark property: its
    header's `subtitle` and `author` were errors, and with them taken out its `--` line
    started a new slide (the deck was not known as remark's: `output` was only a
    warning). The header makes xaringan's title slide (not with `seal: false`) and the
    deck is read as remark's, not Slidev's, whose slide settings a `class:` slide looked
    like; a knitr cell with `include = FALSE` shows nothing, as in xaringan."""
    site = make_site({"content/talks/workflow.md": XARINGAN.replace("{seal}", seal)})
    out = site / "public"
    result = build_site(site, out=out)
    assert not result.warnings
    page = parse_html((out / "talks/workflow/slides/index.html").read_bytes())
    boxes = [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]
    listing = parse_html((out / "talks/index.html").read_bytes())
    # (the title's `<br>` breaks the title slide's heading; the talk's title is text)
    assert listing.one("article", class_="talk-entry").find_all("a")[0].text() == (
        "Bayesian workflow for ecologists")
    if seal == "true":
        assert boxes[0].one("h1").find("br") is not None
        assert " ".join(boxes[0].one("h1").text().split()) == "Bayesian workflow for ecologists"
        assert {"slide-lead", "marp-invert"} <= set(boxes[0]["class"].split())
        assert [h.text() for h in boxes[0].find_all("h3")] == [
            "Mei Lin, Ravi Rao", "Department of Ecology", "2026-04-02"]
        assert boxes[0].one("h2").text() == "Lab seminar"
        boxes = boxes[1:]
    assert len(boxes) == 4  # (`--` goes on with the slide)
    # knitr's hidden cell shows nothing, so the properties after it open the slide
    # (its `---`, `class:`, `# Part one`, `---` was read as a Slidev slide's settings)
    assert boxes[0].one("h1").text() == "Part one" and "library" not in boxes[0].text()
    assert {"slide-lead", "marp-invert"} <= set(boxes[0]["class"].split())
    assert boxes[1].one("h2").text() == "Priors" and "∝" in boxes[1].text()
    assert boxes[2].one("h1").text() == "Part two" and "slide-lead" in boxes[2]["class"]


COURSE = """---
title: Ordination methods
date: 2026-02-10
output:
  xaringan::moon_reader:
    seal: false
---

# Plan

1. Distances
2. Models

---

```{r child='distances.Rmd'}
```

---

```{r child = "models.Rmd", eval = TRUE}
```
"""

DISTANCES = """# Distances

![A map](figures/map.png)

???
Start from the map.

---
class: inverse

# Bray-Curtis

```{r child='more/extra.Rmd'}
```

---

```{r child='more/extra.Rmd'}
```
"""


def test_knitrs_child_documents_are_the_talks_slides(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A lecture kept in parts, each a knitr child (```` ```{r child='part.Rmd'} ````)
    of a short deck, showed the cells as code: every part was left out. The slides
    of such cells are the parts' slides, read as the talk is (notes, properties,
    images from their file); a part that is not there is an error at its cell."""
    site = make_site({"content/talks/ordination/index.md": COURSE,
                      "content/talks/ordination/distances.Rmd": DISTANCES,
                      "content/talks/ordination/more/extra.Rmd": "# Extra\n\nText.\n",
                      "content/talks/ordination/models.Rmd": "# Models\n\n---\n\n# End\n",
                      "content/talks/ordination/figures/map.png": png(40, 30)})
    # (the cell beside a heading: not read, as it says)
    # (and its cell shown as code; no other: the parts are no pages of their own)
    warnings = build_site(site).warnings
    assert [(w.path.name, w.line) for w in warnings] == [("distances.Rmd", 13)] * 2
    assert "child" in warnings[0].message
    page = parse_html((site / "public/talks/ordination/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [f.one("h1").text() for f in frames] == [
        "Plan", "Distances", "Bray-Curtis", "Extra", "Models", "End"]
    assert frames[1].one("aside", class_="slide-notes").text() == "Start from the map."
    assert "marp-invert" in frames[2].one(class_="slide")["class"]
    assert frames[1].one("img")["src"].endswith("map.png")
    assert "child" not in "".join(f.text() for f in frames[:2] + frames[3:])
    (site / "content/talks/ordination/models.Rmd").unlink()
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert [(p.message, p.line) for p in info.value.problems
            if p.severity == "error"] == [("knitr's child document `models.Rmd` is not "
                                           "there", 21)]


def test_an_indented_class_block_nested_in_another_is_a_block() -> None:
    """xaringan decks indent a block inside another (`.pull-left[` holding `  .quote[`
    and its text four spaces in): the inner one was "not read: it shares a line with
    its text" and stayed as written, brackets and all. Alone on its lines it is a block,
    its text taken out of the indent (not a code block)."""
    problems: list[Problem] = []
    text = ".pull-left[\n  .quote[\n    ### Question\n    What is a distance?\n  ]\n]\n"
    done = class_blocks(text, 1, Path("t.md"), problems)
    assert problems == []
    assert [x.strip() for x in done.split("\n")] == [
        ":::: {.pull-left}", "::: {.quote}", "### Question", "What is a distance?", ":::",
        "::::", ""]
    assert "\n### Question\nWhat is a distance?\n" in done


STYLED = """---
title: Mixed models
date: 2026-02-11
output: xaringan::moon_reader
---

```{css, echo = FALSE}
.remark-code { font-size: 80%; }
```

class: center, middle

# Random effects
"""


def test_a_css_cell_without_echo_shows_nothing(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """knitr's `{css, echo = FALSE}` cell (a xaringan deck's own styles) shows no code:
    its output is a stylesheet. Its CSS was shown as a code block on the title slide,
    with a warning that Quarto runs it, and the properties after it were text."""
    site = make_site({"content/talks/mixed.md": STYLED})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/mixed/slides/index.html").read_bytes())
    boxes = [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]
    assert "font-size" not in page.one("main").text()
    assert "slide-lead" in boxes[-1]["class"] and boxes[-1].one("h1").text() == (
        "Random effects")


def test_knitrs_inline_r_code_is_a_warning(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """knitr fills in `` `r expr` `` (an icon, `r fa("book")`; a number) before remark
    shows the deck; Lanting runs no R, and it showed as code without a word. It is a
    warning at the first of each file; one in a code block is code."""
    text = ("---\ntitle: T\ndate: 2026-02-12\noutput: xaringan::moon_reader\n---\n\n"
            "# Plan\n\n```md\n`r 1 + 1`\n```\n\n---\n\n## `r fa(\"book\")` Reading\n\n"
            "`r nrow(x)` rows.\n")
    site = make_site({"content/talks/t.md": text})
    assert [(w.line, w.message.split(" (")[0]) for w in build_site(site).warnings] == [
        (15, "knitr's inline R code")]


HIDDEN_CODE = """---
title: Shrinkage
date: 2026-02-13
output: xaringan::moon_reader
---

```{r setup, include=FALSE}
library(glmnet)
knitr::opts_chunk$set(fig.dim = c(6, 4),
                      echo = FALSE)
```

# Coefficient paths

```{r paths}
plot(fit, xvar = "lambda")
```

---

# The fit

```{r fit, echo=TRUE}
fit <- glmnet(x, y, alpha = 1)
```

```{r, echo = F}
plot(cv)
```

---

# The path we chose

```{r chosen, fig.align='center', out.width='60%'}
knitr::include_graphics("chosen.png")
```
"""


def test_knitrs_echo_false_leaves_a_cells_code_out(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A lecture's setup cell sets `knitr::opts_chunk$set(echo = FALSE)`: knitr showed
    each cell's output (a plot) and none of its code, but every slide showed the code.
    A cell without code shown (that default, or its own `echo = F`) is left out, one
    warning a file at the first; a cell's own `echo=TRUE` still shows its code, and a
    cell that only calls `knitr::include_graphics` shows its image."""
    site = make_site({"content/talks/lasso/index.md": HIDDEN_CODE,
                      "content/talks/lasso/chosen.png": png(8, 6)})
    warnings = [(w.line, w.message.split(" (")[0]) for w in build_site(site).warnings]
    assert warnings[0] == (15, "knitr's cell with `echo=FALSE` showed only its output")
    page = parse_html((site / "public/talks/lasso/slides/index.html").read_bytes())
    text = page.one("main").text()
    assert "plot(" not in text and "glmnet(x, y, alpha = 1)" in text
    assert "Coefficient paths" in text and "include_graphics" not in text
    # (a cell that only calls `include_graphics` is that image: what knitr showed)
    [image] = page.one("main").find_all("img")
    assert image["src"].endswith("chosen.png") and "60%" in str(image.attrs)


def test_r_markdowns_rendering_keys_are_accepted_in_a_xaringan_header(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """R Markdown's `always_allow_html` (HTML in other formats) and RStudio's
    `editor_options` and `knit` say how to render the file, nothing the talk shows: a
    conference talk's `always_allow_html: yes` failed its build as an unknown key."""
    text = ("---\ntitle: Exploring cells\ndate: 2021-11-08\nalways_allow_html: yes\n"
            "editor_options:\n  chunk_output_type: console\nknit: pagedown::chrome_print\n"
            "output:\n  xaringan::moon_reader:\n    lib_dir: libs\n---\n\n# Cells\n\ntext\n")
    site = make_site({"content/talks/cells.md": text})
    assert build_site(site).warnings == ()
    assert (site / "public/talks/cells/slides/index.html").is_file()


NAMED_SLIDES = """---
title: Graph search
date: 2025-01-20
---

class: center, middle

# Graph search

---
name: bfs
class: left

# Breadth first

- a queue
- levels in order

---
name: dfs
class: left

# Depth first

- a stack
"""


def test_slides_opening_with_remarks_properties_are_no_slidev_front_matter(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A slide of headings and a list under `name:` and `class:` reads as a Slidev
    slide's front matter too (YAML takes `#` lines as comments): the deck was read as
    Slidev's, and the build failed on each slide's "invalid YAML". `name:` is remark's
    property (Slidev has none): the deck is remark's."""
    site = make_site({"content/talks/graphs.md": NAMED_SLIDES})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/graphs/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [f.one("h1").text() for f in frames] == [
        "Graph search", "Breadth first", "Depth first"]
    assert "name:" not in page.text()


def test_remarks_notes_line_tells_its_deck_from_slidevs(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`class:` over a slide of headings is Slidev's front matter as well as remark's
    properties; a line `???` (remark's notes, Slidev's are comments) says whose."""
    deck = NAMED_SLIDES.replace("name: bfs\n", "").replace("name: dfs\n", "") + \
        "\n???\nEnd with the stack's depth.\n"
    site = make_site({"content/talks/graphs.md": deck})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/graphs/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert len(frames) == 3
    assert frames[2].one("aside", class_="slide-notes").text().strip() == (
        "End with the stack's depth.")
