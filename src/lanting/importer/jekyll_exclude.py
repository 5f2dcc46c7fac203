"""`_config.yml`'s `exclude:`: the files and folders Jekyll did not read (a theme's
`docs/` of demonstration posts, a `test/` site, `README-*.md`), so neither posts nor
pages of the old site."""

from __future__ import annotations

from fnmatch import fnmatchcase
from typing import Any


def excluded(rel: str, config: dict[str, Any]) -> bool:
    """Whether `exclude:` names the file at `rel` (a path from the site's root): the
    file itself, a folder holding it (`/docs`, `docs/`), or a pattern matching it from
    the root (`README-*.md`), as Jekyll's entry filter matches them."""
    entries = config.get("exclude")
    for entry in entries if isinstance(entries, list) else []:
        pattern = str(entry).strip().strip("/")
        if pattern and (rel == pattern or rel.startswith(pattern + "/")
                        or fnmatchcase(rel, pattern)):
            return True
    return False
