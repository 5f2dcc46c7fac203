"""The math tags of Hexo's math plugins → `$…$` and `$$…$$`.

- hexo-math 4 (`{% katex '{options}' %}…{% endkatex %}`, `{% mathjax '{options}' %}…
  {% endmathjax %}`): inline unless the JSON options ask for display (`displayMode` for
  KaTeX, `display` for MathJax).
- hexo-tag-katex (`{% katex [displayMode] %}…{% endkatex %}`): display unless its
  argument is `false`.
- hexo-math 2 and 3 (`{% math %}…{% endmath %}`): one line is inline, several lines are
  display; `{% math_block %}` is display.
- hexo-math 1 (`{% math \\phi_A %}`, a tag of its own, the TeX its arguments): inline.

Hexo ran tag plugins on the raw text, so a tag's TeX never met the Markdown renderer's
escapes: the formulas are put aside before the body's other math is unescaped.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from lanting.importer.liquid import Context, blocks, string_argument
from lanting.importer.shelf import Shelf


def math_tags(text: str, ctx: Context, shelf: Shelf, tag_katex: bool) -> str:
    """Every math tag of `text` as a formula put on `shelf` (as code: nothing after this
    may touch its TeX). `tag_katex`: the site used hexo-tag-katex, whose `katex` tag was
    display math by default."""

    def formula(name: str) -> Callable[[str, str, str], str]:
        def one(args: str, inner: str, written: str) -> str:
            tex = inner.strip()
            if display(name, args.strip(), inner, tag_katex):
                return shelf.put(f"$${tex}$$")
            return shelf.put(f"${tex}$")
        return one

    for name in ("katex", "mathjax", "math", "math_block"):
        text = blocks(text, name, formula(name), ctx, "math tags as $ and $$")
    return inline_math_tags(text, ctx, shelf)


_INLINE_MATH_TAG = re.compile(r"\{%-?\s*math\s+((?:(?!%\}|\{%|\n).)+?)\s*-?%\}")
"""hexo-math 1's inline tag, `{% math R_2%}`: the TeX is the tag's arguments, up to
its `%}` on the same line (Hexo joined the arguments with single spaces)."""


def inline_math_tags(text: str, ctx: Context, shelf: Shelf) -> str:
    """hexo-math 1's `{% math TeX %}` (no `{% endmath %}`: that is a block of hexo-math
    2 and 3, converted by then) as `$TeX$`. Before, it was left in a comment, the
    formula missing from the sentence."""

    def one(match: re.Match[str]) -> str:
        ctx.convert("math tags as $ and $$")
        return shelf.put(f"${' '.join(match.group(1).split())}$")

    return _INLINE_MATH_TAG.sub(one, text)


def display(name: str, args: str, inner: str, tag_katex: bool) -> bool:
    """Whether the tag `name` with `args` showed its text `inner` as display math."""
    if name == "math_block":
        return True
    if name == "math":
        return "\n" in inner
    if args in ("true", "false"):  # hexo-tag-katex's displayMode
        return args == "true"
    try:
        options = json.loads(string_argument(args)) if args else {}
    except ValueError:
        options = {}
    key = "displayMode" if name == "katex" else "display"
    if isinstance(options, dict) and isinstance(options.get(key), bool):
        return bool(options[key])
    return tag_katex and name == "katex"

