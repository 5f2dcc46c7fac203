"""Talks written in reveal.js's Markdown: its notes in HTML, its slide comments, its
links to slides (`site.reveal`, `site.slide_links`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html
from sitebits import png

from lanting.build.options import BuildResult
from lanting.errors import LantingError
from lanting.site.slide_links import pandoc_id

ASIDE = """---
title: Sparse solvers
date: 2026-03-02
---

## Why sparse

Most entries are zero.

<aside class="notes">
    Pause here: ask who has *factored* a matrix.
</aside>

---

## In code

```html
<aside class="notes">kept as code</aside>
```
"""


def test_an_aside_of_notes_is_the_slides_speaker_notes(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """reveal.js's own way to write notes, `<aside class="notes">`, stayed in the slide
    as raw HTML (shown on it), and the speaker view had no notes. It is the slide's
    notes, read as Markdown; in a code block it is code."""
    site = make_site({"content/talks/sparse.md": ASIDE})
    build_site(site)
    page = parse_html((site / "public/talks/sparse/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert frames[0].one(class_="slide").find("aside") is None
    notes = frames[0].one("aside", class_="slide-notes")
    assert notes.one("em").text() == "factored"
    assert "ask who has" in notes.text()
    assert frames[1].find("aside", class_="slide-notes") is None
    assert "kept as code" in frames[1].one("code").text()


COMMENTS = """---
title: Volcanic forcing
date: 2026-04-24
---

## Forcing

<!-- .slide: data-background-color="#001928" -->
<!-- .slide: data-background-size="contain" -->
<!-- .slide:
  data-background-image="plume.svg"
-->
<!-- .slide: data-background-opacity="0.15" -->

---

<!-- .slide: data-visibility="hidden" -->

## Backup only

---

## Response
"""


def test_a_slides_comments_add_up_and_hidden_slides_are_left_out(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A deck writes one attribute a comment: the image's `contain`, in another comment
    than the image, was lost (the picture cropped), and a slide reveal.js hides
    (`data-visibility="hidden"`) showed in the deck."""
    site = make_site({"content/talks/forcing/index.md": COMMENTS,
                      "content/talks/forcing/plume.svg":
                          "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'/>"})
    build_site(site)
    page = parse_html((site / "public/talks/forcing/slides/index.html").read_bytes())
    boxes = [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]
    assert [b.one("h2").text() for b in boxes] == ["Forcing", "Response"]
    assert boxes[0]["style"] == "background:#001928;color:#f8fafc"
    image = boxes[0].one(class_="slide-bg").one(class_="slide-bg-image")
    assert "marp-bg-contain" in image["class"]
    assert image["style"] == "opacity:0.15"  # (faint behind the text, as in reveal.js)
    assert image.one("img")["src"] == "/talks/forcing/plume.svg"


REVEAL_MD = """---
title: Ocean heat uptake
date: 2026-05-12
theme: night
highlightTheme: monokai
separator: "\\r?\\n---\\r?\\n"
verticalSeparator: \\n--\\n
revealOptions:
  transition: none
  slideNumber: true
css: deck.css
---

## Uptake

--

## By depth

Note: the deep ocean lags
"""


def test_a_reveal_md_header_is_accepted(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """reveal-md's header (`theme`, `highlightTheme`, `revealOptions`, separators) made
    every deck of a speaker's site fail: `theme` was told to be Marp's, the others
    unknown keys, and `css` made the deck a Slidev one. The look is ignored, separators
    cutting as Lanting does are accepted, a stylesheet is a warning."""
    site = make_site({"content/talks/uptake.md": REVEAL_MD})
    result = build_site(site)
    assert [(w.line, w.message) for w in result.warnings] == [
        (11, "reveal-md's `css` is not applied")]
    page = parse_html((site / "public/talks/uptake/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [f.one("h2").text() for f in frames] == ["Uptake", "By depth"]
    assert "the deep ocean lags" in frames[1].one("aside", class_="slide-notes").text()


def test_a_reveal_md_separator_lanting_does_not_cut_at_is_a_warning(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    deck = REVEAL_MD.replace('separator: "\\r?\\n---\\r?\\n"', "separator: ^\\n\\n\\n")
    site = make_site({"content/talks/uptake.md": deck.replace("css: deck.css\n", "")})
    result = build_site(site)
    assert [(w.line, w.message) for w in result.warnings] == [
        (6, "reveal-md's `separator: ^\\n\\n\\n` is not Lanting's")]
    assert result.warnings[0].hint == (
        "in a Lanting talk slides are cut at lines `---`: write the deck so")


LINKED = """---
title: Aerosol layers
date: 2026-06-03
---

# Aerosol layers

---

## Evidence

--

<!-- .slide: id="plume" -->

## Plume height

--

## Spread

Back to [the plume](#/plume), [the evidence](#/evidence) or [the start](#/0).

Note: if asked, go to [the spread](#/1/2) or <a href="#/1">evidence</a>.

---

## In code

```markdown
[code](#/plume)
```
"""


def test_links_to_a_slide_in_reveal_js_form_lead_to_it(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """reveal.js names a slide `#/h/v` (across and down, from 0) or `#/id`; Lanting's
    deck numbers its slides one after another, so `[Back](#/plume)` in a speaker's
    deck named no anchor of the page and the build failed. Such a link leads to that
    slide of the deck (`#/evidence`: Pandoc's id of the slide's heading); one naming no
    slide is still reported."""
    site = make_site({"content/talks/aerosol.md": LINKED})
    build_site(site)
    page = parse_html((site / "public/talks/aerosol/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    deck = "/talks/aerosol/slides/"
    assert [a["href"] for a in frames[3].one(class_="slide").find_all("a")] == [
        deck + "#3", deck + "#2", deck + "#1"]
    assert [a["href"] for a in frames[3].one("aside").find_all("a")] == [
        deck + "#4", deck + "#2"]
    assert "[code](#/plume)" in frames[4].one("code").text()

    (site / "content/talks/aerosol.md").write_text(LINKED.replace("#/0", "#/9/9"))
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert [p.message for p in info.value.problems] == ["no anchor `#/9/9` on this page"]


PANDOC = """---
title: Packaging a desktop app
date: 2026-07-08
---

## Why bundle

::: incremental
- one file to run
- no interpreter to install
:::

::: notes
Mention the *installer* size.

::: {.column}
an aside in the notes
:::
:::

---

## Layout

::: {.columns}
Kept as a div.
:::
"""


def test_pandoc_notes_and_step_divs_in_a_talk(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A deck written for `pandoc -t revealjs` keeps its notes in `::: notes` and its
    click steps in `::: incremental`: both were "plain blocks" (a warning each) and the
    notes were shown on the slide. The notes are the slide's notes, the steps' content
    shows at once; other divs stay divs."""
    site = make_site({"content/talks/packaging.md": PANDOC})
    result = build_site(site)
    assert result.warnings == ()
    page = parse_html((site / "public/talks/packaging/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    slide = frames[0].one(class_="slide")
    assert [li.text() for li in slide.find_all("li")] == ["one file to run",
                                                        "no interpreter to install"]
    assert "installer" not in slide.text()
    notes = frames[0].one("aside", class_="slide-notes")
    assert notes.one("em").text() == "installer"
    assert "an aside in the notes" in notes.text()
    assert frames[1].one("div", class_="columns").text().strip() == "Kept as a div."


CODE_MATH = """---
title: Pulse shapes
date: 2026-08-01
---

## Model

- injected at `$18\\,\\mathrm{km}$` <!-- .element: class="fragment" -->

`$$
T_K(t) = [\\phi * f_K](t)
$$`

Code stays code: `$HOME` and `x = $y$`.
"""


def test_a_formula_in_backticks_is_math_in_a_reveal_js_deck(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """reveal.js's math plugin asks a Markdown deck to wrap formulas in backticks (so
    that Markdown leaves `_` and `*` alone): a speaker's decks showed `$$ T_K(t) … $$`
    as code. In a deck written for reveal.js a code span of one formula is the formula;
    in another talk it stays code."""
    site = make_site({"content/talks/pulses.md": CODE_MATH,
                      "content/talks/plain.md": CODE_MATH.replace(
                          ' <!-- .element: class="fragment" -->', "")})
    build_site(site)
    page = parse_html((site / "public/talks/pulses/slides/index.html").read_bytes())
    slide = page.one("section", class_="slide-frame").one(class_="slide")
    assert len(slide.find_all("math")) == 2
    assert slide.one("div", class_="math-display") is not None
    assert [c.text() for c in slide.find_all("code")] == ["$HOME", "x = $y$"]
    plain = parse_html((site / "public/talks/plain/slides/index.html").read_bytes())
    assert plain.find("math") is None


PANDOC_CUT = """---
title: Incremental parsing
date: 2026-09-09
---

# Background

## Grammars

Context-free ones.

## Parsers

Earley's and GLR.

::: notes
Keep this under a minute.
:::

# Method

## Results

Faster on long files.
"""


def test_a_pandoc_deck_without_dashes_is_cut_at_its_slide_level(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Pandoc cuts a deck at its headings (no line `---`): such a deck added as a talk
    was one long slide. With no slide break at all, it is cut as Pandoc cuts it, at the
    headings up to its slide level (here `##`, the highest level followed by text; `#`
    starts a section's slide); a talk of one slide with a few headings stays one."""
    site = make_site({"content/talks/parsing.md": PANDOC_CUT,
                      "content/talks/one.md": PANDOC_CUT.replace("# Method\n", "Text\n")
                      .replace("# Background\n", "# Background\n\nText\n")})
    build_site(site)
    page = parse_html((site / "public/talks/parsing/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [(f.find_all("h1") + f.find_all("h2"))[0].text() for f in frames] == [
        "Background", "Grammars", "Parsers", "Method", "Results"]
    assert frames[2].one("aside", class_="slide-notes").text() == "Keep this under a minute."
    one = parse_html((site / "public/talks/one/slides/index.html").read_bytes())
    # (`#` followed by text: the slide level is 1, and one such heading is no deck)
    assert len(one.find_all("section", class_="slide-frame")) == 1


TITLE_BLOCK = """---
event: Workshop on sparse methods
---
% Fill-in and ordering:
  a short tour
% Ada Ng; Bo Li
% 14 March 2026

# Why ordering

Fill-in grows with a bad order.

# Minimum degree

Pick the node of least degree.
"""


def test_a_pandoc_title_block_titles_the_talk_and_makes_its_title_slide(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A deck made for `pandoc -t revealjs` opens with `% Title`, `% Authors`, `% Date`:
    added as a talk, it had no title (an error) and its lines were a paragraph of `%`
    text. The block titles and dates the talk (the front matter wins where it sets
    them) and makes the title slide Pandoc made; a date Lanting cannot read is shown
    only."""
    site = make_site({"content/talks/ordering.md": TITLE_BLOCK,
                      "content/talks/dated.md": TITLE_BLOCK.replace(
                          "---\nevent", "---\ntitle: Ordering\ndate: 2026-03-01\nevent")
                      .replace("14 March 2026", "spring term")})
    build_site(site)
    page = parse_html((site / "public/talks/ordering/slides/index.html").read_bytes())
    assert page.one("title").text().startswith("Fill-in and ordering: a short tour")
    frames = page.find_all("section", class_="slide-frame")
    first = frames[0].one(class_="slide")
    assert "slide-lead" in first["class"]
    assert [e.text() for e in (*first.find_all("h1"), *first.find_all("p"))] == [
        "Fill-in and ordering: a short tour", "Ada Ng; Bo Li", "14 March 2026"]
    assert [f.one("h1").text() for f in frames[1:]] == ["Why ordering", "Minimum degree"]
    assert "%" not in page.one("main").text()
    article = (site / "public/talks/ordering/index.html").read_text()
    assert "2026-03-14" in article
    dated = parse_html((site / "public/talks/dated/slides/index.html").read_bytes())
    assert dated.one("title").text().startswith("Ordering")
    assert "spring term" in dated.find_all(class_="slide")[0].text()
    assert "2026-03-01" in (site / "public/talks/dated/index.html").read_text()


STACKED = """---
title: Sampling
date: 2026-05-02
---

# Motivation

## Cost

Exact sums are slow.

## Variance

Fewer samples, more noise.

# Methods

## Importance sampling

Weight each draw.
"""

LINKING = """---
title: Notes on sampling
date: 2026-05-03
---

The [variance slide](/talks/sampling/slides/#/0/2), the [methods](../talks/sampling.md#/methods),
[the second column](/talks/sampling/slides/#/1) and [its slide](/talks/sampling/#/1/1).
"""


def test_links_to_a_slide_in_reveal_js_form_from_another_page_lead_to_it(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A post linking to a talk's slide as reveal.js names it (`slides/#/0/2`, across
    and down; `#/methods`) failed the build: no such anchor in the deck, whose slides
    are `#1`, `#2`. The deck and the article carry reveal.js's names of each slide as
    anchors (the deck's script goes to the slide); a deck Pandoc cut at its headings
    stacks each section's slides down under its `#` slide, as reveal.js showed them."""
    site = make_site({"content/talks/sampling.md": STACKED,
                      "content/posts/notes.md": LINKING})
    build_site(site)
    deck = parse_html((site / "public/talks/sampling/slides/index.html").read_bytes())
    frames = deck.find_all("section", class_="slide-frame")
    names = [[s["id"] for s in f.find_all("span", class_="slide-name")] for f in frames]
    assert names[2] == ["/0/2", "/variance"]
    assert names[3] == ["/1", "/1/0", "/methods"]
    assert names[4] == ["/1/1", "/importance-sampling"]
    article = parse_html((site / "public/talks/sampling/index.html").read_bytes())
    item = article.one("li", id="slide-5")
    assert [s["id"] for s in item.find_all("span", class_="slide-name")] == names[4]
    (site / "content/posts/notes.md").write_text(LINKING.replace("#/1)", "#/7)"))
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert [p.message for p in info.value.problems] == [
        "no anchor `#/7` in /talks/sampling/slides/"]


LEVELLED = """---
title: Build systems
date: 2026-06-01
slide_level: 2
---

# Make

The oldest one still in use.

## Rules

Targets, prerequisites, recipes.

## Pattern rules

One rule for many files.
"""


def test_a_talks_slide_level_cuts_a_pandoc_deck_as_its_makefile_did(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A deck built with `pandoc --slide-level=2` in its Makefile, whose `#` headings
    have text under them, was cut at `#` only (the level Pandoc works out alone): its
    `##` slides ran into one. `slide_level: 2` says what the Makefile said; it is a
    talk's, and a heading level."""
    site = make_site({"content/talks/make.md": LEVELLED})
    build_site(site)
    page = parse_html((site / "public/talks/make/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [(f.find_all("h1") + f.find_all("h2"))[0].text() for f in frames] == [
        "Make", "Rules", "Pattern rules"]
    assert [s["id"] for s in frames[2].find_all("span", class_="slide-name")][0] == "/0/2"
    for name, text, message in (
            ("talks/make.md", LEVELLED.replace("level: 2", "level: 9"),
             "slide_level: `9` is no heading level"),
            ("talks/make.md", LEVELLED.replace("slide_level: 2\n", ""), ""),
            ("pages/p.md", "---\ntitle: P\nslide_level: 2\n---\nText\n",
             "slide_level: only a talk has a `slide_level`")):
        (site / "content" / name).parent.mkdir(exist_ok=True)
        (site / "content" / name).write_text(text)
        if not message:
            build_site(site)
            continue
        with pytest.raises(LantingError) as info:
            build_site(site)
        assert [p.message for p in info.value.problems] == [message]


NUMBERED = """---
title: Caching
date: 2026-06-02
marp: true
---

# Caching

Back to [the start](#1), on to [the summary](#3).

<!-- Skip to [the end](#3) if short of time. -->

---

# Code

```md
[kept](#2)
```

---

# Summary

[Slide 7](#7) is no slide.
"""


def test_a_link_to_a_slide_by_number_leads_to_it_from_the_article_too(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`[the summary](#3)` is slide 3 in Lanting's deck (its hash) and in Marp's, but in
    the talk's article, where slides are `#slide-3`, it named nothing and failed the
    build. A link to a slide by number leads to that slide of the deck, from the notes
    too; one in code stays, and one no slide has is reported."""
    site = make_site({"content/talks/caching.md": NUMBERED})
    with pytest.raises(LantingError) as info:
        build_site(site)
    assert [(p.message, p.line) for p in info.value.problems] == [
        ("no anchor `#7` on this page", 25)]
    (site / "content/talks/caching.md").write_text(NUMBERED.replace("[Slide 7](#7)", "x"))
    build_site(site)
    deck = "/talks/caching/slides/"
    for page in ("", "slides/"):
        html = parse_html((site / f"public/talks/caching/{page}index.html").read_bytes())
        assert [a["href"] for a in html.find_all("a") if a["href"].startswith(deck + "#")
                and "slide-present" not in (a.get("class") or "")] == [
            deck + "#1", deck + "#3", deck + "#3"]
        assert "[kept](#2)" in html.one("code").text()


INLINE_FENCE = """---
title: Writing slides
date: 2026-06-03
---

# Code

``` `x` ``` shows a code span.

# Lists

Bullets.

# Images

`![alt](a.png)` shows an image.
"""


def test_three_backticks_with_a_backtick_after_them_open_no_code_block(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A line ``` `` `x` `` ``` is a code span in a paragraph (a backtick fence's info
    string holds no backtick, in CommonMark), but the slide cutter read it as a code
    block running to the end: the Pandoc deck after it was one slide."""
    site = make_site({"content/talks/writing.md": INLINE_FENCE})
    build_site(site)
    page = parse_html((site / "public/talks/writing/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [f.one("h1").text() for f in frames] == ["Code", "Lists", "Images"]


HEADER = """---
title: Graph sparsifiers
subtitle: A reading group
author:
  - Ada Ng
  - name: Bo Li
institute: Example University
date: 2026-04-09
---

## Spectral

Keep the Laplacian's quadratic form.

## Cut

Keep every cut.
"""


def test_a_pandoc_decks_header_makes_its_title_slide(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A deck made for Pandoc (or Quarto) names its `author`, `subtitle` and `institute`
    in its header for the title slide Pandoc makes; copied as a talk, `author` was an
    unknown key and the build failed. They make that slide, as in Pandoc; a Marp deck's
    `author` is still only accepted."""
    site = make_site({"content/talks/sparsifiers.md": HEADER,
                      "content/talks/marp.md": HEADER.replace("title: Graph",
                                                              "marp: true\ntitle: Graph")
                      .replace("subtitle: A reading group\n", "")
                      .replace("institute: Example University\n", "")})
    build_site(site)
    page = parse_html((site / "public/talks/sparsifiers/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    first = frames[0].one(class_="slide")
    assert "slide-lead" in first["class"]
    assert [e.text() for e in (*first.find_all("h1"), *first.find_all("p"))] == [
        "Graph sparsifiers", "A reading group", "Ada Ng; Bo Li", "Example University",
        "2026-04-09"]
    assert [f.one("h2").text() for f in frames[1:]] == ["Spectral", "Cut"]
    marp = parse_html((site / "public/talks/marp/slides/index.html").read_bytes())
    assert len(marp.find_all("section", class_="slide-frame")) == 1


@pytest.mark.parametrize(("heading", "name"), [
    ("網頁安全實務", "網頁安全實務"), ("Éclair *au* café", "éclair-au-café"),
    ("1. [Intro](x.md)", "intro"), ("123", "section")])
def test_a_slides_pandoc_name_is_pandocs_id_of_its_heading(heading: str, name: str) -> None:
    """reveal.js names a Pandoc deck's slide by its heading's id: one in Chinese (or
    starting with `É`) lost its first letters, `網頁安全實務` becoming `section`, and a
    link `#/網頁安全實務` named no slide."""
    assert pandoc_id(heading) == name


STEPPED = """---
title: Go basics
date: 2026-06-04
---

## Hello

```go{1|2|3-4}
package main
import "fmt"
func main() {
}
```
"""


def test_steps_in_braces_highlight_their_first_step(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """reveal-hugo writes reveal.js's line steps in braces against the language,
    ```` ```go{1|2|3-4} ````: the language was `go{1|2|3-4`, unknown (a warning, no
    highlighting). It is Go, numbered, its first step's lines highlighted, as
    `go [1|2|3-4]` is."""
    site = make_site({"content/talks/go.md": STEPPED})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/go/slides/index.html").read_bytes())
    code = page.one("code")
    assert code["class"] == "language-go"
    assert [s.text() for s in code.find_all("span", class_="hl")] == ["package main"]
    assert "numbered" in page.one(class_="code-block")["class"]


HTML_DIVS = """% Sparse Kernels
% A. Lecturer
% 14 May 2025

# Timing a kernel

<small>
<div class="column" width="40%">
- events measure the GPU
- **no** host timer
</div>
<div class="column" width=60%>
```cpp
hipEventRecord(start);
```
</div>
</small>

<div class="notes">
Ask who has used events.
</div>

# Two steps

:::{.column}
:::{.fragment}
<small>
First *half*
```cpp
copy(a, b);
```
</small>
:::
:::
:::{.column}
Second half
:::

# Boxed

<div class="box" style="border: 1px solid">

Already **read**: blank lines around it.

</div>

# A video

<div class="row">
<div class="column" width="70%">
<div align="center" style="padding: 1em">
<iframe src="https://example.org/v/1">
</iframe></div>
</div>
<div class="column" width="30%">
*Filmed* in a lab
</div>
</div>
"""


def test_a_pandoc_decks_html_divs_and_nested_fences_are_its_divs(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Pandoc reads a `<div>` line as a div of Markdown, and nests fenced divs by their
    openings: a lecture deck's `<div class="column" width="40%">` over a list showed it
    as written, its notes div was text on the slide, and `:::{.column}` holding
    `:::{.fragment}` (each closed by `:::`, around a code block) ended at the first
    `:::`, the last ones shown as text. A `<small>` line over a column swallowed it;
    a video's `<div>`, closed by `</iframe></div>`, took a column's `</div>` line."""
    site = make_site({"content/talks/kernels.md": HTML_DIVS})
    # (a class Lanting's theme does not style, as for any div written `::: {.row}`)
    assert [w.message.startswith("`:::: {.row}` is a plain block")
            for w in build_site(site).warnings] == [True]
    page = parse_html((site / "public/talks/kernels/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    columns = frames[1].find_all("div", class_="column")
    assert [li.text() for li in columns[0].find_all("li")] == [
        "events measure the GPU", "no host timer"]
    assert columns[0]["style"] == "flex-basis:40%" and columns[1].one("pre")
    assert frames[1].one("aside", class_="slide-notes").text().strip() == (
        "Ask who has used events.")
    assert "Ask who" not in frames[1].one(class_="slide").text()
    halves = frames[2].find_all("div", class_="column")
    assert len(halves) == 2 and halves[0].one("em").text() == "half"
    assert halves[0].one("pre") and halves[1].text().strip() == "Second half"
    assert ":::" not in frames[2].text() and "**" not in page.one("main").text()
    box = frames[3].one("div", class_="box")
    assert box["style"] == "border: 1px solid" and box.one("strong").text() == "read"
    video, caption = frames[4].find_all("div", class_="column")
    assert video.one("iframe") and caption.one("em").text() == "Filmed"


PAUSES = """---
title: Tours
date: 2025-06-02
---

## Heuristics

Is the graph Hamiltonian? \\pause

. . .

- a sufficient condition on $\\deg(v)$ \\pause
- the nearest neighbour, $O(V^2)$

\\pause

Its cost: $w(t) = \\pause 17.9$

```tex
\\pause stays in code
```
"""


def test_pandoc_and_beamer_pauses_are_no_text(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A lecture deck made with Pandoc steps through a slide with `. . .` paragraphs, or,
    made for beamer as well, with `\\pause`: both were shown as text, and a `\\pause`
    in a formula failed the build. Lanting's deck shows every step at once: they are
    left out, and code keeps them."""
    site = make_site({"content/talks/tours.md": PAUSES})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/tours/slides/index.html").read_bytes())
    slide = page.one("section", class_="slide-frame").one(class_="slide")
    text = slide.text()
    assert ". . ." not in text and text.count("\\pause") == 1
    assert slide.one("pre").text().strip() == "\\pause stays in code"
    assert slide.find_all("p")[0].text() == "Is the graph Hamiltonian?"
    assert "\\pause" not in slide.find_all("li")[0].text()


SETEXT = """---
title: Bouncing robots
date: 2019-10-15
...

Outline
-------

- background
- a planner

Background
==========

Collisions are bad
------------------

Usually.

But they're ok sometimes
------------------------

![](roomba.png)

Planner
=======

Safe actions
------------

$$f: \\partial P \\times U \\to \\partial P$$
"""


def test_a_pandoc_deck_of_setext_headings_is_cut_at_them(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A Pandoc deck underlines its headings (`Outline` over `-------`, a section over
    `=====`), and Pandoc cuts it there: read for `#` headings only, it was one slide.
    Its sections (level 1, followed by a slide's heading) stack their slides down."""
    site = make_site({"content/talks/bounce.md": SETEXT, "content/talks/roomba.png":
                      png(4, 3)})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/bounce/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [(f.find_all("h1") + f.find_all("h2"))[0].text() for f in frames] == [
        "Outline", "Background", "Collisions are bad", "But they're ok sometimes",
        "Planner", "Safe actions"]
    names = [[s["id"] for s in f.find_all("span", class_="slide-name")] for f in frames]
    assert "/1/1" in names[2] and "/2/1" in names[5]


RULED = """---
title: Streams
date: 2026-05-01
---

# Motivation

Overlap copies with kernels.

# What is a stream?

A queue of work.

# The default stream

Everything waits.

---

A rule: Pandoc starts another slide here.

# Events

Marks in a stream.

# Summary

Streams and events.
"""


def test_a_pandoc_deck_with_a_rule_is_cut_at_its_headings_too(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A lecture deck cut at its `#` headings drew one line `---` to go on with a
    section on a new slide, as Pandoc does at a rule: that one line made Lanting read
    the talk as cut at its lines `---` only, two slides for a deck of six. With more
    than twice as many headings of its slide level as slides between lines `---`, a
    deck is cut at both; a talk of Lanting's form (a heading a slide) reads as before."""
    lanting_form = "\n\n---\n\n".join(f"# Part {n}\n\ntext {n}" for n in range(4))
    site = make_site({"content/talks/streams.md": RULED, "content/talks/plain.md":
                      "---\ntitle: Plain\ndate: 2026-05-02\n---\n\n" + lanting_form + "\n"})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/streams/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [f.one(class_="slide").text().strip()[:6] for f in frames] == [
        "Motiva", "What i", "The de", "A rule", "Events", "Summar"]
    plain = parse_html((site / "public/talks/plain/slides/index.html").read_bytes())
    assert len(plain.find_all("section", class_="slide-frame")) == 4


STYLED_DIVS = """% Portability
% C. Lecturer
% 20 May 2025

# Options

<div class="column" style="width:60%">
- **libraries** first
- then directives
</div>
<div style="border: 2px solid">
1. portable
2. fast
</div>
<div>
*plain* HTML
</div>

# Centred

<div class="columns">
<div class="column" width="20%"></div>
<div class="column" width="60%">
| node | key |
|------|-----|
| a    | 0   |
</div>
<div class="column" width="20%"></div>
</div>

# Flags

`-DTARGET` picks the back end.

<br/>
where **ROOT** is the path
"""


def test_a_pandoc_decks_styled_div_lines_keep_their_style(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A course deck boxed a list in `<div style="border: …">` and sized a column with
    `style="width:60%"`: kept as HTML, their Markdown was shown as written. They are
    fenced divs with their style; a `<div>` with no attributes stays HTML. A `<br/>`
    line over text swallowed it likewise, and an empty spacer column the fence under it."""
    site = make_site({"content/talks/portability.md": STYLED_DIVS})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/portability/slides/index.html").read_bytes())
    slide = page.find_all("section", class_="slide-frame")[1].one(class_="slide")
    column = slide.one("div", class_="column")
    assert column["style"] == "width:60%" and column.one("strong").text() == "libraries"
    box = slide.one("div", style="border: 2px solid")
    assert [li.text() for li in box.find_all("li")] == ["portable", "fast"]
    assert "*plain* HTML" in slide.text()  # (as CommonMark reads it: no `::: {}`)
    # (a lone `<br/>` over text is HTML in that text, as Pandoc reads it: not a block
    # holding the text as written)
    flags = page.find_all("section", class_="slide-frame")[3]
    assert flags.one("strong").text() == "ROOT"
    # (empty spacer columns around a table: each swallowed the fence under it)
    centred = page.find_all("section", class_="slide-frame")[2]
    assert centred.one("div", class_="column").one("table") and ":::" not in centred.text()


RULE_IN_DIV = """% Profiling
% D. Lecturer
% 21 May 2025

# Why profile

Measure first.

# Methods

:::{.incremental}
Collecting information

----

Visualising it
:::

# Tools

Timelines and flame graphs.
"""


def test_a_rule_inside_a_pandoc_decks_div_is_no_slide_break(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Pandoc cuts a deck at the body's own rules and headings: a lecture's `----`
    inside its `:::{.incremental}` split the div over two slides (its `:::` lines shown
    as text) and, counted as a slide break, kept the deck from being cut at its headings
    at all. A talk whose `::: columns` is left open is still cut at its lines `---`."""
    unclosed = ("---\ntitle: Open\ndate: 2026-05-03\n---\n\n# One\n\n::: columns\nleft\n"
                "+++\nright\n\n---\n\n# Two\n\ntext\n\n---\n\n# Three\n\nmore\n")
    site = make_site({"content/talks/profiling.md": RULE_IN_DIV,
                      "content/talks/open.md": unclosed})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/profiling/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [f.one("h1").text() for f in frames[1:]] == ["Why profile", "Methods", "Tools"]
    assert frames[2].one("hr") and ":::" not in frames[2].text()
    opened = parse_html((site / "public/talks/open/slides/index.html").read_bytes())
    assert len(opened.find_all("section", class_="slide-frame")) == 3


SPACED_RULES = """---
title: Counting words
date: 2015-03-10
slide_level: 1
---

# Counting

- - -

## By hand

\\\x20

Slowly.

* * *

## By machine

\\

Quickly: $a\\ b$.
"""


def test_a_pandoc_decks_spaced_rules_and_spacers(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Pandoc starts a slide at any rule, `- - -` and `* * *` as at `---`: such a deck
    ran its slides together (a lecture of sixty slides was eight). Its `\\ ` lines,
    Pandoc's non-breaking space alone, space the slide: they showed a backslash (an
    import trimming the space leaves `\\` alone, read so too); in a formula it is TeX."""
    site = make_site({"content/talks/count.md": SPACED_RULES})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/count/slides/index.html").read_bytes())
    slides = [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]
    assert [(s.find("h1") or s.one("h2")).text() for s in slides] == [
        "Counting", "By hand", "By machine"]
    assert all("\\" not in s.text() for s in slides)
    assert [p.text().strip() for p in slides[1].find_all("p")] == ["", "Slowly."]
    assert slides[2].find("math") is not None


SMALL_PRINT = """---
title: Fine print
date: 2026-05-02
---

## Sources

<small>
Data from a survey

---

## Results

Large again
"""


def test_an_unclosed_small_stays_in_its_slide(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A `<small>` line a slide never closes made every later slide small (a browser
    opens a formatting element again after the block it was in, to the page's end):
    it is closed at the end of its slide."""
    site = make_site({"content/talks/fine.md": SMALL_PRINT})
    build_site(site)
    html = (site / "public/talks/fine/slides/index.html").read_text(encoding="utf-8")
    first = html[html.index("Data from a survey"):html.index("Large again")]
    assert "</small>" in first[:first.index("</section>")]
    page = parse_html(html.encode())
    second = page.find_all("section", class_="slide-frame")[1]
    assert second.find("small") is None


LONE_COLUMNS = """---
title: Two sides
date: 2026-05-03
---

## Compare

::: {.column width="40%"}
Left
:::

::: {.column width="60%"}
Right
:::
"""


def test_columns_without_a_row_around_them_are_a_row(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A lecture's `::: {.column}` divs written without `:::: {.columns}` around them
    were one under the other, each as wide as the slide: they are a row, side by side."""
    site = make_site({"content/talks/sides.md": LONE_COLUMNS})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/sides/slides/index.html").read_bytes())
    row = page.one("section", class_="slide-frame").one(class_="columns")
    assert [c.text().strip() for c in row.find_all(class_="column")] == ["Left", "Right"]


BEAMER_NOTES = """---
title: Cell membranes
author: A. Lecturer
date: 2024-02-01
---

\\note{

Recall last week's question.

}

# Lipids

Two layers.

\\note{

Draw the *bilayer*; ask about $\\Delta G$.

}

# Proteins

Text \\note{inline} stays as written.
"""


def test_beamers_notes_are_the_slides_speaker_notes(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A lecture deck Pandoc made into beamer slides writes each slide's notes as
    `\\note{` … `}` lines: they were text on the slide. They are its speaker notes
    (Markdown and math in them); a note before the first heading is the title
    slide's, not a blank slide of its own."""
    site = make_site({"content/talks/cells.md": BEAMER_NOTES})
    assert build_site(site).warnings == ()
    page = parse_html((site / "public/talks/cells/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert len(frames) == 3  # (the title slide, then `# Lipids` and `# Proteins`)
    assert frames[0].one("aside", class_="slide-notes").text().strip() == (
        "Recall last week's question.")
    assert "note" not in frames[1].one(class_="slide").text()
    notes = frames[1].one("aside", class_="slide-notes")
    assert notes.one("em").text() == "bilayer" and notes.find("math") is not None
    assert "\\note{inline}" in frames[2].one(class_="slide").text()
