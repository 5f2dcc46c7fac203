"""Decks Pandoc makes, in a plain folder of notes (`notes_decks.py`, `notes_talks.py`):
a tutorial whose slides (for beamer) are its README, images named as LaTeX finds them,
the macros a Quarto deck defines on lines of its text."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import NOW
from sitebits import png, write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site

_README_DECK = """---
title: Plain Text for Lab Notes
date: 2016-05-02
---

### Why plain text

- diffs
- archives

### How

Write, then convert.
"""


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    write_files(tmp_path / "old", files)
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    return tmp_path / "new"


def test_a_readme_a_makefile_names_is_a_talk(tmp_path: Path) -> None:
    """`pandoc --slide-level 3 -t beamer README.md`: the tutorial's slides are its
    README. A README was never taken for a deck, so it was the home page, its `###`
    headings sections of one long page, and the import made no talk."""
    new = _imported(tmp_path, {
        "makefile": "slides:\n\tpandoc --slide-level 3 --to beamer -o slides.tex "
                    "README.md\n",
        "README.md": _README_DECK,
    })
    talk = new / "content" / "talks" / "readme.md"
    assert talk.is_file() and "slide_level: 3" in talk.read_text(encoding="utf-8")
    assert not (new / "content" / "_index.md").exists()
    build(new, BuildOptions())
    deck = (new / "public" / "talks" / "readme" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 2


def test_a_readme_a_pattern_matches_is_still_no_deck(tmp_path: Path) -> None:
    """`%.pdf: %.md` names every Markdown file of the folder but its README, which
    says how to build them."""
    new = _imported(tmp_path, {
        "Makefile": "%.pdf: %.md\n\tpandoc -t beamer -o $@ $<\n",
        "talk.md": _README_DECK,
        "README.md": "# Slides\n\nRun `make talk.pdf`.\n",
    })
    assert (new / "content" / "talks" / "talk.md").is_file()
    assert not (new / "content" / "talks" / "readme.md").exists()


def test_an_image_named_without_its_extension_is_found_as_latex_finds_it(
        tmp_path: Path) -> None:
    """`![](images/flow)` in a deck made for beamer: LaTeX's graphicx found
    `images/flow.png`; the image was missing, and the build failed on it."""
    new = _imported(tmp_path, {
        "makefile": "slides:\n\tpandoc --slide-level 3 --to beamer -o slides.tex "
                    "talk.md\n",
        "talk.md": _README_DECK + "\n### Flow\n\n![The flow](images/flow)\n",
        "images/flow.png": png(4, 3),
    })
    talk = (new / "content" / "talks" / "talk.md").read_text(encoding="utf-8")
    assert "![The flow](" in talk and "flow.png)" in talk
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []


_QUARTO_DECK = """---
title: Building blocks
format: revealjs
date: 2025-01-15
---

## Recap

\\DeclareMathOperator{\\E}{\\mathbb{E}}
\\DeclareMathOperator{\\avg}{avg}
\\newcommand{\\ub}[2]{\\underbrace{#1}_{\\text{#2}}}

Where we were.

## Means

We write $\\avg[Y_i]$ for the sample's and $\\E[Y_i]$ for the population's:
$$\\ub{\\avg[Y_i]}{sample} \\approx \\E[Y_i]$$
"""


def test_a_pandoc_decks_macro_lines_define_its_formulas_macros(tmp_path: Path) -> None:
    """Pandoc (its `latex_macros`) reads `\\DeclareMathOperator` and `\\newcommand`
    lines of the text, outside any formula, applies them to every formula and shows
    nothing: a Quarto lecture in a plain folder defined its operators so, and each use
    of one failed the build, the definitions shown as TeX on the first slide."""
    new = _imported(tmp_path, {"week2/blocks.qmd": _QUARTO_DECK})
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    deck = (new / "public" / "talks" / "blocks" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert "DeclareMathOperator" not in deck and "mathbb" not in deck
    assert deck.count("class=slide-frame") == 2


def test_a_beamer_decks_title_is_its_text(tmp_path: Path) -> None:
    """`title: Write in Word, \\newline \\textbf{Save in Markdown}`: beamer typeset the
    TeX; the talk's title showed it as written, backslashes and braces. Its text is the
    title now, formulas kept."""
    new = _imported(tmp_path, {
        "makefile": "slides:\n\tpandoc --to beamer -o slides.tex talk.md\n",
        "talk.md": "---\ntitle: Write in Word, \\newline \\textbf{Save in Markdown}, "
                   "\\newline Publish in \\LaTeX\\ with $\\alpha$\ndate: 2015-08-31\n---\n\n"
                   "## One\n\nText.\n",
    })
    talk = (new / "content" / "talks" / "talk.md").read_text(encoding="utf-8")
    assert 'title: "Write in Word, Save in Markdown, Publish in LaTeX with $\\\\alpha$"\n' \
        in talk


_FRAMES_DECK = r"""\documentclass{beamer}
\title{Locating sensor nodes}
\author{A. Student}
\date{2014-01-20}
\begin{document}
  \frame{\titlepage}

  \input{frames}
\end{document}
"""

_FRAMES_MAKEFILE = """presentation:
\tls sections/*.tex | awk '{printf "\\\\input{%s}\\n", $$1}' > frames.tex
\tlatexmk presentation.tex -pdf
"""


def test_the_frames_a_makefile_lists_for_an_input_are_the_decks_slides(
        tmp_path: Path) -> None:
    """`\\input{frames}`, a file no repository holds: its Makefile writes it, an
    `\\input` line for each of `sections/*.tex`. The talk had the line and no slide of
    the sections (copied to `static/` as files)."""
    write_files(tmp_path / "old", {
        "presentation.tex": _FRAMES_DECK,
        "Makefile": _FRAMES_MAKEFILE,
        "sections/002_methods.tex": "\\begin{frame}\n  \\frametitle{Methods}\n"
                                    "  \\begin{itemize}\n  \\item hop count\n"
                                    "  \\end{itemize}\n\\end{frame}\n",
        "sections/001_start.tex": "\\begin{frame}\n  \\frametitle{Why not GPS}\n"
                                  "  Too costly for a node.\n\\end{frame}\n",
    })
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = tmp_path / "new"
    talk = (new / "content" / "talks" / "presentation.md").read_text(encoding="utf-8")
    assert "\\input" not in talk
    assert talk.index("Why not GPS") < talk.index("Methods")  # (as `ls` lists them)
    assert not (new / "static" / "sections").exists()  # (its text is the talk's)
    result = build(new, BuildOptions())
    assert [w.message for w in result.warnings] == []
    deck = (new / "public" / "talks" / "presentation" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 3  # (the title slide and the two frames)
    assert "hop count" in deck and "Too costly for a node." in deck


_AGENDA_DECK = r"""\documentclass{beamer}
\title{Locating sensor nodes}
\date{2014-01-20}
\begin{document}
  \frame{\titlepage}
  \frame{\frametitle{Agenda}\tableofcontents}

\section[Intro]{Introduction to locating}
\label{sec:intro}
\begin{frame}{Why not GPS}
  Too costly for a node.
\end{frame}

\section{Methods}
\subsection{Hop count}
\label{sec:hops}
\frame[plain]{
  \frametitle{Counting hops}
  Each hop is about $r$ metres: $\{d_i\}$.
}
\end{document}
"""


def test_a_short_frame_of_contents_lists_the_decks_sections(tmp_path: Path) -> None:
    """`\\frame{\\frametitle{Agenda}\\tableofcontents}`, `\\frame[plain]{…}` and a
    section's `\\label{sec:x}` were TeX on the slides, a warning each."""
    write_files(tmp_path / "old", {"talk.tex": _AGENDA_DECK})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = tmp_path / "new"
    result = build(new, BuildOptions())
    assert [w.message for w in result.warnings] == []
    page = parse_html((new / "public" / "talks" / "talk" / "slides" / "index.html")
                      .read_bytes())
    slides = [f.one(class_="slide") for f in page.find_all("section", class_="slide-frame")]
    assert [s.one("h1").text() for s in slides] == ["Agenda", "Why not GPS",
                                                     "Counting hops"]
    agenda = slides[0].find_all("ul")[0]
    items = agenda.find_all("li")
    assert [li.text().split()[0] for li in items] == ["Intro", "Methods", "Hop"]
    assert items[1].one("ul").one("li").text() == "Hop count"  # (a subsection, under)
    assert "\\label" not in slides[1].text() and "\\frame" not in slides[2].text()
    assert slides[2].find("math") is not None


_LINES_DECK = r"""\documentclass{beamer}
\title{Trilateration}
\date{2014-01-20}
\begin{document}
\begin{frame}
  \frametitle{Solving for the position}
  \begin{center}
    Three distances\\
    give one point\\~\\

    $
    \begin{pmatrix}
      P_{x} \\
      P_{y}
    \end{pmatrix}
    = H^{-1} \cdot z
    $\\~\\
    $c = \sqrt{a^2 + b^2}$\\
    $b = c \cdot \sin(\beta)$
  \end{center}
\end{frame}
\end{document}
"""


def test_a_formula_over_lines_and_latex_line_ends_read_as_latex_did(
        tmp_path: Path) -> None:
    """`$` alone on a line opening a formula over lines was shown as TeX (Markdown reads
    no `$` before a line break), and `\\\\~\\\\`, LaTeX's empty line, as `\\~\\`; a
    line's `\\\\` showed a backslash."""
    write_files(tmp_path / "old", {"talk.tex": _LINES_DECK})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = tmp_path / "new"
    result = build(new, BuildOptions())
    assert [w.message for w in result.warnings] == []
    page = parse_html((new / "public" / "talks" / "talk" / "slides" / "index.html")
                      .read_bytes())
    slide = page.one("section", class_="slide-frame").one(class_="slide")
    assert "\\" not in slide.text() and "~" not in slide.text()
    assert slide.one("div", class_="math-display").find("mtable") is not None
    assert len(slide.find_all("br")) >= 2  # (the lines' breaks: after each `\\`)
    assert len(slide.find_all("math")) == 3
