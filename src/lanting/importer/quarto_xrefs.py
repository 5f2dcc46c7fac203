"""Cross-references between a Quarto project's documents: `@sec-features` in one chapter
of a book naming a section (or the chapter itself, `# Title {#sec-features}`), figure,
table or equation of another. Quarto resolved them across the book ("Chapter 5");
Lanting resolves `@label` within a page, so each becomes a link to its target, reading
the section's heading or the figure's caption (Lanting numbers no figure across pages);
in a book whose chapters are numbered, "Chapter 3" and "Section 3.2" as Quarto read
them, the numbers those pages show.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from lanting.importer.quarto_cells import header_options, made_label
from lanting.importer.section_numbering import section_numbers
from lanting.markdown.figures import label_language
from lanting.markdown.section_numbers import SECTION_LABELS

_KINDS = "sec|fig|tbl|eq|thm|lem|cor|prp|cnj|def|exm|exr|rem|alg|lst"
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*\{([^}\n]*)\}[ \t]*$", re.MULTILINE)
_IMAGE = re.compile(r"!\[((?:[^\[\]\n]|\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\])*)\]\([^)\n]*\)"
                    r"\{([^}\n]*)\}")
"""An image with attributes; its caption may hold brackets two deep (a footnote, a
link: `![Loss[^1] per [epoch](u)](x.png){#fig-x}`), as a link's text may."""
_NOTE = re.compile(r"\[\^[^\[\]\n]*\]|\^\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]")
_LINKED = re.compile(r"\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\](?:\([^()\n]*\)|\{[^{}\n]*\})")
_CELL = re.compile(r"^(`{3,})[ \t]*(\{[A-Za-z]\w*(?:[ \t,][^}\n]*)?\})[ \t]*\n(.*?)^\1[ \t]*$",
                   re.MULTILINE | re.DOTALL)
"""A cell, ```` ```{python} ````: its header and code (with its `#|` options)."""
_OPTION = re.compile(r"^\s*(?:#|%%|//)\|\s*([\w-]+):\s*(.*?)\s*$", re.MULTILINE)
_ANY_ID = re.compile(rf"\{{[^}}\n]*#((?:{_KINDS})[-:][\w:.-]*\w)")
_ID = re.compile(rf"(?:^|\s)#((?:{_KINDS})[-:][\w:.-]*\w)")
_REFERENCE = re.compile(rf"\[(?P<prefix>[^\[\]@\n]*?)(?P<bare>-?)@(?P<in>(?:{_KINDS})[-:][\w:.-]*"
                        rf"\w)\]|(?<![\w@\\`/])(-?)@((?:{_KINDS})[-:][\w:.-]*[\w])")
"""`@sec-x` (pandoc-crossref's `@fig:x`), or one in brackets: `[@sec-x]`, `[-@sec-x]`
(its number alone), `[Section -@sec-x]` (words before it)."""
_HASH_LINK = re.compile(rf"(\]\()#((?:{_KINDS})[-:][\w:.-]*\w)\)")
"""A link to a label as an anchor, `[The Very Basics](#sec-basics)`: in a book, Quarto
sends it to the chapter holding the label (bookdown did too)."""
_WORDS = {"fig": "Figure", "tbl": "Table", "eq": "Equation", "thm": "Theorem",
          "lem": "Lemma", "cor": "Corollary", "prp": "Proposition", "cnj": "Conjecture",
          "def": "Definition", "exm": "Example", "exr": "Exercise", "rem": "Remark",
          "alg": "Algorithm",
          "lst": "Listing"}
_WORDS_ZH = {"fig": "图", "tbl": "表", "eq": "公式", "thm": "定理", "lem": "引理",
             "cor": "推论", "prp": "命题", "cnj": "猜想", "def": "定义", "exm": "例",
             "exr": "习题", "rem": "注", "alg": "算法", "lst": "代码"}


_NUMBERED_WORDS = {"en": ("Chapter {n}", "Appendix {n}"), "zh": ("第 {n} 章", "附录 {n}"),
                   "zh-Hant": ("第 {n} 章", "附錄 {n}")}
"""How a reference to a numbered chapter and a lettered appendix reads (to a section:
Lanting's own `SECTION_LABELS`)."""


@dataclass(frozen=True, slots=True)
class Label:
    """Where a label is: its document, the id on the page ("" for the page itself),
    what a link to it reads, and its number in a numbered book ("3", "3.2"; `[-@sec-x]`
    reads it alone)."""

    path: Path
    anchor: str
    words: str
    number: str = ""


def book_labels(documents: Iterable[tuple[Path, str]], titles: dict[str, tuple[Path, str]],
                language: str, chapters: dict[Path, str] | None = None) -> dict[str, Label]:
    """Every label of the documents (`{#sec-x}` on a heading, `{#fig-x}` on an image,
    a cell's `#| label: fig-x`, any other `{#kind-x}`), and the chapters' own (`titles`:
    label → (file, title)), which link to the page. A label twice keeps its first
    place. In a numbered book (`chapters`: each numbered chapter's number, by resolved
    path) a chapter's label reads "Chapter 3" ("Appendix A"), a section's "Section 3.2"."""
    zh = language.lower().startswith("zh")
    names = _WORDS_ZH if zh else _WORDS
    chapter_words, appendix_words = _NUMBERED_WORDS[label_language(language)]
    section_words = SECTION_LABELS[label_language(language)]
    chapters = chapters or {}
    found: dict[str, Label] = {}
    for label, (path, title) in titles.items():
        number = chapters.get(path.resolve(), "")
        words = (appendix_words if number.isalpha() else chapter_words).format(n=number)
        found[label] = Label(path, "", words if number else title, number)
    for path, text in documents:
        chapter = chapters.get(path.resolve(), "")
        numbers = section_numbers(text, chapter) if chapter else {}
        for heading in _HEADING.finditer(text):
            for label in _ID.findall(" " + heading.group(2)):
                number = numbers.get(label, "")
                found.setdefault(label, Label(path, label, section_words.format(n=number)
                                              if number else heading.group(1).strip(), number))
        for image in _IMAGE.finditer(text):
            for label in _ID.findall(" " + image.group(2)):
                found.setdefault(label, Label(path, label, _words(image.group(1))
                                              or names["fig"]))
        for cell in _CELL.finditer(text):  # (`#| label: fig-x`: the figure it made)
            options = {**header_options(cell.group(2)), **dict(_OPTION.findall(cell.group(3)))}
            if (made := made_label(cell.group(2), options)) is not None:
                kind = made[0].split("-", 1)[0]
                found.setdefault(made[0], Label(path, made[0], made[2] or names.get(
                    kind, made[1])))
            listing = options.get("lst-label", "").strip("\"'")
            if listing.startswith("lst-"):  # (a listing's, its caption under `lst-cap`)
                found.setdefault(listing, Label(path, listing, _words(options.get(
                    "lst-cap", "").strip("\"'")) or names["lst"]))
        for label, number in theorem_numbers(text, chapter).items():
            kind = label.split("-", 1)[0]
            found.setdefault(label, Label(path, label, f"{names[kind]} {number}", number))
        for label in _ANY_ID.findall(text):
            kind = re.split(r"[-:]", label)[0]
            found.setdefault(label, Label(path, label, names.get(kind, label)))
    return found


_THEOREM_DIV = re.compile(r"^[ \t]*:{3,}[ \t]*\{[^}\n]*#((thm|lem|cor|prp|cnj|def|exm|exr|rem)"
                          r"-[\w-]*\w)", re.MULTILINE)
_FENCED = re.compile(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$", re.MULTILINE | re.DOTALL)


def theorem_numbers(text: str, chapter: str) -> dict[str, str]:
    """The number each theorem div of a document has, as `quarto_theorems` numbers it
    on its page: per kind, in the chapter's count in a numbered book ("2.3"), so that
    another chapter's `@def-q` reads "Definition 2.3", as Quarto read it."""
    chapter = chapter if "." not in chapter else ""
    counts: dict[str, int] = {}
    numbers: dict[str, str] = {}
    for match in _THEOREM_DIV.finditer(_FENCED.sub("", text)):
        counts[match.group(2)] = counts.get(match.group(2), 0) + 1
        numbers.setdefault(match.group(1), f"{chapter}.{counts[match.group(2)]}"
                           if chapter else str(counts[match.group(2)]))
    return numbers


def _words(caption: str) -> str:
    """A caption as the words of a link to it: its footnotes left out and its links and
    spans their text (a link holds no link: one inside read as the link, its caption
    around it loose brackets)."""
    text = _NOTE.sub("", caption)
    for _ in range(2):  # (two deep, as a caption's brackets go)
        text = _LINKED.sub(r"\1", text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


def cross_references(text: str, path: Path, labels: dict[str, Label],
                     link: Callable[[Path], str | None], put: Callable[[str], str],
                     own: frozenset[str] = frozenset()) -> tuple[str, int]:
    """`text` with each `@label` of another document a link there (put aside with
    `put`: it is made, not to be mapped again), and each link to one, `(#sec-x)`, led
    there (the page's own title's, to the page); the page's own labels stay, for
    Lanting to resolve, and so do those it gives itself (`own`: two posts of a blog
    each with an `{#eq-loss}`, which the project's labels know in the first alone).
    Returns the text and how many were linked."""
    count = 0

    def elsewhere(label: Label | None) -> bool:
        # (the page's own title's label too, `# Markdown {#sec-authoring}` referred to in
        # its chapter: the heading is the page's title now, so no id of the page)
        return label is not None and (label.path != path or not label.anchor) \
            and label.anchor not in own

    def linked(match: re.Match[str]) -> str:
        nonlocal count
        label = labels.get(match.group(2))
        target = link(label.path) if label is not None and elsewhere(label) else None
        if label is None or target is None:
            return match.group()
        count += 1
        return match.group(1) + put(target + (f"#{label.anchor}" if label.anchor else "")
                                    ) + ")"

    def one(match: re.Match[str]) -> str:
        nonlocal count
        name = match.group("in") or match.group(5)
        label = labels.get(name)
        if label is None or not elsewhere(label):
            return match.group()
        target = link(label.path)
        if target is None:
            return match.group()
        count += 1
        anchor = f"#{label.anchor}" if label.anchor else ""
        bare = match.group("bare") if match.group("in") else match.group(4)
        words = (label.number if bare and label.number else label.words
                 ).replace("[", "\\[").replace("]", "\\]")
        return (match.group("prefix") or "") + put(f"[{words}]({target}{anchor})")

    text = _HASH_LINK.sub(linked, text) if "](#" in text else text
    return _REFERENCE.sub(one, text) if "@" in text else text, count


_DANGLING = re.compile(r"(?<![\w@\\`/])(\[)?-?@((sec|fig|tbl|eq|lst)-[\w:.-]*\w)(\])?")
_THINGS = {"sec": "section", "fig": "figure", "tbl": "table", "eq": "equation",
           "lst": "listing"}


_DEFINED = re.compile(r"(?:#|(?:^[ \t]*|(?<=\\n)|(?<=\"))(?:#|%%|//)\|[ \t]*(?:lst-)?label:"
                      r"[ \t]*[\"']?|\{[A-Za-z]\w*[ ,]\s*)((?:sec|fig|tbl|eq|lst)-[\w:.-]*\w)",
                      re.MULTILINE)
"""A label given: `{#fig-x}`, a cell's `#| label: fig-x` (or `lst-label`) on an option
line of its own (not a formatter's `# | label:`, nor `#| #| label:`, which Quarto does
not read; a notebook's JSON string too), knitr's `{r fig-x, …}`."""


_GIVEN = re.compile(rf"label:[ \t]*[\"']?((?:{_KINDS})-[\w:.-]*\w)"
                    rf"|\{{[A-Za-z]\w*[ ,]\s*((?:{_KINDS})-[\w:.-]*\w)")
"""A cell's label, `#| label: fig-x` or knitr's chunk header `{r fig-x, …}`."""


def own_labels(text: str) -> frozenset[str]:
    """Every label `text` gives (`{#thm-x}` and kin, a cell's), for `cross_references`
    (not a link to one, `[objects](#sec-objects)`)."""
    return frozenset(_ANY_ID.findall(text)) | frozenset(
        a or b for a, b in _GIVEN.findall(text))


def defined_labels(text: str) -> frozenset[str]:
    """The labels `text` gives to something: `{#fig-x}` (or any `#fig-x`), a cell's
    `#| label: fig-x`, knitr's chunk header `{r fig-x, …}`."""
    return frozenset(_DEFINED.findall(text))


_SUBFIGURE = re.compile(r"(?<![\w@\\`/\[-])@(fig-[\w:.-]*\w)-([1-9]\d?)\b(?![\w-])")


def subfigure_references(text: str, original: str, zh: bool,
                         elsewhere: Callable[[str], str | None]) -> tuple[str, int]:
    """`@fig-x-2`, the second subfigure of the cell labelled `fig-x` (its `fig-subcap`
    list, `layout-ncol: 2`), which Quarto read as "Figure 1(b)": without the cell's
    outputs no subfigure carries the label, and it was a reference to nothing. It is
    `[Figure -@fig-x]`, the cell's figure's number, and the subfigure's letter; one of
    another chapter's cell, the link `elsewhere` makes to that figure (`[caption](…)`),
    and the letter. Returns (text, how many)."""
    defined = defined_labels(original)
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        base, number = match.group(1), int(match.group(2))
        if f"{base}-{number}" in defined or number > 26:
            return match.group()
        letter = f"\\({chr(ord('a') + number - 1)})"
        if base not in defined:
            made = elsewhere(base)
            count += made is not None
            return match.group() if made is None else made + letter
        count += 1
        word = _WORDS_ZH["fig"] if zh else _WORDS["fig"]
        return f"[{word} -@{base}]{letter}"

    return (_SUBFIGURE.sub(one, text) if "@fig-" in text else text), count


def dangling_sections(text: str, labels: dict[str, Label], original: str,
                      warn: Callable[[str, str], None],
                      project: frozenset[str] = frozenset()) -> str:
    """`@sec-x` (or `@fig-x`, `@tbl-x`, `@eq-x`) naming nothing of the project (a draft
    chapter's reference to a section not yet written, a figure whose label was renamed)
    as Quarto showed it, `?@sec-x` in bold, with a warning (`warn(snippet, message)`):
    Lanting's build failed on it. A label is found in the labels, in the document's own
    text (`original`) or among those the project's text gives (`project`: its
    notebooks' too; `defined_labels`)."""
    def one(match: re.Match[str]) -> str:
        label = match.group(2)
        if label in labels or label in project or label in defined_labels(original):
            return match.group()
        warn(match.group(), f"`@{label}` refers to no {_THINGS[match.group(3)]} of the "
             f"project: shown as Quarto showed it, `?@{label}` in bold; fix the label, or "
             "write the words it should read")
        return f"**?\\@{label}**"  # (escaped: no reference to Lanting)

    return _DANGLING.sub(one, text) if "@" in text else text


_FENCE_OPEN = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*(.*)$")
_CELL_LABEL = re.compile(rf"^[ \t]*(?:#|%%|//)\|[ \t]*label:[ \t]*[\"']?((?:{_KINDS})-[\w:.-]*\w)")
_HEADER_LABEL = re.compile(rf"^\{{[A-Za-z]\w*[ ,]\s*((?:{_KINDS})-[\w:.-]*\w)")


def given_labels(text: str) -> dict[str, int]:
    """The labels a document's own text gives, each with the line of its first: `{#fig-x}`
    and kin outside code, a cell's `#| label: fig-x` or knitr's `{r fig-x}`. Not in a
    code block showing Markdown, a code span or a comment: a course on Quarto shows
    `{#fig-x}` in every chapter, and Quarto numbered none of those."""
    text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group().count("\n"), text,
                  flags=re.DOTALL)
    found: dict[str, int] = {}
    fence, cell = "", False
    for number, line in enumerate(text.splitlines(), 1):
        opening = _FENCE_OPEN.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= \
                    len(fence) and not opening.group(2).strip():
                fence = ""
            elif cell and (option := _CELL_LABEL.match(line)):
                found.setdefault(option.group(1), number)
            continue
        if opening:
            fence, info = opening.group(1), opening.group(2).strip()
            cell = bool(re.match(r"\{[A-Za-z]", info))
            if header := _HEADER_LABEL.match(info):
                found.setdefault(header.group(1), number)
            continue
        for label in _ANY_ID.findall(re.sub(r"(`+).*?\1", "", line)):
            found.setdefault(label, number)
    return found


def twice_in_book(documents: Iterable[tuple[Path, str]]
                  ) -> list[tuple[str, tuple[Path, int], tuple[Path, int]]]:
    """Each label two documents of a book give (`given_labels`), with its first place and
    the other: Quarto numbers a book's labels across its chapters, and a reference
    from a third chapter could lead to either."""
    first: dict[str, tuple[Path, int]] = {}
    twice: list[tuple[str, tuple[Path, int], tuple[Path, int]]] = []
    for path, text in documents:
        for label, line in given_labels(text).items():
            if label not in first:
                first[label] = (path, line)
            elif first[label][0] != path:
                twice.append((label, first[label], (path, line)))
    return twice
