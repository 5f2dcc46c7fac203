"""A page its generator published as HTML, read as Markdown: blogdown's `.html`, the
rendering of an `.Rmd` with the code's outputs in it, which Hugo copied as it is.

Markdown passes such a page's tags on, but an HTML block ends at a blank line, and
R Markdown's `<pre class="r"><code>` holds one wherever the code has one. Its line opened
no block of its own (it followed `</ol>` or a section's `<h2>` on the next line), so
after the blank line the code was Markdown: `## Plot` a heading, `x$a … y$b` a formula
that failed the build. A `<pre>` (or `<script>`, `<style>`, `<textarea>`) holding a
blank line is put aside whole and starts a line after a blank one, where CommonMark's
HTML block runs to its closing tag, blank lines and all.

Its `<script>`s and `<link>`s of R Markdown's HTML dependencies (`/rmarkdown-libs/
header-attrs/header-attrs.js`) name files blogdown wrote at each build, which the
repository seldom keeps: one whose file is not in the site is left out (the build failed
on each, in nearly every post of a blog)."""

from __future__ import annotations

import re
from collections.abc import Callable

from lanting.importer.shelf import Shelf

_RAW = re.compile(r"<(pre|script|style|textarea)(?=[\s>])(?:[^<]|<(?!/\1\s*>))*</\1\s*>",
                  re.IGNORECASE)
"""An element whose text CommonMark's first kind of HTML block keeps, blank lines too."""
_BLANK = re.compile(r"\n[ \t]*\n")


def raw_elements_apart(text: str, shelf: Shelf) -> tuple[str, int]:
    """`text` with each `<pre>`, `<script>`, `<style>` or `<textarea>` that holds a blank
    line put aside on `shelf`, its marker starting a line after a blank line; and how
    many were."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if not _BLANK.search(match.group()):
            return match.group()
        count += 1
        return "\n\n" + shelf.put(match.group())

    out = _RAW.sub(one, text)
    return (out, count) if count else (text, 0)


_LIBRARY = re.compile(r"""<script\s[^>]*?src=["']([^"']*rmarkdown-libs/[^"']+)["'][^>]*>\s*"""
                      r"""</script>[ \t]*\n?|<link\s[^>]*?href=["']([^"']*rmarkdown-libs/"""
                      r"""[^"']+)["'][^>]*>[ \t]*\n?""", re.IGNORECASE)


def missing_libraries(text: str, present: Callable[[str], bool]) -> tuple[str, int]:
    """`text` without the `<script>`s and `<link>`s of `rmarkdown-libs/` whose files are
    not `present` (by their URL); and how many were left out."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if present(match.group(1) or match.group(2)):
            return match.group()
        count += 1
        return ""

    return _LIBRARY.sub(one, text), count
