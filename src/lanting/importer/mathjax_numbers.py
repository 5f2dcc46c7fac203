"""Which display formulas a site's MathJax numbered. MathJax 3's `tex: {tags: 'all'}`
and MathJax 2's `TeX: {equationNumbers: {autoNumber: "all"}}` number every display
formula, a plain `$$x$$` too: Lanting's `[markdown] equation_numbers = "all"`. (`ams`,
amsmath's environments only, is Lanting's way already.)"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.jekyll_math import active, math_setups, own_math_setup
from lanting.importer.liquid import Context
from lanting.importer.report import Report

_NUMBERING = re.compile(r"""\b(?:tags|autoNumber)\s*:\s*(['"])(all|ams|AMS|none)\1""")
"""MathJax 3's `tags: 'all'`, MathJax 2's `autoNumber: "all"` (and the other values)."""
_MATHJAX = re.compile(r"mathjax", re.IGNORECASE)


def setup_numbering(text: str) -> str | None:
    """What the MathJax setup in `text` (a template or a script) numbers: `all`, `ams`
    or `none`, as its last `tags` or `autoNumber` not commented out (`// tags: 'all'`)
    says; None if it says nothing,
    or is no MathJax setup (a script's own `tags: 'all'`, a filter, is not one)."""
    if not _MATHJAX.search(text):
        return None
    found = _NUMBERING.findall(active(text))
    return found[-1][1].lower() if found else None


def own_numbering(scripts: str, front: dict[str, Any], site_all: bool) -> str | None:
    """A post's own MathJax setup (`scripts`, removed from its text) numbering its
    display formulas otherwise than the site's (`site_all`: `tags: 'all'`): the post's
    `equation_numbers` in `front`, which is returned (None if it says nothing else)."""
    numbering = setup_numbering(scripts)
    if numbering in ("all", "ams") and (numbering == "all") != site_all:
        front["equation_numbers"] = numbering
        return numbering
    return None


def own_setup(text: str, front: dict[str, Any], site_all: bool, ctx: Context) -> str:
    """`text` without a post's own MathJax or KaTeX scripts (a Hugo post's `<script>`
    loading MathJax from a CDN stayed, and ran over Lanting's formulas), their numbering
    the post's `equation_numbers` where it is not the site's."""
    text, _dollars, count, scripts = own_math_setup(text)
    ctx.convert("a post's own MathJax or KaTeX scripts removed (Lanting draws its "
                "formulas)", count)
    if numbering := own_numbering(scripts, front, site_all):
        ctx.convert(f"a post's own MathJax numbering (`tags: '{numbering}'`) as "
                    f"`equation_numbers: {numbering}`")
    return text


@functools.lru_cache(maxsize=16)
def numbers_every_display(source: Path, folders: tuple[str, ...]) -> bool:
    """Whether the site's MathJax setup, in its `folders` of templates and scripts,
    numbers every display formula (`tags: 'all'`)."""
    return any(setup_numbering(read_text(path)) == "all"
               for path in math_setups(source, folders))


def numbering_setting(source: Path, folders: tuple[str, ...], markdown: dict[str, Any],
                      report: Report) -> str:
    """`equation_numbers = "all"` in the new site's `[markdown]` table when the old
    site's MathJax, in its `folders`, numbered every display formula; the words the
    table's comment gets for it ("" if not)."""
    if not numbers_every_display(source, folders):
        return ""
    markdown["equation_numbers"] = "all"
    report.convert("MathJax's numbering of every display formula (`tags: 'all'`) as "
                   "`equation_numbers = \"all\"`")
    return "; every display formula numbered, as the old MathJax's `tags: 'all'` did"
