"""Which file holds a Hexo site's own settings: `_config.yml`, or the one a build
script names (`hexo g --config _config.main.yml,_config.runtime.yml`, a NexT blog whose
repository has no `_config.yml` at all: it was not found as a Hexo site); whether a
folder is Hexo's `_posts/` kept alone."""

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


_THEME_TAG = re.compile(r"\{%-?\s*(?:note|endnote|post_link|asset_img)\b")
"""Hexo's tags, and its themes' callout (NexT's, Butterfly's, Redefine's `{% note %}`),
which no other generator reads."""


_FRONT_DATE = re.compile(r"---[ \t]*\n(?:(?!---).*\n)*?date:")
"""Front matter with a `date:` (the file's first lines, to its closing `---`)."""


def hexo_posts_folder(source: Path) -> bool:
    """A repository of Hexo's `source/_posts/` alone (a "hexo-source" of notes written
    in Obsidian and copied into a blog): no settings, no `_posts/` or `source/`, its
    Markdown posts dated in their front matter, one using Hexo's tags. (It was read as
    a folder of notes: every `{% note %}` was left raw in its page.)"""
    if any((source / name).exists() for name in ("_posts", "source", "_config.yml",
                                                  "package.json")):
        return False
    posts = sorted(source.rglob("*.md"))[:500]
    dated = [p for p in posts if _FRONT_DATE.match(_text(p))]
    return len(dated) * 2 > len(posts) and any(_THEME_TAG.search(_text(p)) for p in dated)


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
