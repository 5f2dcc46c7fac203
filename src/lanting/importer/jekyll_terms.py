"""Links of a Jekyll site to its theme's pages of tags and categories, which the import
leaves out, led to Lanting's page of the term: TeXt's archive of a tag
(`/archive.html?tag=x`, at its `paths: archive:`), and an anchor on a page of all the
tags or categories (`/tags/#x`: Beautiful Jekyll's `tags.html`, minimal-mistakes'
`/tags/` and `/categories/`, the Hux blog's forks' `/tags/`)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote

from lanting.importer.jekyll_math import is_text_theme
from lanting.importer.jekyll_urls import old_path
from lanting.importer.listings import jekyll_slugify
from lanting.model.names import term_slug

_INDEXES = {"/tags/": ("tags", "tag"), "/categories/": ("categories", "category")}
"""The old pages of all the terms of a kind: (Lanting's folder of that kind, the theme's
`?x=` word for one)."""


def term_link(url: str, baseurl: str, config: dict[str, Any],
              terms: dict[str, set[str]]) -> str | None:
    """The new page of the term a link to the old theme's page of it shows (`terms`:
    the names the posts use, by kind, `tags` and `categories`); None for another link,
    or for a term no post has (a stale link, reported where links are checked)."""
    path, _, query = url.partition("#")[0].partition("?")
    fragment = unquote(url.partition("#")[2])
    page = old_path(path.removeprefix(baseurl))
    if query and is_text_theme(config):
        paths = config.get("paths")
        archive = str((paths.get("archive") if isinstance(paths, dict) else None)
                      or "/archive.html")
        tags = parse_qs(query).get("tag")
        if tags and page == old_path(archive):
            return f"/tags/{term_slug(tags[0])}/"
    if page not in _INDEXES or not fragment or query:
        return None
    kind, _word = _INDEXES[page]
    # (the anchor is the name as written, Beautiful Jekyll's `id="{{ tag }}"`, or
    # slugified, minimal-mistakes' `id="{{ tag | slugify }}"`)
    wanted = fragment.casefold()
    found = next((name for name in sorted(terms.get(kind, ()))
                  if wanted in (name.casefold(), jekyll_slugify(name), term_slug(name))), None)
    return f"/{kind}/{term_slug(found)}/" if found is not None else None
