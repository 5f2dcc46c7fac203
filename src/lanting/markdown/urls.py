"""Which URLs may appear in a page: no `javascript:`, `vbscript:`, `file:` or non-image
`data:` link, however it is spelt. Markdown is written by a trusted author, but pasted
text, copied snippets and a copied `papers.bib` are not: a link must never run script.
The Markdown plugins (`validate_link`), the config and front-matter schema
(`model.config.Url`) and the BibTeX reader all ask `unsafe_url_reason`, so they agree.
"""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

UNSAFE_SCHEMES = frozenset({"javascript", "vbscript", "file", "data"})
"""Schemes a link or image may not use (browsers run or read local things with them)."""

_SAFE_DATA = re.compile(r"^data:image/(gif|png|jpeg|webp);", re.IGNORECASE)
"""Inline raster images are harmless (SVG is not: it can carry script)."""

# Browsers drop ASCII tab and newline anywhere in a URL and C0 controls and spaces at
# its ends, so `java\tscript:` is `javascript:`. Removing every such character (and
# the invisible format characters people paste) before reading the scheme is stricter
# than any browser, which is the safe direction.
_IGNORED = re.compile(r"[\x00-\x20\x7f-\x9f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]")
_SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):")


def url_scheme(url: str) -> str | None:
    """The scheme a browser would see in `url`, lower-cased, or None for a relative URL.

    HTML entities and percent-encoding are undone (repeatedly: `&amp;#106;` is two
    layers) before whitespace and control characters are dropped.
    """
    text = url
    for _ in range(4):
        decoded = unquote(html.unescape(text))
        if decoded == text:
            break
        text = decoded
    match = _SCHEME.match(_IGNORED.sub("", text).lower())
    return match.group(1) if match else None


def is_safe_url(url: str) -> bool:
    """False for `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs."""
    scheme = url_scheme(url)
    if scheme not in UNSAFE_SCHEMES:
        return True
    if scheme == "data":
        return bool(_SAFE_DATA.match(_IGNORED.sub("", unquote(html.unescape(url)))))
    return False


URL_HINT = ("use an https:// address, a path of the site such as /files/paper.pdf, or a "
            "file beside the page")


def unsafe_url_reason(url: str) -> str | None:
    """Why `url`, taken from the site's input (config, front matter, BibTeX), may not
    appear in a page; None when it may. The one gate for every such URL: the model is
    built only from URLs that passed it, so no template has to think about schemes."""
    if is_safe_url(url):
        return None
    shown = _IGNORED.sub(lambda m: f"\\x{ord(m.group(0)):02x}" if m.group(0) != " " else " ",
                         url.strip())
    if len(shown) > 60:
        shown = shown[:57] + "…"
    scheme = url_scheme(url)
    why = {"file": "points into the reader's own disk",
           "data": "can carry a whole page, script included"}.get(
        scheme or "", "runs script in the reader's browser")
    return f"`{shown}` is not allowed in a page: a `{scheme}:` URL {why}"


def validate_link(url: str) -> bool:
    """markdown-it's `validateLink`: an unsafe link stays text instead of becoming one."""
    return is_safe_url(url)


