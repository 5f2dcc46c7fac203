"""Formulas an MDX blog wrote as React components: react-katex's `<InlineMath>` and
`<BlockMath>` (`math="…"`, `math={"…"}`, or the TeX as their child, `{"…"}`,
`` {String.raw`…`} ``), and the site's own components that only hand their child or a
property to one of those (`export function MathBlock({ children }) { return <BlockMath
math={children} /> }` in `src/components/`). Lanting runs no component: each was
dropped, its TeX left as a JavaScript string in the text. Each is `$…$` or a `$$`
display, which Lanting's math shows."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.js_literals import unquote_js
from lanting.importer.liquid import Context

KATEX = {"InlineMath": "inline", "BlockMath": "block"}
"""react-katex's components (@matejmazur/react-katex's too) and the formula each shows."""
_FOLDERS = ("src/components", "components", "src/app/components", "app/components")
_SUFFIXES = frozenset({".tsx", ".jsx", ".js", ".ts"})
_WRAPPER = re.compile(r"(?:function\s+([A-Z][\w$]*)|(?:const|let)\s+([A-Z][\w$]*)\s*(?::[^=\n]*)?"
                      r"=)\s*(?:\([^()]*(?:\{[^{}]*\}[^()]*)?\)|\w+)[^<]{0,120}?"
                      r"<(InlineMath|BlockMath)\b")
"""A component of the site whose first element is one of react-katex's."""
_STRING = r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|(?:String\.raw)?`[^`]*`)"""


def math_components(source: Path) -> dict[str, str]:
    """react-katex's components and the site's wrappers of them, by name."""
    found = dict(KATEX)
    for folder in _FOLDERS:
        base = source / folder
        for file in sorted(base.rglob("*")) if base.is_dir() else []:
            if file.suffix in _SUFFIXES and "node_modules" not in file.parts:
                for match in _WRAPPER.finditer(read_text(file)):
                    found.setdefault(match.group(1) or match.group(2), KATEX[match.group(3)])
    return found


def _tex(written: str) -> str:
    """The TeX a JavaScript string holds (`"\\\\frac"` is `\\frac`; `String.raw` as is)."""
    if written.startswith("String.raw`"):
        return written[len("String.raw`"):-1]
    if written.startswith("`"):
        return re.sub(r"\\(.)", r"\1", written[1:-1])
    return unquote_js(written)


def math_uses(text: str, kinds: dict[str, str], ctx: Context,
              keep: Callable[[str], str] = str) -> str:
    """Each use of a math component in `text` as `$…$` or a `$$` display, each formula
    through `keep` (a shelf, so that no later conversion of prose reads it)."""
    names = "|".join(sorted(map(re.escape, kinds), key=len, reverse=True))
    if not re.search(rf"<(?:{names})\b", text):
        return text
    given = rf"\s+math=(?:{_STRING}|\{{\s*{_STRING}\s*\}})"
    tag = re.compile(rf"<({names})(?:{given}\s*/>|\s*>\s*(?:\{{\s*{_STRING}\s*\}}|([^<>{{}}]*))"
                     rf"\s*</\1\s*>)")

    def one(match: re.Match[str]) -> str:
        written = next((g for g in match.group(2, 3, 4) if g is not None), None)
        tex = _tex(written) if written is not None else match.group(5) or ""
        tex = " ".join(tex.split()) if kinds[match.group(1)] == "inline" else tex.strip()
        if not tex:
            return match.group()
        ctx.convert("formulas of MDX math components (`<InlineMath>`, `<BlockMath>`) as TeX")
        if kinds[match.group(1)] == "inline":
            return keep(f"${tex}$")
        return "\n\n" + keep(f"$$\n{tex}\n$$") + "\n\n"

    return tag.sub(one, text)
