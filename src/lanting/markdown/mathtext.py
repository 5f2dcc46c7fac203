"""A formula as readable text, for where MathML cannot go: summaries, the Atom feed,
link previews, heading ids, the search index.

`mathml_text` reads math-core's MathML: `β_θ`, `x²`, `x_{t+1}`, `∑_{t=0}^T`, `(a+b)/2`,
`√x`, `x̂`; a table's rows are separated by `; `. Equation numbers are left out.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata

_TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)([^>]*?)(/?)>|([^<]+)")
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')

_SKIP = {"annotation", "annotation-xml", "mphantom"}
_INVISIBLE = str.maketrans("", "", "\u2062\u2063\u2064\u200b\ufe00\ufe01")
_APPLY = "\x00"
"""Where a function name meets its argument: a space if a letter follows (`sin x`)."""
_END = "\x01"
"""Where an unbraced script ends: a space if a letter follows (`γ^t r_t`, not `γ^tr_t`)."""
_BIG = set("∑∏∐∫∬∭∮⋃⋂⨁⨂⨀⋁⋀") | {"lim", "max", "min", "sup", "inf", "arg max", "arg min"}
_SUPERSCRIPT = str.maketrans("0123456789+-−=()", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾")
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_SUPERSCRIPTABLE = re.compile(r"[0-9+\-−=()]+")
_RELATIONS = set("=≠<>≤≥≈≡∼≃≅∝∈∉⊂⊃⊆⊇→←↔⇒⇐⇔↦≔≪≫⊢⊨∣") | {":=", "⟹", "⟸", "⟺", "⟶", "⟵"}
_ACCENTS = {"ˆ": "\u0302", "^": "\u0302", "̂": "\u0302", "˜": "\u0303", "~": "\u0303",
            "̃": "\u0303", "¯": "\u0304", "‾": "\u0305", "̲": "\u0332", "˙": "\u0307",
            "¨": "\u0308", "⃗": "\u20d7", "→": "\u20d7", "ˇ": "\u030c", "´": "\u0301",
            "`": "\u0300", "˘": "\u0306", "˚": "\u030a", "⃛": "\u20db"}


class _Node:
    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag: str, attrs: str) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: list[_Node | str] = []

    def attr(self, name: str) -> str:
        for key, value in _ATTR.findall(self.attrs):
            if key == name:
                return str(value)
        return ""


def _parse(mathml: str) -> _Node:
    root = _Node("#root", "")
    stack = [root]
    for closing, tag, attrs, empty, text in _TAG.findall(mathml):
        if text:
            stack[-1].children.append(html.unescape(text))
        elif closing:
            for i in range(len(stack) - 1, 0, -1):
                if stack[i].tag == tag:
                    del stack[i:]
                    break
        else:
            node = _Node(tag, attrs)
            stack[-1].children.append(node)
            if not empty:
                stack.append(node)
    return root


def _elements(node: _Node) -> list[_Node | str]:
    return [c for c in node.children if not isinstance(c, str) or c.strip()]


_LOOSE = re.compile(r" ?([=<>≤≥≈∼∈→←↦,]) ?")


def _group(text: str) -> str:
    """`text` as a script: `x`, or `{t=0}` (tight: scripts are small)."""
    text = _LOOSE.sub(r"\1", text)
    return text + _END if len(text) <= 1 else "{" + text + "}"


def _paren(text: str) -> str:
    plain = re.fullmatch(r"[\w.′'∂∇\u0300-\u036f\u20d0-\u20ff]+", text) is not None
    return text if plain or _wrapped(text) else f"({text})"


def _wrapped(text: str) -> bool:
    """Whether `text` is one parenthesized group: `(a+b)`, not `(a)+(b)`."""
    if not (text.startswith("(") and text.endswith(")")):
        return False
    depth = 0
    for i, c in enumerate(text):
        depth += (c == "(") - (c == ")")
        if depth == 0 and i < len(text) - 1:
            return False
    return True


def _script(base: str, sub: str, sup: str) -> str:
    out = base.replace(_APPLY, "").replace(_END, "")
    if sub:
        out += sub.translate(_SUBSCRIPT) if sub.isdigit() else "_" + _group(sub)
    if sup:
        if sup in ("′", "″", "‴", "'"):
            out += sup
        elif _SUPERSCRIPTABLE.fullmatch(sup):
            out += sup.translate(_SUPERSCRIPT)
        else:
            out += "^" + _group(sup)
    return out + " " if base in _BIG and (sub or sup) else out


def _accent(base: str, mark: str, over: bool = True) -> str:
    mark = mark.strip()
    if mark in ("̲", "_", "‾", "¯", "―", "─") and len(base) > 1:
        mark = "‾" if over else "̲"
    combining = _ACCENTS.get(mark)
    if combining is None:
        return base + mark
    if len(base) == 1:
        return base + combining
    if combining in ("\u0305", "\u0332"):  # over- and underline every character
        return "".join(c + combining for c in base)
    return base + combining


def _text(node: _Node | str) -> str:
    if isinstance(node, str):
        return node.translate(_INVISIBLE)
    tag = node.tag
    if tag in _SKIP:
        return ""
    kids = _elements(node)
    if tag == "semantics":
        return _text(kids[0]) if kids else ""
    if tag in ("mi", "mn", "mtext", "ms"):
        return "".join(_text(c) for c in node.children)
    if tag == "mo":
        op = "".join(_text(c) for c in node.children)
        if op == "\u2061":
            return _APPLY
        if op in _RELATIONS:
            return f" {op} "
        if op == ",":
            return ", "
        return op
    if tag == "mspace":
        width = node.attr("width")
        number = re.match(r"[\d.]+", width)
        return " " if number and float(number.group(0) or 0) >= 0.2 else ""
    parts = [_text(c) for c in kids]
    if tag in ("msub", "msup", "msubsup", "munder", "mover", "munderover"):
        if len(parts) < 2:
            return "".join(parts)
        base = parts[0].strip()
        if tag == "msub" or tag == "munder":
            if tag == "munder" and node.attr("accentunder") == "true":
                return _accent(base, parts[1], over=False)
            return _script(base, parts[1].strip(), "")
        if tag == "msup":
            return _script(base, "", parts[1].strip())
        if tag == "mover":
            if node.attr("accent") == "true":
                return _accent(base, parts[1])
            return _script(base, "", parts[1].strip())
        return _script(base, parts[1].strip(), parts[2].strip() if len(parts) > 2 else "")
    if tag == "mfrac":
        if len(parts) != 2:
            return "".join(parts)
        top, bottom = parts[0].strip(), parts[1].strip()
        if node.attr("linethickness") in ("0", "0px", "0em"):
            return f"{top} {bottom}"  # binomials, stacked text
        return f"{_paren(top)}/{_paren(bottom)}"
    if tag == "msqrt":
        return "√" + _paren("".join(parts).strip())
    if tag == "mroot":
        if len(parts) != 2:
            return "".join(parts)
        index, radicand = parts[1].strip(), _paren(parts[0].strip())
        return {"3": "∛", "4": "∜"}.get(index, index.translate(_SUPERSCRIPT) + "√") + radicand
    if tag == "mtable":
        rows = [r for r in (p.strip() for p in parts) if r]
        return "; ".join(rows)
    if tag == "mtr":
        cells = []
        for cell, text in zip(kids, parts, strict=True):
            style = cell.attr("style") if isinstance(cell, _Node) else ""
            if "width: 50%" in style or "width: 7.5%" in style:
                continue  # the number column of a numbered equation
            cells.append(text.strip())
        return " ".join(c for c in cells if c)
    return "".join(parts)


_APPLIED = re.compile("[" + _APPLY + _END + r"](?=\w)")
_SPACES = re.compile(r"[ \u00a0]{2,}")


@functools.lru_cache(maxsize=4096)
def mathml_text(mathml: str) -> str:
    """The readable text of one formula's MathML (`<math>…</math>`): `π_θ(a ∣ s)`,
    `∑_{t=0}^T γ^t r_t`, `(a+b)/2`. Memoized: the same formula recurs on a site (in a
    post, its summary, the feed, the search index)."""
    text = _text(_parse(mathml))
    text = _APPLIED.sub(" ", text).replace(_APPLY, "").replace(_END, "")
    # NFC: `ĝ` as one character where Unicode has one (what a reader would search for).
    return unicodedata.normalize("NFC", _SPACES.sub(" ", text.replace("\u00a0", " ")).strip())
