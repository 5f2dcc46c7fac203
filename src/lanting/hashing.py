"""Content digests shared by the cache and the renderers."""

from __future__ import annotations

import hashlib
from pathlib import Path


def file_digest(path: Path) -> str:
    """A digest of the file's bytes, or "" when it cannot be read."""
    try:
        return hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()
    except OSError:
        return ""
