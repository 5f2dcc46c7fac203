"""What may leave a page or touch the disk: URL schemes, confined paths, templates.

Markdown is written by a trusted author, but pasted text and copied snippets are not:
a link must never run script, and a path taken from a page (an include, an image, a
`.bib` file) must never reach outside the site folder. Every rule lives here so that
the Markdown plugins, the templates and the check stage agree on it.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import unquote

from jinja2 import FileSystemLoader, TemplateNotFound
from jinja2.environment import Environment

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


def confined(root: Path, relative: str) -> Path | None:
    """`root/relative` resolved (symlinks followed), or None when it would leave `root`.

    Absolute paths, backslashes, `~` and NUL bytes are refused outright: a path written
    in a page is always relative to the site folder and always uses `/`.
    """
    if (not relative or relative.startswith(("/", "~")) or "\\" in relative
            or "\x00" in relative or re.match(r"^[A-Za-z]:", relative)):
        return None
    base = root.resolve()
    try:
        path = (base / relative).resolve(strict=False)
    except (OSError, RuntimeError):
        return None
    return path if path.is_relative_to(base) else None


class ConfinedLoader(FileSystemLoader):
    """The site's `templates/`: a template that is a symlink leading out of the site is
    treated as missing, so the theme's template of that name is used instead."""

    def __init__(self, folder: Path, site: Path) -> None:
        super().__init__(str(folder))
        self.folder = folder
        self.site = site

    def get_source(self, environment: Environment, template: str):  # type: ignore[no-untyped-def]
        try:
            path = (self.folder / template).resolve()
        except (OSError, RuntimeError):
            raise TemplateNotFound(template) from None
        if not path.is_relative_to(self.site.resolve()):
            raise TemplateNotFound(template)
        return super().get_source(environment, template)
