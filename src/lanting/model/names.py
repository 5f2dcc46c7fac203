"""Slugs for URLs and heading ids that keep Chinese (and any other script) readable."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import unquote

RESERVED_PREFIX = "__lanting"
"""No URL of a site starts with it: `lanting serve` answers `/__lanting/…` itself (the
live-reload script and its event stream)."""

MAX_NAME_BYTES = 255
"""The longest file or folder name most file systems allow (ext4, XFS, APFS, NTFS: 255
bytes or characters); every part of an output path becomes one."""

_DROP = re.compile(r"[^\w\s\-]", re.UNICODE)
_SPACES = re.compile(r"[\s_\-]+")


def slugify(text: str, fallback: str = "section") -> str:
    """`"Column/Row Parallel 切分"` -> `"columnrow-parallel-切分"`; never empty, never `..`."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = _DROP.sub("", text)
    text = _SPACES.sub("-", text).strip("-")
    return text or fallback


_CONTROL = re.compile(r"[\x00-\x1f]")
_DIACRITICS = re.compile(r"[\u0300-\u036f]")
_SPECIAL = re.compile(r"""[\s~`!@#$%^&*()\-_+=\[\]{}|\\;:"'<>,.?/]+""")


def hexo_slugize(name: str, transform: int = 0) -> str:
    """A name as Hexo's `slugize` (hexo-util) makes it a URL part or a heading id
    (hexo-renderer-marked's): diacritics dropped, runs of spaces and ASCII punctuation
    one `-`, case and other scripts' punctuation kept (`filename_case: 1` lower, `2`
    upper)."""
    # (hexo-util: `normalize('NFD')`, then U+0300–U+036F removed: a full-width `：`
    # stays, where NFKD made it `:` and then `-`)
    text = _DIACRITICS.sub("", unicodedata.normalize("NFD", name))
    text = _SPECIAL.sub("-", _CONTROL.sub("", text)).strip("-")
    return text.lower() if transform == 1 else text.upper() if transform == 2 else text


_SYMBOLS = (("++", "pp"), ("+", "plus"), ("#", "sharp"))


def term_slug(name: str) -> str:
    """The slug of a tag, category or series: `C++` -> `cpp`, `C#` -> `csharp`. (Plain
    slugify makes both `c`, and which one got `c-2` would depend on the other tags of the
    site: a tag's URL must not.)"""
    for symbol, word in _SYMBOLS:
        name = name.replace(symbol, word)
    return slugify(name)


def unique(slug: str, seen: dict[str, int], first: int = 1) -> str:
    """`slug`, or `slug-1`, `slug-2`, … if it was already used (records the use);
    `first`: the number of its first repeat (`slug-2` for 2)."""
    if slug not in seen:
        seen[slug] = first - 1
        return slug
    while True:
        seen[slug] += 1
        candidate = f"{slug}-{seen[slug]}"
        if candidate not in seen:
            seen[candidate] = 0
            return candidate


_PAGE_FILE = re.compile(r"\.html?$", re.IGNORECASE)


def alias_path(alias: str) -> tuple[str | None, str]:
    """(`/decoded/path/`, "") for an old URL a page keeps answering (front matter
    `aliases`), or (None, what is wrong with it). A path without `.html` at its end is a
    folder: `/tp` and `/tp/` are both `/tp/`."""
    text = alias.strip()
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", text):
        return None, "an alias is a path of this site, not a full URL"
    if not text.startswith("/"):
        return None, "an alias is a path from the site's root: start it with `/`"
    if re.search(r"[?#\\\x00-\x1f\x7f]", text):
        return None, "an alias is a plain path: no `?`, `#`, `\\` or control characters"
    path = unquote(text)
    parts = path.split("/")[1:]
    trailing = parts[-1] == ""
    if trailing:
        parts = parts[:-1]
    if any(part in ("", ".", "..") for part in parts) or re.search(r"[\\\x00-\x1f\x7f]", path):
        return None, "an alias cannot hold `//`, `.` or `..` parts"
    if any(len(part.encode()) > MAX_NAME_BYTES for part in parts):
        return None, f"a part of the path is longer than {MAX_NAME_BYTES} bytes"
    if not parts:
        return "/", ""
    if parts[0].lower().startswith(RESERVED_PREFIX):
        return None, f"paths starting with /{RESERVED_PREFIX} are reserved"
    if trailing or "." not in parts[-1]:
        return "/" + "/".join(parts) + "/", ""
    if _PAGE_FILE.search(parts[-1]):
        return "/" + "/".join(parts), ""
    return None, "an alias names a page: end it with `/` or `.html`"


def alias_output(path: str) -> str:
    """The output file of a redirect page at `path` (from `alias_path`), relative to the
    site's (or its language's) root: `/tp/` -> `tp/index.html`."""
    path = path.lstrip("/")
    return path + "index.html" if path == "" or path.endswith("/") else path
