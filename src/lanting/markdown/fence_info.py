"""A fenced code block's info string read: its language and options, in the forms of
the generators whose posts Lanting reads (`python {hl_lines="2"}`, Pandoc's `{.python
.numberLines}`, Quarto's `{python}`, MkDocs', VitePress's `python{2,4-5}`), as a
`FenceInfo` that `markdown.code` renders."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace

from markdown_it.common.utils import unescapeAll

_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+))?\s*$")
FENCE_LINE = re.compile(r"^\s{0,3}(`{3,}(?=[^`]*$)|~{3,})(.*)$")
"""A line opening or closing a fenced code block, as CommonMark reads one: its run of
three backticks or tildes (group 1) and the rest, the info string (group 2). A
backtick fence's info string holds no backtick, so ``` `` `a` `` ``` on one line (a
deck's way to show Markdown inline) is code in a paragraph, not a block running to the
end of the page: the tools that cut a talk into slides read it so too."""


@dataclass(frozen=True, slots=True)
class FenceInfo:
    lang: str = ""
    highlight: frozenset[int] = frozenset()
    line_numbers: bool = False
    start: int = 1
    title: str = ""
    executable: bool = False
    """Quarto's `{python}`: a cell Quarto runs, shown here as code."""
    hidden: bool = False
    """knitr's `{r setup, include=FALSE}`: a cell that showed nothing (its code ran, in
    R Markdown and xaringan), which Lanting leaves out too."""
    inserted: frozenset[int] = frozenset()
    deleted: frozenset[int] = frozenset()
    """Lines marked as added and removed (Expressive Code's `ins={3-4} del={2}`), shown
    as a diff's are."""


def _marked_lines(value: str) -> frozenset[int]:
    """Expressive Code's line marks, `{3-4}` or `{1, 5}` (a word was split at its space,
    hence any braces left), as lines; a text mark (`"let x"`) marks none."""
    value = value.strip("{}\"'")
    return parse_line_ranges(value.replace(",", " ")) if re.fullmatch(r"[\d\s,-]+", value) \
        else frozenset()


def parse_line_ranges(text: str) -> frozenset[int]:
    """`"2-4, 7"` -> {2, 3, 4, 7}; malformed parts are ignored."""
    lines: set[int] = set()
    for part in re.split(r"[,\s]+", text.strip()):
        match = _RANGE.match(part)
        if match:
            first = int(match.group(1))
            last = int(match.group(2) or first)
            lines.update(range(first, min(last, first + 10_000) + 1))
    return frozenset(lines)


_VITEPRESS = re.compile(r"([^\s{:\[]+)(?:\{([\d,\s-]*)\})?(?::(line-numbers|no-line-numbers)"
                        r"(?:=(\d+))?)?(?:\s*\[([^\]\n]*)\])?(.*)", re.DOTALL)
"""VitePress's `python{2,4-5}`, `ts:line-numbers=5` and `sh [npm]` (the title)."""
_REVEAL_STEPS = re.compile(r"([^\s{\[]+)\s*\[\s*(?:(\d+)\s*:\s*)?([\d\s,|-]*)\](.*)",
                           re.DOTALL)
"""reveal.js's line numbers and steps, `js [1-2|3]` (`[712: 1-2]` numbered from 712,
`[]` numbered only), which VitePress's `sh [npm]` would take for a title."""
_BRACE_STEPS = re.compile(r"([^\s{\[]+)\s*\{([\d\s,-]*\|[\d\s,|-]*)\}(.*)", re.DOTALL)
"""reveal.js's steps written in braces, `go{1|2|3-5}` (reveal-hugo's form, which it hands
to reveal.js's `data-line-numbers`) or `go {1|2}`: its first step's lines highlighted."""
_HIDDEN = re.compile(r"(?:^|[\s,])include\s*=\s*(?:FALSE|F)\b")
_NO_ECHO = re.compile(r"(?:^|[\s,])echo\s*=\s*(?:FALSE|F)\b")
"""knitr's `echo=FALSE`: the cell's code not shown. A `{css}` cell so (a xaringan deck's
styles) showed nothing at all: its output is a stylesheet."""
_ATTACHED = re.compile(r"([\w+#.-]+)(\{\s*(?:[.#]|[\w-]+=).*\})")
"""A language with Pandoc's attributes written against it, `shell{filename="x"}` (as a
Quarto blog wrote them): the same as with a space between."""


_STYLER = re.compile(r"(hl|title|file|ln):(.+)", re.IGNORECASE)
"""An option as Obsidian's Code Styler writes it (`java hl:2,4-5 title:Main.java
ln:10`): highlighted lines, a title, line numbers (from a first number)."""


_TOP_LEVEL_COMMA = re.compile(r""",(?=(?:[^"'\[\]]|"[^"]*"|'[^']*'|\[[^\]]*\])*$)""")
"""A comma between options, not inside quotes or a `[…]` list: Hugo writes
`{linenos=table,hl_lines=[2,"4-5"],linenostart=10}`."""


def parse_fence_info(info: str) -> FenceInfo:
    """`python {hl_lines="2" title="x.py"}`, and the forms of Pandoc (`{.python
    .numberLines startFrom="5"}`), Quarto (`{python}`, `{.python filename="x.py"}`,
    `code-line-numbers`), MkDocs (`python title="x.py" linenums="1"`) and VitePress
    (`python{2,4-5}`, `ts:line-numbers`, `sh [npm]`), reveal.js (`js [1-2|3]`, and
    reveal-hugo's `go{1|2}`), Obsidian's Code Styler (`java hl:2 title:x`). Entities
    and backslash escapes
    are read first, as CommonMark has it (`plain&#x20;text` is `plain text`)."""
    info = unescapeAll(info).strip()
    if attached := _ATTACHED.fullmatch(info):  # (`shell{filename="x"}`: no space)
        info = f"{attached.group(1)} {attached.group(2)}"
    if steps := _REVEAL_STEPS.fullmatch(info):  # (its first step's lines highlighted: a
        lang, offset, ranges, rest = steps.groups()  # Lanting deck shows them at once)
        found = parse_fence_info(f"{lang} {rest.strip()}")
        return replace(found, highlight=found.highlight | parse_line_ranges(
            ranges.split("|")[0].replace(",", " ")), line_numbers=True,
            start=int(offset) if offset else found.start)
    if braces := _BRACE_STEPS.fullmatch(info):
        lang, ranges, rest = braces.groups()
        found = parse_fence_info(f"{lang} {rest.strip()}")
        return replace(found, highlight=found.highlight | parse_line_ranges(
            ranges.split("|")[0].replace(",", " ")), line_numbers=True)
    vite = _VITEPRESS.fullmatch(info)
    if vite and (vite.group(2) is not None or vite.group(3) or vite.group(5) is not None):
        lang, ranges, numbers, start, title, rest = vite.groups()
        found = parse_fence_info(f"{lang} {rest.strip()}")
        return replace(found, highlight=found.highlight | parse_line_ranges(
            (ranges or "").replace(",", " ")),
            line_numbers=found.line_numbers or numbers == "line-numbers",
            start=int(start) if start else found.start,
            title=found.title or (title or "").strip())
    lang, _, rest = info.partition(" ")
    if _STYLER.fullmatch(lang):  # (a block of no language, ```` ``` hl:3 ````)
        lang, rest = "", info
    executable = False
    if lang.startswith("{"):
        lang, rest = "", info
    rest = rest.strip()
    if rest.startswith("{") and rest.endswith("}"):
        rest = rest[1:-1]
        first, _, after = rest.strip().partition(" ")
        first = first.rstrip(",")
        if not lang and first.startswith(".") and "=" not in first:
            lang, rest = first[1:], after  # Pandoc: the first class is the language
        elif not lang and first and "=" not in first and first.isidentifier():
            # Quarto: a cell it runs; but `{mermaid}`, a diagram (Quarto draws it, and it
            # is MyST's and sphinxcontrib-mermaid's directive), is no cell to warn of
            lang, rest, executable = first, after, first.lower() != "mermaid"
    options: dict[str, str] = {}
    if "=" in rest and "," in rest:
        rest = _TOP_LEVEL_COMMA.sub(" ", rest)  # (Hugo's `{linenos=table,hl_lines=[2]}`)
    if "[" in rest:  # (Hugo's list of lines, `hl_lines=[1, "3-4"]`: one word)
        rest = re.sub(r"\[[^\]\n]*\]", lambda m: m.group().replace(" ", ""), rest)
    try:
        words = shlex.split(rest)
    except ValueError:
        words = rest.split()
    bare: list[str] = []
    for word in words:
        word = word.strip("{}")
        styler = _STYLER.fullmatch(word)
        if styler:
            key, value = styler.groups()
            numbered = key == "ln" and value.lower() != "false"
            options.update({"hl_lines": value} if key == "hl" else {"title": value}
                           if key in ("title", "file") else {"linenos": "true"}
                           if numbered else {})
            if numbered and value.isdigit():
                options["start"] = value
            continue
        key, eq, value = word.partition("=")
        if eq:
            options[key.strip().lower()] = value.strip()
        else:
            bare.append(word)
    # (bare ranges: `{1,4-6}`, Docusaurus's, after the language)
    ranges = options.get("hl_lines", " ".join(part for w in bare for part in w.split(",")
                                              if _RANGE.match(part))).strip("[]")
    start = options.get("start", options.get("linenostart", options.get(
        "startfrom", options.get("startlinenumber", options.get("linenums", "1")))))
    numbered = options.get("linenos", options.get("code-line-numbers", "")).lower()
    return FenceInfo(
        lang=lang.lower().strip("{}"),
        highlight=parse_line_ranges(ranges.replace(",", " "))
        | _marked_lines(options.get("mark", "")),
        inserted=_marked_lines(options.get("ins", "")),
        deleted=_marked_lines(options.get("del", "")),
        line_numbers=numbered in ("true", "1", "yes", "table", "inline")
        or "linenos" in bare or ".numberLines" in bare or "showLineNumbers" in bare
        or "linenums" in options,
        start=int(start) if start.isdigit() else 1,
        title=options.get("title", options.get("file", options.get("filename", ""))),
        executable=executable,
        hidden=executable and (_HIDDEN.search(rest) is not None or lang.lower() == "css"
                               and _NO_ECHO.search(rest) is not None),
    )
