"""Talks and lecture decks, round 12: what real repositories of decks showed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from importbits import NOW
from sitebits import png, write_files

from lanting.build import BuildOptions, build
from lanting.build.options import BuildResult
from lanting.content.pandoc_title import block_date
from lanting.importer import import_site


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    write_files(tmp_path / "old", files)
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    return tmp_path / "new"


def test_a_deck_dated_in_german_or_with_a_two_digit_year_keeps_its_date(
        tmp_path: Path) -> None:
    assert str(block_date("23 März 2020")) == "2020-03-23 00:00:00+00:00"
    assert str(block_date("23. März 2020")) == "2020-03-23 00:00:00+00:00"
    assert str(block_date("5 de junio de 2021")) == "2021-06-05 00:00:00+00:00"
    assert block_date("Sommersemester") is None
    head = "---\ntitle: Vortrag\ndate: {}\noutput: ioslides_presentation\n---\n\n"
    new = _imported(tmp_path, {
        "one.Rmd": head.format("23 März 2020") + "## A\n\ntext\n\n## B\n\nmore\n",
        "two.Rmd": head.format("29.09.18") + "## A\n\ntext\n\n## B\n\nmore\n",
    })
    one = (new / "content" / "talks" / "one.md").read_text(encoding="utf-8")
    two = (new / "content" / "talks" / "two.md").read_text(encoding="utf-8")
    assert "\ndate: 2020-03-23\n" in one
    assert "\ndate: 2018-09-29\n" in two


def test_an_empty_marp_deck_builds_with_a_warning(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    site = make_site({
        "content/talks/empty.md": "---\nmarp: true\ntitle: Empty\ndate: 2024-01-01\n---\n",
    })
    result = build_site(site)
    assert [(w.message[:29], w.line) for w in result.warnings] == [
        ("this Marp deck has no slides:", 6)]
    deck = (site / "public" / "talks" / "empty" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 1


def test_a_knitr_child_named_in_other_capitals_than_its_file_is_found(
        tmp_path: Path) -> None:
    """`child='02intro.RMD'` for the file `02intro.Rmd`: knitr found it on the writer's
    computer, which ignores case; the part was copied to `static/` and the build failed
    on "knitr's child document `02intro.RMD` is not there"."""
    new = _imported(tmp_path, {
        "slides/index.Rmd": "---\ntitle: Course\ndate: 2021-01-07\noutput:\n"
                            "  xaringan::moon_reader: default\n---\n\n# Plan\n\n---\n\n"
                            "```{r child = '02intro.RMD'}\n```\n",
        "slides/02intro.Rmd": "# Part one\n\ntext\n",
    })
    bundle = new / "content" / "talks" / "slides"
    assert sorted(p.name for p in bundle.iterdir()) == ["02intro.Rmd", "index.md"]
    assert "child = '02intro.Rmd'" in (bundle / "index.md").read_text(encoding="utf-8")
    result = build(new, BuildOptions())
    assert [p.message for p in result.warnings] == []
    deck = (new / "public/talks/slides/slides/index.html").read_text(encoding="utf-8")
    assert "Part one" in deck


def test_a_makefile_making_a_paper_and_slides_makes_a_talk_of_the_slides_alone(
        tmp_path: Path) -> None:
    """A talk's folder: its paper (`pandoc paper.md -o paper.pdf`) and its slides
    (`pandoc talk.md -t beamer`). The paper was a talk too, and its formulas' macros,
    defined in its `header-includes`, failed the build."""
    new = _imported(tmp_path, {
        "algebra/Makefile": "paper.pdf: paper.md\n\tpandoc paper.md --citeproc -o $@\n\n"
                            "slides.pdf: talk.md\n\tpandoc talk.md -t beamer -o slides.pdf\n",
        "algebra/paper.md": "---\ntitle: Algebras\nheader-includes:\n"
                            "  - \\newcommand\\sem[1]{\\left[{#1}\\right]}\n---\n\n"
                            "# Introduction\n\nWe read $\\sem{x}$.\n",
        "algebra/talk.md": "---\ntitle: Algebras, the talk\ndate-meta: 2024-09-06\n---\n\n"
                           "# Overview\n\n- one\n\n# Details\n\n- two\n",
    })
    assert sorted(p.name for p in (new / "content" / "talks").iterdir()) == ["talk.md"]
    talk = (new / "content" / "talks" / "talk.md").read_text(encoding="utf-8")
    assert "\ndate: 2024-09-06\n" in talk
    paper = (new / "content" / "pages" / "paper.md").read_text(encoding="utf-8")
    assert "\\newcommand{\\sem}[1]{\\left[{#1}\\right]}" in paper
    result = build(new, BuildOptions())
    assert [p.message for p in result.warnings] == []


def test_a_makefile_calling_the_slide_command_of_a_file_it_includes(
        tmp_path: Path) -> None:
    """A talks repository's shared `makeutils.mk` holds the `pandoc -t beamer` command;
    each talk's Makefile includes it and calls it on `talk.md`: a page, not a talk."""
    new = _imported(tmp_path, {
        "makeutils.mk": "makeSlides=pandoc $(1) -t beamer -o $(2)\n",
        "first/Makefile": "include ../makeutils.mk\n\nslides.pdf: talk.md\n"
                          "\t$(call makeSlides,talk.md,slides.pdf)\n",
        "first/talk.md": "---\ntitle: First\ndate: 2023-05-01\n---\n\n# One\n\n- a\n",
    })
    assert (new / "content" / "talks" / "talk.md").is_file()


def test_a_deck_its_readme_makes_with_pandoc_and_its_licence_comment_over_the_header(
        tmp_path: Path) -> None:
    """`slides/README.md` tells how to make the slides (`pandoc -t beamer slides.md -o
    slides.pdf`), and the deck opens with REUSE's licence comment over its YAML header,
    which Pandoc read: the deck was a page, its title, author and date a slide of YAML."""
    new = _imported(tmp_path, {
        "slides/README.md": "# Folien\n\nMit Pandoc:\n\n```\n"
                            "pandoc -t beamer --pdf-engine=lualatex slides.md -o slides.pdf\n"
                            "```\n",
        "slides/slides.md": "<!--\nSPDX-FileCopyrightText: 2023 A. Autor\n\n"
                            "SPDX-License-Identifier: CC-BY-4.0\n-->\n---\n"
                            "title: \"Statistik mit Python\"\nauthor: \"A. Autor\"\n"
                            "date: 15 Juni 2023\n---\n\n# Ziele\n\n- eins\n\n---\n\n"
                            "# Werkzeuge\n\n- zwei\n",
    })
    talk = (new / "content" / "talks" / "slides.md").read_text(encoding="utf-8")
    assert talk.startswith("---\ntitle: Statistik mit Python\ndate: 2023-06-15\n")
    assert "\n<!--\nSPDX-FileCopyrightText: 2023 A. Autor\n" in talk
    result = build(new, BuildOptions())
    assert [p.message for p in result.warnings] == []
    deck = (new / "public/talks/slides/slides/index.html").read_text(encoding="utf-8")
    assert deck.count("class=slide-frame") == 3  # (the title slide, then two)
    assert "title:" not in deck


_CODED = """---
title: "Figures"
date: 2024-02-01
output:
  xaringan::moon_reader: default
---

# One

```{r echo=FALSE}
knitr::include_graphics(fig_path)
```

---

# Two

![a map](`r img_dir`/map.png)

---

# Three

```{r echo=FALSE, out.width="50%"}
knitr::include_graphics("map.png")
```
"""


def test_a_knitr_image_whose_path_is_r_code_is_a_warning_at_its_line(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`knitr::include_graphics(fig_path)` and `![](`r img_dir`/map.png)`: knitr
    filled the paths in; the first was "a cell that showed only its output", the second
    the image's Markdown around a code span."""
    site = make_site({"content/talks/figures/index.md": _CODED,
                      "content/talks/figures/map.png": png(40, 30)})
    result = build_site(site)
    assert [(w.message[:40], w.line) for w in result.warnings] == [
        ("knitr's `knitr::include_graphics(fig_pat", 10),
        ("this image's address is knitr's inline R", 18)]
    article = (site / "public/talks/figures/index.html").read_text(encoding="utf-8")
    assert "img_dir" not in article and "fig_path" not in article
    assert "a map" in article and article.count("<img") == 1


_CENTRED = """---
title: "Model selection"
date: 2020-06-01
output:
  xaringan::moon_reader: default
---

# Criteria

<center>
$c_p = \\\\frac{1}{n} RSS$
</center>
- For least-squares models
- unbiased

---

# A figure

.pull-left[
<center>
![a chart](chart.png)
</center>
]
"""


def test_center_tags_in_a_remark_deck_hold_and_end_before_markdown(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """`</center>` right over a list: remark's marked read the list, CommonMark's HTML
    block ran on to the blank line and showed "- For least-squares models" as text;
    an image between the tags showed as its Markdown."""
    site = make_site({"content/talks/criteria/index.md": _CENTRED,
                      "content/talks/criteria/chart.png": png(40, 30)})
    result = build_site(site)
    assert [w.message for w in result.warnings] == []
    article = (site / "public/talks/criteria/index.html").read_text(encoding="utf-8")
    assert "<ul><li>For least-squares models</li>" in article
    assert "<center>" not in article and "![" not in article
    assert article.count("<div class=center>") == 2


def test_a_heading_inside_a_quarto_decks_callout_starts_no_slide(tmp_path: Path) -> None:
    """`::: {.callout-tip}` over `## Your turn!`, the callout's title: a slide break was
    written inside the callout, cutting it in two, its closing `:::` text on the next
    slide."""
    write_files(tmp_path / "old", {
        "_quarto.yml": "project:\n  type: default\n",
        "index.qmd": "---\ntitle: Floods\ndate: 2024-04-09\nformat: revealjs\n---\n\n"
                     "## How do we manage flood risk?\n\n::: {.callout-tip}\n"
                     "## Your turn!\nShare a strategy.\n:::\n\n- Insurance\n\n"
                     "## Next\n\n- more\n",
    })
    done = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    text = next((done.dest / "content" / "talks").glob("*.md")).read_text(encoding="utf-8")
    assert text.count("\n---\n") == 3  # (front matter, then two slide breaks)
    assert ":::\n\n---\n\n## Your turn!" not in text
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_reveal_pages_own_separators_cut_its_markdown_deck(tmp_path: Path) -> None:
    """`<section data-markdown="content.md" data-separator="^\\n<<= x =>>">`: reveal.js
    cut the deck at its own lines; the talk was one slide showing them."""
    page = ('<div class="reveal"><div class="slides">\n<section data-markdown="content.md"\n'
            '  data-separator="^\\n<<= x =>>" data-separator-vertical="^\\n<-- v -->"\n'
            '  data-separator-notes="^Note:"></section></div></div>\n'
            '<script src="js/reveal.js"></script>\n')
    new = _imported(tmp_path, {
        "talk/index.html": page,
        "talk/content.md": "## Railways\n\nA. Speaker\n\n<<= x =>>\n\n## Results\n\n"
                           "- one\n\n<-- v -->\n\n## More\n\nNote: say it slowly\n",
    })
    talk = next((new / "content" / "talks").glob("*.md")).read_text(encoding="utf-8")
    assert "<<=" not in talk and "<--" not in talk
    result = build(new, BuildOptions())
    assert [p.message for p in result.warnings if "date" not in p.message] == []
    deck = next((new / "public" / "talks").glob("*/slides/index.html")).read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 3 and "say it slowly" in deck
