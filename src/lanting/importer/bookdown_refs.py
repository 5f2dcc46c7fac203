"""bookdown's own cross-references, rewritten as the Quarto importer and Lanting read them.

bookdown numbers what a label names and `\\@ref(label)` shows the number alone (the
words before it are the author's: `Figure \\@ref(fig:loss)`, `(\\@ref(eq:ols))`):
`\\@ref(eq:x)` is `[-@eq:x]` (a number alone, Lanting's too) of the formula holding
`(\\#eq:x)`, which is `\\label{eq:x}`; `\\@ref(fig:x)` and `\\@ref(tab:x)` are
`[-@fig-x]` and `[-@tbl-x]` of a chunk labelled `x` (its `fig.cap`: Quarto's `fig-x`
label) or of an image or table whose caption begins `(\\#fig:x)`; `\\@ref(thm:x)` is
`[-@thm-x]` of its theorem (`bookdown_blocks`); `\\@ref(id)` of a
section is a link to it reading its number (`bookdown_numbers`), or its heading where
bookdown numbered none, the chapter's own title's to its page. Left as written, each
was text to Lanting, and the build failed on `\\@`. bookdown merged the chapters into
one document before Pandoc read it, so a link to a section as an anchor, `[the
solutions](#ch1)`, found it in any chapter: it leads to that chapter's page.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from lanting.importer.bookdown_blocks import PREFIXES
from lanting.importer.bookdown_math import numbered_as_bookdown

FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[^\n]*\n.*?^[ \t]*\1[ \t]*$",
                   re.MULTILINE | re.DOTALL)
"""A fenced code block, a list item's too (indented under its item)."""
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*(?:\{([^}\n]*)\})?[ \t]*$", re.MULTILINE)
_REF = re.compile(r"\\@ref\(([^()\s]+)\)")
_HASH_LINK = re.compile(r"(\]\()#([^)\s]+)\)")
_HTML_ID = re.compile(r"<[a-zA-Z][\w-]*[^<>]*?[ \t]id=[\"']([^\"'<>\s]+)[\"']")
"""An HTML element's id, `<a id="restart"></a>`, `<span id="x">`."""
_EQ_LABEL = re.compile(r"\(\\#(eq:[\w:.-]+)\)")
CODE_SPAN = re.compile(r"(`+)[^`\n]+?\1(?!`)")
"""A code span on one line: `(\\#eq:x)` in it is shown (bookdown read labels in the
text only)."""
_CAPTION_LABEL = re.compile(r"(!\[)[ \t]*\(\\#fig:([\w:.-]+)\)[ \t]*([^\]\n]*\]\([^)\n]*\))")
"""An image whose caption begins with its label, `![(\\#fig:x) Loss](loss.png)`."""
_TABLE_LABEL = re.compile(r"^((?:Table)?:[ \t]*)\(\\#tab:([\w:.-]+)\)[ \t]*(.*?)[ \t]*$",
                          re.MULTILINE)
"""A pipe table's caption beginning with its label, `Table: (\\#tab:x) Errors`."""
_CHUNK = re.compile(r"^([ \t]{0,3}`{3,}[ \t]*\{r[ \t,]+)([A-Za-z][\w.-]*)(?=[ \t]*[,}])"
                    r"([^}\n]*\})", re.MULTILINE)
"""A knitr chunk's header with its label, `{r loss-curve, fig.cap="…"}`."""
_TEXT_REF = re.compile(r"^\(ref:([\w:.-]+)\)[ \t]+(\S[^\n]*(?:\n(?![ \t]*\n)[^\n]*)*)\n?",
                       re.MULTILINE)
"""A text reference's definition, `(ref:x) Words…`: a paragraph of its own."""
_TEXT_USE = re.compile(r"\(ref:([\w:.-]+)\)")
_CAPTION_REF = re.compile(r"[ \t]*,?[ \t]*fig\.cap\s*=\s*([\"'])\(ref:([\w:.-]+)\)\1")
_PART = re.compile(r"^#[ \t]+\((?:PART|APPENDIX)(?:\\?\*)?\)[^\n]*\n?", re.MULTILINE)
"""A part's or the appendix's heading, `# (PART) Theory {-}` (an unnumbered part's
`(PART\\*)`, its star escaped as bookdown's guide writes it, too): no chapter of its
own."""
_KINDS = {"fig": "fig", "tab": "tbl", "eq": "eq", **{p: p for p in PREFIXES.values()}}
"""bookdown's label prefixes → Quarto's (a theorem's are the same)."""


@dataclass(frozen=True, slots=True)
class Section:
    """A heading a `\\@ref(id)` may name: its document, whether it is the chapter's
    title (its first `#` heading, the page's title now) and its words."""

    path: Path
    title: bool
    words: str
    anchor: bool = False
    """An element's id in the text's HTML, `<a id="x"></a>`: a link leads to it, a
    `\\@ref` does not name it."""


def pandoc_id(heading: str) -> str:
    """The identifier Pandoc gives a heading without one: its words lower case, only
    letters, digits and `_-.` kept, spaces as hyphens, up to its first letter."""
    text = re.sub(r"[*_`]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    kept = "".join(c if c.isalnum() or c in "_-." else "-" if c.isspace() else ""
                   for c in unicodedata.normalize("NFC", text))
    start = next((i for i, c in enumerate(kept) if c.isalpha()), len(kept))
    return re.sub(r"-+", "-", kept[start:]).strip("-") or "section"


def sections(documents: Iterable[tuple[Path, str]]) -> dict[str, Section]:
    """The headings of the documents by their ids (`{#id}`, else Pandoc's), the first
    place of an id kept; and the ids of their HTML's elements (`<a id="x"></a>`)."""
    found: dict[str, Section] = {}
    documents = list(documents)
    for path, text in documents:
        first = True
        for heading in HEADING.finditer(FENCE.sub("", _PART.sub("", text))):
            label = heading_label(heading.group(2), heading.group(3) or "")
            title = first and heading.group(1) == "#"
            first = first and heading.group(1) != "#"
            found.setdefault(label, Section(path, title, heading.group(2).strip()))
    for path, text in documents:  # (bookdown led `#x` to the element's page, any id)
        for anchor in _HTML_ID.finditer(CODE_SPAN.sub("", FENCE.sub("", text))):
            found.setdefault(anchor.group(1), Section(path, False, "", anchor=True))
    return found


def heading_label(words: str, attributes: str) -> str:
    """A heading's id: its `{#id}`, else the one Pandoc gives its words."""
    named = re.search(r"#([\w:.-]+)", attributes)
    return named.group(1) if named else pandoc_id(words)


def labels(text: str, tags: dict[str, str] | None = None) -> str:
    """`text` with bookdown's labels as Quarto writes them: a formula's `(\\#eq:x)` is
    `\\label{eq:x}`, an image's caption's `(\\#fig:x)` its `{#fig-x}`, a table's
    `(\\#tab:x)` its caption's `{#tbl-x}`, a chunk with a `fig.cap` labelled `fig-x`
    (one labelled `fig-x` already stays: `\\@ref(fig:fig-x)` names it); a text
    reference's definition, `(ref:x) Words.`, its words where `(ref:x)` is (a chunk's
    `fig.cap="(ref:x)"` a `#| fig-cap:` line); a part's heading (`# (PART) Theory {-}`)
    left out; equations numbered as bookdown numbered them (`bookdown_math`), a
    labelled one's number `tags`' (`\\tag{2.3}`, as bookdown wrote it: counted in its
    chapter). Code blocks stay as written."""
    words: dict[str, str] = {}

    def defined(match: re.Match[str]) -> str:
        words.setdefault(match.group(1), " ".join(match.group(2).split()))
        return ""

    def prose(part: str) -> str:
        part = _TEXT_REF.sub(defined, _PART.sub("", part))
        part = numbered_as_bookdown(part)[0]
        part = _outside_code(part, lambda words: _EQ_LABEL.sub(lambda m: (
            f"\\tag{{{tags[m.group(1)]}}}" if tags and m.group(1) in tags else "")
            + f"\\label{{{m.group(1)}}}", words))
        part = _CAPTION_LABEL.sub(lambda m: f"{m.group(1)}{m.group(3)}{{#fig-{m.group(2)}}}",
                                  part)
        return _TABLE_LABEL.sub(lambda m: f": {m.group(3)} {{#tbl-{m.group(2)}}}", part)

    # (a code block shows bookdown's syntax as written: a book on writing books)
    out, last = [], 0
    for block in FENCE.finditer(text):
        out += [prose(text[last:block.start()]), block.group()]
        last = block.end()
    text = "".join(out) + prose(text[last:])

    def chunk(match: re.Match[str]) -> str:
        options, label = match.group(3), match.group(2)
        caption = ""
        if (used := _CAPTION_REF.search(options)) and used.group(2) in words:
            # (its words hold quotes and braces a chunk's header cannot)
            options = options[:used.start()] + options[used.end():]
            caption = f"\n#| fig-cap: {words[used.group(2)]}"
        kind = "fig" if caption or re.search(r"\bfig\.cap\s*=", options) else None
        if kind is not None and not label.startswith(f"{kind}-"):
            label = f"{kind}-{label}"
        return f"{match.group(1)}{label}{options}{caption}"

    text = _CHUNK.sub(chunk, text)
    return _TEXT_USE.sub(lambda m: words.get(m.group(1), m.group()), text) if words else text


def _outside_code(text: str, change: Callable[[str], str]) -> str:
    """`text` with `change` made to its words outside code spans."""
    out, last = [], 0
    for span in CODE_SPAN.finditer(text):
        out += [change(text[last:span.start()]), span.group()]
        last = span.end()
    return "".join(out) + change(text[last:])


def equations(documents: Iterable[tuple[Path, str]]) -> dict[str, Path]:
    """The document each equation's label (`\\label{eq:x}`, as `labels` wrote it) is in."""
    found: dict[str, Path] = {}
    for path, text in documents:
        for label in re.findall(r"\\label\{(eq:[^{}\s]+)\}", text):
            found.setdefault(label, path)
    return found


def references(text: str, path: Path, found: dict[str, Section], known: frozenset[str],
               warn: Callable[[str, str], None],
               formulas: dict[str, Path] | None = None,
               numbers: dict[str, str] | None = None) -> tuple[str, int]:
    """`text` with each `\\@ref(label)` as Quarto's reference or a link, and each link to
    a section of another chapter led there (see the module's docstring); one naming
    nothing bookdown showed as `??`, with a warning (`warn(snippet, message)`);
    `known`: the figures' and tables' labels the book gives (Quarto's, `fig-x`);
    `formulas`: each equation's document (`equations`): one of another chapter is a
    link to it reading its number, else that chapter's title; `numbers`: the
    sections' numbers by their ids, and the equations' by their labels, which a
    reference to one reads.
    Returns the text and how many were rewritten."""
    count = 0

    def where(label: str) -> str | None:
        """The link to a section of another chapter (to the page, for its title)."""
        section = found.get(label)
        if section is None or (section.path == path and not section.title):
            return None
        target = posixpath.relpath(section.path.as_posix(), path.parent.as_posix())
        return target + ("" if section.title else f"#{label}")

    def linked(match: re.Match[str]) -> str:
        nonlocal count
        target = where(match.group(2))
        count += target is not None
        return match.group() if target is None else f"{match.group(1)}{target})"

    def one(match: re.Match[str]) -> str:
        nonlocal count
        label = match.group(1)
        kind, _, name = label.partition(":")
        home = (formulas or {}).get(label, path)
        if kind == "eq" and home != path:
            title = next((s for s in found.values() if s.path == home and s.title), None)
            target = posixpath.relpath(home.as_posix(), path.parent.as_posix())
            count += 1
            words = (numbers or {}).get(label) or (title.words.replace(
                "[", "\\[").replace("]", "\\]") if title else home.stem)
            return f"[{words}]({target}#{label})"
        prefix = f"{_KINDS.get(kind)}-"  # (a chunk labelled `fig-x` is `fig:fig-x`;
        # a theorem labelled `thm-x` is `thm-thm-x`, as `bookdown_blocks` wrote it)
        quarto = name if name.startswith(prefix) and kind not in PREFIXES.values() \
            else prefix + name
        if name and kind in _KINDS and (kind == "eq" or quarto in known):
            count += 1
            return f"[-@{kind}:{name}]" if kind == "eq" else f"[-@{quarto}]"
        section = found.get(label)
        if section is None or section.anchor:
            warn(match.group(), f"`{match.group()}` names no section, figure, table or "
                 "equation Lanting knows: shown as bookdown showed it, `??`")
            return "**??**"
        count += 1
        words = (numbers or {}).get(label) or section.words.replace(
            "[", "\\[").replace("]", "\\]")
        return f"[{words}]({where(label) or '#' + label})"

    text = _HASH_LINK.sub(linked, text) if "](#" in text else text
    return _REF.sub(one, text), count
