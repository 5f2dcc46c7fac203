"""The math of post bodies as the old site's renderer and MathJax read it, rewritten for
Lanting's: Markdown escapes inside math (Hexo's marked), escaped parentheses that were
parentheses, `\\(…\\)` inside raw HTML, `_` and `&` in `\\text{}`, `|` in table math,
HTML entities the browser decoded, and bare `\\begin{equation}` environments kept
whole."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from lanting.importer.body_displays import display_alone
from lanting.importer.shelf import Shelf
from lanting.markdown.math_display import ENVIRONMENTS


def unescape_markdown(tex: str, more: str = "") -> str:
    """TeX as MathJax got it after a Markdown renderer read its escapes (`\\_` → `_`;
    `\\'`, kramdown's and CommonMark's escaped quote, `f'\\'` → `f''`: to TeX an accent
    of text, an error in a formula; `\\[u u^T\\]`, brackets escaped so the renderer
    would not read a link, `[u u^T]`: to TeX the start and end of display math, an
    error inside a formula; `\\(`, a parenthesis, which to TeX is no command) and its
    character references (`\\text{&#10112;}`, which the page showed as ➀); and the
    escapes of the characters in `more`."""
    # (`\\\}` is an escaped backslash, then an escaped brace: read left to right, as the
    # renderer did, it is `\}`, which MathJax got; undoing the first alone left `\\}`, a
    # row break and an unmatched brace)
    tex = re.sub(rf"\\\\\\([{{}}])|\\([\\_*|'\"\[\](){re.escape(more)}])",
                 lambda m: "\\" + m.group(1) if m.group(1) else m.group(2), tex)
    return _ENTITY.sub(lambda m: html.unescape(m.group()), tex) if "&" in tex else tex


TEXT_ACCENTS = "^~=.`"
"""Characters CommonMark (Goldmark) unescapes and whose escape is, to TeX, an accent of
text (`\\^`, `\\~`, `\\=`, `\\.`, `` \\` ``), an error in a formula: `\\mu\\^*`
reached MathJax as `\\mu^*`."""


_HTML_MATH_SPOTS = re.compile(r"(<(figcaption|caption|td|th|li|dt|dd|p|summary|h[1-6]|span)"
                              r"\b[^>]*>)((?:(?!\n[ \t]*\n|<\2[\s>]).)*?)(</\2\s*>)",
                              re.DOTALL | re.IGNORECASE)
"""An element of raw HTML whose text may hold formulas: up to its closing tag, never
past a blank line (which ends an HTML block) or another opening of its kind (`<li>`s
left unclosed, as HTML allows, ran on to a `</li>` far below, over prose)."""
_PAREN_MATH = re.compile(r"\\\((.+?)\\\)", re.DOTALL)


def math_in_html(text: str, shelf: Shelf, convert: Callable[[str], str],
                 dollars: bool = False) -> tuple[str, int, list[str]]:
    """`\\(…\\)` inside raw HTML (distill's `<figcaption>`s, table cells, list items,
    `<summary>`s), which kramdown left alone and MathJax rendered (not `<div
    markdown="1">`, whose `\\(` kramdown read as an escape): kept as written, put aside
    from the rewriting of escapes, for Lanting renders a formula in raw HTML's text as
    MathJax did. `convert` (TeX → MathML, raising ValueError) tells the formulas that do
    not convert. Returns (text, how many, those that do not convert). With `dollars`,
    `$…$` too (a Hugo theme's KaTeX read it there: `<td>自由度 $i$</td>`)."""
    count, failed = 0, []
    pattern = re.compile(f"{_PAREN_MATH.pattern}|{INLINE_MATH.pattern}", re.DOTALL) \
        if dollars else _PAREN_MATH

    def formula(match: re.Match[str]) -> str:
        nonlocal count
        tex = match.group(1) if match.group(1) is not None else match.group(2)
        try:
            convert(html.unescape(tex))  # (HTML text: `r&gt;0` was `r>0` to MathJax)
            count += 1
        except ValueError:
            failed.append(tex)
        return shelf.put(match.group())

    def element(match: re.Match[str]) -> str:
        if "\\(" not in match.group(3) and not (dollars and "$" in match.group(3)):
            return match.group()
        return match.group(1) + pattern.sub(formula, match.group(3)) + match.group(4)

    if "\\(" not in text and not (dollars and "$" in text) or "<" not in text:
        return text, 0, []
    return _HTML_MATH_SPOTS.sub(element, text), count, failed


INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\$)((?:\\.|[^$\n\\])+?)\$(?!\$)")
"""An inline formula: a backslash takes the character after it (`\\$` closes nothing, as
MathJax reads it). Not a backslash alone too: each one read either way doubled the ways
to try a line with no closing `$`, and a post printing Python's bytes (`b"$PNTI,\\xff…`,
130 backslashes) hung the import."""


_LONE_BACKSLASH_AT_END = re.compile(r"(?<!\\)((?:\\\\)*\\)(?=[ \t]*\n)")
"""An odd run of backslashes ending a line: `\\\\⏎` (a row break as written) unescaped,
`\\⏎`, which Lanting's math rejects."""


def unescape_marked_math(text: str, more: str = "") -> tuple[str, int]:
    """hexo-renderer-marked read Markdown escapes inside math before MathJax saw it, so
    posts were written with `\\_`, `\\*`, `\\\\\\\\` and `\\|`: undo them inside `$…$` and
    `$$…$$` only, which gives what the old pages showed. A `\\\\` ending a line stays a
    row break: MathJax got `\\⏎` and showed a space, but the author wrote a row break.
    A `\\$` closes the `$…$` it is in (`ESCAPED_DOLLAR_CLOSES`)."""
    count = 0

    def undo(match: re.Match[str]) -> str:
        nonlocal count
        inner = _LONE_BACKSLASH_AT_END.sub(r"\1\\", unescape_markdown(match.group(2), more))
        closing = "$" if match.group(3) == "\\$" else match.group(3)
        count += inner != match.group(2) or closing != match.group(3)
        return match.group(1) + inner + closing

    text = re.sub(r"(\$\$)(.+?)(\$\$)", undo, text, flags=re.DOTALL)
    text = ESCAPED_DOLLAR_CLOSES.sub(undo, text)
    return text, count


ESCAPED_DOLLAR_CLOSES = re.compile(r"((?<![\\$])\$)((?:\\[^$\n]|[^$\n\\])+?)(\\?\$)")
"""`$…$` on a line as MathJax paired it where the site's Markdown read escapes first
(kramdown, Goldmark without `passthrough`, marked): its `\\$` was a `$` to MathJax, which
closed the formula (`$Q(B, \\mathrm{r}) = -1\\$, because…`: the old page showed the
formula; Lanting showed it as TeX, or took the prose up to the next `$` for TeX). A `\\$`
opens none: a dollar sign (`\\$5`) stays one."""


_ESCAPED_DISPLAY = re.compile(r"(?<!\\)\\\\\[(.+?)\\\\\\?\]", re.DOTALL)
_ESCAPED_ENVIRONMENT = re.compile(
    r"^([ \t]*)(\\\\begin\{(" + "|".join(re.escape(e) for e in ENVIRONMENTS)
    + r")(\*?)\}.*?\\\\end\{\3\4\})", re.MULTILINE | re.DOTALL)
"""`\\\\begin{equation}` … `\\\\end{equation}` from the start of a line (the escaped
delimiters' way with an environment, its `\\\\geq` escaped too): MathJax got
`\\begin{equation}`, which it reads as display math."""
_ESCAPED_INLINE = re.compile(r"(?<!\\)\\\\\(((?:(?!\n[ \t]*\n).)+?)\\\\\\?\)", re.DOTALL)
"""`\\\\(x\\\\)`; its closing written `\\\\\\)` too, an escaped backslash then an escaped
parenthesis: `\\)` to MathJax as well."""


def escaped_delimiters(text: str, shelf: Shelf | None = None, kind: str = "M",
                       more: str = "") -> tuple[str, int]:
    """`\\\\(x\\\\)` and `\\\\[x\\\\]`, the way to write math in Markdown that kramdown,
    Goldmark (without `passthrough`), marked and markdown-it do not know as math: they
    read `\\\\` as a backslash, so MathJax and KaTeX's auto-render got `\\(x\\)` and
    `\\[x\\]`, their default delimiters (and MathJax `\\begin{equation}` from
    `\\\\begin{equation}` starting a line). Written as `$x$` and `$$x$$`. With `shelf`, each
    formula also gets the Markdown escapes its renderer read undone (`\\_`, `\\\\\\\\`: it
    did not know the text was math) and is put on the shelf as `kind`; without, the
    caller undoes them in all its math (`more`: as for `unescape_marked_math`). Returns
    (text, how many)."""

    def formula(dollars: str, tex: str) -> str:
        if shelf is None:
            return dollars + tex + dollars
        # (the formula's own text: one over two lines has no `$…$` on one line to find)
        tex = _LONE_BACKSLASH_AT_END.sub(r"\1\\", unescape_markdown(tex, more))
        return shelf.put(dollars + tex + dollars, kind)

    parts, pos, count = [], 0, 0
    for match in _ESCAPED_DISPLAY.finditer(text):
        shown, end, _ = display_alone(match, formula)
        parts += [text[pos:match.start()], shown]
        pos, count = end, count + 1
    text = "".join(parts) + text[pos:]
    text, inline = _ESCAPED_INLINE.subn(lambda m: formula("$", m.group(1).strip()), text)
    text, environments = _ESCAPED_ENVIRONMENT.subn(
        lambda m: m.group(1) + formula("$$", "\n" + m.group(2) + "\n"), text)
    return text, count + inline + environments


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


_KRAMDOWN_DISPLAY = re.compile(r"(?<!\\)\$\$.+?\$\$", re.DOTALL)


def environments_as_text(text: str, more: str = "(){}") -> tuple[str, int]:
    r"""Bare environments (`\begin{align}` … at the start of a line) that are no part of
    a `$$…$$` block, with their Markdown escapes undone (`unescape_markdown`, and those of
    `more`): kramdown read such a paragraph as text, so MathJax got `\\{` as `\{`, `\|`
    as `|` and `\{n \choose k\}` as `{n \choose k}`, a group. Kept as written,
    `\left\\{` failed the build ("a parenthesis after `\left`") on an ML blog whose
    every derivation is one; a `\\` ending a line stays a row break, as the writer
    meant. Inside `$$` kramdown leaves the TeX as it is. Returns (text, how many
    changed)."""
    displays = [m.span() for m in _KRAMDOWN_DISPLAY.finditer(text)] if "$$" in text else []
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if any(start <= match.start() < end for start, end in displays):
            return match.group()
        read = _LONE_BACKSLASH_AT_END.sub(r"\1\\", unescape_markdown(match.group(), more))
        count += read != match.group()
        return read

    return _ENVIRONMENT.sub(one, text), count


def unescaped_environments(text: str, shelf: Shelf, kind: str,
                           more: str = "") -> tuple[str, int]:
    """Bare `\\begin{align}` … `\\end{align}` from the start of a line, on a site whose
    Markdown read escapes in it before MathJax did (Goldmark without `passthrough`; an
    ox-hugo export writes `R\\_{v}` and `\\\\|` there): the escapes undone, as MathJax got
    it, a `\\\\` ending a line kept a row break; each shelved as `kind`, so that the
    `$$…$$` around one is not undone twice. Returns (text, how many changed)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        tex = _LONE_BACKSLASH_AT_END.sub(r"\1\\", unescape_markdown(match.group(), more))
        count += tex != match.group()
        return shelf.put(tex, kind)

    return _ENVIRONMENT.sub(one, text), count


_TEX_DISPLAY = r"(?<!\\)\$\$(?!\$)(?:\\[\s\S]|[^\\])+?(?<!\\)\$\$"
_TEX_INLINE = r"(?<![\\$])\$(?![\s$])(?:\\.|[^$\n\\])*?(?<![\s\\])\$(?![\d$])"
_TEX_MATH = re.compile(f"{_TEX_DISPLAY}|{_TEX_INLINE}")
"""Math as markdown-it's TeX plugins (markdown-it-mathjax3, markdown-it-katex,
@mdit/plugin-katex) delimit it: `$$…$$`, and `$…$` with no space just inside either
`$` and no digit after the closing one (`$5 and $10` is money). A display's `\\` may
end a line (`a \\ \\` then the line's end, a control space): `.` would not take the
line's end after it, and the display, not ending there, ran to the next one's `$$`."""


_PAREN_OR_BRACKET = re.compile(r"(?<!\\)\\\((?:(?!\n[ \t]*\n).)+?\\\)"
                               r"|(?<!\\)\\\[(?:(?!\n[ \t]*\n).)+?\\\]", re.DOTALL)


def formula_spans(text: str) -> list[tuple[int, int]]:
    """Where the formulas of `text` are, as markdown-it's TeX plugins and MathJax read
    them: `$$…$$`, `$…$` (`_TEX_MATH`), `\\(…\\)`, `\\[…\\]` and bare environments
    (`\\begin{align}` starting a line); sorted, an inner one's span left in."""
    return sorted(m.span() for pattern in (_TEX_MATH, _PAREN_OR_BRACKET, _ENVIRONMENT)
                  for m in pattern.finditer(text))


def shelve_backslash_math(text: str, shelf: Shelf) -> str:
    """Each `\\(…\\)` and `\\[…\\]` of a page whose Pandoc read them as math
    (`tex_math_single_backslash`) put on the shelf as it is: `\\sqrt[k]{|a_k|}` there is no
    bracketed span, `[k]{…}`, for the conversions of prose to take apart."""
    return _PAREN_OR_BRACKET.sub(lambda m: shelf.put(m.group(), "M"), text)


_READ_AS_MARKDOWN = re.compile(r"\\\\\\\\|\\\\\{.*?\\\\\}", re.DOTALL)
"""In a formula, `\\\\\\\\` or `\\\\{…\\\\}`: to TeX two row breaks, or a row break before
a brace, which no one writes; to a Markdown that read its escapes before MathJax saw the
formula (marked, GitHub's), a row break and escaped braces."""


def written_escaped(text: str) -> bool:
    """Whether a page's formulas were written for a Markdown that read escapes inside
    math first (`\\\\{x | Ax = b\\\\}`, rows ended `\\\\\\\\`: a folder of notes
    with no generator, whose writer saw them right): its escapes are to be undone."""
    return any(_READ_AS_MARKDOWN.search(text, start, end) for start, end in formula_spans(text))


def shelve_tex_math(text: str, shelf: Shelf) -> str:
    """Each formula of a page whose old site had a TeX plugin put on the shelf as it is:
    it was TeX to that site, never Markdown or HTML, so `$\\hat{G}[<EOS>]$` holds no
    component and `$a^{[L](i)}$` no link for the conversions of prose to rewrite. A
    display's blank lines are left out: those plugins (and remark-math) read one
    formula across them, where Lanting's Markdown would end it, showing TeX. A display
    stays in its quote: `> $$ ` left alone at a quote's end opens none (it was text),
    lest it pair with the next formula's `$$` and take the prose between for TeX. A
    `$$` inside a line of text whose closing one is past a blank line opens none either
    (a typo, `但$$b的解`: the plugins showed it as written, their displays open a line):
    paired with the next display's `$$`, it took the paragraphs between for TeX, their
    blank lines left out, and every later formula was out of step; it is `\\$\\$`."""
    parts: list[str] = []
    at = 0
    while (match := _TEX_MATH.search(text, at)) is not None:
        formula = match.group()
        if formula.startswith("$$") and _leaves_quote(text, match.start(), formula):
            parts.append(text[at:match.start() + 2])
            at = match.start() + 2
            continue
        if formula.startswith("$$") and _BLANK_LINE.search(formula) \
                and _in_text(text, match.start()):
            parts.append(text[at:match.start()] + "\\$\\$")
            at = match.start() + 2
            continue
        parts.append(text[at:match.start()])
        parts.append(shelf.put(re.sub(r"\n(?:[ \t]*\n)+", "\n", formula)
                               if formula.startswith("$$") else formula, "M"))
        at = match.end()
    return "".join(parts) + text[at:]


_BLANK_LINE = re.compile(r"\n[ \t>]*\n")


def _in_text(text: str, start: int) -> bool:
    """Whether the `$$` at `start` follows text on its line (not only a quote's `>` or a
    list item's marker)."""
    before = text[text.rfind("\n", 0, start) + 1:start]
    return re.sub(r"^(?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d+[.)])[ \t]+)?", "", before) != ""


def _leaves_quote(text: str, start: int, formula: str) -> bool:
    """Whether a display that opens at `start` in a quote has a line out of it (a line
    of TeX outside a quote may start with `>`: `> 0`)."""
    first = text[text.rfind("\n", 0, start) + 1:start]
    return first.lstrip().startswith(">") and any(
        not line.lstrip().startswith(">") for line in formula.split("\n")[1:])


_ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
"""A character reference, as CommonMark reads one (its `;` required)."""


def math_entities(text: str) -> tuple[str, int]:
    """HTML entities in `$…$` and `$$…$$` (`Y_{&lt;t}`, written so that Markdown would
    not read `<t` as a tag): the old page's HTML carried them, the browser decoded them,
    and MathJax or KaTeX, reading the page's text, saw `<`; Lanting's math reads the
    source, where `&lt;` is no TeX, and the build failed."""
    count = 0

    def entity(match: re.Match[str]) -> str:
        nonlocal count
        char = html.unescape(match.group())
        count += char != match.group()
        return char

    return _TEX_MATH.sub(lambda m: _ENTITY.sub(entity, m.group()), text), count


_QUOTE_MARKS = re.compile(r"^[ \t]*(?:>[ \t]?)+")
_DOUBLE_DOLLAR = re.compile(r"(?<!\\)\$\$")


def quote_lazy_formulas(text: str) -> tuple[str, int]:
    """`> $$` in a quote with the formula's lines, and its closing `$$`, unmarked after it
    (marked, docsify's renderer, reads them as lazy lines of the quote's paragraph, and
    KaTeX then found the formula there) made quoted on every line. CommonMark continues a
    quote lazily only with paragraph text: the formula left the quote and its closing
    `$$` opened one that ran to the next `$$`, out of step for the rest of the page.
    Only the formula's lines: a list or a heading after a quote's text is no part of it
    for marked either. Returns (text, lines marked)."""
    lines = text.split("\n")
    marked = 0
    marks: str | None = None  # the quote marks of a line that opened a formula
    for i, line in enumerate(lines):
        quoted = _QUOTE_MARKS.match(line)
        if not line.strip():
            marks = None  # (a blank line ends marked's paragraph and the quote)
            continue
        if marks is not None and quoted is None:
            lines[i] = marks + line
            marked += 1
        odd = len(_DOUBLE_DOLLAR.findall(line)) % 2 == 1
        if marks is not None:
            marks = None if odd else marks
        elif odd and quoted is not None:
            marks = quoted.group().rstrip(" \t") + " "
    return "\n".join(lines), marked
