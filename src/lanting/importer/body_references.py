"""Links by reference (`[AI]` with `[AI]: AI.md` under the text), which `map_urls` does
not see: their definitions' URLs mapped to the new site, and the links whose definition
named a file the site has not kept as their text. Shared by the importers."""

from __future__ import annotations

import re

from lanting.importer.body_links import UNLINK, UrlMap, slashed
from lanting.importer.shelf import MARK_CLOSE, MARK_OPEN

REFERENCE_DEFINITION = re.compile(
    r"^([ \t]{0,3}\[(?![\^])[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)", re.MULTILINE)
"""A reference link's definition, `[AI]: AI.md` (not a footnote's): (its start, the URL)."""


def map_reference_urls(text: str, resolve: UrlMap, dropped: str = UNLINK) -> str:
    """The URL of each reference definition through `resolve` (`[AI]: AI.md`, read by
    `[AI]` links, which `map_urls` does not see); one to unlink (`dropped`: what
    `resolve` returns for it, `UNLINK` or an importer's `DROPPED`) goes with its line,
    and the links using it are their text (`unreferenced`)."""
    unlinked: set[str] = set()
    used: set[str] | None = None

    def one(match: re.Match[str]) -> str:
        nonlocal used
        if used is None:
            used = _used_labels(text)
        if _label(match.group(1).strip().removesuffix(":")[1:-1]) not in used:
            return match.group()  # (`[//]: (a comment)`: shown nowhere, linked by none)
        new = resolve(slashed(match.group(2).strip("<>"), markdown=True), False)
        if new in (UNLINK, dropped):
            unlinked.add(_label(match.group(1).strip().removesuffix(":")[1:-1]))
            return _GONE
        return match.group() if new is None else match.group(1) + new

    text = REFERENCE_DEFINITION.sub(one, text)
    return unreferenced(re.sub(f"^{_GONE}.*\n?", "", text, flags=re.MULTILINE), unlinked) \
        if unlinked else text


_GONE = "\x00gone"
_FULL_REFERENCE = re.compile(r"(?<![!\]\\])\[((?:[^\[\]\n]|\[[^\]\n]*\])*)\]\[([^\[\]\n]*)\]")
_SHORTCUT_REFERENCE = re.compile(r"(?<![!\]\\])\[([^\[\]\n]+)\](?![\[(:])")


def _label(label: str) -> str:
    """A reference's label as CommonMark matches them: case and runs of spaces aside."""
    return " ".join(label.split()).casefold()


def _used_labels(text: str) -> set[str]:
    """The labels the text's links by reference use (`[x][label]`, `[label][]`,
    `[label]`), outside the definitions' lines."""
    body = REFERENCE_DEFINITION.sub("", text)
    return {_label(m.group(2) or m.group(1)) for m in _FULL_REFERENCE.finditer(body)} | {
        _label(m.group(1)) for m in _SHORTCUT_REFERENCE.finditer(body)}


def unreferenced(text: str, labels: set[str]) -> str:
    """The links by reference to `labels` (`[text][label]`, `[label][]`, `[label]`) as
    their text: their definitions went (the file they named was not in the site), and
    each was a broken link of the build (images by reference are left alone)."""

    def full(match: re.Match[str]) -> str:
        label = match.group(2) or match.group(1)
        return match.group(1) if _label(label) in labels else match.group()

    text = _FULL_REFERENCE.sub(full, text)
    return _SHORTCUT_REFERENCE.sub(
        lambda m: m.group(1) if _label(m.group(1)) in labels else m.group(), text)


def definitions_out_of_paragraphs(text: str) -> tuple[str, int]:
    """Reference definitions written on a paragraph's lines (`像这样：` then `[github]:
    https://…` on the next line), as the Markdown.pl family reads them (Discount, that
    is RDiscount, and Redcarpet take a definition from any line), moved under their
    paragraph: a definition cannot interrupt a paragraph in CommonMark (nor in
    kramdown), and each showed as text, its links by reference too. The paragraph's
    other lines stay one paragraph, as they were. (Code is put aside before this.)"""
    count = 0
    out: list[str] = []
    moved: list[str] = []
    in_paragraph = False
    for line in text.split("\n"):
        if not line.strip():
            out.extend(["", *moved] if moved else [])
            moved, in_paragraph = [], False
        elif in_paragraph and _DEFINITION_LINE.match(line):
            moved.append(line)
            count += 1
            continue
        else:
            in_paragraph = not (_DEFINITION_LINE.match(line) or _BLOCK_LINE.match(line))
        out.append(line)
    out.extend(["", *moved] if moved else [])
    return "\n".join(out), count


_DEFINITION_LINE = re.compile(r"^[ \t]{0,3}\[(?!\^)[^\]\n]+\]:[ \t]*\S")
_BLOCK_LINE = re.compile(rf"^[ \t]{{0,3}}(?:#|{MARK_OPEN}C\d+{MARK_CLOSE}[ \t]*$)")
"""A line after which a definition is one in CommonMark too: a heading, a code block
put aside."""
