"""What Typora writes in a note's front matter: where it put pasted images
(`typora-copy-images-to`) and where it reads the note's paths from `/`
(`typora-root-url`)."""

from __future__ import annotations

import re
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.text import split_front_matter

TYPORA_KEYS = frozenset({"typora-root-url", "typora-copy-images-to"})
"""Typora's own front matter keys (the paths they name are in the text already)."""

_ROOT_URL = re.compile(r"^typora-root-url:[ \t]*['\"]?([^'\"\n]*?)['\"]?[ \t]*$", re.MULTILINE)


def root_url(path: Path) -> str | None:
    """The note's `typora-root-url`, a folder from the note's (None: none)."""
    found = _ROOT_URL.search(split_front_matter(read_text(path))[1])
    return found.group(1).replace("\\", "/").strip() or None if found else None
