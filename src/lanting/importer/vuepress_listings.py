"""A theme's listing pages. Markdown files that only hold a place for the theme's lists
(hope's empty `posts/README.md`, vdoing's `@pages/archivesPage.md`, a `layout: Tags` or a
custom `layout: weiz-tag` page with no text, a `tags.md` holding `<Tags/>`). Lanting
makes its own lists, so they are left out; one named as a list Lanting has (`tags`,
`archives`, `categories`, `posts`) has its old URL sent there. And the pages hope's and
reco's blogs made with no file (`/tag/PPO/`, `/category/强化学习/`, `/timeline/`): sent
to Lanting's page of the term, the archive, the blog."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.listings import Redirects, listed_posts, term_urls
from lanting.importer.site import NewSite

LISTING_LAYOUTS = frozenset({"tags", "tag", "categories", "category", "timeline",
                             "timelines", "archives", "bloglist", "blogs", "friendship"})
THEME_LAYOUTS = frozenset({"", "doc", "page", "home"})
"""Layouts of pages with text (VitePress's); any other is a theme's component."""
MARKERS = ("archivesPage", "categoriesPage", "tagsPage", "pageComponent")
"""vdoing's front matter of its listing and catalogue pages."""
TARGETS = {"tags": "/tags/", "tag": "/tags/", "categories": "/categories/",
           "category": "/categories/", "archives": "/archive/", "archive": "/archive/",
           "timeline": "/archive/", "posts": "/blog/", "blog": "/blog/",
           "articles": "/blog/", "article": "/blog/"}
"""Lanting's page for a listing of that name."""
_NOT_TEXT = re.compile(r"^<(script|style)\b.*?^</\1>|<[A-Z][\w-]*\b[^<>]*/>|"
                       r"</?[A-Z][\w-]*\b[^<>]*>|<!--.*?-->|<br\s*/?>|^#{1,6}[ \t][^\n]*$",
                       re.MULTILINE | re.DOTALL)
"""Vue blocks, components, comments, line breaks and headings: what a page shows no
text of its own with (`# 所有文章` over `<Archives/>`)."""
_COMPONENT = re.compile(r"^<(?:script|style)\b|</?[A-Z][\w-]*\b", re.MULTILINE)
_HEADING = re.compile(r"^#{1,6}[ \t]", re.MULTILINE)
_TAG = re.compile(r"</?([A-Z][\w-]*)\b[^<>]*>")


def listing_reason(rel: str, data: dict[str, Any], body: str,
                   widget: Callable[[str], bool] = lambda _name: False,
                   catalogued: bool = False) -> str:
    """Why the page at `rel` is a theme's listing (`""`: it is not). The comment widget
    (`widget`) is no listing's: `# 显示文件` over `<Livere/>` is an outline; nor is a
    page whose hope `<Catalog />` lists pages of its folder (`catalogued`)."""
    body = _TAG.sub(lambda m: "" if widget(m.group(1)) else m.group(), body)
    layout = str(data.get("layout") or "")
    text = _NOT_TEXT.sub("", body).strip()
    marked = next((key for key in MARKERS if data.get(key)), "")
    if marked:
        return f"`{marked}`"
    if layout.lower() in LISTING_LAYOUTS:
        return f"`layout: {layout}`"
    if text or catalogued:
        return ""
    if layout.lower() not in THEME_LAYOUTS:
        return f"`layout: {layout}`, no text"
    if body.strip():
        # (a page of headings alone is an outline its writer has yet to fill, `# Git`
        # over `## 教程`: a page, and links to it keep working)
        outline = _HEADING.search(body) and not _COMPONENT.search(body)
        return "" if outline else "only components, no text"
    if Path(rel).stem.lower() in ("index", "readme") and "/" in rel:
        return "a folder's index with no text"
    return ""


def listing_target(rel: str) -> str | None:
    """Lanting's page for the listing at `rel` (`pages/tags.md` → `/tags/`)."""
    parts = rel.rsplit(".", 1)[0].split("/")
    name = parts[-2] if parts[-1].lower() in ("index", "readme") and len(parts) > 1 \
        else parts[-1]
    return TARGETS.get(name.lower())


THEME_LISTINGS = {
    "hope": ({"/article/": "/blog/", "/star/": "/blog/", "/timeline/": "/archive/",
              "/tag/": "/tags/", "/category/": "/categories/"},
             "/tag/{}/", "/category/{}/"),
    "reco": ({"/timeline/": "/archive/", "/tag/": "/tags/", "/categories/": "/categories/"},
             "/tag/{}/", "/categories/{}/"),
    # (plume's page of a tag is its tags page with a query, `/blog/tags/?tag=x`)
    "plume": ({"/blog/": "/blog/", "/blog/tags/": "/tags/", "/blog/archives/": "/archive/",
               "/blog/categories/": "/categories/"}, "", ""),
}
"""The listing pages a blog theme made with no Markdown file: (fixed pages, a tag's, a
category's), as vuepress-theme-hope's, vuepress-theme-reco's and vuepress-theme-plume's
blogs wrote them."""


def theme_listing(theme: str, site: NewSite, url: str) -> str | None:
    """Lanting's page for the theme's listing page at `url` (a menu's `/blog/`, plume's
    list of posts; hope's `/article/`), when the new site has posts to list."""
    fixed = THEME_LISTINGS.get(theme, ({}, "", ""))[0]
    target = fixed.get("/" + url.strip("/") + "/")
    return target if target is not None and listed_posts(site) else None


def theme_redirects(theme: str, site: NewSite, redirects: Redirects) -> None:
    """The theme's own tag, category, timeline and article pages → Lanting's."""
    if theme not in THEME_LISTINGS:
        return
    fixed, tag_url, category_url = THEME_LISTINGS[theme]
    posts = listed_posts(site)
    if not posts:
        return
    for old, new in fixed.items():
        redirects.add(old, new)
    for taxonomy, pattern in (("tags", tag_url), ("categories", category_url)):
        if not pattern:
            continue
        urls = term_urls(posts, taxonomy)
        for post in posts:
            for name in post.front.get(taxonomy) or ():
                redirects.add(pattern.format(_theme_slug(str(name))),
                              urls.get(str(name).casefold(), f"/{taxonomy}/"))


def _theme_slug(name: str) -> str:
    """A term's name in the theme's URL (@vuepress/plugin-blog's default: spaces and `_`
    as `-`, `:?*|\\/<>` dropped, the case kept)."""
    return re.sub(r"[:?*|\\/<>]", "", re.sub(r"[ _]", "-", name))
