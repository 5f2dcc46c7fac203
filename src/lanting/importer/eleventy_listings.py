"""The old tag pages of an Eleventy blog, kept answering.

Eleventy blogs make a page for each tag with a template paged over the collections
(`pagination: { data: collections, size: 1, alias: tag }`, `permalink:
/tags/{{ tag | slugify }}/`, as eleventy-base-blog does), which the importer leaves as
the theme's. Posts and pages linked to those (`[a series](/tag/review-in-review)`): each
old tag page becomes a `[redirects]` entry to Lanting's (`/tags/<tag>/`), its URL made
with the site's `slug` or `slugify` filter as the old one was.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lanting.importer.eleventy_slugs import JsSlug
from lanting.importer.eleventy_urls import permalink_url
from lanting.importer.listings import Redirects, listed_posts, term_urls
from lanting.importer.report import Report
from lanting.importer.site import NewSite


def tag_page(data: dict[str, Any]) -> str | None:
    """The permalink of a template of tag pages (its front matter `data`), with its
    alias as `{{ tag }}`; None for any other template."""
    pagination = data.get("pagination")
    permalink = data.get("permalink")
    if not isinstance(pagination, dict) or not isinstance(permalink, str) or \
            str(pagination.get("data", "")).strip() != "collections":
        return None
    alias = str(pagination.get("alias") or "pagination.items[0]").strip()
    if not re.search(r"\{\{-?\s*" + re.escape(alias) + r"\s*\|", permalink):
        return None
    return permalink.replace(alias, "tag")


def tag_redirects(site: NewSite, report: Report, patterns: list[tuple[Path, str]],
                  slugs: Mapping[str, JsSlug]) -> None:
    """Each post tag's old page (for each template of tag pages) → Lanting's."""
    posts = listed_posts(site)
    if not posts or not patterns:
        return
    tags = term_urls(posts, "tags")
    for path, pattern in patterns:
        redirects = Redirects(site, report, str(path))
        for name in sorted({str(t) for post in posts for t in post.front.get("tags", [])}):
            old = permalink_url(pattern, "tags.njk", {"tag": name}, slugs)
            if old and not re.search(r"[\s?#%]", old.strip("/")):
                redirects.add(old, tags.get(name.casefold(), "/tags/"))
        redirects.finish("tag pages")
