"""The math web font: STIX Two Math from the `ziamath` wheel, subset to the glyphs the
site's formulas use (plus a stable base set), as WOFF2.

Browsers need a math font for stretchy brackets, big operators and accents in MathML;
system fonts rarely have one. Subsetting keeps the `MATH` table and the size variants
the used glyphs need. Results are cached on disk by the set of characters.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.metadata
import importlib.util
import io
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lanting.errors import LantingError
from lanting.fs import keep_newest

FAMILY = "Lanting Math"
_BASE = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "αβγδεζηθικλμνξοπρστυφχψωϵϑϕϱςΓΔΘΛΞΠΣΥΦΨΩ"
    + "∑∏∫∮∂∇∞±∓×÷·∘√∈∉⊂⊆∪∩∧∨¬∀∃≤≥≠≈≡∼∝→←↔⇒⇐⇔↦‖∣′″…⋯⋮⋱ˆ˜¯˙⏞⏟()[]{}⟨⟩⌊⌋⌈⌉|−"
    + "\u0303\u030c"  # their size variants serve `˜` and `ˇ` (`_fix_math_table`)
)
_BORROWED = {"\u02dc": "\u0303", "\u02c7": "\u030c"}
"""Spacing accents MathML Core stretches horizontally (`\\widetilde`, `\\widecheck`),
and the combining accents whose size variants STIX Two Math has instead."""
def font_source() -> Path:
    """The font file inside the installed `ziamath` wheel (found without importing it:
    importing ziamath costs time and emits a DeprecationWarning)."""
    spec = importlib.util.find_spec("ziamath")
    if spec is None or not spec.submodule_search_locations:
        raise LantingError.at("the math font comes from the `ziamath` package, which is "
                              "not installed", hint="pip install ziamath")
    return Path(list(spec.submodule_search_locations)[0]) / "fonts" / "STIXTwoMath-Regular.ttf"


@functools.lru_cache(maxsize=8)
def _subset(chars: str) -> bytes:
    # Imported here: only builds with new formulas pay for them.
    import uharfbuzz as hb
    from fontTools.ttLib import TTFont

    # HarfBuzz subsets (the MATH table's variants and constructions included) far faster
    # than fontTools' subsetter; fontTools then writes the WOFF2 (HarfBuzz does not).
    plan = hb.SubsetInput()
    for char in chars:
        plan.unicode_set.add(ord(char))
    for kept in (plan.layout_feature_tag_set, plan.name_id_set):  # all, not the defaults
        kept.clear()
        kept.invert()
    # Unhinted, as Google Fonts serves to every platform but Windows: macOS, iOS, Android
    # and high-DPI screens ignore TrueType hinting; the subset is a quarter smaller.
    plan.flags = hb.SubsetFlags.NO_HINTING | hb.SubsetFlags.NOTDEF_OUTLINE
    # The font's bytes and face stay referenced here: older uharfbuzz do not keep them
    # alive for the subset and crash on a temporary.
    data = font_source().read_bytes()
    face = hb.Face(data)
    try:
        subset = hb.subset(face, plan).blob.data
    except RuntimeError:
        subset = b""
    font = TTFont(io.BytesIO(subset), recalcTimestamp=False) if subset else None  # same bytes
    if font is None or "MATH" not in font:  # (older uharfbuzz make an empty font)
        raise LantingError.at("HarfBuzz could not subset the math font", font_source(),
                              hint="reinstall `uharfbuzz` and `ziamath`")
    _fix_math_table(font)
    font.flavor = "woff2"
    out = io.BytesIO()
    with _SAVING, _brotli_quality():
        font.save(out)
    return out.getvalue()


BROTLI_QUALITY = 10
"""Brotli's quality for the WOFF2. fontTools compresses at the highest (11), most of the
time of making a subset; one step lower is several times quicker for a file barely
larger (figures in `benchmarks/RESULTS.md`)."""
_SAVING = threading.Lock()
"""One subset saved at a time: `_brotli_quality` swaps a module attribute of fontTools."""


class _Brotli:
    """fontTools' `brotli` module, compressing at `BROTLI_QUALITY` unless told otherwise."""

    def __init__(self, module: Any) -> None:
        self._module = module

    def compress(self, data: bytes, mode: int = 0, **options: Any) -> bytes:
        options.setdefault("quality", BROTLI_QUALITY)
        return bytes(self._module.compress(data, mode=mode, **options))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._module, name)


@contextlib.contextmanager
def _brotli_quality() -> Iterator[None]:
    """fontTools' WOFF2 writer compressing at `BROTLI_QUALITY` (it has no setting for it:
    its module's `brotli` is wrapped while the font is saved, and put back after)."""
    from fontTools.ttLib import woff2

    module = getattr(woff2, "brotli", None)
    if module is None:  # fontTools without Brotli: its own error says so
        yield
        return
    woff2.brotli = _Brotli(module)
    try:
        yield
    finally:
        woff2.brotli = module


def _fix_math_table(font: Any) -> None:
    _fix_connectors(font)
    _borrow_variants(font)


def _borrow_variants(font: Any) -> None:
    """Give `˜` and `ˇ` the horizontal size variants of their combining forms: MathML
    Core stretches the spacing characters, STIX Two Math has variants for the others."""
    from fontTools.ttLib.tables import otTables

    variants = font["MATH"].table.MathVariants
    if variants is None or variants.HorizGlyphCoverage is None:
        return
    cmap = font.getBestCmap()
    order = {name: i for i, name in enumerate(font.getGlyphOrder())}
    coverage = list(variants.HorizGlyphCoverage.glyphs)
    constructions = list(variants.HorizGlyphConstruction)
    by_glyph = dict(zip(coverage, constructions, strict=True))
    for spacing, combining in _BORROWED.items():
        target, source = cmap.get(ord(spacing)), cmap.get(ord(combining))
        if target is None or source not in by_glyph or target in by_glyph:
            continue
        borrowed = otTables.MathGlyphConstruction()
        borrowed.GlyphAssembly = by_glyph[source].GlyphAssembly
        records = by_glyph[source].MathGlyphVariantRecord[1:]  # not the zero-width base
        first = otTables.MathGlyphVariantRecord()
        first.VariantGlyph = target
        first.AdvanceMeasurement = font["hmtx"][target][0]
        borrowed.MathGlyphVariantRecord = [first, *records]
        borrowed.VariantCount = len(borrowed.MathGlyphVariantRecord)
        by_glyph[target] = borrowed
    glyphs = sorted(by_glyph, key=order.__getitem__)
    variants.HorizGlyphCoverage.glyphs = glyphs
    variants.HorizGlyphConstruction = [by_glyph[g] for g in glyphs]
    variants.HorizGlyphCount = len(glyphs)


def _fix_connectors(font: Any) -> None:
    """Glyph assemblies Chromium can build. In STIX Two Math the arrowhead that ends
    `→` and `↦` has its connector on the wrong side (start 0, end 200), so the two
    parts cannot overlap and `\\xrightarrow` stays one short arrow: an end part with
    too short a start connector, or a first part with too short an end connector, gets
    its lengths swapped."""
    table = font["MATH"].table
    variants = table.MathVariants
    if variants is None:
        return
    overlap = variants.MinConnectorOverlap
    for constructions in (variants.HorizGlyphConstruction, variants.VertGlyphConstruction):
        for construction in constructions or ():
            assembly = construction.GlyphAssembly
            parts = assembly.PartRecords if assembly is not None else []
            if len(parts) < 2:
                continue
            for part, neighbour_side in ((parts[0], "End"), (parts[-1], "Start")):
                other = "Start" if neighbour_side == "End" else "End"
                inner = getattr(part, neighbour_side + "ConnectorLength")
                outer = getattr(part, other + "ConnectorLength")
                if inner < overlap <= outer and not part.PartFlags & 1:
                    setattr(part, neighbour_side + "ConnectorLength", outer)
                    setattr(part, other + "ConnectorLength", inner)


def math_font_key(chars: str) -> str:
    """Identifies the subset `math_font(chars)` makes (the same key, the same bytes)."""
    chars = "".join(sorted(set(chars) | set(_BASE)))
    return hashlib.sha256((str(font_source().stat().st_size) + chars + "unhinted "
                           + f"connectors borrowed brotli-quality={BROTLI_QUALITY} "
                           + _tools()).encode()).hexdigest()[:20]


@functools.cache
def _tools() -> str:
    """The versions of what makes the subset, the font's own package first (a new ziamath
    may bring another release of the font; looking them up takes milliseconds)."""
    return " ".join(f"{name}={_version(name)}"
                    for name in ("ziamath", "uharfbuzz", "fonttools", "brotli", "brotlicffi"))


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "-"


def _cached_path(chars: str, cache_dir: Path | None) -> Path | None:
    return cache_dir / f"math-{math_font_key(chars)}.woff2" if cache_dir else None


def cached_math_font(chars: str, cache_dir: Path | None) -> bytes | None:
    """The subset from the disk cache, if it is there."""
    return _read(_cached_path(chars, cache_dir))


def _read(path: Path | None) -> bytes | None:
    try:
        return path.read_bytes() if path is not None else None
    except OSError:
        return None


def math_font(chars: str, cache_dir: Path | None = None) -> bytes:
    """WOFF2 bytes of the math font subset to `chars` and a stable base set (from the
    disk cache when there)."""
    cached = _cached_path(chars, cache_dir)
    found = _read(cached)
    if found is not None:
        return found
    data = _subset("".join(sorted(set(chars) | set(_BASE))))
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(data)
            keep_newest(cached.parent, "math-*.woff2", KEPT_SUBSETS, cached)
        except OSError:
            pass  # a read-only site still builds, only slower
    return data


KEPT_SUBSETS = 4
"""Subsets kept in the cache folder: each new formula character makes a new one."""
