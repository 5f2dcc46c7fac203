"""Conversions of post bodies shared by the generators: code kept aside while the prose is
converted, Lanting's forms of callouts, collapsibles, figures and fenced code, the math
conventions of Hexo's marked, Goldmark's attribute lists, links and images mapped to the
new site. kramdown's own syntax is in `kramdown.py`."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable

from lanting.markdown.emoji import emojize
from lanting.markdown.mathsyntax import ENVIRONMENTS

MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"
"""Private-use characters around the markers of text put aside (never in real posts)."""
_MARKER = re.compile(f"{MARK_OPEN}([A-Z])(\\d+){MARK_CLOSE}")


class Shelf:
    """Pieces of a body put aside behind markers while the rest is converted: code (`C`),
    Liquid `raw` blocks (`R`), math (`M`), links to other posts (`L`, by item), images
    (`I`, by image). `C`, `R` and `M` come back with `restore`; `L` and `I` when the whole
    site is known."""

    def __init__(self) -> None:
        self.items: dict[str, list[str]] = {"C": [], "R": [], "M": []}

    def put(self, text: str, kind: str = "C") -> str:
        items = self.items[kind]
        items.append(text)
        return f"{MARK_OPEN}{kind}{len(items) - 1}{MARK_CLOSE}"

    def restore(self, text: str, kinds: str = "CRM") -> str:
        for _ in range(8):  # put-aside text may hold markers of its own
            new = _MARKER.sub(lambda m: self.items[m.group(1)][int(m.group(2))]
                              if m.group(1) in kinds else m.group(), text)
            if new == text:
                break
            text = new
        return text


def marker(kind: str, number: int) -> str:
    return f"{MARK_OPEN}{kind}{number}{MARK_CLOSE}"


def markers(text: str, kind: str) -> list[int]:
    return [int(m.group(2)) for m in _MARKER.finditer(text) if m.group(1) == kind]


# --- code ---------------------------------------------------------------------------------


_FENCE = re.compile(r"^([ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*)(`{3,}|~{3,})(.*)$")
"""A fence, after indentation and the markers of list items it opens (`- ```c`,
`1. - ```py`): CommonMark starts a fence on an item's first line too."""

FenceHandler = Callable[[str, str, str], str]
"""(info string, code, indentation) -> the fenced block to write."""


def fence(lang: str, code: str, options: dict[str, str] | None = None, indent: str = "") -> str:
    """A fenced block with Lanting's info-string options (`linenos=true hl_lines="3-4"
    title="x.py" start=10`), longer than any backtick run inside."""
    ticks = "`" * max(3, max((len(r) for r in re.findall(r"`+", code)), default=0) + 1)
    # (options need a language before them: the first word of an info string is one)
    info = lang or ("text" if any(v != "" for v in (options or {}).values()) else "")
    for key, value in (options or {}).items():
        if value != "":
            shown = value if re.fullmatch(r"[\w.\-]+", value) else '"' + value.replace(
                '"', "'") + '"'
            info += f" {key}={shown}"
    body = "\n".join(indent + line if line else "" for line in code.strip("\n").split("\n"))
    return f"{indent}{ticks}{info.rstrip()}\n{body}\n{indent}{ticks}"


def protect_code(text: str, shelf: Shelf, on_fence: FenceHandler | None = None) -> str:
    """`text` with every fenced block and code span behind a marker (fences rewritten by
    `on_fence` first). An unclosed fence runs to the end, as in CommonMark."""
    return protect_spans(_protect_fences(text, shelf, on_fence), shelf)


_QUOTE = re.compile(r"^[ \t]{0,3}>[ \t]?")


def _quoted_fences(text: str, shelf: Shelf, on_fence: FenceHandler | None) -> str:
    """The fences inside block quotes (`> ```py`) put aside as the others are: each run
    of quoted lines is read without its `>`, and the code put aside keeps a `> ` on every
    line, so the quote still holds it once the code is back. (Else the quote's code was
    converted as prose: Liquid, shortcodes and math rewritten inside it.)"""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _QUOTE.match(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        end = i
        while end < len(lines) and _QUOTE.match(lines[end]):
            end += 1
        run = [_QUOTE.sub("", line, count=1) for line in lines[i:end]]
        if any(_FENCE.match(line) for line in run):
            before = len(shelf.items["C"])
            inner = _protect_fences("\n".join(run), shelf, on_fence)
            for k in range(before, len(shelf.items["C"])):
                shelf.items["C"][k] = shelf.items["C"][k].replace("\n", "\n> ")
            out += ["> " + line if line else ">" for line in inner.split("\n")]
        else:
            out += lines[i:end]
        i = end
    return "\n".join(out)


def _protect_fences(text: str, shelf: Shelf, on_fence: FenceHandler | None) -> str:
    if ">" in text and ("```" in text or "~~~" in text):
        text = _quoted_fences(text, shelf, on_fence)
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match or (match.group(2)[0] == "`" and "`" in match.group(3)):
            out.append(lines[i])
            i += 1
            continue
        lead, ticks, info = match.groups()
        indent = lead if not lead.strip() else " " * len(lead.expandtabs(4))
        end, closed = _fence_end(lines, i, ticks, len(indent) if lead.strip() else 0,
                                 len(lead.expandtabs(4)))
        code = "\n".join(line[len(indent):] if line.startswith(indent) else line.lstrip()
                         for line in lines[i + 1:end])
        block = (on_fence(info.strip(), code, indent) if on_fence
                 else "\n".join([lines[i][len(lead):]] + lines[i + 1:end + closed]))
        # The item's markers stay in the prose (its list is still a list); the fence's
        # first line goes aside without them.
        out.append(lead + shelf.put(block.removeprefix(indent) if on_fence else block))
        i = end + closed
    return "\n".join(out)


def _fence_end(lines: list[str], start: int, ticks: str, item: int, column: int
               ) -> tuple[int, int]:
    """(line of the closing fence, 1) of the fence opened on line `start` at `column`;
    without one, (where it ends, 0): the end of the text, or for a fence opened in a list
    item (whose text starts at column `item`) the first line less indented than that,
    where the item ends (blank lines before it are not code). A closing fence is indented
    at most 3 columns more than its container (CommonMark): a fence line indented deeper
    is code, e.g. a nested example's own fences."""
    close = re.compile(rf"^([ \t]*){re.escape(ticks[0])}{{{len(ticks)},}}\s*$")
    for j in range(start + 1, len(lines)):
        if (closing := close.match(lines[j])) and len(closing.group(1).expandtabs(4)) <= column + 3:
            return j, 1
        line = lines[j].expandtabs(4)
        if item and line.strip() and len(line) - len(line.lstrip()) < item:
            while j - 1 > start and not lines[j - 1].strip():
                j -= 1
            return j, 0
    return len(lines), 0


_SPAN = re.compile(r"(?<!`)(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.DOTALL)


def protect_spans(text: str, shelf: Shelf) -> str:
    return _SPAN.sub(lambda m: shelf.put(m.group()), text)


# --- Lanting's block forms ------------------------------------------------------------------


def block(text: str) -> str:
    """A block construct with blank lines around it (extra ones are removed at the end)."""
    return f"\n\n{text.strip(chr(10))}\n\n"


CALLOUTS = {"note": "NOTE", "info": "NOTE", "primary": "NOTE", "default": "NOTE",
            "blue": "NOTE", "tip": "TIP", "success": "TIP", "green": "TIP", "hint": "TIP",
            "important": "IMPORTANT", "purple": "IMPORTANT", "warning": "WARNING",
            "warn": "WARNING", "orange": "WARNING", "yellow": "WARNING", "danger": "CAUTION",
            "error": "CAUTION", "caution": "CAUTION", "red": "CAUTION"}


def callout_kind(attributes: str) -> str | None:
    """The callout an attribute list's classes ask for: al-folio's `.block-tip`, Chirpy's
    `.prompt-tip`, minimal-mistakes' `.notice--info` (a bare `.notice` is a note)."""
    for name in re.findall(r"\.([\w-]+)", attributes):
        bare = name.removeprefix("block-").removeprefix("prompt-").removeprefix("notice--")
        if bare in CALLOUTS:
            return CALLOUTS[bare]
        if bare == "notice":
            return "NOTE"
    return None


def relined(text: str, change: Callable[[str], str], shelf: Shelf | None = None) -> str:
    """`text` with each line through `change` (a quote's `> `, an item's indentation),
    the lines of code put aside in it (`C`, a fence: one marker, many lines) too: else
    the code came back unquoted, outside its quote, and the quote ended before it."""

    def aside(match: re.Match[str]) -> str:
        assert shelf is not None
        head, newline, rest = shelf.restore(match.group()).partition("\n")
        if not newline:
            return match.group()
        return shelf.put(head + "\n" + "\n".join(change(line) for line in rest.split("\n")))

    if shelf is not None:
        text = _MARKER.sub(lambda m: aside(m) if m.group(1) == "C" else m.group(), text)
    return "\n".join(change(line) for line in text.split("\n"))


def quoted(line: str) -> str:
    return f"> {line}" if line.strip() else ">"


def callout(kind: str, body: str, title: str = "", shelf: Shelf | None = None) -> str:
    """A callout (`title` ending in `-` is Obsidian's folded one: `> [!NOTE]- Title`)."""
    head = f"> [!{kind}]" + (title if title.startswith("-") else f" {title}" if title else "")
    return block(head + "\n" + relined(body.strip("\n"), quoted, shelf))


def indented_code(text: str, shelf: Shelf) -> tuple[str, int]:
    """Indented code blocks (four spaces or more, after a blank line or at the start,
    not in a list item) as fences put aside: inside a callout the first would have
    continued its title line, the lines joined as prose. Returns (text, how many)."""

    def deep(line: str) -> bool:
        expanded = line.expandtabs(4)
        return bool(line.strip()) and len(expanded) - len(expanded.lstrip()) >= 4

    lines = text.split("\n")
    out: list[str] = []
    count = i = 0
    while i < len(lines):
        before = next((line for line in reversed(out) if line.strip()), "")
        if not deep(lines[i]) or (out and out[-1].strip()) or before[:1] in (" ", "\t") \
                or re.match(r"[ \t]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)", before):
            out.append(lines[i])
            i += 1
            continue
        end = i
        while end < len(lines) and (deep(lines[end]) or not lines[end].strip()):
            end += 1
        while not lines[end - 1].strip():
            end -= 1
        out.append(shelf.put(fence("", "\n".join(line.expandtabs(4)[4:]
                                                 for line in lines[i:end]))))
        count += 1
        i = end
    return "\n".join(out), count


def details(summary: str, body: str) -> str:
    summary = re.sub(r"<[^>]+>", "", summary).strip() or "…"
    return block(f"<details>\n<summary>{summary}</summary>\n\n{body.strip()}\n\n</details>")


def figure(src: str, caption: str, alt: str = "") -> str:
    """Lanting's numbered figure: an image alone in its paragraph, with a title."""
    caption = " ".join(caption.split())
    title = caption.replace('"', "”")
    alt = " ".join((alt or caption).split()).replace("]", "\\]").replace("[", "\\[")
    if not caption:
        return block(f"![{alt}]({src})")
    return block(f'![{alt}]({src} "{title}")')


def tabs(parts: list[tuple[str, str]]) -> str:
    """Tabs flattened: a bold label, then the tab's content, in order."""
    return "".join(block(f"**{name.strip()}**") + block(body) for name, body in parts)


def unconverted(construct: str) -> str:
    """What has no Lanting form, kept where it was inside an HTML comment."""
    return "<!-- import: unconverted " + construct.replace("--", "- -") + " -->"


_LINK_TO_UNCONVERTED = re.compile(r"(!?)\[([^\]\n]*)\]\((<!-- import: unconverted .*? -->)\)")


def tidy(text: str) -> str:
    """Blank lines between blocks at most one; the body ends with one line end. A link
    whose URL could not be converted (`[x]({% post_url gone %})`) is its text followed by
    the comment: a comment for a URL made a broken link nobody could read."""
    text = _LINK_TO_UNCONVERTED.sub(lambda m: m.group(2) + m.group(3) if not m.group(1)
                                    else m.group(3), text)
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip("\n") + "\n"


# --- arguments of tags and shortcodes ---------------------------------------------------------


def arguments(text: str) -> tuple[list[str], dict[str, str]]:
    """`a "b c" key="v w" k2=v` -> (["a", "b c"], {"key": "v w", "k2": "v"})."""
    try:
        words = shlex.split(text, posix=True)
    except ValueError:
        words = text.split()
    positional: list[str] = []
    named: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if eq and re.fullmatch(r"[A-Za-z_][\w-]*", key):
            named[key] = value
        else:
            positional.append(word)
    return positional, named


# --- math ---------------------------------------------------------------------------------------


def unescape_markdown(tex: str) -> str:
    """TeX as MathJax got it after a Markdown renderer read its escapes (`\\_` → `_`)."""
    return re.sub(r"\\([\\_*|])", r"\1", tex)


_INLINE_LINK = re.compile(r"!?\[([^\]]*)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_STRONG_OR_EMPHASIS = re.compile(r"(?<![\w*])(\*\*|\*)(?=\S)(.+?)(?<=\S)\1(?![\w*])")
"""(Not inside a word: `2*3*4` is more likely a product than emphasis in a summary.)"""
_CODE_SPAN = re.compile(r"`([^`]+)`")


def plain_inline(text: str) -> str:
    """A front-matter summary or abstract that Hugo rendered as Markdown, as the text it
    showed: links as their text, emphasis and code marks dropped (Lanting shows a summary
    as text: `[ITIV Lab](https://…)` showed as written)."""
    text = _INLINE_LINK.sub(lambda m: m.group(1), text)
    text = _STRONG_OR_EMPHASIS.sub(lambda m: m.group(2), text)
    return " ".join(_CODE_SPAN.sub(lambda m: m.group(1), text).split())


_CAPTIONED_IMAGE = re.compile(r"^([ \t]*!\[[^\]\n]*\]\([^)\s]+)\)(\{[^{}\n]*\})?[ \t]*\n"
                              r"[ \t]*_([^_\n]+)_[ \t]*$", re.MULTILINE)
"""(An image's attribute list, `{: w="200" }`, stays after it: Lanting reads it.)"""


def italic_captions(text: str) -> tuple[str, int]:
    """Chirpy's caption, an italic line right under an image, as the image's title (a
    numbered figure with that caption in Lanting). Returns (text, how many)."""
    return _CAPTIONED_IMAGE.subn(lambda m: f'{m.group(1)} "{m.group(3).strip()}"){m.group(2) or ""}'
                                 if '"' not in m.group(3) else m.group(0), text)


_ESCAPE = re.compile(r"\\[\\()]")
"""A Markdown escape of a backslash or a parenthesis (read left to right, `\\\\(` is an
escaped backslash and a parenthesis)."""


_HTML_MATH_SPOTS = re.compile(r"(<(figcaption|td|th|li|span)\b[^>]*>)(.*?)(</\2\s*>)",
                              re.DOTALL | re.IGNORECASE)
_PAREN_MATH = re.compile(r"\\\((.+?)\\\)", re.DOTALL)


def math_in_html(text: str, shelf: Shelf, convert: Callable[[str], str],
                 dollars: bool = False) -> tuple[str, int, list[str]]:
    """`\\(…\\)` inside raw HTML (distill's `<figcaption>`s, table cells, list items),
    which kramdown left alone and MathJax rendered (not `<div markdown="1">`, whose
    `\\(` kramdown read as an escape): Lanting renders no math in raw HTML, so each
    becomes MathML now
    (`convert`: TeX → MathML, raising ValueError), put aside. Returns (text, how many,
    the formulas that did not convert, left as written). With `dollars`, `$…$` too (a
    Hugo theme's KaTeX read it there: `<td>自由度 $i$</td>`)."""
    count, failed = 0, []
    pattern = re.compile(f"{_PAREN_MATH.pattern}|{INLINE_MATH.pattern}", re.DOTALL) \
        if dollars else _PAREN_MATH

    def formula(match: re.Match[str]) -> str:
        nonlocal count
        tex = match.group(1) if match.group(1) is not None else match.group(2)
        try:
            mathml = convert(tex)
        except ValueError:
            failed.append(tex)
            return match.group()
        count += 1
        return shelf.put(mathml)

    def element(match: re.Match[str]) -> str:
        if "\\(" not in match.group(3) and not (dollars and "$" in match.group(3)):
            return match.group()
        return match.group(1) + pattern.sub(formula, match.group(3)) + match.group(4)

    if "\\(" not in text and not (dollars and "$" in text) or "<" not in text:
        return text, 0, []
    return _HTML_MATH_SPOTS.sub(element, text), count, failed


def escaped_parentheses(text: str) -> tuple[str, int]:
    """`\\(` and `\\)` were parentheses to kramdown and to Hexo's renderers (Markdown
    escapes, common in link titles copied from a browser: `[i3 \\(简体中文\\)](…)`); to
    Lanting a pair of them is a formula. In a paragraph that holds both they are written
    as plain parentheses (alone, Lanting reads them as escapes too). Code is shelved by
    then; so is math, or, where it is not, a parenthesis escaped in math was one to
    MathJax too. Returns (text, how many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() == "\\\\":
            return match.group()
        count += 1
        return match.group()[1]

    parts = _BLANK_LINE_KEPT.split(text)
    return "".join(_ESCAPE.sub(one, part) if "\\(" in part and "\\)" in part else part
                   for part in parts), count


_BLANK_LINE_KEPT = re.compile(r"(\n[ \t]*\n)")
INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\$)((?:\\.|[^$\n])+?)\$(?!\$)")


def table_math(text: str) -> tuple[str, int]:
    """In GFM table rows, `|` inside math would end the cell: `\\vert` instead."""
    count = 0

    def row(line: str) -> str:
        nonlocal count
        if not line.lstrip().startswith("|"):
            return line

        def math(m: re.Match[str]) -> str:
            nonlocal count
            inner = m.group(1)
            new = re.sub(r"\\?\|", r"\\vert ", inner)
            count += new != inner
            return f"${new}$"

        return INLINE_MATH.sub(math, line)

    return "\n".join(row(line) for line in text.split("\n")), count


_LONE_BACKSLASH_AT_END = re.compile(r"(?<!\\)((?:\\\\)*\\)(?=[ \t]*\n)")
"""An odd run of backslashes ending a line: `\\\\⏎` (a row break as written) unescaped,
`\\⏎`, which Lanting's math rejects."""


def unescape_marked_math(text: str) -> tuple[str, int]:
    """hexo-renderer-marked read Markdown escapes inside math before MathJax saw it, so
    posts were written with `\\_`, `\\*`, `\\\\\\\\` and `\\|`: undo them inside `$…$` and
    `$$…$$` only, which gives what the old pages showed. A `\\\\` ending a line stays a
    row break: MathJax got `\\⏎` and showed a space, but the author wrote a row break."""
    count = 0

    def undo(match: re.Match[str]) -> str:
        nonlocal count
        inner = _LONE_BACKSLASH_AT_END.sub(r"\1\\", unescape_markdown(match.group(2)))
        count += inner != match.group(2)
        return match.group(1) + inner + match.group(3)

    text = re.sub(r"(\$\$)(.+?)(\$\$)", undo, text, flags=re.DOTALL)
    text = re.sub(r"((?<![\\$])\$)((?:\\.|[^$\n])+?)(\$)", undo, text)
    return text, count


def text_underscores(text: str) -> tuple[str, int]:
    """`\\text{a_b & c}` in math: MathJax showed `_` and `&` as they are, Lanting's math
    (like LaTeX) wants `\\_` and `\\&` there."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        inner = re.sub(r"(?<!\\)([_&])", r"\\\1", match.group(2))
        count += inner != match.group(2)
        return match.group(1) + inner + "}"

    return re.sub(r"(\\(?:text|textrm|textit|textbf|texttt)\{)([^{}]*)\}", one,
                  text), count


def shelve_environments(text: str, shelf: Shelf) -> str:
    """Bare `\\begin{equation}` … `\\end{equation}` (and the other environments Lanting
    reads as display math) from the start of a line: MathJax showed them as display math
    and Lanting does too, `\\label` and `\\eqref` included, so they are kept as written,
    shelved so that no conversion of prose reaches inside. (Rewriting them into `$$`
    blocks broke one inside `$$` and one in a list item, and made a mention of
    `\\begin{equation}` in a sentence an empty formula.)"""
    return _ENVIRONMENT.sub(lambda m: shelf.put(m.group(), "M"), text)


_ENVIRONMENT = re.compile(
    r"^[ \t]*\\begin\{(" + "|".join(re.escape(e) for e in ENVIRONMENTS)
    + r")(\*?)\}.*?\\end\{\1\2\}", re.MULTILINE | re.DOTALL)


# --- Goldmark attribute lists --------------------------------------------------------


_GOLDMARK_HEADING = re.compile(r"^(#{1,6}[ \t].*?)[ \t]*\{([^{}\n]*)\}[ \t]*$", re.MULTILINE)
_GOLDMARK_LINE = re.compile(r"^[ \t]*\{[ \t]*[.#][^{}\n]*\}[ \t]*$|^[ \t]*\{[ \t]*[\w-]+=\"[^\"]*\""
                            r"(?:[ \t]+[\w-]+=\"[^\"]*\")*[ \t]*\}[ \t]*$", re.MULTILINE)


def goldmark_attributes(text: str) -> tuple[str, int]:
    """`## Title {#id .class}` → `<a id="id"></a>` before the heading (its old id keeps
    answering); attribute lines after blocks (`{.table-striped}`) removed."""
    count = 0

    def heading(match: re.Match[str]) -> str:
        nonlocal count
        attrs = match.group(2)
        if not re.fullmatch(r"\s*([#.][\w-]+\s*|[\w-]+=\"[^\"]*\"\s*)+", attrs):
            return match.group()
        count += 1
        ident = re.search(r"#([\w-]+)", attrs)
        anchor = f'<a id="{ident.group(1)}"></a>\n' if ident else ""
        return anchor + match.group(1)

    text = _GOLDMARK_HEADING.sub(heading, text)
    text, n = _GOLDMARK_LINE.subn("", text)
    return text, count + n


# --- small things -------------------------------------------------------------------------------


def tables_and_anchors(text: str, convert: Callable[[str, int], None]) -> str:
    """What every generator's bodies need last: `|` in table math, `<a name>` anchors
    (`convert(what, count)` reports each)."""
    text, count = table_math(text)
    convert("| in table math", count)
    text, count = html_anchors(text)
    convert("<a name> anchors", count)
    return text


def html_anchors(text: str) -> tuple[str, int]:
    """`<a name="x"></a>` (or `<a name="x"/>`) → `<a id="x"></a>`."""
    return re.subn(r"<a\s+name=([\"'])([^\"']+)\1\s*/?>(?:\s*</a>)?",
                   lambda m: f'<a id="{m.group(2)}"></a>', text)


def emoji(text: str) -> tuple[str, int]:
    """jemoji's shortcodes (`:tada:`) as the emoji, and how many: the names Lanting reads."""
    return emojize(text)


# (a URL may hold balanced parentheses, as in CommonMark: `TD(0).png`)
_LINK = re.compile(r"(!?)\[((?:[^\[\]\n]|\[[^\]\n]*\])*)\]\([ \t]*(<[^>\n]*>|"
                   r"(?:[^\s()]|\([^\s()]*\))+)"
                   r"((?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'))?)[ \t]*\)")
_RAW_URL = re.compile(r"(<(?:img|a|source|video|audio)\b[^>]*?\s(?:src|href)\s*=\s*)"
                      r"([\"'])([^\"'\n]*)\2", re.IGNORECASE)

UrlMap = Callable[[str, bool], str | None]
"""(URL as written, is an image) -> the URL to write, or None to keep it."""


def map_urls(text: str, resolve: UrlMap) -> str:
    """Every Markdown link and image and every raw-HTML `src`/`href`, through `resolve`."""

    def markdown(match: re.Match[str]) -> str:
        url = match.group(3).strip("<>")
        new = resolve(url, bool(match.group(1)))
        if new is None:
            return match.group()
        return f"{match.group(1)}[{match.group(2)}]({new}{match.group(4)})"

    def raw(match: re.Match[str]) -> str:
        new = resolve(match.group(3), "<img" in match.group(1).lower())
        return match.group() if new is None else \
            f"{match.group(1)}{match.group(2)}{new}{match.group(2)}"

    return _RAW_URL.sub(raw, _LINK.sub(markdown, text))


def first_line(text: str, needle: str) -> int | None:
    """The 1-based line of `needle` in `text` (for the report), or None."""
    at = text.find(needle)
    return None if at < 0 else text.count("\n", 0, at) + 1
