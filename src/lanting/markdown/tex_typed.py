"""Characters typed into a formula that math-core refuses and MathJax takes as written,
read as the TeX that prints them (`rewrite` hands math-core the result)."""

from __future__ import annotations

import re

REFUSED_CHARS = {"⊤": "\\top ", "⊥": "\\bot ", "∴": "\\therefore ", "∵": "\\because ",
                 "∠": "\\angle ", "∡": "\\measuredangle ", "∢": "\\sphericalangle ",
                 "∅": "\\varnothing ", "√": "\\surd "}
_REFUSED = re.compile("[" + "".join(REFUSED_CHARS) + "]")
"""Characters math-core refuses, read as the commands that print them (MathJax takes
them as written: `$δ(q, a) = ∅$` in course notes; `\\varnothing` is the plain ∅, where
math-core's `\\emptyset` adds a variation selector)."""
_PRIME_SCRIPT = re.compile(r"([\^_])[ \t]*([′″‴])")
"""`s^′`, a prime character as a script (Bellman's `V(s^′)` typed with a math keyboard):
MathJax shows `s′`, math-core refuses a prime right after `^`; read as `\\prime`s."""
_PRIMES = {"′": "\\prime ", "″": "\\prime\\prime ", "‴": "\\prime\\prime\\prime "}

_COMBINING = {"\u20d7": "vec", "\u0302": "hat", "\u0303": "tilde", "\u0304": "bar",
              "\u0305": "bar", "\u0307": "dot", "\u0308": "ddot"}
_ACCENTED = re.compile("([A-Za-z0-9\u0370-\u03ff])([" + "".join(_COMBINING) + "])")
"""A letter with a combining accent typed after it (`w⃗`, `x̂`: pasted from a page whose
formulas were text, as Chinese ML notes copied from Zhihu are): MathJax drew the mark on
the letter, math-core refuses it; read as the accent's command, `\\vec{w}`."""


def typed_characters(tex: str) -> str:
    """`tex` with the characters math-core refuses written as TeX commands."""
    if _REFUSED.search(tex) is not None:
        tex = _REFUSED.sub(lambda m: REFUSED_CHARS[m.group(0)], tex)
    if _PRIME_SCRIPT.search(tex) is not None:
        tex = _PRIME_SCRIPT.sub(lambda m: f"{m.group(1)}{{{_PRIMES[m.group(2)]}}}", tex)
    if _ACCENTED.search(tex) is not None:
        tex = _ACCENTED.sub(lambda m: f"\\{_COMBINING[m.group(2)]}{{{m.group(1)}}}", tex)
    return tex
