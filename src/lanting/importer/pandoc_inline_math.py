"""A math environment Pandoc read inside a paragraph, written as a `$$` block.

Pandoc's Markdown reads `\\begin{equation}` … `\\end{equation}` as raw TeX wherever it
starts: after words on a line (`from $X_1$: \\begin{eqnarray*}`), on a line of a
paragraph indented four spaces and more (a continuation line, no code block), or with
words after its `\\end{equation}` on that line; and its HTML writer hands such a raw
environment to MathJax when it is one of the math environments it knows
(`PANDOC_MATH_ENVIRONMENTS`), which typesets it as a display where it stands. Lanting
reads a bare environment only from a line's margin to a line's end, so these were TeX
left on the page (and Pandoc's `^…^` read inside them, `(a)^{'}x+(b)^{'}`, a
superscript). Each is a `$$` block on lines of its own, in its paragraph.
"""

from __future__ import annotations

import re

from lanting.importer.liquid import Context
from lanting.importer.quarto_math import PANDOC_MATH_ENVIRONMENTS

_BEGIN = re.compile(r"\\begin\{([A-Za-z]+\*?)\}")
_DISPLAY = re.compile(r"(?<!\\)\$\$.+?(?<!\\)\$\$|(?<!\\)\\\[.+?(?<!\\)\\\]", re.DOTALL)
_DOLLAR = re.compile(r"(?<!\\)\$")
_LABEL = re.compile(r"\{#[\w:.-]+\}")


def _end(text: str, name: str, at: int) -> int | None:
    """Where the environment `name` opened before `at` ends (after its `\\end{name}`,
    the same environment nested in it counted)."""
    depth = 1
    pattern = re.compile(r"\\(begin|end)\{" + re.escape(name) + r"\}")
    for found in pattern.finditer(text, at):
        depth += 1 if found.group(1) == "begin" else -1
        if depth == 0:
            return found.end()
    return None


def _in_paragraph(text: str, line_start: int, prefix: str) -> bool:
    """Whether an environment after `prefix` on its line is inside a paragraph's text,
    not at the margin (where Lanting reads it) nor in an indented code block."""
    if prefix.strip():
        return len(_DOLLAR.findall(prefix)) % 2 == 0  # (not inside a `$…$`)
    if len(prefix.expandtabs(4)) < 4:
        return False
    before = text[:max(line_start - 1, 0)]
    previous = before[before.rfind("\n") + 1:]
    return previous.strip() != ""


def paragraph_environments(text: str, ctx: Context) -> str:
    """`text` with each math environment Pandoc read inside a paragraph as a `$$`
    block on lines of its own (see the module's docstring)."""
    if "\\begin{" not in text:
        return text
    displays = [m.span() for m in _DISPLAY.finditer(text)]
    out, last, count, inside = [], 0, 0, 0
    for begin in _BEGIN.finditer(text):
        name = begin.group(1)
        if begin.start() < max(last, inside) or name not in PANDOC_MATH_ENVIRONMENTS or any(
                start < begin.start() < end for start, end in displays):
            continue
        line_start = text.rfind("\n", 0, begin.start()) + 1
        prefix = text[line_start:begin.start()]
        end = _end(text, name, begin.end())
        line_end = text.find("\n", end or 0)
        rest = "" if end is None else text[end:] if line_end < 0 else text[end:line_end]
        if _LABEL.fullmatch(rest.strip()):  # (`\\end{aligned} {#eq-x}`: `quarto_math`'s)
            rest = ""
        paragraph = _in_paragraph(text, line_start, prefix)
        code = not prefix.strip() and len(prefix.expandtabs(4)) >= 4 and not paragraph
        # (inside a `$…$` opened on its line, `$\theta = \begin{pmatrix} x \end{pmatrix}^\top$`,
        # it is that formula's: the words after it were read as the `rest`)
        formula = len(_DOLLAR.findall(prefix)) % 2 == 1
        if end is None or code or formula or not (paragraph or rest.strip()):
            inside = end or inside  # (a `cases` in it is its formula's)
            continue
        words = prefix.rstrip()
        out += [text[last:line_start], words + "\n" if words.strip() else "",
                f"$$\n{text[begin.start():end]}\n$$", "\n" + rest.strip() if rest.strip()
                else ""]
        last = end + len(rest)
        count += 1
    out.append(text[last:])
    ctx.convert("math environments inside a paragraph (`text: \\begin{align}`) as `$$` "
                "blocks", count)
    return "".join(out)
