"""Accents placed as TeX places them, in math-core's MathML.

Chromium centres an accent (`<mover accent="true">`) over its base's box. An italic
letter leans right, so `\\hat{g}` and `\\vec{v}` looked shifted left; TeX moves the
accent by the letter's skew, and a MATH font gives that point as the glyph's top accent
attachment, which MathML Core does not use. `place_accents` moves the accent over a
single italic letter by that amount, read from STIX Two Math (the site's math font),
with an `mpadded lspace`. `\\vec`'s arrow, U+20D7, is a combining mark of zero advance
whose ink lies left of its origin: it is moved right by its own attachment too.

`\\widetilde` and `\\utilde` get the tilde MathML Core stretches horizontally, U+02DC
(math-core writes `~`); the math font gives U+02DC and U+02C7 (`\\widecheck`) the size
variants STIX Two Math has for their combining forms (`render/mathfont.py`).
"""

from __future__ import annotations

import functools
import re

SKEW = {
    "A": 0.14, "B": 0.084, "C": 0.152, "D": 0.069, "E": 0.103, "F": 0.118, "G": 0.132,
    "H": 0.102, "I": 0.099, "J": 0.136, "K": 0.122, "M": 0.086, "N": 0.103, "O": 0.097,
    "P": 0.096, "Q": 0.097, "R": 0.07, "S": 0.108, "T": 0.1, "U": 0.115, "V": 0.12,
    "W": 0.093, "X": 0.112, "Y": 0.117, "Z": 0.097, "a": 0.062, "b": 0.091, "c": 0.083,
    "d": 0.102, "e": 0.088, "f": 0.181, "g": 0.049, "h": 0.105, "i": 0.083, "j": 0.144,
    "k": 0.084, "l": 0.081, "m": 0.065, "n": 0.058, "o": 0.057, "p": 0.111, "q": 0.082,
    "r": 0.059, "s": 0.072, "t": 0.061, "u": 0.052, "v": 0.068, "w": 0.076, "x": 0.066,
    "y": 0.075, "z": 0.064, "α": 0.037, "β": 0.145, "γ": 0.065, "δ": 0.136, "ε": 0.063,
    "ζ": 0.141, "η": 0.086, "θ": 0.123, "ι": 0.066, "κ": 0.075, "λ": 0.077, "μ": 0.061,
    "ν": 0.067, "ξ": 0.13, "ο": 0.077, "π": 0.078, "ρ": 0.097, "ς": 0.073, "σ": 0.045,
    "τ": 0.068, "υ": 0.062, "φ": 0.076, "χ": 0.115, "ψ": 0.129, "ω": 0.07, "∂": 0.107,
    "ϵ": 0.08, "ϑ": 0.119, "ϰ": 0.068, "ϕ": 0.121, "ϱ": 0.072, "ϖ": 0.083, "ı": 0.043,
    "ȷ": 0.11,
}
"""Em by which an accent over the italic letter moves right: (top accent attachment −
half the advance) / units per em of the letter's math italic glyph in STIX Two Math."""

ACCENT_OFFSET = {"⃗": 0.23}
"""Em by which an accent's own ink lies left of its box's centre (spacing accents: 0)."""

_ACCENT = re.compile(r'<mover accent="true">(<mi>(.)</mi>|<mi [^>]*>[^<]*</mi>|<mrow>(?:<m[ion]'
                     r'[^>]*>[^<]*</m[ion]>)+</mrow>)(<mo(?: stretchy="false")?>(.)</mo>)</mover>')
_WIDE = '<mo stretchy="true">~</mo>'
_UTILDE = re.compile(r'(<munder accentunder="true">.*?)<mo>~</mo></munder>')


def _move(match: re.Match[str]) -> str:
    base, letter, accent, mark = match.groups()
    shift = ACCENT_OFFSET.get(mark, 0.0) + (SKEW.get(letter, 0.0) if letter else 0.0)
    if shift < 0.01 or (letter is None and mark not in ACCENT_OFFSET):
        return match.group(0)
    # Relative positioning moves the ink only: an mpadded around it would also raise it.
    moved = accent.replace("<mo", f'<mo style="position:relative;left:{shift:.3g}em"', 1)
    return f'<mover accent="true">{base}{moved}</mover>'


@functools.lru_cache(maxsize=4096)
def place_accents(mathml: str) -> str:
    """`mathml` with its accents over italic letters moved (see the module)."""
    if _WIDE in mathml:
        mathml = mathml.replace(_WIDE, '<mo stretchy="true">˜</mo>')
    if "<munder accentunder" in mathml:
        mathml = _UTILDE.sub('\\1<mo stretchy="true">˜</mo></munder>', mathml)
    return _ACCENT.sub(_move, mathml)
