"""beamer's LaTeX in a deck written for Pandoc (`site.beamer_latex`): frames, lists,
columns, centred figures, spacing and `\\alert{}` read as the Markdown they meant."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from htmltree import parse_html
from sitebits import png

from lanting.build.options import BuildResult
from lanting.site.beamer_latex import beamer_markdown

FRAMES = """---
title: Heat flow in rods
date: 2023-11-14
---

## Setting

The rod is \\alert{insulated} at both ends; we solve $u_t = \\kappa\\, u_{xx}$.

\\begin{center}
% the picture drawn for the handout
\\includegraphics[width=0.6\\textwidth]{rod.png}
\\end{center}

\\begin{frame}[fragile]{Two \\emph{regimes}}
\\begin{columns}
\\begin{column}{0.5\\textwidth}
\\begin{itemize}
\\item short times: \\textbf{diffusive}
\\item long times: $e^{-\\kappa t}$
\\end{itemize}
\\end{column}
\\begin{column}{0.5\\textwidth}
\\vspace{1em}
See \\href{https://example.org/heat}{the notes}.
\\end{column}
\\end{columns}
\\end{frame}

\\begin{frame}
\\frametitle{Summary}
\\centering \\Large Energy is conserved.
\\end{frame}

```latex
\\begin{itemize}
\\item kept as code
\\end{itemize}
```
"""


def test_beamers_latex_in_a_pandoc_deck_is_its_markdown(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A lecture written for `pandoc -t beamer` with raw LaTeX in it showed the TeX on
    its slides (`\\begin{center}` a warning too) and its frames ran into the slide
    before them: each frame is a slide, its title the heading, its list a list, its
    columns side by side, its image shown, `\\alert{}` strong; code stays code."""
    site = make_site({"content/talks/heat.md": FRAMES,
                      "content/talks/rod.png": png(8, 8)})
    assert [str(w) for w in build_site(site).warnings] == []
    page = parse_html((site / "public/talks/heat/slides/index.html").read_bytes())
    frames = page.find_all("section", class_="slide-frame")
    assert [f.one(class_="slide").find("h2").text() for f in frames] == [
        "Setting", "Two regimes", "Summary"]
    first = frames[0].one(class_="slide")
    assert first.one("strong").text() == "insulated"
    assert first.find("img") is not None and "\\" not in first.text().replace(
        "\\kappa", "").replace("\\,", "")
    row = frames[1].one(class_="columns")
    left, right = row.find_all(class_="column")
    assert [li.text().strip() for li in left.find_all("li")][0] == "short times: diffusive"
    assert right.one("a").attrs["href"] == "https://example.org/heat"
    assert frames[2].one(class_="slide").one("p").text().strip() == "Energy is conserved."
    assert "\\item kept as code" in frames[2].one("pre").text()


def test_each_line_stays_a_line() -> None:
    """Messages point into the talk file: the Markdown has the body's lines."""
    body = FRAMES.split("---\n", 2)[2]
    assert len(beamer_markdown(body).split("\n")) == len(body.split("\n"))


def test_a_command_left_unread_is_a_warning_at_its_line(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """The rest of beamer's TeX stays as written, with a warning at its line: a deck's
    own macro, `\\fullwidthimage{…}`, showed on the slide in silence."""
    deck = ("---\ntitle: Macros\ndate: 2023-11-15\n---\n\n## One\n\n\\begin{center}\nA.\n"
            "\\end{center}\n\n## Two\n\n\\fullwidthimage{wide.png}\n\n"
            "```latex\n\\fullwidthimage{code.png}\n```\n\n$$\n\\alpha\n$$\n\n"
            "\\begin{aligned}\n\\hat\\beta &= 1\n\\end{aligned}\n\n"
            "\\hfill - A. Author\n")
    site = make_site({"content/talks/macros.md": deck})
    warnings = [w for w in build_site(site).warnings if "is not read" in str(w)]
    assert [(w.line, "fullwidthimage" in w.message) for w in warnings] == [(14, True)]
    page = parse_html((site / "public/talks/macros/slides/index.html").read_bytes())
    last = page.find_all("section", class_="slide-frame")[-1]
    assert "- A. Author" in last.text() and last.find("li") is None  # (no list item)


def test_the_tex_logos_are_their_names() -> None:
    """`\\LaTeX\\ (1985)` in a beamer deck's table was TeX shown on the slide, with a
    warning that beamer's `\\LaTeX` is not read; the logos are their names now, a
    control space or `{}` after one kept as the space it makes. In a formula or code
    they stay."""
    body = ("\\begin{center}\nWhy\n\\end{center}\n\n"
            "\\LaTeX\\ (1985) | \\TeX{} and \\LaTeXe | `\\LaTeX` | $\\TeX$ | \\TeXbook")
    assert beamer_markdown(body).split("\n")[-1] == (
        "LaTeX (1985) | TeX and LaTeX2ε | `\\LaTeX` | $\\TeX$ | \\TeXbook")
