"""A Jekyll site's posts in a markup other than Markdown, which its plugins converted:
Org (jekyll-org, with org-ruby: its front matter the file's `#+TITLE:`, `#+LAYOUT:`,
`#+TAGS:` keywords, or a YAML block) and Textile (jekyll-textile-converter). Each is
converted to Lanting Markdown with Pandoc, as the Hugo importer's pages in other markups
are (`markups`); the file name still gives the post's date."""

from __future__ import annotations

import csv
import json
import re
from functools import lru_cache
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.markups import Converted, convert, dollars_as_parens, org_front_matter
from lanting.importer.text import split_front_matter

OTHER_POSTS = {".org": "org", ".textile": "textile"}
"""The suffixes of a post in another markup, and Pandoc's reader of each."""

_KRAMDOWN_MATH = "-tex_math_dollars+tex_math_double_backslash"
"""Formulas written `\\\\(x\\\\)` and `\\\\[x\\\\]`, which the kramdown body conversion reads as
math on every site (a `$x$` is math there only where the site's MathJax said so); an
Org post's `$x$` and `\\(x\\)` are Org's formulas."""
_LISTS = re.compile(r"^[ \t]*#\+(tags|categories):[ \t]*(.*?)[ \t]*$",
                    re.IGNORECASE | re.MULTILINE)
"""jekyll-org's keywords of a list: words split at spaces, `"with spaces"` one word."""


def is_markup_post(path: Path) -> bool:
    return path.suffix.lower() in OTHER_POSTS


def markup_post(path: Path) -> Converted:
    """The post `path` as a Markdown post with YAML front matter, and what Pandoc said
    of it; an OSError says why it cannot be (no Pandoc)."""
    return _markup_post(path.suffix.lower(), read_text(path), path.parent)


@lru_cache(maxsize=256)
def _markup_post(suffix: str, text: str, folder: Path) -> Converted:
    fmt, head, body, first = split_front_matter(text)
    head = head if fmt == "yaml" else ""
    if suffix == ".org":
        keywords = org_keywords(body)
        written = {line.split(":", 1)[0].strip() for line in head.splitlines()
                   if line[:1] not in " \t-#" and ":" in line}
        # (jekyll-org showed an Org post's Liquid as written unless `#+liquid:` was set)
        if "liquid" not in keywords and "render_with_liquid" not in written:
            keywords["render_with_liquid"] = False
        head += "".join(f"\n{key}: {json.dumps(value, ensure_ascii=False)}"
                        for key, value in keywords.items() if key not in written)
        body = dollars_as_parens(body)
    converted = convert(body, OTHER_POSTS[suffix], folder, first - 1, _KRAMDOWN_MATH)
    return Converted(f"---\n{head.strip(chr(10))}\n---\n\n{converted.text}",
                     converted.warnings)


def org_keywords(text: str) -> dict[str, object]:
    """The front matter jekyll-org read from an Org post's keywords (org-ruby's in-buffer
    settings, the key in lower case): as Hugo reads them (`markups.org_front_matter`),
    but `#+TAGS:` and `#+CATEGORIES:` split as jekyll-org split them, at spaces with a
    quoted word kept whole (`#+TAGS: jekyll "org mode"`)."""
    found: dict[str, object] = dict(org_front_matter(text))
    for match in _LISTS.finditer(text):
        words = next(csv.reader([match.group(2)], delimiter=" ", skipinitialspace=True), [])
        found[match.group(1).lower()] = [w for w in words if w]
    return found


def post_text(path: Path) -> str:
    """The text of the post `path`, as Markdown whatever its markup (as written when it
    cannot be converted: `unconverted` has said why)."""
    if not is_markup_post(path):
        return read_text(path)
    try:
        return markup_post(path).text
    except OSError:
        return read_text(path)
