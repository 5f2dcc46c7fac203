"""kramdown's syntax (Jekyll's Markdown) → Lanting Markdown (its math conventions in
`kramdown_math`, named here too), its tables, its attribute lists and extensions
(`{: .note}`, `{::comment}`, `markdown="1"`), abbreviations and definition lists, and
`[[…]]`, which kramdown shows as written."""

from __future__ import annotations

import re
from collections.abc import Callable

from markdown_it.common.html_blocks import block_names
from markdown_it.common.html_re import HTML_OPEN_CLOSE_TAG_STR

from lanting.importer.body import callout, callout_kind
from lanting.importer.kramdown_html import markdown_in_html
from lanting.importer.kramdown_math import MATH_ESCAPES as MATH_ESCAPES
from lanting.importer.kramdown_math import kramdown_math as kramdown_math
from lanting.importer.kramdown_math import title_math as title_math
from lanting.importer.shelf import MARK_CLOSE, MARK_OPEN, Shelf, fence

_WIKI_LIKE = re.compile(r"(?<![\\!])\[\[(?=[^\[\]\n]*\]\](?![(\[]))")


_HTML_BLOCK_START = re.compile(
    rf"^ {{0,3}}(?:<(?:{'|'.join(block_names)})(?:[\s/>]|$)|</(?:{'|'.join(block_names)})"
    rf"(?:[\s>]|$)|<!--)", re.IGNORECASE)
"""A line starting an HTML block that may interrupt a paragraph (CommonMark's kinds 2
and 6: a comment, a block-level element's tag); it runs to the next blank line."""
_HTML_TAG_LINE = re.compile(rf"^ {{0,3}}{HTML_OPEN_CLOSE_TAG_STR.lstrip('^')}[ \t]*$")
"""A line that is one tag alone (CommonMark's kind 7: `<span class="x">`), which starts
an HTML block where a paragraph does not continue."""


def literal_wiki_links(text: str) -> tuple[str, int]:
    """kramdown has no `[[Note]]` links (without a plugin): the old page showed
    `[[wikilinks]]` as written, where Lanting would read a link to `wikilinks.md` and stop
    the build at a page that is not there. Its first bracket escaped, it stays text.
    Not `[[Paper]](https://…)`: a link whose text is in brackets, to kramdown and to
    Lanting alike (escaped, it showed as written). Inside an HTML block (a figure's
    `<div class="caption">` text) no Markdown escape is read, and `\\[[` showed its
    backslash: there the bracket is written `&#91;`, which HTML and Markdown alike show
    as `[`. (Code and math are shelved before this.)"""
    out, count, in_html, after_blank = [], 0, False, True
    for line in text.split("\n"):
        if not line.strip():
            in_html, after_blank = False, True
            out.append(line)
            continue
        in_html = in_html or bool(_HTML_BLOCK_START.match(line)) or (
            after_blank and bool(_HTML_TAG_LINE.match(line)))
        after_blank = False
        line, n = _WIKI_LIKE.subn("&#91;[" if in_html else r"\\[[", line)
        out.append(line)
        count += n
    return "\n".join(out), count


_EMPTY_DEFINITION = re.compile(r"^([ \t]{0,3})\[(?!\^)([^\]\n]+\]:)[ \t]*$(\n(?=[ \t]*\S))?",
                               re.MULTILINE)


_LINE_BREAK = re.compile(r"(?<!\\)\\\\(?=\n[ \t]*\S)")
"""Two backslashes ending a line whose paragraph goes on: kramdown's hard line break
(`LINE_BREAK`, two spaces or `\\\\` before the newline; Jekyll's GFM input keeps it, its
`hard_wrap` being off)."""


def line_breaks(text: str, html_blocks: list[tuple[int, int]]) -> tuple[str, int]:
    """`text` (its code and math put aside) with kramdown's `\\\\` line breaks written as
    CommonMark's, one backslash before the newline: AcadHomepage's papers put one after
    the title, and Lanting showed a backslash there, the authors run on after it. Not in
    an HTML block (`html_blocks`), which neither reads Markdown in."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if any(start <= match.start() < end for start, end in html_blocks):
            return match.group()
        count += 1
        return "\\"

    return _LINE_BREAK.sub(one, text), count


def empty_link_definitions(text: str) -> tuple[str, int]:
    """`[2]:` alone on its line (a list of references the writer meant to fill in):
    kramdown wants a definition's URL on its own line, so this was text, and
    `[paper][2]` too. CommonMark reads the next line as its URL (`[3]:http://…`), and
    the build failed on a link to `[3]:`. Its bracket escaped, it stays text; a blank
    line after it, as the paragraph it now starts would take in the next definition,
    which it cannot interrupt. (Code is shelved before this.)"""
    return _EMPTY_DEFINITION.subn(lambda m: f"{m.group(1)}\\[{m.group(2)}"
                                  + ("\n\n" if m.group(3) else ""), text)


_TABLE_BLOCK = re.compile(r"(?:^[ \t]*\|.*(?:\n|$))+", re.MULTILINE)
_SEPARATOR = re.compile(r"^[ \t]*\|?[ \t]*:?[-=]+:?[ \t]*(?:[|+][ \t]*:?[-=]+:?[ \t]*)*\|?[ \t]*$")


def kramdown_tables(text: str) -> tuple[str, int]:
    """kramdown's tables as GFM ones: a separator line before the first row or between
    parts of the body (kramdown's `tbody`s, `|===|` before a footer) is dropped; a table
    whose first separator does not follow its first row had no header, and gets an
    empty one (which Lanting does not show). kramdown showed these as tables; GFM, which
    wants a header and its separator right after, showed a stray `| --- |` line or the
    rows as text. Returns (text, tables changed)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        block = match.group()
        ending = "\n" if block.endswith("\n") else ""
        lines = block.rstrip("\n").split("\n")
        while lines and _SEPARATOR.match(lines[0]):
            lines.pop(0)
        if not lines:
            return block
        header = len(lines) > 1 and _SEPARATOR.match(lines[1]) is not None
        rows = [lines[0]] + [line for line in lines[1:] if not _SEPARATOR.match(line)]
        if header:
            new = [rows[0], lines[1], *rows[1:]]
        else:
            width = max(len(_cells(row)) for row in rows)
            indent = lines[0][:len(lines[0]) - len(lines[0].lstrip())]
            new = [indent + "|" + " |" * width, indent + "|" + "---|" * width, *rows]
        if new == block.rstrip("\n").split("\n"):
            return block
        count += 1
        return "\n".join(new) + ending

    return _TABLE_BLOCK.sub(one, text), count


def _cells(row: str) -> list[str]:
    """A table row's cells (an escaped `\\|` is not a border)."""
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return re.split(r"(?<!\\)\|", inner)


_FENCE_FILE = re.compile(
    rf"({MARK_OPEN}C(\d+){MARK_CLOSE})[ \t]*\n[ \t]*\{{:[^{{}}\n]*?\bfile=([\"'])(.+?)\3"
    r"[^{}\n]*\}[ \t]*$", re.MULTILINE)


def fence_file_titles(text: str, shelf: Shelf) -> tuple[str, int]:
    """Chirpy's `{: file="train.py" }` under a code block: the file's name, which the
    theme showed above the code, is the block's `title` (the attribute list was
    removed, and the name lost)."""

    def one(match: re.Match[str]) -> str:
        number = int(match.group(2))
        code = shelf.items["C"][number]
        head, newline, rest = code.partition("\n")
        found = re.match(r"^([ \t]*(`{3,}|~{3,}))[ \t]*(\S*)(.*)$", head)
        if not newline or found is None or "title=" in found.group(4):
            return match.group()
        name = match.group(4).replace('"', "'")
        shelf.items["C"][number] = (f"{found.group(1)}{found.group(3) or 'text'}"
                                    f"{found.group(4)} title=\"{name}\"\n{rest}")
        return match.group(1)

    return _FENCE_FILE.subn(one, text)


_IAL_LINE = re.compile(r"^[ \t]*\{:(?!:)[^{}\n]*\}[ \t]*$", re.MULTILINE)
_IAL_SPAN = re.compile(r"(?<![_^\\])\{:(?!:)[^{}\n]*\}")
"""A span IAL; not a TeX group after `_` or `^` (`$V_{:j}$`, rows of a matrix in a
formula kramdown did not know as math: it dropped the group as an IAL, and MathJax
showed `V_∈`; the formula as written is kept)."""
_TOC_LABEL = (r"^[ \t]*#{1,6}[ \t]+[^\n]*\n[ \t]*\{:[^{}\n]*\bno_toc\b[^{}\n]*\}[ \t]*\n"
              r"(?:[ \t]*\n)*(?=[ \t]*(?:\*|1\.|-)[ \t]+[^\n]*\n[ \t]*\{:[ \t]*toc[ \t]*\})")
"""A heading kept out of the table of contents right over its marker: its label."""
_UNDER_TITLE = re.compile(r"^[ \t]*#[ \t]+[^\n]*\n\Z", re.MULTILINE)
"""An `# h1` line right before a `{: .no_toc }`: a level no table of contents lists."""
_IMAGE_BEFORE = re.compile(r"!\[[^\]\n]*\]\([^()\n]*\)$")
_TEX_COMMAND_BEFORE = re.compile(r"\\[A-Za-z]+[ \t]*$")


def _unless_after_image(match: re.Match[str]) -> str:
    """A span IAL is removed, but an image's (`![a](x.png){: width="50%"}`): Lanting reads
    that one (its size, classes, style); and a TeX command's argument is none
    (`$$g_t\\text{: 梯度}$$`, a table of optimizers: kramdown reads no IAL in its math,
    and the import had left `\\text` without its text)."""
    before = match.string[max(0, match.start() - 500):match.start()]
    if _IMAGE_BEFORE.search(before) or _TEX_COMMAND_BEFORE.search(before):
        return match.group()
    after = match.string[match.end():match.end() + 1]
    # (`**PA01**{: .label}**PA02**{: .label}`, two labels, or `**Holiday (no class)**{:
    # .label}Memorial Day`: joined, the stars made one run `****` that closed nothing, or
    # could not close before a letter; each showed its stars. A space keeps them apart)
    return " " if before[-1:] in ("*", "_") and (
        after == before[-1:] or after.isalnum()) else ""


def _notice_callouts(text: str, notices: str) -> tuple[str, int]:
    """Each paragraph with a notice's class on the line under it (`{: .notice--info}`)
    as a callout: the lines of text right above the class, read up from it. (A pattern
    matched from each line down to a class went through a paragraph's lines once for
    each of them: a notebook's post of 3 MB, long paragraphs of output, took minutes.)
    Returns (text, how many)."""
    classes = re.compile(r"^[ \t]*(\{:[ \t]*(?:" + notices + r")\})[ \t]*$", re.MULTILINE)
    out: list[str] = []
    last = count = 0
    for match in classes.finditer(text):
        lines = text[last:match.start()].split("\n")[:-1]  # (the whole lines above)
        run = 0
        for line in reversed(lines):
            if not line.strip() or re.match(r"[ \t]*\{:", line):
                break
            run += 1
        if not run:
            continue
        start = match.start() - sum(len(line) + 1 for line in lines[len(lines) - run:])
        out += [text[last:start], callout(callout_kind(match.group(1)) or "NOTE",
                                          text[start:match.start()].strip("\n"))]
        last = match.end()
        count += 1
    return "".join(out) + text[last:], count


def kramdown_blocks(text: str, warn: Callable[[str, str], None],
                    paragraph_alerts: bool = False) -> tuple[str, int]:
    """TOC markers, `{::comment}`, `{::nomarkdown}`, `{::options}`, blockquote classes
    (→ callouts), language classes of indented code (→ fences), other attribute lists
    (removed). `warn(construct, message)` reports what is lost. `paragraph_alerts`: the
    TeXt theme's `{:.info}`, `{:.success}`, `{:.warning}`, `{:.error}` under a paragraph
    (an alert box) are callouts too."""
    count = 0

    def counted(pattern: str, repl: str | Callable[[re.Match[str]], str], flags: int = 0) -> None:
        nonlocal text, count
        text, n = re.subn(pattern, repl, text, flags=flags)
        count += n

    # (just-the-docs' pages label the marker with a heading left out of it, `## Table of
    # contents` over `{: .no_toc .text-delta }`: the box's title, which goes with it)
    counted(_TOC_LABEL, "", re.MULTILINE)
    # (the item's words are kramdown's to replace, whatever they say: `* Will be replaced
    # with the ToC`, as a knitr blog wrote it, not only `* TOC`)
    counted(r"^[ \t]*(?:\*|1\.|-)[ \t]+[^\n]*\n[ \t]*\{:[ \t]*toc[ \t]*\}[ \t]*$", "",
            re.MULTILINE)
    counted(r"\{::comment\}(.*?)\{:/(?:comment)?\}",
            lambda m: "<!--" + m.group(1).replace("--", "- -") + "-->", re.DOTALL)
    counted(r"\{::options[^}]*/\}", "")
    counted(r"\{::nomarkdown\}[ \t]*\n?(.*?)\n?[ \t]*\{:/(?:nomarkdown)?\}",
            lambda m: m.group(1), re.DOTALL)

    def quote(match: re.Match[str]) -> str:
        kind = callout_kind(match.group(2))
        if kind is None:
            return match.group(1)
        body = "\n".join(re.sub(r"^[ \t]*>[ \t]?", "", line)
                         for line in match.group(1).strip("\n").split("\n"))
        return callout(kind, body)

    def quote_under(match: re.Match[str]) -> str:
        kind = callout_kind(match.group(2))
        if kind is None:
            return match.group()
        body = "\n".join(re.sub(r"^[ \t]*>[ \t]?", "", line)
                         for line in match.group(3).strip("\n").split("\n"))
        return match.group(1) + callout(kind, body)

    # (kramdown reads a block's list on the line right above it too: `{: .prompt-tip }`
    # over a `> …` quote was Chirpy's prompt box)
    counted(r"(\A|\n[ \t]*\n)[ \t]*(\{:[^{}\n]*\})[ \t]*\n((?:[ \t]*>.*(?:\n|\Z))+)",
            quote_under)
    counted(r"((?:^[ \t]*>.*\n)+)[ \t]*(\{:[^{}\n]*\})[ \t]*$", quote, re.MULTILINE)
    # minimal-mistakes' notices (and TeXt's alerts) are paragraphs with a class, not
    # blockquotes
    notices = r"\.notice[^{}\n]*" + (r"|\.(?:info|success|warning|error)[ \t]*"
                                      if paragraph_alerts else "")
    text, boxes = _notice_callouts(text, notices)
    count += boxes

    def indented(match: re.Match[str]) -> str:
        code = "\n".join(line[4:] for line in match.group(1).rstrip("\n").split("\n"))
        return fence(match.group(2), code) + "\n"

    # (a blank line is one not indented as code: a line of 4 spaces read as either made
    # the match exponential in such lines, and an org-mode export's post hung the import)
    counted(r"((?:^(?: {4}|\t).*\n)(?:^(?: {4}|\t).*\n|^(?! {4}|\t)[ \t]*\n)*)[ \t]*"
            r"\{:[ \t]*\.language-([\w+-]+)[^}]*\}[ \t]*$", indented, re.MULTILINE)
    for found in _IAL_LINE.finditer(text):
        if "no_toc" in found.group() and not _UNDER_TITLE.search(text, 0, found.start()):
            warn(found.group().strip(), "`{:.no_toc}` removed: every heading of the level "
                 "is in Lanting's table of contents")
    text, n = _IAL_LINE.subn("", text)
    count += n
    text, n = _IAL_SPAN.subn(_unless_after_image, text)
    text, m = markdown_in_html(text)
    return text, count + n + m


_ABBREVIATION = re.compile(r"^\*\[[^\]]+\]:.*$\n?", re.MULTILINE)


def kramdown_abbreviations(text: str) -> tuple[str, list[str]]:
    found = _ABBREVIATION.findall(text)
    return _ABBREVIATION.sub("", text), [f.strip() for f in found]


def definition_lists(text: str, language: str = "zh-CN") -> tuple[str, int]:
    """`term` / `: definition` → `- **term**：definition` (`- **term**: definition` on a
    site not in Chinese or Japanese)."""
    colon = "：" if language.lower().startswith(("zh", "ja")) else ": "
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        term = match.group(1).strip()
        definition = " ".join(line.strip().lstrip(":").strip()
                              for line in match.group(2).strip("\n").split("\n") if line.strip())
        return f"- **{term}**{colon}{definition}\n"

    text = re.sub(rf"^([^\s:>#|\-*\d][^\n]*)\n({_DEFINITIONS}+(?:(?:^[ \t]*\n)+{_DEFINITIONS}+)*)",
                  one, text, flags=re.MULTILINE)
    return text, count


_DEFINITIONS = r"(?:^:[ \t].*\n?(?:^[ \t]+\S.*\n?)*)"
"""A term's definitions: lines `: …`, lines indented under them; blank lines between two
(`Apr 4` / `: **Holiday**` / blank / `: _Read chapter 2._`: one term, as kramdown read it)
are `definition_lists`'."""
