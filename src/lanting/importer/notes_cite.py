"""The citations of a folder's notes: org-roam's, org-cite's `[cite:@key]` and org-ref's
`cite:key`, which Pandoc writes as Pandoc's `[@key]` and `@key`, and a Markdown note's
own `[@key, p. 3]` and `@key` (Zettlr's, the Obsidian Citations plugin's), cite from the
`.bib` files of the folder (org-roam-bibtex keeps its library there, `#+bibliography:` names it),
written as the site's `content/references.bib`. A key no `.bib` file has is text, with a
warning at its line: Lanting's build would fail at it. A reading note's own paper,
`#+roam_key: cite:key` (org-roam v1) or `:ROAM_REFS: [cite:@key]` (v2), is listed under
it, as Lanting's `{{< nocite >}}` lists an entry not cited in the text."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from lanting.importer.bibtex import BibEntry, parse
from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.shelf import Shelf, protect_code

_CITATION = re.compile(r"(?:^|(?<=[\s\[;-]))@(\w(?:[\w:.#$%&+?<>~/-]*\w)?)", re.MULTILINE)
"""A citation Pandoc wrote (`[@key]`, `@key`, `[@a; @b]`, `[-@key]`): a key as Pandoc's
Markdown reads it, after a space or a bracket (not in an address, `x.com/@me`, nor
escaped, `\\@me`, which is text)."""


_ESCAPED_BRACKETS = re.compile(r"\\\[(-?@[^\s\]\\]+(?:;\s*-?@[^\s\]\\]+)*)\\\]")


def library(folder: Path) -> dict[str, BibEntry]:
    """The entries of the `.bib` files under `folder`, by key, the first of a key kept
    (org-roam-bibtex setups keep copies of one library in several folders)."""
    entries: dict[str, BibEntry] = {}
    for path in sorted(folder.rglob("*.bib")):
        if path.is_file() and not any(p.startswith(".") for p in path.relative_to(folder).parts):
            for entry in parse(read_text(path))[0]:
                entries.setdefault(entry.key, entry)
    return entries


def cite_from(text: str, keys: dict[str, BibEntry], cited: set[str],
              warn: Callable[[str], None], skip: re.Pattern[str] | None = None) -> str:
    """`text` (an Org note as Pandoc's Markdown) with the citations of keys the library
    lacks escaped, text (`warn` told the key of each); the others added to `cited`.
    Code is left as it is (a Python decorator, `@cache`, is no citation), and so is what
    `skip` matches."""
    shelf = Shelf()
    # (`\[@key\]`, a citation Pandoc wrote with its brackets escaped, a definition's term:
    # Lanting would read `\[…\]` as a display formula)
    protected = _ESCAPED_BRACKETS.sub(r"[\1]", protect_code(text, shelf))
    if skip is not None:
        protected = skip.sub(lambda m: shelf.put(m.group()), protected)

    def one(match: re.Match[str]) -> str:
        key = match.group(1)
        if key in keys:
            cited.add(key)
            return match.group()
        warn(key)
        return "\\" + match.group()

    return shelf.restore(_CITATION.sub(one, protected))


_WIKI_LINK = re.compile(r"\[\[[^\[\]\n]*\]\]")


def markdown_citations(text: str, keys: dict[str, BibEntry], cited: set[str],
                       ctx: Context) -> str:
    """A Markdown note's text with its citations of keys the library lacks as text, a
    warning at each (Zettlr and Pandoc printed `(nokey?)`); a `[[@key]]` wiki link (the
    Citations plugin names a paper's note `@key.md`) is no citation."""
    if "@" not in text:
        return text
    def unknown(key: str) -> None:
        ctx.warn("@" + key, f"a citation of `{key}`, a key no `.bib` file of the notes has: "
                 "shown as text (add its entry to one, then import again)")

    return cite_from(text, keys, cited, unknown, _WIKI_LINK)


_ROAM_REF = re.compile(r"^[ \t]*(?:#\+roam_key:|:ROAM_REFS:)[ \t]*(.*?)[ \t]*$",
                       re.MULTILINE | re.IGNORECASE)
_REF_KEY = re.compile(r"(?:\bcite[a-z/]*:[&@]?|(?<![\w@])@)(\w(?:[\w:.#$%&+?<>~/-]*\w)?)")
"""A key of a reference: org-ref's `cite:key`, `cite:&key`, org-cite's `[cite:@key]`."""


def own_papers(org: str) -> list[str]:
    """The keys the note's `#+roam_key:` and `:ROAM_REFS:` name: the papers the note is
    about (org-roam-bibtex's reading notes)."""
    return list(dict.fromkeys(m.group(1) for ref in _ROAM_REF.finditer(org)
                              for m in _REF_KEY.finditer(ref.group(1))))
