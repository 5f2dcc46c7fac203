"""Where a Jekyll site's pages were, and where links to those left out lead now (a list
of posts to Lanting's blog, a list of one category's or tag's posts to Lanting's page of
it, another to nothing). A part of `jekyll_pages.JekyllPages`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.collections import old_url as collection_url
from lanting.importer.common import read_text
from lanting.importer.jekyll_outputs import Published
from lanting.importer.jekyll_urls import old_path
from lanting.importer.site import NewSite
from lanting.importer.text import load_mapping, split_front_matter
from lanting.model.names import term_slug

POST_LAYOUTS = frozenset({"blog", "list", "posts", "archive", "home", "articles"})
"""Layouts that list the site's posts (minima's, hydejack's, minimal-mistakes', TeXt's)."""
_TERM_LOOP = re.compile(r"""\bsite\.(categories|tags)(?:\.([\w-]+)|\[\s*["']([^"'\]]+)["']\s*\])""")
"""A loop over one term's posts, `site.categories.machine-learning` (Liquid's names take
hyphens) or `site.tags["deep learning"]`."""


class JekyllPageUrls:
    """The URL side of the Jekyll importers' pages."""

    source: Path
    config: dict[str, Any]
    baseurl: str
    left_out: dict[str, str]
    collection_docs: dict[Path, Published]
    site: NewSite

    def leave_out(self, path: Path, permalink: str, layout: str, body: str) -> None:
        """Note where links to a page left out lead now: a list of posts (a theme's
        `layout: blog` page at `/contents/blogs/`) to Lanting's blog; another ("") to
        nothing, their text kept (they stopped the build as broken links)."""
        url = "/" + (permalink or self.page_url(path)).strip("/")
        lists_posts = layout in POST_LAYOUTS or "site.posts" in body or "paginator" in body
        self.left_out_at(path, url, self.term_list(body) or ("/blog/" if lists_posts else ""))

    def term_list(self, body: str) -> str:
        """Lanting's page of the one category or tag whose posts a page's loop listed
        (`{% for post in site.categories.machine-learning %}`, a site's own page of a
        topic), when a post has it; else ""."""
        loops = {(m.group(1), m.group(2) or m.group(3)) for m in _TERM_LOOP.finditer(body)}
        if len(loops) != 1:
            return ""
        ((kind, name),) = loops
        used: set[str] = set()
        for item in self.site.items:
            terms = item.front.get(kind) if item.kind == "post" else None
            if isinstance(terms, list):
                used.update(str(term) for term in terms)
        found = name if name in used else next(
            (term for term in sorted(used) if term.casefold() == name.casefold()), None)
        return f"/{kind}/{term_slug(found)}/" if found is not None else ""

    def left_out_at(self, path: Path, url: str, to: str) -> None:
        """Links to the page of `path`, left out, lead to `to` ("": nowhere): those to
        its old `url`, and those to its file (jekyll-relative-links' `[x](/projects.md)`,
        a key no URL has: `old_path` ends each in `/`)."""
        self.left_out[old_path(url)] = to
        self.left_out["/" + path.relative_to(self.source).as_posix()] = to

    def in_language(self, url: str, language: str) -> str:
        """A page's old URL in another language of jekyll-multiple-languages-plugin,
        which built each under its folder (`/zh/about/`, after the `baseurl`)."""
        return self.baseurl + f"/{language}" + url[len(self.baseurl):]

    def page_url(self, path: Path) -> str:
        """Where Jekyll published a page without a `permalink`."""
        if path in self.collection_docs:  # (a document of a published collection)
            document = self.collection_docs[path]
            data = load_mapping(*split_front_matter(read_text(path))[:2])[0]
            return collection_url(self.config, document.folder, path, data, "")
        rel = path.relative_to(self.source).as_posix()
        if rel.startswith("_tabs/"):
            return f"/{path.stem}/"  # (Chirpy's tabs: /:title/)
        # Jekyll gives a page the ending of the site's permalink style (`Page#template`,
        # `add_permalink_suffix`): `pretty`, or a pattern ending in `/`, made /join/.
        style = str(self.config.get("permalink") or "date").strip()
        if (style == "pretty" or style.endswith("/")) and path.stem != "index":
            return "/" + rel.rsplit(".", 1)[0] + "/"
        return "/" + rel.rsplit(".", 1)[0] + ".html"
