"""A link of an imported page read as the old site read it: the path on the old site it
led to, the files it may name (beside the page first, then in the content folder), and
the document it names, by that file or by its old URL. Pelican's and Hakyll's bodies
share it: both sites published their documents from the files' own folders."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from lanting.importer.common import LinkTable
from lanting.importer.item import Item

_NOT_A_PATH = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#|^\ue000")
"""A web address, a fragment of the page itself, or a shelved construct."""


@dataclass(frozen=True)
class OldLink:
    site_path: str
    """The path on the old site (`/posts/x.html`), relative links resolved."""
    files: tuple[Path, ...]
    """Where the file it names may be: beside the page, then in the content folder."""
    fragment: str
    """Its `#x`, or empty."""


def old_link(url: str, item: Item, page: Path, content: Path,
             unbased: Callable[[str], str] = lambda path: path) -> OldLink | None:
    """`url` of the page `page` (imported as `item`) as the old site read it; None for a
    web address or a fragment alone. `unbased` takes a root-relative path out of the
    path the site was published under."""
    if not url or _NOT_A_PATH.match(url):
        return None
    rel, hash_mark, fragment = url.partition("#")
    rel = unquote(rel.partition("?")[0])
    base = posixpath.dirname(item.old_urls[0]) if item.old_urls else "/"
    relative = not rel.startswith("/")
    site_path = posixpath.normpath(posixpath.join(base, rel) if relative else unbased(rel))
    files = ([page.parent / rel] if relative else []) + [content / site_path.lstrip("/")]
    return OldLink(site_path, tuple(files), hash_mark + fragment)


def linked_item(link: OldLink, by_source: dict[Path, Item], table: LinkTable,
                ) -> tuple[Item, bool] | None:
    """The document `link` names, and whether by its file (else by its old URL)."""
    for file in link.files:
        target = by_source.get(file.resolve()) if file.is_file() else None
        if target is not None:
            return target, True
    target = table.find(link.site_path)
    return None if target is None else (target, False)
