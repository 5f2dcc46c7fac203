"""beamer decks written in LaTeX (`lecture.tex`, `\\documentclass{beamer}`) in a folder of
talks (`importer/beamer_tex.py`): each is a talk, its frames kept for the talk to read,
its preamble's title, authors and date its header."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from importbits import NOW, messages
from sitebits import png, write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site
from lanting.importer.beamer_tex import is_beamer, read_beamer

_PREAMBLE = r"""% A lecture of a course
\documentclass[11pt,aspectratio=169]{beamer}
\usetheme{metropolis}
\input{macros}
\title[Short]{Sampling \\ and \textbf{Estimation}}
\author{A.~Lecturer \and B. Second}
\institute{Some University}
\date{March 3, 2021}
\graphicspath{{figures/}}
\newcommand{\R}{\mathbb{R}}
\newcommand{\logo}{\includegraphics{logo}}
\usepackage[utf8]{inputenc}
\usepackage{./local/math}
"""

_DECK = _PREAMBLE + r"""\begin{document}

\begin{frame}[plain]
  \titlepage
  \note{Welcome everyone.}
\end{frame}

\section{Basics}

\begin{frame}{Why sample?}
  \begin{itemize}
    \item Cost, \texttt{a \&\& \ldots{} \&\& b}, $1, \ldots, n$ % too slow otherwise
    \item<2-> Speed of 50\% more
    \item{\alert{Less} waste} \begin{itemize} \item Time \end{itemize}
  \end{itemize}
  \note{Ask the room first.}
\end{frame}

\begin{frame}[fragile]{The estimator}
  \[ \hat\mu = \frac{1}{n}\sum_i x_i \]
  \begin{columns}
    \column{0.5\textwidth} Left side
    \column{0.5\textwidth}
    Right side
  \end{columns}
  \begin{lstlisting}[language=Python]
    mean = sum(xs) / len(xs)  # 100% of them
  \end{lstlisting}
\end{frame}

\begin{frame}
  \frametitle{A picture,
    drawn}
  For $x \in \R$ and $\vec{v} \in \Rbb$:
  \includegraphics[width=0.5\textwidth]
    {plot}
  \caption{A plot of
    the \textbf{data}}
  \begin{tikzpicture}
    \node at (0,0) {$x$};
  \end{tikzpicture}
\end{frame}
\end{document}
"""


def test_a_beamer_deck_reads_as_a_talks_markdown() -> None:
    """Its header from the preamble (`\\input` files too), the title frame left to the
    header, `\\section` lines, comments and `\\column` commands read as LaTeX does."""
    assert is_beamer(_DECK)
    assert not is_beamer(_PREAMBLE)  # (no document)
    assert not is_beamer("\\documentclass{article}\n\\begin{document}\nx\n\\end{document}\n")
    files = {"macros.tex": "\\subtitle{A first lecture}\n", "./local/math.sty":
             "\\newcommand{\\Rbb}{\\mathbb{R}}\n\\renewcommand{\\vec}[1]{\\vec{\\mathbf{#1}}}\n"}
    deck = read_beamer(_DECK, files.get)
    assert deck.front == {"title": "Sampling and Estimation", "subtitle": "A first lecture",
                          "author": "A. Lecturer, B. Second",
                          "institute": "Some University", "date": "March 3, 2021",
                          "slide-level": 2}
    assert "\\titlepage" not in deck.body and "\\section" not in deck.body
    assert deck.body.startswith("  \\note{Welcome everyone.}\n")  # (the title slide's)
    assert "\\item Cost," in deck.body and "50\\% more" in deck.body
    assert "\\texttt{a \\&\\& … \\&\\& b}, $1, \\ldots, n$\n" in deck.body  # (text's)
    # (each list command on a line of its own; an item's text in braces its text)
    assert "\\item \\alert{Less} waste\n\\begin{itemize}\n\\item Time\n\\end{itemize}" \
        in deck.body
    assert "$$ \\hat\\mu = \\frac{1}{n}\\sum_i x_i $$" in deck.body
    assert "\\begin{column}{0.5\\textwidth}\nLeft side\n\\end{column}\n" \
           "\\begin{column}{0.5\\textwidth}\n    Right side\n\\end{column}\n" in deck.body
    assert "```python\nmean = sum(xs) / len(xs)  # 100% of them\n```" in deck.body
    # (the preamble's macros its formulas use; an image where graphicx found it)
    assert "{Why sample?}\n$$\n\\newcommand{\\R}{\\mathbb{R}}\n" in deck.body
    assert "\\newcommand{\\Rbb}{\\mathbb{R}}\n$$" in deck.body  # (the deck's own package's)
    assert "\\logo" not in deck.body  # (no formula's macro)
    assert "\\newcommand{\\vec}" not in deck.body  # (using itself: for ever)
    found = read_beamer(_DECK, files.get, {"figures/plot.png"}.__contains__)
    assert "\\includegraphics[width=0.5\\textwidth]{figures/plot.png}\n" in found.body
    assert "\\caption{A plot of the \\textbf{data}}\n" in found.body
    assert found.drawings == 1 and "<!-- import: unconverted \\begin{tikzpicture}" in found.body


def test_a_folder_of_beamer_decks_imports_as_talks(tmp_path: Path) -> None:
    """A beamer deck written in LaTeX in a folder of talks was copied to `static/` as a
    file, no talk, without a word; it is a talk now, its frames slides, its notes their
    speaker notes, and the build reads it without a warning."""
    write_files(tmp_path / "old", {"README.md": "# Lectures\n", "lectures/macros.tex":
                                   "\\subtitle{A first lecture}\n",
                                   "lectures/sampling.tex": _DECK,
                                   "lectures/figures/plot.png": png(4, 4),
                                   "lectures/local/math.sty": "\\newcommand{\\Rbb}{\\mathbb{R}}\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert [m.split(",")[0] for m in messages(imported, "lectures/sampling.tex")] == [
        "1 TikZ pictures"]
    talk = (tmp_path / "new/content/talks/sampling.md").read_text(encoding="utf-8")
    assert "title: Sampling and Estimation\ndate: 2021-03-03\n" in talk
    assert not (tmp_path / "new/static/lectures/sampling.tex").exists()
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    page = parse_html((tmp_path / "new/public/talks/sampling/index.html").read_bytes())
    slides = page.find_all("li", class_="talk-slide")
    assert [s.find("h1").text() for s in slides] == [
        "Sampling and Estimation", "Why sample?", "The estimator", "A picture, drawn"]
    notes = [n.text() for n in page.find_all("div", class_="talk-notes")]
    assert any("Welcome everyone." in n for n in notes)
    assert any("Ask the room first." in n for n in notes)
    assert len(slides[2].find_all("div", class_="column")) == 2
    assert slides[3].find("img") is not None and slides[3].find("math") is not None


def test_a_folder_of_only_beamer_decks_is_a_folder_of_talks(tmp_path: Path) -> None:
    """A repository of talks holding only LaTeX decks, each in a folder named by its
    day (`[2018.10.29] Some Workshop/talk.tex`), was no site Lanting could import; it is
    a folder of notes, each deck a talk dated by its folder's name."""
    deck = _DECK.replace("\\date{March 3, 2021}\n", "").replace("\\input{macros}\n", "")
    write_files(tmp_path / "old", {"[2018.10.29] Some Workshop/talk.tex": deck})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert not [m for m in messages(imported, "[2018.10.29] Some Workshop/talk.tex")
                if "date" in m]
    talk = (tmp_path / "new/content/talks/talk.md").read_text(encoding="utf-8")
    assert "date: 2018-10-29\n" in talk


_UNI_CLASS = r"""\NeedsTeXFormat{LaTeX2e}
\ProvidesClass{unibeamer}[2020/01/01 our institute's slides]
\LoadClass[aspectratio=169]{beamer}
\usecolortheme{whale}
"""

_CITING = r"""\documentclass{unibeamer}
\usepackage[style=authoryear,backend=biber]{biblatex}
\addbibresource{talk.bib}
\newcommand{\shortcite}[1]{\footcite{#1}}
\title{Sparse recovery in practice}
\author{A. Speaker}
\date{2021-05-04}
\begin{document}
\frame[plain]{\titlepage}

\begin{frame}{Background}
  The command \texttt{\textbackslash parencite\{key\}} cites\parencite{candes06}.
  As \textcite{donoho06} showed, and others\parencite[p.~7]{candes06,donoho06}.
  \begin{minipage}[t]{0.45\textwidth}
    Left\supercite{candes06}
  \end{minipage}
  \footcitetext{candes06}
  \hfill
  \begin{minipage}[t]{0.45\textwidth}
    Right
  \end{minipage}
\end{frame}

\begin{frame}[fragile]{Writing it}
  \begin{verbatim}
\cite{kept-as-code}
  \end{verbatim}
\end{frame}

\begin{frame}{References}
  \printbibliography[heading=none]
\end{frame}
\end{document}
"""

_BIB = """@article{candes06,
  author = {Cand\\`es, Emmanuel and Tao, Terence},
  title = {Near-optimal signal recovery},
  journal = {IEEE Trans. Inf. Theory},
  year = {2006}
}

@article{donoho06,
  author = {Donoho, David},
  title = {Compressed sensing},
  journal = {IEEE Trans. Inf. Theory},
  year = {2006}
}
"""


def test_a_deck_of_an_institutes_class_cites_from_its_bib(tmp_path: Path) -> None:
    """A university's template: `\\documentclass{unibeamer}`, its `unibeamer.cls` beside
    it built on beamer, biblatex's citations from `talk.bib`. The deck was no talk at
    all (its class not beamer); its citations, `\\texttt{…}` of escaped braces and
    minipages were TeX on the slides."""
    write_files(tmp_path / "old", {"talk/unibeamer.cls": _UNI_CLASS,
                                   "talk/main.tex": _CITING, "talk/talk.bib": _BIB})
    assert is_beamer(_CITING) is False
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert not [m for m in messages(imported, "talk/main.tex") if "shortcode" in m]
    new = tmp_path / "new"
    assert "@article{donoho06," in (new / "content/references.bib").read_text(
        encoding="utf-8")
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    html = parse_html((new / "public/talks/main/slides/index.html").read_bytes())
    _title, background, code, references = html.find_all("section", class_="slide-frame")
    text = background.text()
    assert "\\parencite" not in text.replace("\\parencite{key}", "") and "@" not in text
    assert background.one("code").text() == "\\parencite{key}"
    assert "Donoho" in text and "Candès" in text
    assert "footcitetext" not in text and "minipage" not in text
    left, right = background.find_all(class_="column")
    assert left.text().startswith("Left") and right.text() == "Right"
    assert "\\cite{kept-as-code}" in code.one("pre").text()
    assert [li.text() for li in references.find_all("li")][0].startswith("Candès")


def test_a_decks_own_command_of_note_lists(tmp_path: Path) -> None:
    """A speaker's template (`\\notelist{\\item …}`, defined in the preamble as a beamer
    note of a list) showed each slide's notes as TeX with a warning a line, and put the
    command in the formulas' macros."""
    deck = (r"\documentclass{beamer}" "\n"
            r"\newcommand{\notelist}[1]{\note{\begin{itemize}#1\end{itemize}}}" "\n"
            r"\title{Machines}\date{2019-11-07}" "\n" r"\begin{document}" "\n"
            r"\begin{frame}{Agenda}" "\n  First point\n  \\notelist{\n"
            "    \\item Say this\n    \\item Then that\n  }\n"
            r"\end{frame}" "\n" r"\end{document}" "\n")
    write_files(tmp_path / "old", {"talk/main.tex": deck})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    talk = (tmp_path / "new/content/talks/main.md").read_text(encoding="utf-8")
    assert "\\note[itemize]{" in talk and "notelist" not in talk
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    html = parse_html((tmp_path / "new/public/talks/main/slides/index.html").read_bytes())
    notes = html.find_all("section", class_="slide-frame")[-1].one("aside",
                                                                 class_="slide-notes")
    assert [li.text() for li in notes.find_all("li")] == ["Say this", "Then that"]


def test_a_decks_own_commands_of_text_layout_are_written_out(tmp_path: Path) -> None:
    """`\\singletitle{Section One}`, defined as a centred, large, bold line, was TeX on
    the slide with a warning; written out, it is the centred bold line. A command the
    talk cannot read (`\\logo`, a picture) stays, with the warning."""
    deck = (r"\documentclass{beamer}" "\n"
            r"\newcommand{\singletitle}[1]{" "\n" r"  \begin{center}\vfill" "\n"
            r"    \fontsize{20pt}{20pt}\selectfont\textbf{#1}" "\n" r"  \end{center}}" "\n"
            r"\newcommand{\subhead}[1]{\singletitle{\emph{#1}}}" "\n"
            r"\newcommand{\logo}[1]{\includegraphics[width=#1]{logo.png}}" "\n"
            r"\title{Machines}\date{2019-11-07}" "\n" r"\begin{document}" "\n"
            r"\begin{frame}" "\n  \\singletitle{Section\n    One}\n" r"\end{frame}" "\n"
            r"\begin{frame}" "\n  \\subhead{Why}\n  \\logo{2cm}\n" r"\end{frame}" "\n"
            r"\end{document}" "\n")
    write_files(tmp_path / "old", {"talk/main.tex": deck})
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    result = build(tmp_path / "new", BuildOptions())
    assert [w.message for w in result.warnings] == [
        "beamer's `\\logo` is not read: shown as written"]
    html = parse_html((tmp_path / "new/public/talks/main/slides/index.html").read_bytes())
    first, second = html.find_all("section", class_="slide-frame")[-2:]
    assert first.one(class_="slide").one("p").one("strong").text() == "Section One"
    assert second.one(class_="slide").one("strong").text() == "Why"
    assert second.one(class_="slide").find_all("em")
    assert "fontsize" not in first.text() and "vfill" not in first.text()
