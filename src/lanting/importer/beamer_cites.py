"""The citations of a beamer deck written in LaTeX (`beamer_tex`), as Lanting's.

A deck cites with biblatex or natbib from the `.bib` its preamble names
(`\\addbibresource{literature.bib}`, `\\bibliography{refs}`): `\\cite{a,b}`,
`\\parencite[p.~4]{a}`, `\\autocite`, `\\footcite`, `\\supercite`, a template's own
`\\footshortcite`, `\\citet` and `\\textcite` naming the authors in the sentence; the
last frame prints the list, `\\printbibliography`. Read as Markdown, each was TeX on the
slide. Here a citation is Pandoc's, `[@a; @b]` (`@a` for the authors in the text, the
locator after a comma), the list Lanting's `{{< references >}}`, and the `.bib` files
the deck names are returned for `content/references.bib`. A command that only prints a
citation's footnote (`\\footcitetext`, `\\footshortcitetext`) or sets the style goes.
A deck whose `.bib` is not there keeps its commands as written (the import warns).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from lanting.importer.bibtex import dump, parse
from lanting.importer.common import read_text

REFERENCES = "content/references.bib"

_RESOURCES = re.compile(r"\\(?:addbibresource(?:\[[^\]\n]*\])?|bibliography)\{([^{}\n]+)\}")
_CITE = re.compile(r"\\(?P<name>[A-Za-z]*cite[A-Za-z]*|citep|citet|citealt|citeauthor)\*?"
                   r"(?:\[(?P<pre>[^\]\n]*)\])?(?:\[(?P<post>[^\]\n]*)\])?"
                   r"\{(?P<keys>[^{}\n]+)\}")
_IN_TEXT = frozenset({"textcite", "citet", "Textcite", "citeauthor", "citealt"})
_FOOTNOTE_TEXT = frozenset({"footcitetext", "footshortcitetext", "footfullcitetext"})
_LIST = re.compile(r"^([ \t]*)\\(?:printbibliography(?:\[[^\]\n]*\])?|bibliography\{[^{}\n]*\})"
                   r"[ \t]*$", re.MULTILINE)
_STYLE = re.compile(r"^[ \t]*\\bibliographystyle\{[^{}\n]*\}[ \t]*\n?", re.MULTILINE)


@dataclass
class Cited:
    """What `beamer_citations` made of a deck."""

    body: str
    files: list[str] = field(default_factory=list)
    """The `.bib` files the deck names that are there (their names as written)."""
    missing: list[str] = field(default_factory=list)
    converted: list[str] = field(default_factory=list)


def beamer_citations(text: str, body: str, exists: Callable[[str], bool]) -> Cited:
    """`body` (the deck's frames) with its citations Lanting's, when the deck's `text`
    names a `.bib` that `exists`."""
    result = Cited(body)
    for found in _RESOURCES.finditer(text):
        for name in found.group(1).split(","):
            name = name.strip() if name.strip().endswith(".bib") else name.strip() + ".bib"
            (result.files if exists(name) else result.missing).append(name)
    if not result.files:
        return result
    body, count = _CITE.subn(_citation, body)
    if count:
        result.converted.append("beamer's citations (`\\parencite{key}`) as `[@key]`")
    body, count = _LIST.subn(r"\1{{< references >}}", body)
    if count:
        result.converted.append("beamer's `\\printbibliography` as `{{< references >}}`")
    result.body = _STYLE.sub("", body)
    return result


def _citation(match: re.Match[str]) -> str:
    name = match.group("name")
    if name in _FOOTNOTE_TEXT:
        return ""
    if name == "nocite":
        return "{{< nocite " + " ".join(_keys(match)) + " >}}"
    keys = _keys(match)
    pre, post = match.group("pre"), match.group("post")
    if post is None:  # (one optional argument: the locator, `\parencite[p.~4]{a}`)
        pre, post = None, pre
    locator = ", " + post.replace("~", " ") if post else ""
    if name in _IN_TEXT:
        return " and ".join(f"@{k}" for k in keys) + (f" [{post.replace('~', ' ')}]"
                                                       if post else "")
    prefix = pre.replace("~", " ") + " " if pre else ""
    return "[" + prefix + "; ".join(f"@{k}" for k in keys) + locator + "]"


def _keys(match: re.Match[str]) -> list[str]:
    return [k.strip() for k in match.group("keys").split(",") if k.strip()]


def merged(written: str | bytes | None, file: Path) -> str:
    """`content/references.bib` as `written` so far, with the entries of `file` whose
    keys it lacks (an entry of an earlier file's key is that one)."""
    entries = parse(written)[0] if isinstance(written, str) else []
    keys = {e.key for e in entries}
    return dump(entries + [e for e in parse(read_text(file))[0] if e.key not in keys])
