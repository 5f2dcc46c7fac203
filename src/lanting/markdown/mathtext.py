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
from typing import Any

_TOKEN = re.compile(r"<(mi|mn|mo|mtext|ms)\b([^>/]*)>([^<]*)</\1>"
                    r"|<(/?)([a-zA-Z][\w-]*)([^>]*?)(/?)>|([^<]+)")
"""A leaf element holding only text (most of a formula's elements: one token, not three),
an opening, closing or empty tag, or text."""
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
        elif sup == "∘":  # (`30^{\circ}`, `45$^\circ$N`: a degree, as TeX writes it)
            out += "°"
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


def _attr(attrs: str, name: str) -> str:
    """The value of attribute `name` in an element's attribute text ("": none)."""
    for key, value in _ATTR.findall(attrs):
        if key == name:
            return str(value)
    return ""


_LEAVES = frozenset({"mi", "mn", "mtext", "ms", "mo"})
"""Elements whose text is all of their content, spaces included."""


def _operator(op: str) -> str:
    """The text of an `mo` holding `op`."""
    if op == "\u2061":
        return _APPLY
    if op in _RELATIONS:
        return f" {op} "
    return ", " if op == "," else op


def _element_text(tag: str, attrs: str, parts: list[str], styles: list[str] | None) -> str:
    """The text of one element from its children's (`parts`: each child element's text and
    each text node's, the blank ones left out unless the element is a leaf; `styles`: an
    `mtr`'s children's style attributes)."""
    if tag in _SKIP:
        return ""
    if tag in _LEAVES:
        return _operator("".join(parts)) if tag == "mo" else "".join(parts)
    if tag == "semantics":
        return parts[0] if parts else ""
    if tag == "mspace":
        number = re.match(r"[\d.]+", _attr(attrs, "width"))
        return " " if number and float(number.group(0) or 0) >= 0.2 else ""
    if tag in ("msub", "msup", "msubsup", "munder", "mover", "munderover"):
        if len(parts) < 2:
            return "".join(parts)
        base = parts[0].strip()
        if tag == "msub" or tag == "munder":
            if tag == "munder" and _attr(attrs, "accentunder") == "true":
                return _accent(base, parts[1], over=False)
            return _script(base, parts[1].strip(), "")
        if tag == "msup":
            return _script(base, "", parts[1].strip())
        if tag == "mover":
            if _attr(attrs, "accent") == "true":
                return _accent(base, parts[1])
            return _script(base, "", parts[1].strip())
        return _script(base, parts[1].strip(), parts[2].strip() if len(parts) > 2 else "")
    if tag == "mfrac":
        if len(parts) != 2:
            return "".join(parts)
        top, bottom = parts[0].strip(), parts[1].strip()
        if _attr(attrs, "linethickness") in ("0", "0px", "0em"):
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
        return "; ".join(r for r in (p.strip() for p in parts) if r)
    if tag == "mtr" and styles is not None:
        cells = [text.strip() for text, style in zip(parts, styles, strict=True)
                 # (not the number column of a numbered equation)
                 if "width: 50%" not in style and "width: 7.5%" not in style]
        return " ".join(c for c in cells if c)
    return "".join(parts)


def _text(mathml: str) -> str:
    """The text of MathML, made in one pass over its tags: an element's text is made when
    it closes, from its children's, which closed before it. (A tree of the elements,
    then read, took as long again: a formula has some eighty of them.) A closing tag
    without its opening one is ignored; one that skips unclosed elements closes them."""
    # An open element: tag, attributes, its children's texts, an `mtr`'s children's styles.
    root: list[Any] = ["#root", "", [], None]
    stack = [root]
    unescape, element_text, leaves = html.unescape, _element_text, _LEAVES

    def close_down_to(depth: int) -> None:
        while len(stack) > depth:
            tag, attrs, parts, styles = stack.pop()
            parent = stack[-1]
            parent[2].append(element_text(tag, attrs, parts, styles))
            if parent[3] is not None:
                parent[3].append(_attr(attrs, "style"))

    for leaf, leaf_attrs, content, closing, tag, attrs, empty, text in _TOKEN.findall(mathml):
        if leaf:
            top = stack[-1]
            value = unescape(content).translate(_INVISIBLE)
            top[2].append(_operator(value) if leaf == "mo" else value)
            if top[3] is not None:
                top[3].append(_attr(leaf_attrs, "style"))
        elif text:
            top = stack[-1]
            text = unescape(text)
            if top[0] in leaves or text.strip():
                top[2].append(text.translate(_INVISIBLE))
                if top[3] is not None:
                    top[3].append("")
        elif closing:
            for depth in range(len(stack) - 1, 0, -1):
                if stack[depth][0] == tag:
                    close_down_to(depth)
                    break
        elif empty:
            top = stack[-1]
            top[2].append(element_text(tag, attrs, [], None))
            if top[3] is not None:
                top[3].append(_attr(attrs, "style"))
        else:
            stack.append([tag, attrs, [], [] if tag == "mtr" else None])
    close_down_to(1)
    return "".join(root[2])


_APPLIED = re.compile("[" + _APPLY + _END + r"](?=\w)")
_SPACES = re.compile(r"[ \u00a0]{2,}")


@functools.lru_cache(maxsize=4096)
def mathml_text(mathml: str) -> str:
    """The readable text of one formula's MathML (`<math>…</math>`): `π_θ(a ∣ s)`,
    `∑_{t=0}^T γ^t r_t`, `(a+b)/2`. Memoized: the same formula recurs on a site (in a
    post, its summary, the feed, the search index)."""
    text = _text(mathml)
    text = _APPLIED.sub(" ", text).replace(_APPLY, "").replace(_END, "")
    # NFC: `ĝ` as one character where Unicode has one (what a reader would search for).
    return unicodedata.normalize("NFC", _SPACES.sub(" ", text.replace("\u00a0", " ")).strip())
