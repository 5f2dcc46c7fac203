"""Tags math-core refuses (`\\tag{损失}`, `\\tag{27'}`, `\\tag{1\\text{a}}`: MathJax and
KaTeX take any text) as ASCII placeholders while a page's formulas convert
(`math_page.convert_page`), their text drawn in the output afterwards."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator

from lanting.markdown.math_formula import to_mathml
from lanting.markdown.mathtext import mathml_text
from lanting.markdown.tex_scan import group_end

_TAG_START = re.compile(r"\\tag(?![A-Za-z])(\*?)\s*(?=\{)")
_ASCII_TAG = re.compile(r"[A-Za-z0-9 .,:;+\-*/=()!?|<>@]*")
"""A tag math-core takes as written: it refuses a `'` (`\\tag{27'}`), `[`, `]` and the
characters special to TeX (`"#$%&\\^_`{}~`) in a tag's text."""


def hidden_tags(tex: str, tags: dict[str, str], prefix: str) -> str:
    """Tags math-core refuses (non-ASCII: `\\tag{损失}`) as ASCII placeholders (`prefix`
    and a number), their text put in `tags` for `untag`."""

    def one(star: str, text: str, written: str) -> str:
        if _ASCII_TAG.fullmatch(text):
            return written
        key = f"{prefix}{len(tags)}"
        tags[key] = _tag_html(text)
        return f"\\tag{star}{{{key}}}"

    return replace_tags(tex, one) if "\\tag" in tex else tex


def tag_spans(tex: str) -> Iterator[tuple[int, int, str, str]]:
    """Each braced `\\tag{…}` of `tex`: (start, end, `*` or not, its text), its braces
    matched to any depth (`\\tag{\\textbf{\\textsc{Lsc}}}`)."""
    for found in _TAG_START.finditer(tex):
        end = group_end(tex, found.end())
        if end is not None:
            yield found.start(), end, found.group(1), tex[found.end() + 1:end - 1]


def replace_tags(tex: str, one: Callable[[str, str, str], str]) -> str:
    """`tex` with each braced tag replaced by `one(star, text, as written)`."""
    out, pos = [], 0
    for start, end, star, text in tag_spans(tex):
        if start >= pos:
            out += [tex[pos:start], one(star, text, tex[start:end])]
            pos = end
    return "".join(out) + tex[pos:]


_TAG_MATH = re.compile(r"\$([^$]+)\$")


def _tag_html(text: str) -> str:
    """A tag's text as HTML, with its formulas as their characters (`\\tag*{$\\square$}`,
    a blog's end-of-proof macro: □; MathJax typesets math in a tag, math-core's tag is
    text only, and showed `\\square`)."""

    def one(match: re.Match[str]) -> str:
        try:
            return mathml_text(to_mathml(match.group(1), display=False))
        except ValueError:
            return match.group(1)

    text = _TAG_MATH.sub(one, text).replace("$", "").strip()
    if "\\" in text or "{" in text:
        # (`\\tag{1\\text{a}}`, `\\tag{{a}}`: the tag's text as text mode sets it, as
        # KaTeX draws it, its small capitals and italics too (`\\tag{\\textsc{A}}`, a
        # theorem's name); math-core refused a command or a group in a tag)
        try:
            mathml = to_mathml("\\text{" + text + "}", display=False)
        except ValueError:
            # (a command text mode refuses: the tag's words, as a tag shows them)
            return html.escape(_COMMAND.sub("", text).replace("{", "").replace("}", ""),
                               quote=False)
        inner = _TEXT_WRAPPERS.sub("", mathml)
        texts = _MTEXT.findall(inner)
        if texts and _MTEXT.sub("", inner) == "":
            return "".join(texts)
        return html.escape(mathml_text(mathml), quote=False)
    return html.escape(text, quote=False)


_TEXT_WRAPPERS = re.compile(r"</?(?:math|mrow)\b[^>]*>")
_MTEXT = re.compile(r"<mtext>(.*?)</mtext>", re.DOTALL)
"""Text mode's output, the HTML of its runs (`<span style="font-variant-caps:
small-caps">`, `<em>`) kept in the tag's `<mtext>`, as math-core keeps them in a
formula's."""


_COMMAND = re.compile(r"\\[A-Za-z]+\s*|\\(?=[^A-Za-z])")


def untag(text: str, tags: dict[str, str]) -> str:
    """`text` with each placeholder of `tags` as the tag's own text."""
    for key, value in tags.items():
        if key in text:
            text = text.replace(key, value)
    return text
