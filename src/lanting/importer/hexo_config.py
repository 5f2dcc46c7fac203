"""Which file holds a Hexo site's own settings: `_config.yml`, or the one a build
script names (`hexo g --config _config.main.yml,_config.runtime.yml`, a NexT blog whose
repository has no `_config.yml` at all: it was not found as a Hexo site)."""

from __future__ import annotations

import re
from pathlib import Path

HEXO_SETTINGS = re.compile(r"^(?:new_post_name|source_dir|public_dir|post_asset_folder):",
                           re.MULTILINE)
"""Settings of Hexo's own `_config.yml`, which Jekyll and Hexo's themes have no use for."""


def settings_file(source: Path) -> Path:
    """`source/_config.yml`; without one, the first `_config.*.yml` holding Hexo's own
    settings (not a theme's `_config.next.yml`), if any."""
    default = source / "_config.yml"
    if default.is_file():
        return default
    for path in sorted(source.glob("_config.*.yml")):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if HEXO_SETTINGS.search(text):
            return path
    return default
