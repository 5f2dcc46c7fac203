"""The math web font subset (mathfont.py): what a browser needs to lay out the formulas."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

import lanting.render.mathfont
from lanting.errors import LantingError
from lanting.markdown.math_formula import math_characters
from lanting.render.mathfont import _BASE, _subset, math_font, math_font_key


def _font(data: bytes) -> TTFont:
    return TTFont(io.BytesIO(data))


@pytest.fixture(scope="module")
def subset() -> TTFont:
    return _font(_subset.__wrapped__("".join(sorted(set(_BASE) | set("𝔼ℒ⊤")))))


def test_the_subset_is_an_unhinted_woff2_with_a_math_table(subset: TTFont) -> None:
    assert subset.flavor == "woff2"
    assert {"MATH", "GSUB", "cmap", "glyf"} <= set(subset.keys())
    assert not {"fpgm", "prep", "cvt "} & set(subset.keys())  # hinting dropped


def test_it_maps_the_requested_characters_and_no_others(subset: TTFont) -> None:
    cmap = subset.getBestCmap()
    for char in "𝔼ℒ⊤" + _BASE:
        assert ord(char) in cmap, char
    assert ord("ℵ") not in cmap  # in STIX Two Math, but not asked for
    assert len(subset.getGlyphOrder()) < 1500  # the whole font has over 6,000


def test_stretchy_delimiters_keep_their_size_variants_and_parts(subset: TTFont) -> None:
    variants = subset["MATH"].table.MathVariants
    brace = subset.getBestCmap()[ord("{")]
    covered = variants.VertGlyphCoverage.glyphs
    assert brace in covered
    construction = variants.VertGlyphConstruction[covered.index(brace)]
    glyphs = set(subset.getGlyphOrder())
    sizes = [record.VariantGlyph for record in construction.MathGlyphVariantRecord]
    assert len(sizes) > 2 and set(sizes) <= glyphs  # bigger braces for taller rows
    parts = [part.glyph for part in construction.GlyphAssembly.PartRecords]
    assert parts and set(parts) <= glyphs  # and the pieces of an arbitrarily tall one


def test_the_script_style_feature_is_kept(subset: TTFont) -> None:
    features = {record.FeatureTag for record in subset["GSUB"].table.FeatureList.FeatureRecord}
    assert "ssty" in features  # smaller glyph forms for superscripts


def test_the_same_characters_give_the_same_bytes() -> None:
    chars = "".join(sorted(set(_BASE) | set("ℏ")))
    assert _subset.__wrapped__(chars) == _subset.__wrapped__(chars)


def test_the_woff2_is_compressed_below_the_top_quality_and_holds_the_same_font(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Brotli at quality 10 rather than fontTools' 11: only the compression differs, the
    font inside is the same table for table; fontTools' module is as it was after."""
    from fontTools.ttLib import woff2

    module = woff2.brotli
    qualities: list[int] = []
    real_compress = module.compress

    def compress(data: bytes, mode: int = 0, quality: int = 11, **options: int) -> bytes:
        qualities.append(quality)
        return bytes(real_compress(data, mode=mode, quality=quality, **options))

    monkeypatch.setattr(module, "compress", compress)
    chars = "".join(sorted(set(_BASE) | set("ℏ")))
    ours = _subset.__wrapped__(chars)
    assert qualities and set(qualities) == {lanting.render.mathfont.BROTLI_QUALITY} == {10}
    assert woff2.brotli is module
    monkeypatch.setattr(lanting.render.mathfont, "BROTLI_QUALITY", 11)
    top = _subset.__wrapped__(chars)
    assert qualities[-1] == 11
    assert len(top) <= len(ours) < len(top) * 1.02

    def inside(data: bytes) -> bytes:
        sfnt = io.BytesIO()
        woff2.decompress(io.BytesIO(data), sfnt)
        return sfnt.getvalue()

    assert inside(ours) == inside(top)


def test_the_key_names_the_compression() -> None:
    """A subset cached by a Lanting that compressed otherwise is not taken for this one's
    (a cached build gives the bytes a clean one does)."""
    before = math_font_key("ℏ")
    mathfont = lanting.render.mathfont
    quality = mathfont.BROTLI_QUALITY
    try:
        mathfont.BROTLI_QUALITY = quality + 1
        assert math_font_key("ℏ") != before
    finally:
        mathfont.BROTLI_QUALITY = quality


def test_the_key_names_the_fonts_package(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new ziamath may carry another release of the font, even one of the same size."""
    mathfont = lanting.render.mathfont
    before = math_font_key("ℏ")
    real = mathfont._version
    monkeypatch.setattr(mathfont, "_version",
                        lambda name: "999" if name == "ziamath" else real(name))
    mathfont._tools.cache_clear()
    try:
        assert math_font_key("ℏ") != before
    finally:
        mathfont._tools.cache_clear()


def test_subsets_are_cached_on_disk_by_their_characters(tmp_path: Path) -> None:
    first = math_font("ℏ", tmp_path)
    (cached,) = tmp_path.glob("math-*.woff2")
    assert cached.read_bytes() == first
    assert cached.name == f"math-{math_font_key('ℏ')}.woff2"
    assert math_font_key("ℏ") == math_font_key("ℏℏ" + _BASE[:10])  # the same set
    assert math_font_key("ℏ") != math_font_key("ℵ")
    cached.write_bytes(b"from the cache")
    assert math_font("ℏ", tmp_path) == b"from the cache"


def test_math_characters_reads_only_formulas() -> None:
    page = ('<p>文字 x</p><math display="block"><mi>α</mi><mo>&lt;</mo><mi>β</mi></math>'
            '<mathx>ℵ</mathx>')
    assert math_characters([page]) == "<αβ"


def test_a_font_harfbuzz_cannot_read_is_an_error_naming_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "STIXTwoMath-Regular.ttf"
    broken.write_bytes(b"not a font")
    monkeypatch.setattr(lanting.render.mathfont, "font_source", lambda: broken)
    with pytest.raises(LantingError) as caught:
        _subset.__wrapped__(_BASE)
    (problem,) = caught.value.problems
    assert problem.path == broken and "reinstall" in (problem.hint or "")
