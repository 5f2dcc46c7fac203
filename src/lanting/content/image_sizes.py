"""The pixel size of an image, read from its header (the pixels are not decoded), so every
`<img>` of a page gets `width` and `height` and the page does not jump as it loads."""

from __future__ import annotations

import io
import re
import struct
import warnings
import zlib
from pathlib import Path

from lanting.model.problem import Problem

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".bmp", ".tif", ".tiff"}


def image_size(path: Path) -> tuple[int, int] | None:
    """Pixel size from the image header (the pixels are not decoded)."""
    if path.suffix.lower() == ".svg":
        try:
            return svg_size(path.read_bytes())
        except OSError:
            return None
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        return None
    from PIL import Image  # imported here: sites without images do not pay for it

    try:
        with warnings.catch_warnings():  # (a big diagram of the site's own: no attack)
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                return image.size
    except (OSError, ValueError, Image.DecompressionBombError):
        try:
            repaired = png_as_browsers_read(path.read_bytes())
        except OSError:
            return None
        return image_bytes_size(repaired) if repaired is not None else None


_SVG_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$")


def svg_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of an SVG from its root element (`width`/`height` in pixels, else
    the `viewBox`), so `<img>` of an SVG gets a size too."""
    head = data[:4096].decode("utf-8", "replace")
    root = re.search(r"<svg\b[^>]*>", head)
    if root is None:
        return None
    attrs = dict(re.findall(r'([\w:-]+)\s*=\s*["\']([^"\']*)["\']', root.group(0)))
    width, height = (_SVG_LENGTH.match(attrs.get(k, "")) for k in ("width", "height"))
    if width and height:
        return round(float(width.group(1))), round(float(height.group(1)))
    box = attrs.get("viewBox", "").replace(",", " ").split()
    if len(box) == 4:
        try:
            w, h = float(box[2]), float(box[3])
        except ValueError:
            return None
        if w > 0 and h > 0:
            return round(w), round(h)
    return None


def image_bytes_size(data: bytes) -> tuple[int, int] | None:
    """Pixel size of an in-memory raster image (a notebook output), or None."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except (OSError, ValueError, Image.DecompressionBombError):
        repaired = png_as_browsers_read(data)
        return image_bytes_size(repaired) if repaired is not None else None


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_as_browsers_read(data: bytes) -> bytes | None:
    """A PNG without its ancillary chunks whose checksum is wrong (a draw.io export's
    `zTXt` holding the diagram, edited after the fact), or None if it has none. Browsers
    (libpng) skip such a chunk and show the image; Pillow refused the whole file."""
    if not data.startswith(_PNG_SIGNATURE):
        return None
    kept, pos, dropped = [_PNG_SIGNATURE], len(_PNG_SIGNATURE), False
    while pos + 12 <= len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        end = pos + 12 + length
        if end > len(data):
            break
        (crc,) = struct.unpack(">I", data[end - 4:end])
        ancillary = data[pos + 4] & 0x20  # (a lower-case first letter: `zTXt`, `tEXt`)
        if ancillary and zlib.crc32(data[pos + 4:end - 4]) != crc:
            dropped = True
        else:
            kept.append(data[pos:end])
        pos = end
    kept.append(data[pos:])
    return b"".join(kept) if dropped else None


_LFS_POINTER = b"version https://git-lfs.github.com/spec/"
"""How a Git LFS pointer file starts: what a checkout without LFS has for each image."""


def unreadable_image(path: Path) -> Problem:
    try:
        with path.open("rb") as file:
            head = file.read(len(_LFS_POINTER))
    except OSError:
        head = b""
    if head == _LFS_POINTER:  # (a real blog's images, cloned without git-lfs)
        return Problem("image is a Git LFS pointer, not the image: this checkout of the "
                       "repository has only the pointer; published as it is", path,
                       severity="warning", hint="run `git lfs install` and `git lfs pull` "
                       "in the repository (in CI, check out with LFS: `actions/checkout` "
                       "with `lfs: true`)")
    return Problem("image cannot be read (damaged, empty, or not the format its name says); "
                   "published as it is", path, severity="warning",
                   hint="open it in an image viewer and save it again")
