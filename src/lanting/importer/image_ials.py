"""kramdown attribute lists after an image (`![a](x.png){: width="300" }`), as Jekyll
posts write them: several in a row (`{: w="200" }{: .shadow }`, kramdown joined them)
become one, which Lanting reads; on a Chirpy site the theme's classes become what they
showed — `.left` and `.right` float the image, `.normal` sets it at the left instead of
centred, Bootstrap's `.w-75` is a width of 75% — and the purely cosmetic ones
(`.shadow`, `.border`, `.rounded-10`, the `lqip` placeholder shown while the image
loads) are dropped. Another class is kept (Lanting writes it on the image) and
reported: the new theme gives it no look. A class written as a pair, `{:class="x"}`,
is written `.x`."""

from __future__ import annotations

import re
from collections.abc import Callable

_IMAGE_IALS = re.compile(r"(!\[[^\]\n]*\]\([^()\n]*\))((?:[ \t]*\{:(?!:)[^{}\n]*\})+)")
_IAL = re.compile(r"\{:(?!:)[ \t]*([^{}\n]*?)[ \t]*\}")
_ITEM = re.compile(r"""\.[^\s#.=}"']+|[^\s"'=]+=(?:"[^"]*"|'[^']*'|\S+)|\S+""")
_PLACES = {"left": "align=left", "right": "align=right", "normal": 'fig-align="left"'}
"""Chirpy's image positions, as Lanting writes them (its default, centred, needs none)."""
_WIDTH = re.compile(r"w-(25|50|75|100)")
"""Bootstrap's width classes, which Chirpy's posts put on images (`.w-75`)."""
_COSMETIC = re.compile(r"shadow|border|rounded(?:-\d+)?|lqip=.*")
"""Chirpy's looks of an image that change nothing of what it shows."""
_SCHEMES = frozenset({"light", "dark"})
"""Chirpy's images of one colour scheme (`.light`, `.dark`), converted later."""

Warn = Callable[[str, str], None]
"""(the construct as written, message) -> None: a warning at the construct's line."""


_UNQUOTED = re.compile(r"[\w-]+=(?![\"'])")
"""A pair whose value has no quotes (`{:w=300, h=300}`): kramdown reads a pair only with
its value quoted and ignored it, so the old page showed the image at its own size."""


def image_attribute_lists(text: str, chirpy: bool, warn: Warn) -> tuple[str, int, int]:
    """The attribute lists after each image of `text` as one, Chirpy's classes made
    Lanting's (`chirpy`), pairs kramdown ignored left out. Returns (text, images
    changed, pairs left out)."""
    count = ignored = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count, ignored
        lists = _IAL.findall(match.group(2))
        items = [item for written in lists for item in _ITEM.findall(written)]
        read = [made for item in items if not _UNQUOTED.match(item)
                for made in _classes(item)]
        ignored += len([item for item in items if _UNQUOTED.match(item)])
        kept = [made for item in read
                if (made := _chirpy_item(item, match.group(), warn) if chirpy else item)]
        if kept == items and len(lists) == 1:
            return match.group()
        count += 1
        return match.group(1) + ("{: " + " ".join(kept) + " }" if kept else "")

    return _IMAGE_IALS.sub(one, text), count, ignored


_CLASS_PAIR = re.compile(r"""class=(["'])([^"']*)\1""")


def _classes(item: str) -> list[str]:
    """`class="img-responsive"` as kramdown read it, a class of the image: as `.name`
    (Lanting reads classes so, not as a pair, and warned that it used none)."""
    pair = _CLASS_PAIR.fullmatch(item)
    return ["." + name for name in pair.group(2).split()] if pair else [item]


def _chirpy_item(item: str, written: str, warn: Warn) -> str:
    """One item of an image's attribute list on a Chirpy site, as Lanting writes it ("":
    dropped)."""
    name = item[1:] if item.startswith(".") else ""
    if name in _PLACES:
        return _PLACES[name]
    if width := _WIDTH.fullmatch(name):  # (Bootstrap's `.w-75`: 75% of the text's width)
        return f"width={width.group(1)}%"
    if _COSMETIC.fullmatch(name or item):
        return ""
    if name and name not in _SCHEMES:
        warn(written, f"the image's class `.{name}` is kept, but the new theme gives it "
             "no look: style it in `[theme] custom_css`, or remove it")
    return item
