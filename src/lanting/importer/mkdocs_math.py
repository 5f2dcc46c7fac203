"""Dollar signs on an MkDocs site that reads no math.

Python-Markdown reads `$` as a dollar sign; only a math extension (arithmatex, or the
older `mdx_math` and `markdown_katex`) or a MathJax/KaTeX script reading the rendered page
made `$…$` a formula. Lanting reads `$…$` as math on every page, so on a site with none
of them a line of prices, shell variables or exported JSON (`"$label-color:2-0"`)
became a formula, or a math error that failed the build. There each `$` outside code
and HTML tags is escaped: the dollar sign the old site showed.
"""

from __future__ import annotations

import re
from typing import Any

from lanting.importer.liquid import Context
from lanting.importer.mkdocs_settings import extension, plugin

MATH_EXTENSIONS = ("pymdownx.arithmatex", "mdx_math", "markdown_katex", "markdown_math")
_MATH_SCRIPT = re.compile(r"mathjax|katex", re.IGNORECASE)
_DOLLAR_OR_TAG = re.compile(r"<(script|style|pre|textarea)\b.*?</\1\s*>|<!--.*?-->"
                            r"|<[A-Za-z/!][^<>\n]*>|(?<!\\)\$", re.DOTALL | re.IGNORECASE)
"""A dollar, or what holds no Markdown dollars: a tag, a script or style (jQuery's
`$(…)`), a comment."""


def reads_math(config: dict[str, Any]) -> bool:
    """Whether the old site made formulas of `$…$`: a math extension, a math plugin
    (`katex`, `mathjax`), or a MathJax or KaTeX script of its own."""
    scripts = config.get("extra_javascript")
    named = [str(s.get("path", "")) if isinstance(s, dict) else str(s)
             for s in (scripts if isinstance(scripts, list) else [])]
    return (any(extension(config, name) is not None for name in MATH_EXTENSIONS)
            or any(plugin(config, name) is not None for name in ("katex", "mathjax"))
            or any(_MATH_SCRIPT.search(script) for script in named))


def dollar_signs(text: str) -> tuple[str, int]:
    """`text` (its code put aside) with each `$` outside HTML tags, scripts, styles and
    comments escaped: (text, how many)."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() != "$":
            return match.group()
        count += 1
        return "\\$"

    return _DOLLAR_OR_TAG.sub(one, text), count


def plain_dollars(text: str, ctx: Context) -> str:
    """`text` with its dollar signs escaped, for a site whose settings load no math
    plugin (what its readers saw were dollar signs), with one notice."""
    text, count = dollar_signs(text)
    if count:
        ctx.note("$", "no math plugin in the settings: its `$` showed as dollar signs, and "
                 "are escaped (`\\$`) to stay so")
    return text
