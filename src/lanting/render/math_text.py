"""MathML as plain text: `π_θ(a∣s)`, `∑_{t=0}^{T} γ^t r_t`, `(a)/(b)`.

For the places where a formula must be read as text — the search index and its excerpts
(a formula left out leaves a hole: "记策略为 ，一条轨迹 的回报为 。"). The notation is the
one a reader of the source would type: `_` and `^` for scripts, braces around scripts of
more than one character, `/` for fractions, `√` for roots.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

_TOKEN = re.compile(r"<(/?)([A-Za-z][\w:-]*)[^>]*?(/?)>|([^<]+)")

_SKIPPED = frozenset({"annotation", "annotation-xml", "mphantom", "none", "mprescripts"})
_SPACE = frozenset({"mspace"})


class _Node:
    __slots__ = ("tag", "children")

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.children: list[_Node | str] = []


def _tree(mathml: str) -> _Node:
    root = _Node("math")
    stack = [root]
    for closing, tag, empty, text in _TOKEN.findall(mathml):
        if text:
            stack[-1].children.append(html.unescape(text))
        elif closing:
            # Pop to the matching element; a stray end tag is ignored.
            for i in range(len(stack) - 1, 0, -1):
                if stack[i].tag == tag.lower():
                    del stack[i:]
                    break
        else:
            node = _Node(tag.lower())
            stack[-1].children.append(node)
            if not empty and node.tag not in _SPACE:
                stack.append(node)
    return root


_ACCENTS = {"ˆ": "\u0302", "^": "\u0302", "ˇ": "\u030c", "˜": "\u0303", "~": "\u0303",
            "¯": "\u0304", "‾": "\u0305", "˙": "\u0307", "¨": "\u0308", "→": "\u20d7"}
"""Accents over a symbol (`\\hat{E}` is `E` under `ˆ`), written as combining marks: `Ê`."""

_INVISIBLE = re.compile("[\u2061-\u2064\ufe00-\ufe0f]")
"""Function application and invisible times/separators, and the variation selectors
that pick a script style: nothing a reader sees or types."""


_APPLIED = re.compile("\u2061(?=\\w)")
"""`\\log \\pi`: the function's name and its argument stay apart ("log π")."""


def _wrap(text: str, open_: str = "{", close: str = "}") -> str:
    """A script or operand: braced unless it is one character."""
    text = text.strip()
    return text if len(text) <= 1 else f"{open_}{text}{close}"


def _text(node: _Node | str) -> str:
    if isinstance(node, str):
        return node.strip()
    tag = node.tag
    if tag in _SKIPPED:
        return ""
    if tag in _SPACE:
        return " "
    children = [c for c in node.children if not isinstance(c, str) or c.strip()]
    parts = [_text(child) for child in children]
    if tag == "semantics":
        return parts[0] if parts else ""
    if tag in ("msub", "munder") and len(parts) >= 2:
        return f"{parts[0]}_{_wrap(parts[1])}"
    if tag == "mover" and len(parts) >= 2 and parts[1] in _ACCENTS:
        return parts[0] + _ACCENTS[parts[1]]
    if tag in ("msup", "mover") and len(parts) >= 2:
        return f"{parts[0]}^{_wrap(parts[1])}"
    if tag in ("msubsup", "munderover") and len(parts) >= 3:
        return f"{parts[0]}_{_wrap(parts[1])}^{_wrap(parts[2])}"
    if tag == "mfrac" and len(parts) >= 2:
        return f"{_wrap(parts[0], '(', ')')}/{_wrap(parts[1], '(', ')')}"
    if tag == "msqrt":
        return "√" + _wrap("".join(parts), "(", ")")
    if tag == "mroot" and len(parts) >= 2:
        return f"√[{parts[1]}]" + _wrap(parts[0], "(", ")")
    if tag == "mtr":
        return " ".join(p for p in parts if p)
    if tag == "mtable":
        return "; ".join(p for p in parts if p)
    if tag == "mmultiscripts" and parts:
        return parts[0] + "".join(f"_{_wrap(p)}" for p in parts[1:] if p)
    # A script ends where the next symbol starts: `γ^t r_t`, not `γ^tr_t`.
    joined = parts[:1]
    for before, part in zip(children, parts[1:], strict=False):
        scripted = not isinstance(before, str) and before.tag in _SCRIPTS
        joined.append(" " + part if scripted and part[:1].isalnum() else part)
    return "".join(joined)


_SCRIPTS = frozenset({"msub", "msup", "msubsup", "munder", "mover", "munderover"})


@lru_cache(maxsize=4096)
def math_text(mathml: str) -> str:
    """The formula in `mathml` (one `<math>` element) as one line of plain text. (Cached:
    a post repeats its symbols, a site its notation.)"""
    text = _INVISIBLE.sub("", _APPLIED.sub(" ", _text(_tree(mathml))))
    return unicodedata.normalize("NFC", re.sub(r"\s+", " ", text).strip())
