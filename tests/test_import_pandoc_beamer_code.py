"""A talk written in Pandoc's Markdown for beamer, its code kept in a project beside the
slides: the Makefile runs `pandoc -t beamer --filter pandoc-include-code -H
src/custom.tex`, the fences name the code (`include=… snippet=…`), and the deck's own
`\\notelist{\\item …}` (defined in the header file) holds each slide's notes. The code
blocks were empty on the slides and the notes shown as TeX, a warning a line
(`importer/include_code.py`, `notes_pandoc.note_macros`, `site/beamer_notes.py`)."""

from __future__ import annotations

from pathlib import Path

from htmltree import Element, parse_html
from importbits import NOW, messages
from sitebits import write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site

_MAKEFILE = """slides.pdf: src/slides.md src/custom.tex
\tpandoc -t beamer -s -H src/custom.tex --slide-level=2 \\
\t\t--filter pandoc-include-code src/slides.md -o slides.pdf
"""

_CUSTOM = """\\usepackage{setspace}
\\newcommand{\\notelist}[1]{
  \\note{
    \\begin{itemize}
    \\setstretch{0}#1
    \\end{itemize}
  }}
"""

_CODE = """module Door where

-- start snippet states
data Door
  = Open
  | Closed
-- end snippet states

{- start snippet step -}
  step :: Door -> Door
  step Open = Closed
{- end snippet step -}
"""

_DECK = """---
title: Doors as machines
date: 2019-11-07
---

# States

## The states

```{.haskell include=src/listings/Door.hs snippet=states}
```

\\notelist{
  \\item Two constructors, one per state
  \\item Ask what \\textbf{else} a door does
}

## A step

```{.haskell include=src/listings/Door.hs snippet=step dedent=2}
```

```{.haskell include=src/listings/Door.hs startLine=1 endLine=1}
```

\\note[enumerate]{
  \\item First this
  \\item Then that
}

## Gone

```{.haskell include=src/listings/Door.hs snippet=nowhere}
```

\\note[item]{One thing to say}
"""


def _slides(out: Path) -> list[Element]:
    html = parse_html((out / "talks/slides/slides/index.html").read_bytes())
    return list(html.find_all("section", class_="slide-frame"))


def test_included_code_and_the_decks_note_lists(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {"Makefile": _MAKEFILE, "src/custom.tex": _CUSTOM,
                                   "src/listings/Door.hs": _CODE, "src/slides.md": _DECK})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    missing = [m for m in messages(imported, "src/slides.md") if "pandoc-include-code" in m]
    assert len(missing) == 1 and "snippet `nowhere` of `src/listings/Door.hs`" in missing[0]
    talk = (tmp_path / "new/content/talks/slides.md").read_text(encoding="utf-8")
    assert "```haskell\nstep :: Door -> Door\nstep Open = Closed\n```" in talk  # (dedented)
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    _section, states, step, gone = _slides(tmp_path / "new/public")
    assert states.one("pre").text().split() == "data Door = Open | Closed".split()
    notes = states.one("aside", class_="slide-notes")
    assert [li.text() for li in notes.find_all("li")] == [
        "Two constructors, one per state", "Ask what else a door does"]
    assert "\\item" not in states.text() and "notelist" not in states.text()
    first, second = step.find_all("pre")
    assert first.text() == "step :: Door -> Door step Open = Closed"
    assert second.text().strip() == "module Door where"
    assert [li.text() for li in step.one("aside", class_="slide-notes").one("ol")
            .find_all("li")] == ["First this", "Then that"]
    assert gone.one("aside", class_="slide-notes").one("li").text() == "One thing to say"
