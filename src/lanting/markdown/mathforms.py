"""Formulas in one line of text that is no Markdown: titles (of pages, papers and
entries), abstracts, figure captions. Each `$…$` becomes MathML in the HTML and readable
text (`β_t`) in the plain form."""

from __future__ import annotations

import html
import re
from pathlib import Path

from lanting.errors import LantingError
from lanting.markdown.math_formula import to_mathml
from lanting.markdown.mathtext import mathml_text

ANY_MATH = re.compile(r"(?<!\\)\$(.+?)(?<!\\)\$", re.DOTALL)
"""Every `$…$` (BibTeX fields: a `$` there is always math)."""
TITLE_MATH = re.compile(r"(?<![\\$])\$(?=[^\s$])([^$]*?[^\s\\$])\$(?![\d$])")
"""A formula in a page's title, as the Markdown of a post finds `$…$` inline: no space
just inside the dollars, none followed by a digit (`从 $0 到 $1M` is no formula)."""


def math_forms(text: str, where: tuple[Path | None, int],
               pattern: re.Pattern[str] = ANY_MATH) -> tuple[str, str]:
    """(plain text, HTML) of `text`: in the plain text each `$…$` is the formula's
    readable text (`β_t`, for meta tags and listings), in the HTML its MathML, the rest
    escaped; bad LaTeX is an error at `where`."""
    plain: list[str] = []
    out: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        before = text[last : match.start()]
        plain.append(before)
        out.append(html.escape(before, quote=False))
        try:
            mathml = to_mathml(match.group(1), display=False)
        except ValueError as error:
            raise LantingError.at(f"math: {error} in `{match.group(1)[:80]}`", where[0],
                                  where[1], hint="see the Math page of Lanting's docs"
                                  ) from None
        plain.append(mathml_text(mathml))
        out.append(mathml)
        last = match.end()
    plain.append(text[last:])
    out.append(html.escape(text[last:], quote=False))
    return "".join(plain), "".join(out)
