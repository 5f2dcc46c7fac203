"""Responsive images: WebP variants of the raster images in page bundles
(`content/posts/<slug>/index.md` with `diagram.png` beside it), offered to browsers with
`<picture><source srcset>` so a phone downloads a small file and a wide screen a sharp one.

Variants are written beside the original (`diagram-800w.webp`), are never wider than it,
and are kept in `SITE/.lanting/images/`, named by a digest of the image's bytes and the
width, so a build only encodes images it has not seen.
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import posixpath
import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from lanting.content.discover import FileReader
from lanting.content.image_sizes import png_as_browsers_read
from lanting.errors import LantingError
from lanting.model.content import Asset
from lanting.model.output import OutputFile
from lanting.model.site import Routes

if TYPE_CHECKING:
    import PIL.Image

WIDTHS = (480, 800, 1200, 1600)
"""Variant widths in pixels; 1600 covers the text column on a 2× screen."""
QUALITY = 80
LOSSLESS_MAX_COLOURS = 4096
"""A PNG variant is also tried lossless only when it has at most this many colours:
lossless won only on few-colour diagrams (11 to ~2,800 colours) across 74 screenshots,
plots and diagrams of real blogs, and trying it on the others cost ~6 times the lossy
encoding for nothing. It is tried only on the variant of the image's own width: resized
(Lanczos smooths every edge), lossless was the smaller on none of 70 variants of real
plots and diagrams, and trying it was over half of their encoding time."""
LOSSLESS_RESIZED = False
"""Whether a resized variant tries lossless too (the earlier rule, which
`benchmarks/image_variants.py --compare resized` measures beside this one)."""
VARIANT_POLICY = f"c{LOSSLESS_MAX_COLOURS}r3own"
"""Part of a cached variant's name: variants chosen by another rule are not taken."""
SOURCES = (".png", ".jpg", ".jpeg", ".webp")
"""Formats that get variants (not GIF: it may be animated; not SVG: it scales itself)."""
SIZES = ("(min-width: 65rem) 57.5rem, (min-width: 52rem) calc(100vw - 7.5rem), "
         "(min-width: 44rem) 41.5rem, calc(100vw - 2.5rem)")
"""How wide an image of the text column can be shown: the column (style.css: `.wrap`),
and a figure grows into the margins by --bleed, up to 8rem each side."""


@dataclass(frozen=True, slots=True)
class Variant:
    url: str
    width: int


@dataclass(frozen=True, slots=True)
class ResponsiveImages:
    variants: dict[str, tuple[Variant, ...]]
    """URL of an original image (as pages link it) -> its WebP variants, narrowest first."""
    files: tuple[OutputFile, ...]

    def rewrite(self, html: str) -> str:
        """Wrap each `<img>` of an image with variants in a `<picture>` offering them."""
        if not self.variants or "<img" not in html:
            return html
        return _IMG.sub(lambda m: self._picture(m, html), html)

    def _picture(self, match: re.Match[str], html: str) -> str:
        variants = self.variants.get(match.group(1))
        start = match.start()
        if not variants or html.rfind("<picture", 0, start) > html.rfind("</picture>", 0, start):
            return match.group(0)  # no variants, or already inside a <picture> of raw HTML
        srcset = ", ".join(f"{v.url} {v.width}w" for v in variants)
        return (f'<picture><source type="image/webp" srcset="{srcset}" sizes="{SIZES}">'
                f"{match.group(0)}</picture>")


_IMG = re.compile(r'<img\s[^>]*?\bsrc="([^"]+)"[^>]*>')


WEBP_MAX_SIDE = 16383
"""The most pixels a WebP image has a side: libwebp cannot encode a taller variant."""


def variant_widths(width: int, height: int = 0) -> tuple[int, ...]:
    """The widths to offer for an image `width` by `height` pixels: the standard ones
    below its width, and its own width when it is not wider than the widest standard
    one; none whose variant would be taller than WebP allows (a notebook's plot of
    many panels, 862 by 23,149 pixels: its original is served as it is)."""
    smaller = tuple(w for w in WIDTHS if w < width)
    widths = smaller + ((width,) if width <= WIDTHS[-1] else ())
    return tuple(w for w in widths if round(height * w / width) <= WEBP_MAX_SIDE)


@functools.cache
def encoder() -> str:
    """Which Pillow and libwebp encode the variants: another may write other bytes for the
    same image, so a variant cached by one is not taken by a build with the other."""
    from PIL import __version__ as pillow
    from PIL import features

    return hashlib.blake2b(f"{pillow} {features.version('webp')}".encode(),
                           digest_size=4).hexdigest()


@dataclass(frozen=True, slots=True)
class _Decoded:
    """An image file decoded (as RGB or RGBA, EXIF-turned) for variants of some widths."""
    key: tuple[str, tuple[int, int], str]
    image: PIL.Image.Image
    lossless: bool
    icc: bytes | None


_last_decoded: list[_Decoded] = []
"""The image this process decoded last: its variants of other widths are made one after
another (the same worker takes them, as neighbouring tasks) and each decoded the file
again, a third of the cost of a PNG's variants."""
MEMO_MAX_PIXELS = 40_000_000
"""A decoded image bigger than this is not kept between its variants (memory)."""


def _decode(data: bytes, width: int) -> _Decoded:
    from PIL import Image, ImageOps  # imported here: sites without images do not pay for it

    with warnings.catch_warnings():
        # (a site's own big diagram, a 120-megapixel draw.io export, is no attack: Pillow's
        # warning about it was printed raw on the terminal, without the file's name)
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        with Image.open(io.BytesIO(png_as_browsers_read(data) or data)) as opened:
            # A JPEG decoded at 1/2, 1/4 or 1/8 of its size by libjpeg when that is still
            # at least `width` wide and high (whichever way EXIF turns it): a camera's
            # photo was decoded whole for a 480-pixel variant. The scale it chose is part
            # of the key: a variant's bytes never depend on which width came first.
            opened.draft("RGB", (width, width))
            key = (hashlib.blake2b(data, digest_size=16).hexdigest(), opened.size, opened.mode)
            if _last_decoded and _last_decoded[0].key == key:
                return _last_decoded[0]
            image = ImageOps.exif_transpose(opened)
            lossless, icc = opened.format == "PNG", opened.info.get("icc_profile")
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if "A" in image.getbands() or "transparency" in image.info
                              else "RGB")
    decoded = _Decoded(key, image, lossless, icc)
    _last_decoded[:] = [decoded] if key[1][0] * key[1][1] <= MEMO_MAX_PIXELS else []
    return decoded


def encode_variant(data: bytes, width: int) -> bytes:
    """`data` (an image file) resized to `width` pixels and encoded as WebP: lossy, or
    lossless when the source is a PNG of few colours shown at its own width and that is
    smaller."""
    from PIL import Image

    decoded = _decode(data, width)
    image, icc = decoded.image, decoded.icc
    lossless = decoded.lossless and (width == image.width or LOSSLESS_RESIZED)
    if width >= min(image.width, WIDTHS[-1]):
        # the widest variant, made last (`responsive_images` lists the widths narrowest
        # first): the image is not held on in a long-lived process (`lanting serve`)
        _last_decoded.clear()
    if image.width != width:
        height = max(1, round(image.height * width / image.width))
        # (reducing_gap: a box reduction by an integer factor first, then Lanczos over
        # what is left, as Pillow's docs advise; a plot exported at 8,550 pixels took
        # half a second a variant, most of a blog's first build)
        image = image.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)
    out = io.BytesIO()
    image.save(out, "WEBP", quality=QUALITY, method=4, icc_profile=icc or None)
    if lossless and image.getcolors(maxcolors=LOSSLESS_MAX_COLOURS) is not None:
        # a flat diagram: lossless is often smaller, and always exact
        exact = io.BytesIO()
        image.save(exact, "WEBP", lossless=True, quality=80, method=4, icc_profile=icc or None)
        if exact.tell() < out.tell():
            return exact.getvalue()
    return out.getvalue()


class VariantCache:
    """Encoded variants on disk, by digest of the original's bytes and the width."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def _path(self, data: bytes, width: int) -> Path | None:
        digest = hashlib.blake2b(data, digest_size=16).hexdigest()
        return self.folder / f"{digest}-{width}-q{QUALITY}-{VARIANT_POLICY}-{encoder()}.webp" \
            if self.folder else None

    def cached(self, data: bytes, width: int) -> bytes | None:
        """The variant if an earlier build encoded it."""
        path = self._path(data, width)
        return path.read_bytes() if path is not None and path.is_file() else None

    def get(self, data: bytes, width: int) -> bytes:
        found = self.cached(data, width)
        if found is not None:
            return found
        encoded = encode_variant(data, width)
        path = self._path(data, width)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            # (by the process that encoded it: two builds, or workers, may race)
            temporary = path.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_bytes(encoded)
            temporary.replace(path)
        return encoded


def _variant(cache: VariantCache, data: bytes, width: int, source: Path) -> bytes:
    """A variant not cached yet, encoded (by a worker process on a big build)."""
    try:
        return cache.get(data, width)
    except (OSError, ValueError, SyntaxError) as error:  # Pillow's errors of a bad file
        raise LantingError.at(f"image cannot be read: {error}", source,
                              hint="the file is damaged or not an image: replace it or "
                              "remove it") from None


def _read(path: Path) -> bytes:
    return path.read_bytes()


def responsive_images(assets: Iterable[Asset], routes: Routes, cache_dir: Path | None,
                      reader: FileReader | None = None) -> ResponsiveImages:
    """Variants of every raster image of a page bundle that this build publishes; those
    not cached yet are pending files (`OutputFile.make`), encoded with the pages."""
    cache = VariantCache(cache_dir)
    reader = reader or FileReader()
    taken = set(routes.assets.values())
    made: set[str] = set()
    variants: dict[str, tuple[Variant, ...]] = {}
    files: list[OutputFile] = []
    for asset in sorted(assets, key=lambda a: a.rel.as_posix()):
        rel = asset.rel.as_posix()
        output = routes.assets.get(rel)
        if (asset.bundle is None or asset.size is None or output is None
                or asset.path.suffix.lower() not in SOURCES):
            continue
        data = reader.remembered(asset.path, _read)
        stem = posixpath.splitext(output)[0]
        found = []
        suffix = asset.path.suffix.lower().lstrip(".")
        for width in variant_widths(*asset.size):
            path = f"{stem}-{width}w.webp"
            if path in made:  # `x.jpg`'s variant beside `x.png`: named by its format too
                path = f"{stem}-{suffix}-{width}w.webp"
            if path in taken or path in made:
                continue  # a file of the site already has that name: it wins
            made.add(path)
            encoded = cache.cached(data, width)
            # Encoding is slow (a blog's hundreds of diagrams took minutes): a variant not
            # cached yet is made with the pages, by the worker processes.
            files.append(OutputFile(path, encoded) if encoded is not None else OutputFile(
                path, None, make=functools.partial(_variant, cache, data, width, asset.path)))
            found.append(Variant(quote(routes.url(path)), width))
        if found:
            variants[quote(routes.url(output))] = tuple(found)
    return ResponsiveImages(variants, tuple(files))

