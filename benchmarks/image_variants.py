#!/usr/bin/env python3
"""What the WebP variants of a site's images cost, two ways of making them side by side.

`--compare lossless` (the default) encodes the variant of every PNG under the given
folders at the image's own width (the one variant that tries lossless; images wider than
the widest variant are skipped) two ways, each image alternately:

- `as built`: lossless is tried only for images of at most `LOSSLESS_MAX_COLOURS`
  colours (what `lanting build` does);
- `always tried`: lossless is tried for every PNG, and the smaller kept (the earlier rule).

`--compare resized` encodes every variant width of every PNG, narrowest first, two ways,
each image alternately: `as built` (lossless tried only at the image's own width) and
`every width` (tried for every width, the earlier rule).

`--compare decode` encodes every variant width of every PNG and JPEG, narrowest first as
a build does, two ways, each image alternately: `as built` (the image decoded once for
its widths) and `decoded per width` (the earlier way).

Prints, per way, the total encoding time and the total bytes of the variants, and the
images where the two ways gave different bytes. Asserts nothing.

    python3 benchmarks/image_variants.py [--compare resized|decode] SITE/content [MORE...]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from lanting.site import images


def encode(data: bytes, width: int, max_colours: int) -> tuple[float, int]:
    """Seconds and bytes of one variant encoded with lossless tried up to `max_colours`."""
    kept = images.LOSSLESS_MAX_COLOURS
    images.LOSSLESS_MAX_COLOURS = max_colours
    try:
        start = time.perf_counter()
        size = len(images.encode_variant(data, width))
        return time.perf_counter() - start, size
    finally:
        images.LOSSLESS_MAX_COLOURS = kept


def encode_widths(data: bytes, widths: tuple[int, ...], memo_pixels: int) -> tuple[float, int]:
    """Seconds and bytes of an image's variants of `widths`, the decoded image kept
    between them up to `memo_pixels`."""
    kept = images.MEMO_MAX_PIXELS
    images.MEMO_MAX_PIXELS = memo_pixels
    try:
        start = time.perf_counter()
        size = sum(len(images.encode_variant(data, width)) for width in widths)
        return time.perf_counter() - start, size
    finally:
        images.MEMO_MAX_PIXELS = kept


def encode_resized(data: bytes, widths: tuple[int, ...], resized: bool) -> tuple[float, int]:
    """Seconds and bytes of an image's variants of `widths`, lossless tried at every
    width (`resized`) or only at the image's own."""
    kept = images.LOSSLESS_RESIZED
    images.LOSSLESS_RESIZED = resized
    try:
        return encode_widths(data, widths, images.MEMO_MAX_PIXELS)
    finally:
        images.LOSSLESS_RESIZED = kept


Way = Callable[[bytes, tuple[int, ...]], tuple[float, int]]
"""Makes an image's variants of some widths one way: seconds and bytes."""


def compare_ways(folders: list[Path], suffixes: tuple[str, ...], ways: dict[str, Way],
                 what: str) -> None:
    """Every variant width of every image with one of `suffixes`, narrowest first as a
    build makes them, each way in turn for each image (so load falls on both alike)."""
    from PIL import Image, ImageOps

    files = sorted({path for folder in folders for path in folder.rglob("*")
                    if path.suffix.lower() in suffixes})
    totals = {way: [0.0, 0] for way in ways}
    differing, variants = [], 0
    for path in files:
        data = path.read_bytes()
        with Image.open(path) as opened:
            widths = images.variant_widths(*ImageOps.exif_transpose(opened).size)
        variants += len(widths)
        sizes = {}
        for way, make in ways.items():
            seconds, size = make(data, widths)
            totals[way][0] += seconds
            totals[way][1] += size
            sizes[way] = size
        if len(set(sizes.values())) > 1:
            differing.append(f"  {path}: {sizes}")
    print(f"{len(files)} {what} images, {variants} variants")
    pad = max(len(way) for way in ways)
    for way, (seconds, size) in totals.items():
        print(f"{way:>{pad}}: {seconds:6.2f} s, {size / 1024:,.0f} KiB")
    print(f"{len(differing)} images encoded differently" + (":" if differing else ""))
    print("\n".join(differing))


def compare_resized(folders: list[Path]) -> None:
    compare_ways(folders, (".png",), {
        "as built": partial(encode_resized, resized=False),
        "every width": partial(encode_resized, resized=True)}, "PNG")


def compare_decoding(folders: list[Path]) -> None:
    compare_ways(folders, (".png", ".jpg", ".jpeg"), {
        "as built": partial(encode_widths, memo_pixels=images.MEMO_MAX_PIXELS),
        "decoded per width": partial(encode_widths, memo_pixels=0)}, "PNG and JPEG")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", choices=("lossless", "resized", "decode"),
                        default="lossless")
    parser.add_argument("folders", nargs="+", type=Path)
    arguments = parser.parse_args()
    folders = arguments.folders
    if arguments.compare != "lossless":
        (compare_decoding if arguments.compare == "decode" else compare_resized)(folders)
        return
    from PIL import Image

    pngs = sorted({path for folder in folders for path in folder.rglob("*")
                   if path.suffix.lower() == ".png"})
    totals = {"as built": [0.0, 0], "always tried": [0.0, 0]}
    differing = []
    for path in pngs:
        data = path.read_bytes()
        with Image.open(path) as opened:
            width = opened.width
            every_pixel = opened.width * opened.height  # (as many colours as can be)
        if width not in images.variant_widths(*opened.size):
            continue  # (wider than the widest variant: no variant of its own width)
        rules = {"as built": images.LOSSLESS_MAX_COLOURS, "always tried": every_pixel}
        sizes = {}
        for rule, max_colours in rules.items():
            seconds, size = encode(data, width, max_colours)
            totals[rule][0] += seconds
            totals[rule][1] += size
            sizes[rule] = size
        if sizes["as built"] != sizes["always tried"]:
            differing.append(f"  {path}: {sizes['as built']:,} B as built, "
                             f"{sizes['always tried']:,} B always tried")
    print(f"{len(pngs)} PNG images, variants of their own width (wider ones skipped)")
    for rule, (seconds, size) in totals.items():
        print(f"{rule:>13}: {seconds:6.2f} s, {size / 1024:,.0f} KiB")
    print(f"{len(differing)} images encoded differently" + (":" if differing else ""))
    print("\n".join(differing))


if __name__ == "__main__":
    main()
