"""The math web font: STIX Two Math from the `ziamath` wheel, subset to the glyphs the
site's formulas use (plus a stable base set), as WOFF2.

Browsers need a math font for stretchy brackets, big operators and accents in MathML;
system fonts rarely have one. Subsetting keeps the `MATH` table and the size variants
the used glyphs need. Results are cached on disk by the set of characters.
"""

from __future__ import annotations

import functools
import hashlib
import io
import re
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FAMILY = "Lanting Math"
_BASE = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "αβγδεζηθικλμνξοπρστυφχψωϵϑϕϱςΓΔΘΛΞΠΣΥΦΨΩ"
    + "∑∏∫∮∂∇∞±∓×÷·∘√∈∉⊂⊆∪∩∧∨¬∀∃≤≥≠≈≡∼∝→←↔⇒⇐⇔↦‖∣′″…⋯⋮⋱ˆ˜¯˙⏞⏟()[]{}⟨⟩⌊⌋⌈⌉|−"
)
_MATH = re.compile(r"<math\b.*?</math>", re.DOTALL)
_TAG = re.compile(r"<[^>]*>")
_ENTITY = {"&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&ApplyFunction;": "",
           "&InvisibleTimes;": "", "&#x27;": "'"}


def font_source() -> Path:
    import ziamath

    return Path(ziamath.__file__).parent / "fonts" / "STIXTwoMath-Regular.ttf"


def math_characters(html_pages: list[str]) -> str:
    """Every character that appears inside a `<math>` element of the given pages."""
    chars: set[str] = set(_BASE)
    for page in html_pages:
        for formula in _MATH.findall(page):
            text = _TAG.sub("", formula)
            for entity, value in _ENTITY.items():
                text = text.replace(entity, value)
            chars.update(text)
    return "".join(sorted(c for c in chars if c.isprintable() and not c.isspace()))


@functools.lru_cache(maxsize=8)
def _subset(chars: str) -> bytes:
    font = TTFont(font_source())
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    font.flavor = "woff2"
    font.save(out)
    return out.getvalue()


def math_font(chars: str, cache_dir: Path | None = None) -> bytes:
    """WOFF2 bytes of the math font subset to `chars` (from the disk cache when there)."""
    key = hashlib.sha256((str(font_source().stat().st_size) + chars).encode()).hexdigest()[:20]
    cached = cache_dir / f"math-{key}.woff2" if cache_dir else None
    if cached is not None and cached.is_file():
        return cached.read_bytes()
    data = _subset(chars)
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(data)
        except OSError:
            pass  # a read-only site still builds, only slower
    return data
